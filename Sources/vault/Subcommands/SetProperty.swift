import ArgumentParser
import VaultCore
import VaultKit

struct SetProperty: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set",
    abstract: "Set one property of a note, typed as Obsidian types it.",
    discussion: """
      The type is the key's type in .obsidian/types.json, else a list when the note has a list \
      there, else what VALUE reads as: a number, a checkbox (true/false), a date, or text. Lists \
      (multitext, tags, aliases) take VALUE as comma-separated items. Only the key's line \
      changes (a new key is one new line at the end of the front matter); quoting, comments, \
      key order, the line ending and the BOM stay; a block list stays a block list. A date key \
      (declared a date, holding one, or due, scheduled, start, date, startDate, endDate…) takes \
      the natural dates add takes (fri, next friday, in 2 weeks, -1d, dec 5) and refuses others.
        vault set "Read 24 Books" progress 70
        vault set "Renew passport" due "next friday"
        vault set Journal/2026/11/2026-11-22 mood_tags "family, outdoors"
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The note: a path from here or from the vault, with or without .md, or a unique name.")
  var note: String

  @Argument(help: "The property.")
  var key: String

  @Argument(help: "Its value.")
  var value: String

  func validate() throws { try PropertyKey.validate(key) }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let path = try options.resolveNote(note, in: vault)
    let change = try vault.setProperty(key, to: value, in: path, today: options.today(vault))
    try PropertyKey.report(change, vault: vault, options: options)
  }
}

struct UnsetProperty: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unset",
    abstract: "Remove one property of a note (its lines, nothing else).")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The note.")
  var note: String

  @Argument(help: "The property.")
  var key: String

  func validate() throws { try PropertyKey.validate(key) }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let change = try vault.setProperty(key, to: nil, in: try options.resolveNote(note, in: vault))
    try PropertyKey.report(change, vault: vault, options: options)
  }
}

/// What `set`, `unset` and `mood N` share.
enum PropertyKey {
  static func validate(_ key: String) throws {
    guard !key.isEmpty, !key.contains(":"), !key.hasPrefix("-"), !key.hasPrefix("#"),
      key.allSatisfy({ !$0.isNewline }), key.trimmingSpaces() == key
    else { throw ValidationError("'\(key)' cannot be a property name") }
  }

  static func report(_ change: PropertyChange, vault: Vault, options: GlobalOptions) throws {
    let terminal = options.terminal()
    if options.json {
      try terminal.json(change)
      return
    }
    let made = change.created ? terminal.dim("  (new note)") : ""
    terminal.print(
      terminal.location(change.path) + "  "
        + (change.value.map { "\(change.key): \($0)" } ?? terminal.dim("\(change.key) removed")) + made)
  }
}
