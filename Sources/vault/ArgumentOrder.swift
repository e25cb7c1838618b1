/// Puts the words of a command line where argument-parser looks for them.
///
/// `vault` alone runs `today`, so argument-parser reads `vault --vault ~/Notes tasks` as `today`
/// with an unexpected argument, and its `help` command fails on the global options
/// (`vault help search --vault .`). Options before the command move after it; `help WORDS`
/// becomes `WORDS --help`.
enum ArgumentOrder {
  /// The options of `vault` itself (`today`'s and the global ones) that take a value.
  static let optionsWithValues: Set<String> = ["--vault", "--today", "--index", "--color", "--limit"]

  /// The index of the first word that is not an option or an option's value, if any before `--`.
  static func firstWord(in arguments: [String]) -> Int? {
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      if argument == "--" { return nil }
      guard argument.hasPrefix("-") else { return index }
      index += optionsWithValues.contains(argument) ? 2 : 1
    }
    return nil
  }

  /// `arguments` (without the program's name) in the order argument-parser reads.
  static func normalized(_ arguments: [String]) -> [String] {
    guard let first = firstWord(in: arguments) else { return arguments }
    if arguments[first] == "help" {
      // The command path after `help`, up to the first option.
      let path = arguments[(first + 1)...].prefix { !$0.hasPrefix("-") }
      return Array(path) + ["--help"]
    }
    guard first > 0, UnknownCommand.names.contains(arguments[first]) else { return arguments }
    // The leading options go after the command's own words, before a `--` if there is one
    // (what follows it is never an option).
    let leading = arguments[..<first]
    var rest = Array(arguments[first...])
    let end = rest.firstIndex(of: "--") ?? rest.endIndex
    rest.insert(contentsOf: leading, at: end)
    return rest
  }
}
