import ArgumentParser
import VaultCore
import VaultKit

struct Check: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Parse the whole vault and report every problem.",
    discussion: """
      Prints each problem as path:line:column: error|warning: message, then a summary of files \
      and items by kind. Exits 1 when there are errors.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: ArgumentHelp("The vault folder (default: as for --vault).", valueName: "path"))
  var path: String?

  func run() throws {
    let vault = try options.openVault(explicit: path, checking: true)
    let scan = vault.scan()
    let terminal = options.terminal()
    let diagnostics = scan.diagnostics.sorted {
      ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column)
    }
    if options.json {
      try terminal.json(CheckReport(vault: vault.displayRoot, scan: scan, diagnostics: diagnostics))
    } else {
      for diagnostic in diagnostics {
        terminal.print(terminal.diagnostic(diagnostic))
      }
      terminal.say(Self.summary(scan))
    }
    if scan.errorCount > 0 { throw ExitCode(1) }
  }

  /// `checked 64 files: 14 events, 52 tasks, ...; 0 errors, 1 warning`.
  static func summary(_ scan: VaultScan) -> String {
    "checked \(Counting.of(scan.fileCount, "file")): " + Counting.items(scan.itemCounts) + "; "
      + Counting.problems(errors: scan.errorCount, warnings: scan.warningCount)
  }
}

/// The JSON of `vault check --json`.
struct CheckReport: Encodable {
  var vault: String
  var files: Int
  var items: [ItemKind: Int]
  var errors: Int
  var warnings: Int
  var diagnostics: [Diagnostic]

  init(vault: String, scan: VaultScan, diagnostics: [Diagnostic]) {
    self.vault = vault
    files = scan.fileCount
    items = ItemKind.everyKind(scan.itemCounts)
    errors = scan.errorCount
    warnings = scan.warningCount
    self.diagnostics = diagnostics
  }
}
