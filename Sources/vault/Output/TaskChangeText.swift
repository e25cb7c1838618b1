import VaultCore
import VaultKit

/// What `vault done`, `cancel` and `undo` share: find the task, change it, say what changed.
enum TaskCommand {
  static func run(
    _ argument: String, _ change: TaskChange, among statuses: [TaskStatus.Kind], options: GlobalOptions
  ) throws {
    let vault = try options.openVault()
    let store = try options.freshIndex(vault)
    let task = try vault.resolveTask(argument, among: statuses, in: store)
    let result = try vault.change(task, change, today: options.today(vault))
    let terminal = options.terminal()
    if options.json {
      try terminal.json(result)
      return
    }
    let location = terminal.location(vault.displayPath(result.path) + ":\(result.line)")
    if let after = result.after {
      terminal.print(location + "  " + after.trimmingLeadingSpace())
    } else {
      terminal.print(location + "  " + terminal.dim("removed (🏁 delete): ") + result.before.trimmingLeadingSpace())
    }
    if let next = result.nextInstance, let line = result.nextInstanceLine {
      terminal.print(
        terminal.location(vault.displayPath(result.path) + ":\(line)") + "  " + next.trimmingLeadingSpace()
          + terminal.dim("  (next)"))
    }
  }
}

extension String {
  func trimmingLeadingSpace() -> String { String(drop { $0 == " " || $0 == "\t" }) }
}
