import ArgumentParser
import VaultCore
import VaultKit

struct Goals: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "goals",
    // Parsed as a root by `ViewParsing`: argument-parser then skips its completion-script check.
    _superCommandName: "vault",
    abstract: "Goals with their progress and the days left to their target.",
    discussion: """
      Progress comes from the goal's `progress` property (40, 40% or 0.4), else from the \
      checkboxes in the goal note together with the tasks elsewhere that link to it \
      ([[Goal name]]). The highest priority first (`priority: high`), then the nearest \
      target. A goal is done at 100 %, with `completed: true` or `completed: 2026-11-20` (the \
      day it was done), or `status: done`; done goals are hidden unless --all, and --done \
      lists only them.
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Also goals that are done.")
  var all = false

  @Flag(name: .long, help: "Only goals that are done, the most recently done first, with the day.")
  var done = false

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    let goals = try options.fromFreshIndex(vault) { store throws(VaultError) in try vault.goals(in: store) }
    let shown = vault.withForecasts(
      done
        ? GoalProgress.done(goals, today: today)
        : all ? GoalProgress.all(goals, today: today) : GoalProgress.open(goals, today: today), today: today)
    let terminal = options.terminal()
    if options.json {
      try terminal.json(shown)
      return
    }
    guard !shown.isEmpty else {
      let hidden = goals.count - shown.count
      terminal.print(
        done
          ? "no goal is done yet: a goal is done at 100% (`vault progress GOAL 100%`) or with 'completed: YYYY-MM-DD'"
          : hidden > 0
            ? "every goal is done (\(hidden)): `vault goals --done` lists them"
            : "no goals yet: add one with `vault add goal \"Run a marathon\" --target 2027-05-01` (or a note in \(vault.settings.folders[.goal] ?? "Goals")/ with 'target: YYYY-MM-DD')"
      )
      return
    }
    let prioritized = shown.contains { ($0.goal.value.priority ?? .normal) != .normal }
    let rows = shown.map { progress -> [String] in
      let goal = progress.goal.value
      let target = goal.target.map { " (\($0))" } ?? ""
      let when =
        goal.isDone
        ? "done" + (goal.doneOn.map { " \($0)" } ?? "")
        : ViewText.daysLeft(progress.daysLeft) + target
      // The priority column only when some goal has one.
      return (prioritized ? [ViewText.priority(goal.priority ?? .normal)] : []) + [
        progress.goal.title + (goal.isDone ? " ✓" : ""), ViewText.bar(goal.progress ?? (goal.isDone ? 1 : nil)),
        terminal.dim(when),
      ]
    }
    // A goal's forecast on a line of its own under it.
    let room = max((terminal.width ?? 1_000) - 4, 20)
    for (lines, progress) in zip(terminal.tableRows(rows, indent: 0, flexible: prioritized ? 1 : 0), shown) {
      terminal.print(lines: lines)
      guard let forecast = ViewWords.forecast(progress) else { continue }
      terminal.print(lines: ViewText.wrap(forecast, room).map { terminal.dim("    " + $0) })
    }
  }
}
