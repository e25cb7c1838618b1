import ArgumentParser
import VaultCore
import VaultKit

struct Archive: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "archive",
    abstract: "Mark past one-off events archived: true.",
    discussion: """
      An event is past when its last day is before today; recurring events never are. Each \
      such event note gets `archived: true` (one new line in its front matter, or its value \
      changed); archived events leave countdowns and the dashboard. Views never do this on their \
      own. --dry-run lists them and changes nothing.
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "List what would be archived; change nothing.")
  var dryRun = false

  func run() throws {
    let vault = try options.openVault(writing: true)
    let index = try options.healingIndex(vault)
    let today = options.today(vault)
    let past = try index.read { store throws(VaultError) in try vault.events(in: store) }.filter { event in
      guard !event.value.archived, !event.value.isRecurring, let start = event.value.start else { return false }
      return (event.value.end ?? start) < today
    }
    let terminal = options.terminal()
    var changes: [PropertyChange] = []
    for event in past where !dryRun {
      changes.append(try vault.setProperty("archived", to: "true", in: event.path, preferred: .checkbox))
    }
    if options.json {
      try terminal.json(dryRun ? past.map(\.path) : changes.map(\.path))
      return
    }
    guard !past.isEmpty else {
      terminal.print("no past events to archive")
      return
    }
    for event in past {
      terminal.print(terminal.location(event.path) + "  " + ViewWords.title(event.value))
    }
    terminal.print(
      terminal.dim(
        (dryRun ? "would archive " : "archived ") + Counting.of(past.count, "event")
          + (dryRun ? " (run without --dry-run to do it)" : "")))
  }
}
