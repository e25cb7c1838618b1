import ArgumentParser
import Foundation
import VaultCore
import VaultKit

/// A command whose view the watcher answers (`ViewForwarding.commands`).
protocol WatchedView: ParsableCommand {
  var options: GlobalOptions { get }
}

extension Today: WatchedView {}
extension AgendaCommand: WatchedView {}
extension CalendarCommand: WatchedView {}
extension CountdownCommand: WatchedView {}
extension Goals: WatchedView {}
extension Tasks: WatchedView {}

/// How `vault watch` answers a view a command sent (`ViewForwarding`): the command line run
/// here as in the asking process — its environment, working folder and terminal — and its
/// writes kept to be sent back. Anything out of the ordinary is declined, and the command
/// runs itself: another time zone, a vault or index other than the watcher's, a folder that
/// may have to be confirmed as a vault, a command line that does not parse, a failure (its
/// message is the command's own to give), an output over `OutputCapture.limit`.
enum ViewAnswering {
  static func answer(_ request: WatchedViewRequest, root: String, index: String) -> WatchedViewAnswer? {
    // The time zone is the process's (the C library's and Foundation's), not the command's.
    guard request.environment["TZ"] == processEnvironment["TZ"],
      request.environment["TZDIR"] == processEnvironment["TZDIR"]
    else { return nil }
    // Relative paths are the asking command's. Only this thread reads the working folder
    // meanwhile: the watcher's other work (`vault watch --sync`) names its folders in full.
    let home = open(".", O_RDONLY | O_CLOEXEC)
    guard home >= 0 else { return nil }
    defer {
      _ = fchdir(home)
      close(home)
    }
    guard chdir(request.directory) == 0 else { return nil }
    let context = CommandContext(
      environment: request.environment, outputIsTerminal: request.outputIsTerminal,
      errorIsTerminal: request.errorIsTerminal, inputIsTerminal: request.inputIsTerminal, columns: request.columns,
      capture: OutputCapture())
    return CommandContext.$answering.withValue(context) { () -> WatchedViewAnswer? in
      guard
        var command = ViewParsing.parsed(ArgumentOrder.normalized(request.arguments)),
        let (commandRoot, commandIndex) = Vault.locateIndex(
          explicitVault: command.options.vault, explicitIndex: command.options.index,
          environment: request.environment),
        commandRoot == root, commandIndex == index,
        [".obsidian", ".vault"].contains(where: { FileManager.default.fileExists(atPath: root + "/" + $0) })
      else { return nil }
      do {
        try command.run()
      } catch {
        return nil
      }
      return context.capture.overflowed ? nil : context.capture.answer
    }
  }
}
