import ArgumentParser
import Foundation
import VaultCore
import VaultKit

/// `vault export FORMAT`: the vault's items in formats other programs read.
struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Write the vault's items for other programs: iCalendar, CSV.",
    subcommands: [ExportICS.self, ExportCSV.self])

  /// `--from`/`--to` as a span of days (either end open); nil without both.
  static func span(from: String?, to: String?, today: LocalDate) throws -> ClosedRange<LocalDate>? {
    guard from != nil || to != nil else { return nil }
    let first = try from.map { try DateOption.parse($0, "--from", today, past: true) } ?? LocalDate(dayNumber: -800_000)
    let last = try to.map { try DateOption.parse($0, "--to", today) } ?? LocalDate(dayNumber: 2_900_000)
    guard first <= last else { throw ValidationError("--to \(last) is before --from \(first)") }
    return first...last
  }

  /// The export on standard output, or in `output` (written whole, then renamed into place),
  /// with one line on standard error saying what it holds.
  static func write(_ text: String, to output: String?, terminal: Terminal, summary: String) throws {
    guard let output, output != "-" else {
      Terminal.emit(Data(text.utf8), to: .standardOutput)
      return
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
      throw VaultError.cannotWrite(output, reason: VaultError.systemReason(error))
    }
    terminal.printError("wrote \(output): \(summary)")
  }
}

/// `vault export ics`: the events (and dated tasks) as one iCalendar file (RFC 5545).
struct ExportICS: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ics",
    abstract: "Write the events as iCalendar (RFC 5545) for Apple Calendar, Google Calendar, Thunderbird, khal.",
    discussion: """
      One VCALENDAR: every event note as a VEVENT whose UID stays the same across runs and \
      edits (its uid property, else one made from its path: a rename gives a new one), \
      recurrences as RRULE and skipDates as EXDATE, remind offsets as alarms, timed events \
      in their time zone with a VTIMEZONE. --tasks adds open tasks with a due or scheduled \
      day as VTODO; --tasks-as events writes them as all-day events for calendars that \
      ignore VTODO. docs/FORMAT.md has the mapping.
        vault export ics -o vault.ics
        vault export ics --from today --to "in 3 months" --tasks
      """)

  @OptionGroup var options: GlobalOptions

  @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (default: standard output).", valueName: "file"))
  var output: String?

  @Option(
    name: .long, help: ArgumentHelp("Only events on or after this day: today, dec 1, YYYY-MM-DD.", valueName: "date"))
  var from: String?

  @Option(name: .long, help: ArgumentHelp("Only events on or before this day.", valueName: "date"))
  var to: String?

  @Flag(name: .long, help: "Also open tasks with a due or scheduled day, as VTODO.")
  var tasks = false

  @Option(name: .long, help: ArgumentHelp("Write the tasks as todos (VTODO) or events (all-day).", valueName: "form"))
  var tasksAs: String?

  @Option(name: .long, help: "Only events of this category (birthday, work).")
  var category: String?

  @Option(name: .long, help: "Only items with this tag (or a tag nested in it).")
  var tag: String?

  func validate() throws {
    if let tasksAs, ICalendarExport.TaskForm(rawValue: tasksAs) == nil {
      throw ValidationError("--tasks-as takes todos or events, not '\(tasksAs)'")
    }
  }

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    var choice = CalendarExportOptions()
    choice.span = try Export.span(from: from, to: to, today: today)
    if tasks || tasksAs != nil { choice.tasks = tasksAs.flatMap(ICalendarExport.TaskForm.init(rawValue:)) ?? .todos }
    choice.category = category
    choice.tag = tag.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
    let now = vault.instant(of: options.now(vault))
    let options = choice
    let text = try self.options.fromFreshIndex(vault) { store throws(VaultError) in
      try vault.calendarExport(in: store, options: options, now: now)
    }
    let events = text.components(separatedBy: "BEGIN:VEVENT").count - 1
    let todos = text.components(separatedBy: "BEGIN:VTODO").count - 1
    try Export.write(
      text, to: output, terminal: self.options.terminal(),
      summary: Counting.of(events, "event") + (todos > 0 ? ", \(Counting.of(todos, "task"))" : ""))
  }
}

/// `vault export csv KIND`: one kind of item as CSV (RFC 4180) for spreadsheets and scripts.
struct ExportCSV: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "csv",
    abstract: "Write tasks, events, goals, journal days or moods as CSV (RFC 4180, UTF-8, a header row).",
    discussion: """
      One row per item, dates as YYYY-MM-DD, lists joined with ';', tasks with their \
      difficulty, duration (minutes), energy and mood. docs/FORMAT.md lists the columns.
        vault export csv tasks -o tasks.csv
        vault export csv mood --from 2026-01-01 --to 2026-12-31
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "tasks, events, goals, journal or mood.")
  var kind: CSVExport.Kind

  @Option(name: .shortAndLong, help: ArgumentHelp("Write to this file (default: standard output).", valueName: "file"))
  var output: String?

  @Option(name: .long, help: ArgumentHelp("Only items on or after this day.", valueName: "date"))
  var from: String?

  @Option(name: .long, help: ArgumentHelp("Only items on or before this day.", valueName: "date"))
  var to: String?

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    let kind = kind
    let chosen = try Export.span(from: from, to: to, today: today)
    let table = try options.fromFreshIndex(vault) { store throws(VaultError) in
      try vault.csvExport(kind, in: store, span: chosen)
    }
    try Export.write(
      table.text, to: output, terminal: options.terminal(),
      summary: "\(Counting.of(table.rows.count, "row")) of \(kind.rawValue)")
  }
}

extension CSVExport.Kind: ExpressibleByArgument {}
