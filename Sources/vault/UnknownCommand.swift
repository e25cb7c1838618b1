import ArgumentParser

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
    guard !names.contains(argument) else { return nil }
    let near = names.filter { name in
      name.hasPrefix(argument) || distance(argument, name) <= max(1, min(2, argument.count / 3))
    }
    let hint = near.isEmpty ? "" : " Did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?"
    return "unknown command '\(argument)'.\(hint) 'vault --help' lists the commands."
  }

  /// Levenshtein distance between two short words.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
