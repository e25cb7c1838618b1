import ArgumentParser
import VaultCore
import VaultKit

struct Goals: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "goals",
    abstract: "Goals with their progress and the days left to their target.",
    discussion: """
      Progress comes from the goal's `progress` property (40, 40% or 0.4), else from the \
      checkboxes in the goal note together with the tasks elsewhere that link to it \
      ([[Goal name]]). Nearest target first; done goals (status done, or done: true) are \
      hidden unless --all.
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Also goals that are done.")
  var all = false

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    let goals = try options.fromFreshIndex(vault) { store throws(VaultError) in try vault.goals(in: store) }
    let shown = all ? GoalProgress.all(goals, today: today) : GoalProgress.open(goals, today: today)
    let terminal = options.terminal()
    if options.json {
      try terminal.json(shown)
      return
    }
    guard !shown.isEmpty else {
      let hidden = goals.count - shown.count
      terminal.print(
        hidden > 0
          ? "every goal is done (\(hidden)): --all lists them"
          : "no goals yet: add a note to Goals/ with 'target: YYYY-MM-DD' and checkboxes or 'progress: 40%'")
      return
    }
    let rows = shown.map { progress -> [String] in
      let goal = progress.goal.value
      let target = goal.target.map { " (\($0))" } ?? ""
      return [
        progress.goal.title + (goal.isDone ? " ✓" : ""), ViewText.bar(goal.progress),
        terminal.dim(ViewText.daysLeft(progress.daysLeft) + target),
      ]
    }
    for line in terminal.table(rows, indent: 0, flexible: 0) { terminal.print(line) }
  }
}
