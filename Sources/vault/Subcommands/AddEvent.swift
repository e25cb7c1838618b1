import ArgumentParser
import VaultCore
import VaultKit

struct AddEvent: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "event",
    abstract: "Add an event note, in Full Calendar's form.",
    discussion: """
      The note is `YYYY-MM-DD Title.md` in the events folder, a weekly one `(Every M,W) \
      Title.md` as Full Calendar names it (a taken name gets a number), its \
      front matter in the form docs/FORMAT.md shows, which Obsidian's Full Calendar plugin reads. \
      Dates and times take natural language (fri, dec 5, 7pm).
        vault add event "Radiohead Concert" --date "dec 5" --time 19:30 --end-time 23:00 --emoji 🎸
        vault add event "Mum's Birthday" --date 1966-03-14 --repeat yearly --category birthday
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The event's title.")
  var title: String

  @Option(name: .long, help: ArgumentHelp("The (first) day.", valueName: "date"))
  var date: String

  @Option(name: .long, help: ArgumentHelp("The start time: 19:30, 7pm.", valueName: "time"))
  var time: String?

  @Option(name: .long, help: ArgumentHelp("The last day of a multi-day event.", valueName: "date"))
  var end: String?

  @Option(name: .long, help: ArgumentHelp("The end time.", valueName: "time"))
  var endTime: String?

  @Flag(name: .long, help: "An all-day event (the default without --time).")
  var allDay = false

  @Option(name: .long, help: "An emoji for the event.")
  var emoji: String?

  @Option(name: .long, help: "A category: birthday and anniversary make countdowns say the years.")
  var category: String?

  @Option(name: .long, help: "A tag (repeatable).")
  var tag: [String] = []

  @Option(name: .long, help: "Where.")
  var location: String?

  @Option(name: .long, help: ArgumentHelp("yearly, monthly, weekly, daily, or an RRULE.", valueName: "rule"))
  var `repeat`: String?

  @Option(name: .long, help: ArgumentHelp("The IANA time zone of the times: Europe/Berlin.", valueName: "zone"))
  var timezone: String?

  @Option(name: .long, help: ArgumentHelp("Reminders before it: 1d,2h.", valueName: "list"))
  var remind: String?

  @Option(name: .long, help: "Text for the note's body.")
  var notes: String?

  func validate() throws {
    if title.trimmingSpaces().isEmpty { throw ValidationError("the event needs a title") }
    if allDay && time != nil { throw ValidationError("--all-day and --time do not go together") }
    if endTime != nil && time == nil { throw ValidationError("--end-time needs --time") }
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let today = options.today(vault)
    var event = NewNote.EventFields(title: title, date: try DateOption.parse(date, "--date", today))
    event.end = try end.map { try DateOption.parse($0, "--end", today) }
    if let end = event.end, end < event.date { throw ValidationError("--end \(end) is before --date \(event.date)") }
    event.startTime = try time.map { try DateOption.time($0, "--time") }
    event.endTime = try endTime.map { try DateOption.time($0, "--end-time") }
    (event.emoji, event.category, event.location, event.timeZone) = (emoji, category, location, timezone)
    event.tags = tag
    event.remind = remind.map { $0.split(separator: ",").map { $0.trimmingSpaces() } } ?? []
    event.recurrence = `repeat`
    let filing = try options.filing(.event, in: vault)
    let path: String
    do {
      path = try vault.addEvent(event, notes: notes, now: options.now(vault), filing: filing)
    } catch .asked(let field, let problem) {
      throw ValidationError("--\(field): \(problem)")
    } catch .vault(let error) {
      throw error
    }
    try NewNoteReport.print(path, vault: vault, options: options)
  }
}

/// Natural-language date and time options, with the option's name in the error.
enum DateOption {
  /// `past`: a weekday or a day and month is the last such day, for options that say where a
  /// look back starts (`journal list --from`, `insights --since`, `export --from`).
  static func parse(_ text: String, _ option: String, _ today: LocalDate, past: Bool = false) throws -> LocalDate {
    switch NaturalDate.date(text, today: today, past: past) {
    case .success(let date): return date
    case .failure(let problem): throw ValidationError("\(option): \(problem)")
    }
  }

  static func time(_ text: String, _ option: String) throws -> LocalTime {
    switch NaturalDate.time(text) {
    case .success(let time): return time
    case .failure(let problem): throw ValidationError("\(option): \(problem)")
    }
  }
}

/// What the `add` commands print: the new note's path (`--json`: the note as vault reads it).
enum NewNoteReport {
  static func print(_ path: String, vault: Vault, options: GlobalOptions) throws {
    let terminal = options.terminal()
    if options.json {
      // The new item as vault reads it (the form of `vault show --json`).
      try terminal.json(vault.note(at: path))
    } else {
      terminal.print(path)
    }
  }
}
