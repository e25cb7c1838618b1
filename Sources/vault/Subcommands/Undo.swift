import ArgumentParser
import VaultCore
import VaultKit

struct Undo: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "undo",
    abstract: "Reopen a done or cancelled task: [ ] again, its date removed.",
    discussion: """
      TASK is the short id `vault tasks` shows, path:line, or words of the task's text (any
      case); words that match several tasks list them and change nothing. Only the task's
      line changes (a recurring task also gets its next instance, as the Tasks plugin writes it:
      above the line, or below with recurrenceOnNextLine); the file is written atomically and
      left alone if it changed on disk meanwhile. The date is --today or today.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The task: its id, path:line, or words of its text.")
  var task: String

  func run() throws {
    try TaskCommand.run(task, .reopen, among: [.done, .cancelled], options: options)
  }
}
