import ArgumentParser
import VaultCore
import VaultKit

struct Today: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "today",
    // Parsed as a root by `ViewParsing`: argument-parser then skips its completion-script check.
    _superCommandName: "vault",
    abstract: "The morning dashboard (what `vault` alone runs).",
    discussion: """
      In order, each left out when empty: the date and week; today's events (multi-day and \
      recurring ones included); tasks overdue, due today, or scheduled or starting by today, \
      by priority then due date; the next events with days until them, birthdays with the age; \
      goals nearest their target; today's journal entry and mood with the last 7 days; an \
      insight and a principle of the day; tasks done this week and the journal streak. \
      Each list shows --limit items (`dashboard: {limit: N}` in .vault/config.yml, default 3).
      """)

  @OptionGroup var options: GlobalOptions

  @Option(name: .long, help: "Items per section, 1 to 10 (default: dashboard: {limit} in .vault/config.yml, else 3).")
  var limit: Int?

  func validate() throws {
    if let limit, !(1...10).contains(limit) {
      throw ValidationError("--limit must be from 1 to 10, not \(limit)")
    }
  }

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    let limit = limit ?? vault.settings.dashboardLimit
    let now = options.now(vault)
    var dashboard = try options.fromFreshIndex(vault) { store throws(VaultError) in
      try vault.dashboard(in: store, today: today, limit: limit, time: TaskTemplate.TimeOfDay(now.time))
    }
    dashboard.timer = vault.runningTimer(now: now)
    // What the dashboard suggests is what `vault suggest accept N` takes. A vault that cannot
    // be written still gets its dashboard.
    try? vault.recordShown(
      dashboard.suggestions, mood: dashboard.journal.entry?.value.mood, at: LocalDateTime(date: today, time: now.time),
      shownLast: dashboard.suggestionsShownLast)
    let terminal = options.terminal()
    if options.json {
      try terminal.json(dashboard)
      return
    }
    let text = DashboardText(
      dashboard: dashboard, terminal: terminal, tasks: vault.settings.tasks,
      journalPath: vault.settings.dailyNotes.path(for: today), moods: vault.settings.moods,
      labels: vault.settings.labels)
    terminal.print(lines: text.lines)
  }
}
