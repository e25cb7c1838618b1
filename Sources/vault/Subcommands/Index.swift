import ArgumentParser
import Foundation
import VaultCore
import VaultKit

struct Index: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "index",
    abstract: "Bring the index up to date and say what changed.",
    discussion: """
      Every read command does this first on its own; `vault index` does it explicitly. Only files \
      whose size, modification time or inode changed are read again. The index is a cache kept \
      outside the vault: --rebuild reads every file anew, and deleting it loses nothing.
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Forget what is indexed and read every file again.")
  var rebuild = false

  func run() throws {
    let vault = try options.openVault()
    let terminal = options.terminal()
    // --rebuild makes a new index beside the old one and renames it into place: it never
    // reads the old file, which may be the reason for the rebuild.
    let answer = try options.indexed(vault, rebuild: rebuild, walk: true) { _ in }
    let summary = try vault.summary(of: answer.refresh, in: answer.store)
    if options.json {
      try terminal.json(summary)
      return
    }
    terminal.print(
      "indexed \(Counting.of(summary.seen, "file")) in \(String(format: "%.2f", summary.seconds)) s: "
        + "\(summary.parsed) parsed, \(summary.removed) removed")
    let problems = summary.errors + summary.warnings > 0 ? " (`vault check` lists them)" : ""
    terminal.print(
      Counting.items(summary.items) + "; " + Counting.problems(errors: summary.errors, warnings: summary.warnings)
        + problems)
    terminal.print(terminal.dim("index: \(summary.index)"))
  }
}
