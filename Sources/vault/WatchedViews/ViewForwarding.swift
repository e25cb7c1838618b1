import Foundation
import VaultCore
import VaultKit

/// A view sent to the running `vault watch` to answer, before anything else is done here: the
/// watcher has every first use of the code behind it (the dashboard costs it well under a
/// millisecond, against 6 in a new process) and the index open. It answers after the same
/// cookie handshake as a `sync`, so the answer holds every change made before the command
/// started. No watcher, another binary's, one that cannot vouch for the index or declines:
/// the command runs itself, as it always did.
enum ViewForwarding {
  /// The commands whose view the watcher answers (`WatchedView`): they read and print, and
  /// write nothing but the suggestions a dashboard showed.
  static let commands = Set(ViewParsing.views.keys)

  /// Commands that walk the vault with or without a watcher (`vault index` brings the index
  /// up to date itself): they start their walk here too, while the command line is parsed.
  static let walkingCommands: Set<String> = ["index"]

  /// Words that are never sent: help, the version and completion scripts depend on the
  /// terminal's width and the binary, and cost nothing to work out here.
  static let ownWords: Set<String> = [
    "-h", "--help", "--version", "help", "--generate-completion-script", "--experimental-dump-help",
  ]

  /// Whether the watcher answered `arguments` (the command line without the program's name):
  /// its answer is written then, and the command is done.
  static func answered(_ arguments: [String], environment: [String: String]) -> Bool {
    guard environment["VAULT_WATCH_VIEWS"] != "0", !arguments.contains(where: ownWords.contains) else {
      return false
    }
    let command = ArgumentOrder.firstWord(in: arguments).map { arguments[$0] } ?? "today"
    guard commands.contains(command) || walkingCommands.contains(command) else { return false }
    // The vault and index the command would use; the watcher checks its own reading of them.
    guard
      let (root, index) = Vault.locateIndex(
        explicitVault: value(of: "--vault", in: arguments), explicitIndex: value(of: "--index", in: arguments),
        environment: environment)
    else { return false }
    if walkingCommands.contains(command) {
      Vault.startWalkingEarly(root: root)
      return false
    }
    let request = WatchedViewRequest.fromThisProcess(
      arguments: arguments, environment: environment, columns: CommandContext.ownTerminalColumns)
    let answer: WatchedViewAnswer
    switch WatchChannel.ask(view: request, index: index, timeout: WatchChannel.timeout(environment: environment)) {
    case .answered(let given): answer = given
    case .nobodyListens:
      // The command will walk the vault: it starts now, while the command line is parsed.
      Vault.startWalkingEarly(root: root)
      return false
    case .notAnswered: return false
    }
    for write in answer.writes {
      Terminal.emit(Data(write.bytes), to: write.stream == .output ? .standardOutput : .standardError)
    }
    return true
  }

  /// The value of the last `option` before a `--` (`--vault PATH` or `--vault=PATH`).
  static func value(of option: String, in arguments: [String]) -> String? {
    var found: String?
    var index = arguments.startIndex
    while index < arguments.endIndex, arguments[index] != "--" {
      let argument = arguments[index]
      if argument == option, index + 1 < arguments.endIndex {
        found = arguments[index + 1]
        index += 1
      } else if argument.hasPrefix(option + "=") {
        found = String(argument.dropFirst(option.count + 1))
      }
      index += 1
    }
    return found
  }
}
