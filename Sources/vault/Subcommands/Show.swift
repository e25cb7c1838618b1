import ArgumentParser
import VaultCore
import VaultKit

struct Show: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Show one note as vault reads it.",
    discussion: """
      NOTE is a path from the current folder or from the vault's root, with or without .md, or \
      a file name found anywhere in the vault. Shows the kind, the properties with their types, \
      tags, links, headings, tasks with every field, and problems.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: ArgumentHelp("The note to show.", valueName: "note"))
  var note: String

  func run() throws {
    let vault = try options.openVault()
    let path = try options.resolveNote(note, in: vault)
    var parsed = vault.note(at: path)
    // A goal's progress counts the tasks elsewhere that link to it, as `goals` counts it.
    if parsed.goal != nil {
      let goals = try options.fromFreshIndex(vault) { store throws(VaultError) in try vault.goals(in: store) }
      if let goal = goals.first(where: { $0.path == path }) { parsed.goal = goal.value }
    }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(parsed)
    } else {
      terminal.print(NoteRenderer(terminal: terminal, vault: vault, today: options.today(vault)).render(parsed))
    }
  }
}
