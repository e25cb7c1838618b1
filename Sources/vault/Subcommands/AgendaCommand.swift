import ArgumentParser
import VaultCore
import VaultKit

struct AgendaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "agenda",
    // Parsed as a root by `ViewParsing`: argument-parser then skips its completion-script check.
    _superCommandName: "vault",
    abstract: "What each day holds: events, tasks, dated notes, journal entries.",
    discussion: """
      Day by day from today (or --from): events, recurring ones expanded and multi-day ones on \
      each of their days; tasks due, scheduled or starting that day; notes dated that day; \
      the journal entry with its mood. Days with nothing are left out. A day lists its first \
      10 tasks (open ones first, then by priority) and says how many more it has; --all lists \
      them all, as --json does.
      """)

  @OptionGroup var options: GlobalOptions

  @Option(name: .long, help: "How many days, from today or --from (default 7).")
  var days: Int?

  @Option(
    name: .long, help: ArgumentHelp("The first day: fri, dec 5, -1w, YYYY-MM-DD (default today).", valueName: "date"))
  var from: String?

  @Option(name: .long, help: ArgumentHelp("The last day: sun, in 2 weeks, YYYY-MM-DD.", valueName: "date"))
  var to: String?

  @Flag(name: .long, help: "Also each event's description (its note's first paragraph).")
  var long = false

  @Flag(name: .long, help: "Every task of each day, not only its first 10.")
  var all = false

  func validate() throws {
    if let days, !(1...3660).contains(days) { throw ValidationError("--days must be from 1 to 3660, not \(days)") }
    if days != nil && to != nil { throw ValidationError("give --days or --to, not both") }
  }

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    // Natural dates, as `add` takes them (`fri`, `next monday`, `dec 5`, `-1w`, ISO).
    let first = try from.map { try DateOption.parse($0, "--from", today) } ?? today
    let last = try to.map { try DateOption.parse($0, "--to", today) } ?? first.adding(days: (days ?? 7) - 1)
    guard first <= last else { throw ValidationError("--to \(last) is before the first day \(first)") }
    let agenda = try options.fromFreshIndex(vault) { store throws(VaultError) in
      try vault.agenda(
        in: store, from: first, through: last, tasksPerDay: all || options.json ? nil : AgendaText.tasksPerDay)
    }
    let terminal = options.terminal()
    if options.json {
      // Thousands of tasks a day in a large vault: written as the encoder writes them, by hand.
      var writer = JSONArrayWriter()
      let encoder = Terminal.jsonEncoder
      for day in agenda {
        try writer.add { out in try day.writeJSON(to: &out) { Array(try encoder.encode($0)) } }
      }
      writer.finish()
      return
    }
    let lines = AgendaText(
      terminal: terminal, today: today, tasks: vault.settings.tasks, long: long, moods: vault.settings.moods,
      labels: vault.settings.labels
    ).lines(
      agenda.filter { !$0.isEmpty })
    guard !lines.isEmpty else {
      terminal.print("nothing from \(first) to \(last): try --days 30, or `vault countdown` for what comes later")
      return
    }
    terminal.print(lines: lines)
  }
}

/// Agenda days as text: a heading per day, then its events, tasks, notes and journal entry.
struct AgendaText {
  let terminal: Terminal
  let today: LocalDate
  /// How task descriptions are shown (`TasksPluginSettings.shown`).
  let tasks: TasksPluginSettings
  /// Each event's description on the lines under it.
  var long = false
  /// The names and emojis of the moods.
  var moods = MoodScale.standard
  /// Labels, shown in their colour with their emoji on a terminal.
  var labels: [Label] = []

  /// How many tasks a day lists unless asked for all (`vault agenda --all`).
  static let tasksPerDay = 10

  func lines(_ days: [Agenda.Day]) -> [String] {
    var lines: [String] = []
    for day in days {
      if !lines.isEmpty { lines.append("") }
      let relative = today.days(until: day.date)
      let note = relative == 0 ? " · today" : relative == 1 ? " · tomorrow" : ""
      lines.append(terminal.heading(ViewWords.longDate(day.date)) + terminal.dim(note))
      var rows: [[String]] = []
      for occurrence in day.events {
        let details = ViewWords.details(occurrence, on: day.date)
        rows.append([
          ViewWords.time(occurrence.event.value, on: day.date, occurrence: occurrence),
          ViewWords.title(occurrence.event.value), terminal.dim(details),
        ])
      }
      for entry in day.tasks {
        let task = entry.task.value
        let box = task.status.type == .done ? "[x]" : task.status.type == .cancelled ? "[-]" : "[ ]"
        rows.append([
          entry.reason.rawValue, box + " " + ViewText.task(task, tasks, labels, terminal),
          terminal.dim(entry.task.shortID + "  " + entry.task.location),
        ])
      }
      for note in day.notes { rows.append(["note", note.title, terminal.dim(note.path)]) }
      if let entry = day.journal {
        let mood = entry.value.mood.map { moods.text($0) } ?? "no mood"
        rows.append(["journal", mood, terminal.dim(entry.path)])
      }
      let table = terminal.tableRows(rows, flexible: 1, trailing: 1)
      for (index, row) in table.enumerated() {
        lines += row
        guard long, index < day.events.count, let description = day.events[index].event.value.description else {
          continue
        }
        lines += ViewText.indented(description, by: 4, terminal: terminal).map(terminal.dim)
      }
      if day.moreTasks > 0 {
        // The hint whole, on a line of its own when the width asks.
        let more = "  \(day.moreTasks) more task\(day.moreTasks == 1 ? "" : "s"):"
        let hint = "`vault agenda --from \(day.date) --days 1 --all`"
        lines +=
          DisplayWidth.of(more + " " + hint) <= terminal.width ?? Int.max
          ? [terminal.dim(more + " " + hint)] : [terminal.dim(more), terminal.dim("    " + hint)]
      }
    }
    return lines
  }
}
