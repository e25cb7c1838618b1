import ArgumentParser
import Foundation

/// Puts the words of a command line where argument-parser looks for them.
///
/// `vault` alone runs `today`, so argument-parser reads `vault --vault ~/Notes tasks` as `today`
/// with an unexpected argument, and its `help` command fails on the global options
/// (`vault help search --vault .`). Options before the command move after it; `help WORDS`
/// becomes `WORDS --help`. Text that starts with a dash (`vault journal "- had a walk"`,
/// `vault set Budget balance -5`) is text, not options (`DashedText`).
enum ArgumentOrder {
  /// The options of `vault` itself (`today`'s and the global ones) that take a value.
  static let optionsWithValues: Set<String> = [
    "--vault", "--today", "--now", "--index", "--color", "--limit", "--generate-completion-script", "--workspace",
  ]

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
    DashedText.protected(reordered(arguments))
  }

  private static func reordered(_ arguments: [String]) -> [String] {
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

/// Words that start with a dash but are no option of the command are text: argument-parser
/// would read `-hello` as `-h -e -l -l -o` and print the help (exit 0, nothing written), and
/// `- had a walk` or `-5` as unknown options. Such words, and the other positional words, go
/// after a `--`, in their order; an option's value that starts with a dash is joined to it
/// (`--due -1d` → `--due=-1d`).
enum DashedText {
  static func protected(_ arguments: [String]) -> [String] {
    // Most command lines have no such word: they are left as they are, without a look at the
    // commands' options.
    guard arguments.contains(where: { $0.hasPrefix("-") && !$0.hasPrefix("--") && $0 != "-h" && $0 != "-" })
    else { return arguments }
    // The command the words name, and then only its options (a description of every command
    // would cost 0.5 s in a debug build, 20 ms optimised).
    var command: any ParsableCommand.Type = VaultCommand.self
    var index = 0
    var path: [String] = []
    while index < arguments.count, let sub = CommandShape.subcommand(of: command, named: arguments[index]) {
      path.append(arguments[index])
      command = sub
      index += 1
    }
    // A group with a default subcommand (`journal` writes): the default's options apply.
    if let sub = command.configuration.defaultSubcommand {
      path.append(sub._commandName)
      command = sub
    }
    guard let shape = CommandShape(command) else { return arguments }
    var options: [String] = []
    var positional: [String] = []
    var sawDashedText = false
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if word == "--" {
        positional += arguments[index...]
        break
      }
      if word.hasPrefix("--") {
        let name = String(word.dropFirst(2).prefix { $0 != "=" })
        if shape.valued.contains(name), !word.contains("="), index < arguments.count {
          let value = arguments[index]
          index += 1
          options.append(value.hasPrefix("-") ? "\(word)=\(value)" : word)
          if !value.hasPrefix("-") { options.append(value) }
        } else {
          options.append(word)
        }
      } else if word == "-h" {
        options.append(word)
      } else if word.count == 2, shape.valuedShort.contains(String(word.dropFirst())), index < arguments.count {
        options += [word, arguments[index]]
        index += 1
      } else if word.hasPrefix("-") && word.count > 1 {
        positional.append(word)
        sawDashedText = true
      } else {
        positional.append(word)
      }
    }
    guard sawDashedText else { return path + options + positional }
    return path + options + ["--"] + positional
  }
}

/// What argument-parser says of a command: its long and short options that take a value (from
/// its own `--experimental-dump-help` description).
struct CommandShape {
  var valued: Set<String> = []
  /// Short options that take a value (`-o FILE`): `o`.
  var valuedShort: Set<String> = []

  /// The subcommand of `command` called `name`, or by one of its aliases.
  static func subcommand(of command: any ParsableCommand.Type, named name: String) -> (any ParsableCommand.Type)? {
    command.configuration.subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
  }

  init?(_ command: any ParsableCommand.Type) {
    guard let json = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any],
      let command = json["command"] as? [String: Any]
    else { return nil }
    for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
      for name in argument["names"] as? [[String: Any]] ?? [] {
        guard let text = name["name"] as? String else { continue }
        if name["kind"] as? String == "long" { valued.insert(text) }
        if name["kind"] as? String == "short" { valuedShort.insert(text) }
      }
    }
  }
}
