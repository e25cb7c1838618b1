import ArgumentParser
import VaultCore
import VaultKit

/// What `vault done`, `cancel` and `undo` share: find the task, change it, say what changed.
enum TaskCommand {
  static let discussion = """
    TASK is the short id `vault tasks` shows, path:line, or words of the task's text (any \
    case); words that match several tasks list them and change nothing. Only the task's \
    line changes (a recurring task also gets its next instance, as the Tasks plugin writes it: \
    above the line, or below with recurrenceOnNextLine); the file is written atomically and \
    left alone if it changed on disk meanwhile. The date is --today or today.
    """

  static let argumentHelp = ArgumentHelp("The task: its id, path:line, or words of its text.")

  static func run(
    _ argument: String, _ change: TaskChange, among statuses: [TaskStatus.Kind],
    orElse fallback: [TaskStatus.Kind] = [], options: GlobalOptions
  ) throws {
    let vault = try options.openVault(writing: true)
    let index = try options.healingIndex(vault)
    let task = try index.read { store throws(VaultError) in
      try vault.resolveTask(argument, among: statuses, orElse: fallback, in: store)
    }
    let result = try vault.change(task, change, today: options.today(vault))
    try report(result, vault: vault, options: options)
  }

  /// Prints what a task command changed (`--json`: the `TaskChangeResult`).
  static func report(_ result: TaskChangeResult, vault: Vault, options: GlobalOptions) throws {
    let terminal = options.terminal()
    if options.json {
      try terminal.json(result)
      return
    }
    let location = terminal.location(result.path + ":\(result.line)")
    if let after = result.after {
      terminal.print(location + "  " + after.trimmingLeadingSpace())
    } else {
      terminal.print(location + "  " + terminal.dim("removed (🏁 delete): ") + result.before.trimmingLeadingSpace())
    }
    if let next = result.nextInstance, let line = result.nextInstanceLine {
      terminal.print(
        terminal.location(result.path + ":\(line)") + "  " + next.trimmingLeadingSpace()
          + terminal.dim("  (next)"))
    }
    if let removed = result.removedInstance {
      terminal.print(terminal.dim("removed the next instance that done had added at line \(removed)"))
    }
    if let warning = result.warning {
      terminal.printError("\(result.path):\(result.line):1: warning: \(warning)")
    }
  }
}

extension String {
  func trimmingLeadingSpace() -> String { String(drop { $0 == " " || $0 == "\t" }) }
}
