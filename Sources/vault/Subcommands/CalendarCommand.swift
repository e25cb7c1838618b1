import ArgumentParser
import VaultCore
import VaultKit

struct CalendarCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "calendar",
    abstract: "A month (or week) as a grid, like cal, with the agenda under it.",
    discussion: """
      Days are marked: * an event, ~ a day of a multi-day event, ! a task due, + a dated note; \
      today is highlighted (> without colour). Weeks start on first_weekday from \
      .vault/config.yml (Monday by default). MONTH is 2026-12, 12, dec or december (this year).
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The month: YYYY-MM, a number or a name (default: this month).")
  var month: String?

  @Flag(name: .long, help: "Only the week of today (or of the month's first day).")
  var week = false

  func run() throws {
    let vault = try options.openVault()
    let index = try options.healingIndex(vault)
    let today = options.today(vault)
    let first =
      try month.map { try Self.month($0, today: today) } ?? LocalDate(year: today.year, month: today.month, day: 1)
      ?? today
    let weekStart = vault.settings.firstWeekday
    let (from, through): (LocalDate, LocalDate)
    if week {
      let anchor = month == nil ? today : first
      from = anchor.startOfWeek(weekStart)
      through = from.adding(days: 6)
    } else {
      from = first
      through = first.adding(days: LocalDate.daysIn(month: first.month, year: first.year) - 1)
    }
    let days = try index.read { store throws(VaultError) in try vault.agenda(in: store, from: from, through: through) }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(CalendarJSON(from: from, through: through, today: today, weekStart: weekStart, days: days))
      return
    }
    for line in grid(days, from: from, weekStart: weekStart, today: today, terminal: terminal) { terminal.print(line) }
    let busy = days.filter { !$0.isEmpty }
    terminal.print("")
    if busy.isEmpty {
      terminal.print("nothing planned from \(from) to \(through): `vault countdown` shows what comes later")
    } else {
      for line in AgendaText(terminal: terminal, today: today, tasks: vault.settings.tasks).lines(busy) {
        terminal.print(line)
      }
    }
  }

  /// The grid: a title, the weekday names, then one row per week, 5 columns a day.
  func grid(
    _ days: [Agenda.Day], from: LocalDate, weekStart: Weekday, today: LocalDate, terminal: Terminal
  )
    -> [String]
  {
    guard let first = days.first?.date, let last = days.last?.date else { return [] }
    let title =
      week
      ? "Week \(first.isoWeek), \(ViewText.shortDate(first)) - \(ViewText.shortDate(last)) \(last.year)"
      : "\(ViewText.monthNames[first.month - 1]) \(first.year)"
    let width = 35
    let padding = max(0, (width - DisplayWidth.of(title)) / 2)
    var lines = [String(repeating: " ", count: padding) + terminal.heading(title)]
    lines.append(
      (0..<7).map { offset -> String in
        let name = Weekday(rawValue: (weekStart.rawValue + offset) % 7)?.name ?? ""
        return " " + String(name.prefix(2)).capitalized + "  "
      }.joined().trimmingTrailingSpaces())
    let byDate = Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0) })
    var cursor = first.startOfWeek(weekStart)
    while cursor <= last {
      var row = ""
      for _ in 0..<7 {
        defer { cursor = cursor.adding(days: 1) }
        guard let day = byDate[cursor] else {
          row += "     "
          continue
        }
        let number = (day.date.day < 10 ? " " : "") + String(day.date.day)
        let isToday = day.date == today
        let event = day.events.contains { $0.dayCount > 1 } ? "~" : day.events.isEmpty ? " " : "*"
        let other = day.tasks.contains { $0.reason == .due } ? "!" : day.notes.isEmpty ? " " : "+"
        let prefix = isToday && !terminal.colored ? ">" : " "
        row += prefix + (isToday ? terminal.inverse(number) : number) + event + other
      }
      lines.append(row.trimmingTrailingSpaces())
    }
    lines.append(
      terminal.dim("* event  ~ multi-day event  ! task due  + dated note" + (terminal.colored ? "" : "  > today")))
    return lines
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
      let index = ViewText.monthNames.firstIndex(where: { $0.lowercased().hasPrefix(lowered) }),
      let date = LocalDate(year: today.year, month: index + 1, day: 1)
    {
      return date
    }
    throw ValidationError("'\(text)' is not a month: write 2026-12, 12, dec or december")
  }
}

/// `vault calendar --json`: the range shown and its days as the agenda gives them.
struct CalendarJSON: Encodable {
  let from: LocalDate
  let through: LocalDate
  let today: LocalDate
  let weekStart: String
  let days: [Agenda.Day]

  init(from: LocalDate, through: LocalDate, today: LocalDate, weekStart: Weekday, days: [Agenda.Day]) {
    self.from = from
    self.through = through
    self.today = today
    self.weekStart = weekStart.name
    self.days = days
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var text = self
    while text.hasSuffix(" ") { text.removeLast() }
    return text
  }
}
