import ArgumentParser
import VaultCore
import VaultKit

struct CountdownCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "countdown",
    // Parsed as a root by `ViewParsing`: argument-parser then skips its completion-script check.
    _superCommandName: "vault",
    abstract: "Upcoming events with the days until each.",
    discussion: """
      One line per event, soonest first: a one-off event, or the next occurrence of a recurring \
      one, within a year; an event on today's date and one under way ("day 2 of 5 · ends Sun") \
      come first. Birthdays and anniversaries (category birthday or anniversary) say the age \
      or the years. Events repeating daily or weekly are left out unless --all. \
      Archived events and done task-events are hidden; --past lists events already over, \
      with the days since ("3 days ago", "turned 60"), most recent first.
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Also daily and weekly events, and events up to ten years ahead.")
  var all = false

  @Flag(name: .long, help: "Events already over, with the days since.")
  var past = false

  @Flag(name: .long, help: "Also each event's location and description under it.")
  var long = false

  @Option(name: .long, help: "Only events of this category (any case).")
  var category: String?

  @Option(name: .long, help: "Only events whose note has this tag or one nested under it.")
  var tag: String?

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    let events = try options.fromFreshIndex(vault) { store throws(VaultError) in try vault.events(in: store) }.filter {
      event in
      (category.map { event.value.category?.lowercased() == $0.lowercased() } ?? true)
        && (tag.map { TagSyntax.matches(event.tags, $0) } ?? true)
    }
    let countdowns =
      past
      ? Countdown.past(events, today: today)
      : Countdown.upcoming(events, today: today, horizon: all ? 3653 : 366, routine: all, current: true)
    let terminal = options.terminal()
    if options.json {
      try terminal.json(countdowns)
      return
    }
    guard !countdowns.isEmpty else {
      let filters = category != nil || tag != nil ? " matching the filters" : ""
      terminal.print(
        past
          ? "no past events\(filters)"
          : "no upcoming events\(filters): add one with a note in Events/ such as '2026-12-05 Concert.md' "
            + "with 'date: 2026-12-05' (docs/FORMAT.md)")
      return
    }
    let rows = countdowns.map { countdown -> [String] in
      let occurrence = countdown.occurrence
      var title = ViewWords.title(occurrence.event.value)
      if let milestone = countdown.milestone { title += " — " + milestone }
      return [
        countdown.phrase, title, terminal.dim(ViewWords.shortDate(occurrence.start) + " \(occurrence.start.year)"),
        terminal.location(occurrence.event.path),
      ]
    }
    for (index, lines) in terminal.tableRows(rows, indent: 0, flexible: 1, trailing: 1).enumerated() {
      terminal.print(lines: lines)
      guard long else { continue }
      let event = countdowns[index].occurrence.event.value
      if let location = event.location { terminal.print(terminal.dim("    📍 " + location)) }
      if let description = event.description {
        for text in ViewText.indented(description, by: 4, terminal: terminal) { terminal.print(terminal.dim(text)) }
      }
    }
  }
}
