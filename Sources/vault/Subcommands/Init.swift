import ArgumentParser
import VaultCore
import VaultKit

struct Init: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Make a folder a vault you can open in Obsidian at once.",
    discussion: """
      Adds the folders Events/, Goals/, Insights/, Journal/ and Templates/, the Obsidian settings \
      for daily notes (Journal/YYYY/MM/YYYY-MM-DD from Templates/Daily), a daily-note template, a \
      task inbox (Tasks.md), Personal Code.md and .vault/config.yml with every setting \
      commented. A folder that already holds notes or .obsidian/ gets only vault's own files \
      (the config, the inbox, the personal code): its Obsidian settings stay as they are, \
      daily notes go where they say, and the first vault add of a kind makes its folder where \
      the vault's own items live. It never overwrites anything and says what it kept. In a git \
      repository, it offers vault sync --setup, so that notes merge by meaning on sync.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The folder (default: --vault's, else the current one); made when missing.")
  var folder: String?

  /// The folder to make a vault of: the argument, else `--vault`, else the current one.
  var path: String { folder ?? options.vault ?? "." }

  func validate() throws {
    if let folder, let vault = options.vault, folder != vault {
      throw ValidationError("init got two folders, \(folder) and --vault \(vault): give one")
    }
  }

  @Flag(name: .long, help: "Also write the built-in task templates into Task Templates/ to edit.")
  var taskTemplates = false

  @Flag(
    name: .long,
    help: "Also add a starter set of labels to .vault/config.yml (Energy, Location, Type, Duration, Category).")
  var labels = false

  func run() throws {
    var report = try VaultStarter.initialize(path)
    if labels {
      let vault = try Vault(path: path)
      let existing = Set(vault.settings.labels.map { $0.name.lowercased() })
      let new = Label.starter.filter { !existing.contains($0.name.lowercased()) }
      for label in new { try vault.setLabel(label) }
      if !new.isEmpty { report.added.append("\(Counting.of(new.count, "label")) in .vault/config.yml") }
      if new.count < Label.starter.count {
        report.kept.append("\(Counting.of(Label.starter.count - new.count, "label")) in .vault/config.yml")
      }
    }
    if taskTemplates {
      let templates = try VaultStarter.writeTaskTemplates(path)
      report.added += templates.added.isEmpty ? [] : ["Task Templates/ (\(templates.added.count) templates)"]
      report.kept += templates.kept.isEmpty ? [] : ["Task Templates/ (\(templates.kept.count) templates)"]
    }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(report)
      return
    }
    for item in report.added { terminal.print("added  " + item) }
    if !report.kept.isEmpty { terminal.print(terminal.dim("kept   " + report.kept.joined(separator: ", "))) }
    for item in report.skipped { terminal.print(terminal.dim("left   " + item)) }
    let quoted = ShellQuote.quoted(path)
    terminal.print(
      report.added.isEmpty
        ? "nothing to add: \(path) has everything vault init makes"
        : report.skipped.isEmpty
          ? "open \(path) in Obsidian (Open folder as vault), then try `vault --vault \(quoted) today`"
          : "try `vault --vault \(quoted) today`")
    // In a git repository, the merge that keeps notes free of conflict markers is offered.
    if let vault = try? Vault(path: path),
      let status = try? VaultSync(vault: vault, executable: Sync.executable, environment: options.environment).status(),
      !status.mergeDriverInstalled
    {
      terminal.print(
        "it is in git: `vault --vault \(quoted) sync --setup` makes notes merge by meaning, then `vault sync` syncs")
    }
  }
}
