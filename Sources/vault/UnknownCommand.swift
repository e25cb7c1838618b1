import ArgumentParser
import VaultCore

/// A first word that names no command. `vault` alone runs `today`, so argument-parser would
/// hand `vault serch plans` to `today` and answer "Unexpected argument 'serch'"; this says
/// what went wrong instead, with the nearest command names.
enum UnknownCommand {
  static var names: [String] {
    VaultCommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
  }

  /// The message for `arguments` (without the program's name), or nil when the first word
  /// is a command or there is none.
  static func message(for arguments: [String]) -> String? {
    guard let index = ArgumentOrder.firstWord(in: arguments) else { return nil }
    let argument = arguments[index]
    if let group = VaultCommand.configuration.subcommands.first(where: { $0._commandName == argument }) {
      return missingSubcommand(of: group, after: Array(arguments[(index + 1)...]))
    }
    guard !names.contains(argument) else { return nil }
    let near = names.filter { name in
      name.hasPrefix(argument) || EditDistance.levenshtein(argument, name) <= max(1, min(2, argument.count / 3))
    }
    let hint = near.isEmpty ? "" : " Did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?"
    return "unknown command '\(argument)'.\(hint) `vault --help` lists the commands."
  }

  /// For a group of commands with no default (`vault add`, `vault principle`): the message
  /// when no subcommand of it follows, or an unknown one; nil otherwise, and for `--help`.
  static func missingSubcommand(of group: ParsableCommand.Type, after arguments: [String]) -> String? {
    let configuration = group.configuration
    guard !configuration.subcommands.isEmpty, configuration.defaultSubcommand == nil,
      !arguments.contains(where: { ["-h", "--help", "help"].contains($0) })
    else { return nil }
    var names: [String] = []
    for command in configuration.subcommands { names.append(command._commandName) }
    let choices = names.joined(separator: ", ")
    let name = group._commandName
    guard let index = ArgumentOrder.firstWord(in: arguments) else {
      return "'vault \(name)' needs a command: \(choices). `vault \(name) --help` shows them."
    }
    let word = arguments[index]
    guard !names.contains(word) else { return nil }
    let reach = max(1, min(2, word.count / 3))
    var near: [String] = []
    for candidate in names where candidate.hasPrefix(word) || EditDistance.levenshtein(word, candidate) <= reach {
      near.append(candidate)
    }
    let hint = near.isEmpty ? "" : " Did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?"
    return "unknown command 'vault \(name) \(word)'.\(hint) 'vault \(name)' takes \(choices)."
  }

  /// The words that run `command` (`add event`), found in the tree of commands.
  static func path(of command: ParsableCommand.Type) -> String {
    func search(_ node: ParsableCommand.Type, _ path: [String]) -> [String]? {
      if node == command { return path }
      for child in node.configuration.subcommands {
        if let found = search(child, path + [child._commandName]) { return found }
      }
      return nil
    }
    return search(VaultCommand.self, [])?.joined(separator: " ") ?? command._commandName
  }
}
