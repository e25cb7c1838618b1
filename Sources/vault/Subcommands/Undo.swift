import ArgumentParser
import VaultCore
import VaultKit

struct Undo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo",
    abstract: "Reopen a done or cancelled task: [ ] again, its date removed.",
    discussion: TaskCommand.discussion)

  @OptionGroup var options: GlobalOptions

  @Argument(help: TaskCommand.argumentHelp)
  var task: String

  func run() throws {
    try TaskCommand.run(task, .reopen, among: [.done, .cancelled], options: options)
  }
}
