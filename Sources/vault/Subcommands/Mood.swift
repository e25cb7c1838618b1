import ArgumentParser
import VaultCore
import VaultIndex
import VaultKit

struct Mood: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mood",
    abstract: "Your mood over time: by day, week or month, by tag, and on this day.",
    discussion: """
      Moods come from the daily notes' `mood` property (1 to 10) and `mood_tags`. The chart \
      covers the last 30 days by default; --weeks and --months average by week and month. \
      Under it: the average mood with each tag, and the entries of this day in earlier years.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "Set today's mood to this, 1 to 10, in the daily note (made from its template when missing).")
  var value: Int?

  @Option(name: .long, help: "With a mood: tags added to the day's mood tags, comma-separated (mood_tags).")
  var tags: String?

  @Flag(name: .long, help: "With --tags: replace the day's mood tags instead of adding to them.")
  var replaceTags = false

  @Option(name: .long, help: ArgumentHelp("With a mood: the day, if not today (natural language).", valueName: "date"))
  var date: String?

  @Option(name: .long, help: "The last N days, one row a day (default 30).")
  var days: Int?

  @Option(name: .long, help: "The last N weeks, one row a week.")
  var weeks: Int?

  @Option(name: .long, help: "The last N months, one row a month.")
  var months: Int?

  @Flag(
    name: .long, help: "Tasks done per mood band and per weekday over the span: does a better mood go with more done?")
  var tasks = false

  func validate() throws {
    if let value, !(1...10).contains(value) { throw ValidationError("a mood is from 1 to 10, not \(value)") }
    if value == nil && (tags != nil || date != nil) {
      throw ValidationError("--tags and --date go with a mood: `vault mood 7 --tags work`")
    }
    let given = [days, weeks, months].compactMap { $0 }
    if given.count > 1 { throw ValidationError("give one of --days, --weeks or --months") }
    if let count = given.first, !(1...1000).contains(count) {
      throw ValidationError("the count must be from 1 to 1000, not \(count)")
    }
  }

  /// `--tasks`: a row per mood band and per weekday, and the verdict.
  func showTasks(_ report: MoodTasks) throws {
    let terminal = options.terminal()
    if options.json {
      try terminal.json(report)
      return
    }
    guard report.bands.contains(where: { $0.days > 0 }) else {
      terminal.print(
        "no mood recorded from \(report.from) to \(report.through): `vault mood 7` logs today's")
      return
    }
    for (title, rows) in [("By mood", report.bands), ("By weekday", report.weekdays)] {
      terminal.print(terminal.heading(title))
      let lines = rows.map { row in
        [
          "  " + row.name, Counting.of(row.done, "task") + " done", terminal.dim(Counting.of(row.days, "day")),
          row.days == 0 ? "" : String(format: "%.1f a day", row.donePerDay),
          row.averageMood.map { String(format: "mood %.1f", $0) } ?? "",
        ]
      }
      terminal.print(lines: terminal.table(lines, indent: 0, flexible: 0))
    }
    terminal.say(report.verdict + terminal.dim("  (\(report.from) to \(report.through))"))
  }

  func run() throws {
    if let value {
      try record(value)
      return
    }
    let vault = try options.openVault()
    let index = try options.healingIndex(vault)
    let today = options.today(vault)
    let grouping: MoodReport.Grouping = weeks != nil ? .week : months != nil ? .month : .day
    let from: LocalDate
    switch grouping {
    case .day: from = today.adding(days: -((days ?? 30) - 1))
    case .week: from = today.adding(days: -7 * ((weeks ?? 1) - 1) - 6)
    case .month:
      let total = today.year * 12 + today.month - 1 - ((months ?? 1) - 1)
      from = LocalDate(year: total / 12, month: total % 12 + 1, day: 1) ?? today
    }
    let entries = try index.read { store throws(VaultError) in
      try vault.journal(in: store, from: LocalDate(year: 1, month: 1, day: 1) ?? from, through: today)
    }
    if tasks {
      var selection = TaskSelection()
      selection.statuses = [.done]
      selection.closedFrom = from
      let done = try index.read { store throws(VaultError) in try vault.tasks(in: store, selection) }
        .compactMap(\.value.done)
      var moods: [LocalDate: Int] = [:]
      for entry in entries { if let mood = entry.value.mood { moods[entry.value.date] = mood } }
      try showTasks(
        MoodTasks(moods: moods, done: done, from: from, through: today, weekStart: vault.settings.firstWeekday))
      return
    }
    let report = MoodReport(
      entries, from: from, through: today, grouping: grouping, weekStart: vault.settings.firstWeekday)
    let terminal = options.terminal()
    if options.json {
      try terminal.json(MoodJSON(report))
      return
    }
    guard report.average != nil else {
      terminal.print(
        "no mood recorded from \(from) to \(today): add 'mood: 7' (1 to 10) to the front matter of a daily note")
      return
    }
    let rows = report.rows.map { row -> [String] in
      let label: String
      switch grouping {
      case .day: label = ViewWords.shortDate(row.start)
      case .week:
        label =
          "week \(row.start.weekNumber(startingOn: vault.settings.firstWeekday)) (\(ViewWords.shortDate(row.start)))"
      case .month: label = "\(ViewWords.monthNames[row.start.month - 1].prefix(3)) \(row.start.year)"
      }
      guard let average = row.average else { return [label, terminal.dim("·"), ""] }
      let bar =
        String(repeating: "█", count: Int(average.rounded()))
        + String(repeating: " ", count: 10 - Int(average.rounded()))
      let value = grouping == .day ? String(Int(average)) : String(format1: average)
      return [label, colored(bar, average, terminal) + " " + value, terminal.dim(row.tags.joined(separator: ", "))]
    }
    terminal.print(lines: terminal.table(rows, indent: 0, flexible: 2))
    terminal.print("")
    var averages = [terminal.heading("Average") + " " + String(format1: report.average ?? 0)]
    averages += [("this week", report.weekAverage), ("this month", report.monthAverage)].compactMap { label, value in
      value.map { label + " " + String(format1: $0) }
    }
    terminal.print(averages.joined(separator: " · ") + terminal.dim("  (\(report.from) to \(report.through))"))
    if !report.byTag.isEmpty {
      terminal.print("")
      terminal.print(terminal.heading("By tag"))
      let tagRows = report.byTag.map {
        ["  " + $0.tag, String(format1: $0.average), terminal.dim(Counting.of($0.days, "day"))]
      }
      terminal.print(lines: terminal.table(tagRows, indent: 0, flexible: 0))
    }
    if !report.onThisDay.isEmpty {
      terminal.print("")
      terminal.print(terminal.heading("On this day"))
      for entry in report.onThisDay {
        let mood = entry.value.mood.map(vault.settings.moods.text) ?? "no mood"
        terminal.print("  \(entry.value.date.year): \(mood) " + terminal.dim(entry.path))
      }
    }
  }

  /// `vault mood 7 [--tags a,b] [--date D]`: the mood in the day's daily note.
  private func record(_ mood: Int) throws {
    let vault = try options.openVault(writing: true)
    let today = options.today(vault)
    var day = today
    if let date {
      switch NaturalDate.date(date, today: today) {
      case .success(let parsed): day = parsed
      case .failure(let problem): throw ValidationError("--date: \(problem)")
      }
    }
    let (path, created) = try vault.dailyNote(for: day, time: options.now(vault).time)
    var change = try vault.setProperty("mood", to: String(mood), in: path, preferred: .number, created: created)
    if let tags {
      change = try vault.setProperty(
        "mood_tags", to: tags, in: path, preferred: .multitext, created: created, addingToList: !replaceTags)
    }
    try PropertyKey.report(change, vault: vault, options: options)
  }

  private func colored(_ bar: String, _ mood: Double, _ terminal: Terminal) -> String {
    mood >= 7 ? terminal.green(bar) : mood < 4 ? terminal.red(bar) : terminal.yellow(bar)
  }
}

/// `vault mood --json`.
struct MoodJSON: Encodable {
  enum CodingKeys: String, CodingKey {
    case from, through, grouping, average, weekAverage, monthAverage, rows, byTag, onThisDay
  }

  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(from, forKey: .from)
    try c.encode(through, forKey: .through)
    try c.encode(grouping, forKey: .grouping)
    try c.encode(average, forKey: .average)
    try c.encode(weekAverage, forKey: .weekAverage)
    try c.encode(monthAverage, forKey: .monthAverage)
    try c.encode(rows, forKey: .rows)
    try c.encode(byTag, forKey: .byTag)
    try c.encode(onThisDay, forKey: .onThisDay)
  }

  let from: LocalDate
  let through: LocalDate
  let grouping: MoodReport.Grouping
  let average: Double?
  let weekAverage: Double?
  let monthAverage: Double?
  let rows: [MoodReport.Row]
  let byTag: [MoodReport.TagAverage]
  let onThisDay: [Located<JournalEntry>]

  init(_ report: MoodReport) {
    from = report.from
    through = report.through
    grouping = report.grouping
    average = report.average
    weekAverage = report.weekAverage
    monthAverage = report.monthAverage
    rows = report.rows
    byTag = report.byTag
    onThisDay = report.onThisDay
  }
}
