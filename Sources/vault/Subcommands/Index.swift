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
    let store = try vault.openIndex(explicit: options.index, environment: options.environment)
    let terminal = options.terminal()
    let bar = ProgressBar(enabled: !options.json)
    let refresh = try vault.refresh(store, rebuild: rebuild) { done, total in bar.show(done, of: total) }
    bar.finish()
    let summary = try vault.summary(of: refresh, in: store)
    if let recovered = summary.recovered { terminal.printError("vault: warning: \(recovered)") }
    if options.json {
      try terminal.json(summary)
      return
    }
    terminal.print(
      "indexed \(Counting.of(summary.seen, "file")) in \(String(format: "%.2f", summary.seconds)) s: "
        + "\(summary.parsed) parsed, \(summary.removed) removed")
    let problems = summary.errors + summary.warnings > 0 ? " (vault check lists them)" : ""
    terminal.print(
      Counting.items(summary.items) + "; " + Counting.problems(errors: summary.errors, warnings: summary.warnings)
        + problems)
    terminal.print(terminal.dim("index: \(summary.index)"))
  }
}
