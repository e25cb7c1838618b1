import ArgumentParser
import VaultCore
import VaultKit

struct AddNote: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "note",
    abstract: "Add a note, with tags and a date.",
    discussion: "The note is `Title.md` at the vault's root, or under --folder.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The note's title.")
  var title: String

  @Option(name: .long, help: "A tag (repeatable).")
  var tag: [String] = []

  @Option(name: .long, help: ArgumentHelp("The day the note belongs to.", valueName: "date"))
  var date: String?

  @Option(name: .long, help: "The folder, vault-relative.")
  var folder: String = ""

  @Option(name: .long, help: "Text for the note's body.")
  var text: String?

  func validate() throws {
    if title.trimmingSpaces().isEmpty { throw ValidationError("the note needs a title") }
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    var properties: [(String, String)] = []
    if let date { properties.append(("date", try DateOption.parse(date, "--date", options.today(vault)).description)) }
    if !tag.isEmpty { properties.append(("tags", "[" + tag.map(PropertyWriter.scalar).joined(separator: ", ") + "]")) }
    if let created = vault.createdProperty(at: options.now(vault)) { properties.append(created) }
    let body = "# \(title)" + (text.map { "\n\n" + $0 } ?? "")
    let content = properties.isEmpty ? body + "\n" : NewNote.text(properties: properties, body: body)
    let path = try vault.createNote(named: title, in: folder, text: content)
    try NewNoteReport.print(path, vault: vault, options: options)
  }
}

struct AddInsight: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "insight",
    abstract: "Add an insight: a quote or a lesson worth keeping.",
    discussion: "The note is in the insights folder, named after the text's first words.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The quote or lesson.")
  var text: String

  @Option(name: .long, help: "Where it is from: a book, a talk.")
  var source: String?

  @Option(name: .long, help: "Who said or wrote it.")
  var author: String?

  func validate() throws {
    if text.trimmingSpaces().isEmpty { throw ValidationError("the insight needs some text") }
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    var properties: [(String, String)] = []
    if let author { properties.append(("author", PropertyWriter.scalar(author))) }
    if let source { properties.append(("source", PropertyWriter.scalar(source))) }
    if let created = vault.createdProperty(at: options.now(vault)) { properties.append(created) }
    // One line, as every text vault writes from the command line (`SingleLine`).
    let text = SingleLine.joined(text).trimmingSpaces()
    let name = text.split(separator: " ").prefix(6).joined(separator: " ")
    let filing = try options.filing(.insight, in: vault)
    if let category = filing.property { properties.insert(category, at: 0) }
    let content = properties.isEmpty ? text + "\n" : NewNote.text(properties: properties, body: text)
    let folder = filing.folder
    let path = try vault.createNote(named: name, in: folder, text: content)
    try NewNoteReport.print(path, vault: vault, options: options)
  }
}

struct Principle: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "principle",
    abstract: "Grow and tend the personal code: add, edit, rm, move.",
    discussion: """
      N is a principle's number as `vault align` counts them (the list's order, from 1). Only \
      the list's lines change; an ordered list (1. 2. 3.) is renumbered.
        vault principle edit 2 "Slow is smooth, smooth is fast."
        vault principle move 5 1
        vault principle rm 3 --yes
      """,
    subcommands: [PrincipleAdd.self, PrincipleEdit.self, PrincipleRemove.self, PrincipleMove.self])

  /// A principle is words: an empty or blank one would be a list item with no text, which no
  /// principle command could name again.
  static func requireWords(_ text: String, example: String) throws {
    guard text.contains(where: { !$0.isWhitespace }) else {
      throw ValidationError("a principle needs words: `\(example)`")
    }
  }
}

/// What the principle commands print: the list as it is now.
enum PersonalCodeReport {
  static func print(_ change: PersonalCodeChange, vault: Vault, options: GlobalOptions) throws {
    let terminal = options.terminal()
    if options.json {
      try terminal.json(change)
      return
    }
    terminal.print(terminal.location(change.path))
    for (index, text) in change.principles.enumerated() { terminal.print("  \(index + 1). \(text)") }
  }
}

struct PrincipleEdit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit", abstract: "Change the text of principle N (its marker and nested lines stay).")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The principle's number.")
  var number: Int

  @Argument(help: "Its new text.")
  var text: String

  func validate() throws {
    try Principle.requireWords(text, example: "vault principle edit \(number) \"Keep promises\"")
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    try PersonalCodeReport.print(try vault.changePersonalCode(.edit(number, text)), vault: vault, options: options)
  }
}

struct PrincipleRemove: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rm", abstract: "Remove principle N (with what is nested under it); the rest are renumbered.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The principle's number.")
  var number: Int

  @Flag(name: .long, help: "Do not ask.")
  var yes = false

  func run() throws {
    let vault = try options.openVault(writing: true)
    let terminal = options.terminal()
    try Confirmation.ask(
      "Remove principle \(number) from \(vault.settings.personalCode)?", unless: yes, command: "vault principle rm",
      terminal)
    try PersonalCodeReport.print(try vault.changePersonalCode(.remove(number)), vault: vault, options: options)
  }
}

struct PrincipleMove: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "move", abstract: "Move principle N to position M; the list is renumbered.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The principle's number.")
  var number: Int

  @Argument(help: "Its new position.")
  var position: Int

  func run() throws {
    let vault = try options.openVault(writing: true)
    try PersonalCodeReport.print(
      try vault.changePersonalCode(.move(number, to: position)), vault: vault, options: options)
  }
}

struct PrincipleAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a principle to the personal code note, as a new list item at its end.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The principle.")
  var text: String

  func validate() throws { try Principle.requireWords(text, example: "vault principle add \"Keep promises\"") }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let path = try vault.newNotePath(vault.settings.personalCode)
    let added = try vault.append(
      try vault.nextListMarker(in: path) + SingleLine.joined(text), to: path)
    let terminal = options.terminal()
    if options.json {
      try terminal.json(added)
    } else {
      terminal.say(terminal.location(added.path + ":\(added.line)") + "  " + added.text)
    }
  }
}
