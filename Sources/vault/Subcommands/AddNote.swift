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

  func run() throws {
    let vault = try options.openVault()
    var properties: [(String, String)] = []
    if let date { properties.append(("date", try DateOption.parse(date, "--date", options.today(vault)).description)) }
    if !tag.isEmpty { properties.append(("tags", "[" + tag.map(PropertyWriter.scalar).joined(separator: ", ") + "]")) }
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

  func run() throws {
    let vault = try options.openVault()
    var properties: [(String, String)] = []
    if let author { properties.append(("author", PropertyWriter.scalar(author))) }
    if let source { properties.append(("source", PropertyWriter.scalar(source))) }
    let name = text.split(separator: " ").prefix(6).joined(separator: " ")
    let content = properties.isEmpty ? text.trimmingSpaces() + "\n" : NewNote.text(properties: properties, body: text)
    let folder = vault.settings.folders[.insight] ?? "Insights"
    let path = try vault.createNote(named: name, in: folder, text: content)
    try NewNoteReport.print(path, vault: vault, options: options)
  }
}

struct Principle: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "principle",
    abstract: "Grow the personal code.",
    subcommands: [PrincipleAdd.self])
}

struct PrincipleAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a principle to the personal code note, as a new list item at its end.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The principle.")
  var text: String

  func run() throws {
    let vault = try options.openVault()
    let path = try vault.newNotePath(vault.settings.personalCode)
    let added = try vault.append(
      try vault.nextListMarker(in: path) + text.split(whereSeparator: \.isNewline).joined(separator: " "), to: path)
    let terminal = options.terminal()
    if options.json {
      try terminal.json(added)
    } else {
      terminal.print(terminal.location(vault.displayPath(added.path) + ":\(added.line)") + "  " + added.text)
    }
  }
}
