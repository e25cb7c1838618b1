import ArgumentParser
import VaultCore
import VaultKit

struct Done: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "done",
    abstract: "Mark a task done: [x] and the done date, as the Tasks plugin writes them.",
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
    try TaskCommand.run(task, .complete, among: [.todo, .inProgress], options: options)
  }
}
