import ArgumentParser
import VaultCore
import VaultKit

struct Done: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "done",
    abstract: "Mark a task done: [x] and the done date, as the Tasks plugin writes them.",
    discussion: TaskCommand.discussion)

  @OptionGroup var options: GlobalOptions

  @Argument(help: TaskCommand.argumentHelp)
  var task: String

  func run() throws {
    // A cancelled task can be done after all, as in the Tasks plugin.
    try TaskCommand.run(task, .complete, among: [.todo, .inProgress, .onHold], orElse: [.cancelled], options: options)
  }
}
