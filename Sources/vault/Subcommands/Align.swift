import ArgumentParser
import VaultCore
import VaultKit

struct Align: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "align",
    abstract: "Reflect on your personal code, one principle at a time.",
    discussion: """
      The principles are the list items of the personal code note (personal_code in \
      .vault/config.yml, default `Personal Code.md`). On a terminal, Enter shows the next and \
      q stops; in a pipe all are printed.
      """)

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let vault = try options.openVault()
    let index = try options.healingIndex(vault)
    let principles = try index.read { store throws(VaultError) in try vault.principles(in: store) }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(principles)
      return
    }
    guard !principles.isEmpty else {
      terminal.print(
        "no personal code yet: write your principles as a list in '\(vault.settings.personalCode)', one per item")
      return
    }
    let interactive = terminal.isInteractive
    for (index, principle) in principles.enumerated() {
      let counter = terminal.dim("\(index + 1)/\(principles.count)  ")
      terminal.print(counter + terminal.heading(principle.value.text))
      guard interactive, index < principles.count - 1 else { continue }
      terminal.prompt(terminal.dim("  Enter: next · q: stop "))
      guard let answer = readLine(), answer.lowercased() != "q" else { break }
    }
  }
}
