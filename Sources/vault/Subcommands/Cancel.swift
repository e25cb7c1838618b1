import ArgumentParser
import VaultCore
import VaultKit

struct Cancel: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "cancel",
    abstract: "Cancel a task: [-] and the cancelled date.",
    discussion: TaskCommand.discussion)

  @OptionGroup var options: GlobalOptions

  @Argument(help: TaskCommand.argumentHelp)
  var task: String

  func run() throws {
    try TaskCommand.run(task, .cancel, among: [.todo, .inProgress, .onHold], options: options)
  }
}
