import ArgumentParser
import VaultCore
import VaultKit

struct CalendarCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calendar",
    // Parsed as a root by `ViewParsing`: argument-parser then skips its completion-script check.
    _superCommandName: "vault",
    abstract: "A month (or a week, or several months) as a grid, like cal, with the agenda under it.",
    discussion: """
      Under each day number, one mark per kind, so none hides another: * an event, ! an open \
      task due, + a dated note, ✎ the journal; a multi-day event is a bar across its days. On a \
      terminal events take their colour (an event's `color`, else its category's in \
      .vault/config.yml `colors:`) and today is highlighted (> without colour). Week numbers \
      are counted as `vault today` counts them: ISO 8601 when weeks start on Monday \
      (week_start in .vault/config.yml), else week 1 holds 1 January. MONTH is 2026-12, 12, \
      dec or december (this year). --months 3 shows last, this and next month side by side, \
      as `cal -3` does.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The month: YYYY-MM, a number or a name (default: this month).")
  var month: String?

  @Flag(name: .long, help: "Only the week of today (or of the month's first day).")
  var week = false

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Several months side by side, centred on MONTH (3: last, this and next month).", valueName: "n"))
  var months: Int = 1

  func validate() throws {
    guard (1...24).contains(months) else { throw ValidationError("--months \(months): give 1 to 24 months") }
    if week && months > 1 { throw ValidationError("--week and --months do not go together") }
  }

  func run() throws {
    let vault = try options.openVault()
    let index = try options.healingIndex(vault)
    let today = options.today(vault)
    let chosen =
      try month.map { try Self.month($0, today: today) } ?? LocalDate(year: today.year, month: today.month, day: 1)
      ?? today
    let weekStart = vault.settings.firstWeekday
    // Each block's days: the week, or whole months.
    var ranges: [(from: LocalDate, through: LocalDate)] = []
    if week {
      let from = (month == nil ? today : chosen).startOfWeek(weekStart)
      ranges = [(from, from.adding(days: 6))]
    } else {
      ranges = (0..<months).map { offset in
        let start = Self.firstDay(of: chosen, plusMonths: offset - (months - 1) / 2)
        return (start, start.adding(days: LocalDate.daysIn(month: start.month, year: start.year) - 1))
      }
    }
    let (from, through) = (ranges[0].from, ranges[ranges.count - 1].through)
    // Text lists each day's first tasks only; the grid's task marks and the count of tasks due
    // come from the index, not from the tasks read.
    let perDay = options.json ? nil : AgendaText.tasksPerDay
    let (days, due) = try index.read { store throws(VaultError) in
      (
        try vault.agenda(in: store, from: from, through: through, tasksPerDay: perDay),
        perDay == nil ? nil : try vault.openDue(in: store, from: from, through: through)
      )
    }
    let terminal = options.terminal()
    if options.json {
      let grid = CalendarGrid(days, weekStart: weekStart, categoryColors: vault.settings.categoryColors)
      try terminal.json(
        CalendarJSON(from: from, through: through, today: today, weekStart: weekStart, days: days, grid: grid))
      return
    }
    let text = CalendarText(terminal: terminal, today: today, weekStart: weekStart)
    let blocks = ranges.map { range -> CalendarText.Block in
      let shown = days.filter { range.from <= $0.date && $0.date <= range.through }
      let grid = CalendarGrid(
        shown, weekStart: weekStart, categoryColors: vault.settings.categoryColors, openDueDays: due?.days)
      return text.block(title: title(range.from, range.through, weekStart: weekStart), grid: grid)
    }
    terminal.print(lines: text.sideBySide(blocks, perRow: CalendarText.perRow(width: terminal.width)))
    terminal.print(lines: text.legend)
    let busy = days.filter { !$0.isEmpty }
    terminal.print("")
    if busy.isEmpty {
      terminal.print("nothing planned from \(from) to \(through): `vault countdown` shows what comes later")
    } else if ranges.count > 1 {
      let events = Set(busy.flatMap { $0.events.map { "\($0.event.path)|\($0.start)" } }).count
      let due = due?.count ?? 0
      terminal.print(
        "\(events) event\(events == 1 ? "" : "s") and \(due) task\(due == 1 ? "" : "s") due; to list them:")
      terminal.print("  `vault agenda --from \(from) --to \(through)`")
    } else {
      for line in AgendaText(
        terminal: terminal, today: today, tasks: vault.settings.tasks, moods: vault.settings.moods,
        labels: vault.settings.labels
      )
      .lines(busy) {
        terminal.print(line)
      }
    }
  }

  /// `November 2026`, or for a week `Week 48, 23 Nov - 29 Nov 2026`.
  private func title(_ first: LocalDate, _ last: LocalDate, weekStart: Weekday) -> String {
    guard week else { return "\(ViewWords.monthNames[first.month - 1]) \(first.year)" }
    let number = first.weekNumber(startingOn: weekStart)
    return "Week \(number), \(ViewWords.shortDate(first)) - \(ViewWords.shortDate(last)) \(last.year)"
  }

  /// The first day of the month `months` after `date`'s (before it when negative).
  static func firstDay(of date: LocalDate, plusMonths months: Int) -> LocalDate {
    let index = date.year * 12 + (date.month - 1) + months
    return LocalDate(year: index / 12, month: index % 12 + 1, day: 1) ?? date
  }

  /// `2026-12`, `12`, `dec`, `december`: the month's first day (this year without a year).
  static func month(_ text: String, today: LocalDate) throws -> LocalDate {
    let lowered = text.lowercased()
    let parts = lowered.split(separator: "-")
    if parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
      let date = LocalDate(year: year, month: month, day: 1)
    {
      return date
    }
    if let number = Int(lowered), let date = LocalDate(year: today.year, month: number, day: 1) { return date }
    if lowered.count >= 3,
      let index = ViewWords.monthNames.firstIndex(where: { $0.lowercased().hasPrefix(lowered) }),
      let date = LocalDate(year: today.year, month: index + 1, day: 1)
    {
      return date
    }
    throw ValidationError("'\(text)' is not a month: write 2026-12, 12, dec or december")
  }
}

/// `vault calendar --json`: the range shown, its days as the agenda gives them, and its weeks
/// with their numbers, each day's marks and the multi-day events' bars.
struct CalendarJSON: Encodable {
  let from: LocalDate
  let through: LocalDate
  let today: LocalDate
  let weekStart: String
  let days: [Agenda.Day]
  let weeks: [WeekJSON]

  struct WeekJSON: Encodable {
    let number: Int
    let start: LocalDate
    let marks: [String: [CalendarGrid.Mark]]
    let bars: [BarJSON]
  }

  struct BarJSON: Encodable {
    let path: String
    let title: String
    let from: LocalDate
    let through: LocalDate
    let lane: Int
    let color: String?
  }

  init(
    from: LocalDate, through: LocalDate, today: LocalDate, weekStart: Weekday, days: [Agenda.Day], grid: CalendarGrid
  ) {
    self.from = from
    self.through = through
    self.today = today
    self.weekStart = weekStart.name
    self.days = days
    weeks = grid.weeks.map { week in
      var marks: [String: [CalendarGrid.Mark]] = [:]
      for cell in week.days.compactMap({ $0 }) where !cell.marks.isEmpty { marks[cell.date.description] = cell.marks }
      let bars = week.lanes.enumerated().flatMap { lane, bars in
        bars.map { bar in
          BarJSON(
            path: bar.occurrence.event.path, title: ViewWords.title(bar.occurrence.event.value),
            from: week.start.adding(days: bar.first), through: week.start.adding(days: bar.last), lane: lane,
            color: bar.color)
        }
      }
      return WeekJSON(number: week.number, start: week.start, marks: marks, bars: bars)
    }
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var text = self
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}
