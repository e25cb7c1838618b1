import ArgumentParser
import VaultCore
import VaultIndex
import VaultKit

/// `vault labels`: the labels of `.vault/config.yml` and how often they are used.
struct Labels: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "labels",
    abstract: "List the labels (tags with a colour, an emoji and a category) and their use.",
    discussion: """
      Labels live in .vault/config.yml: labels: {errand: {color: "#f59e0b", emoji: 🛒, \
      category: Location}}. On a task a label is its tag (#errand); vault add task --label \
      errand adds it. vault label add|set|rm edit those lines; vault init --labels adds a \
      starter set.
      """)

  @OptionGroup var options: GlobalOptions

  @Option(
    name: .long, help: ArgumentHelp("Suggest labels for this task (id, path:line or words of it).", valueName: "task"))
  var suggest: String?

  func run() throws {
    let vault = try options.openVault()
    if let suggest {
      try proposals(for: suggest, in: vault)
      return
    }
    let usage = try options.fromFreshIndex(vault) { store throws(VaultError) in try vault.labelUsage(in: store) }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(usage)
      return
    }
    guard !usage.isEmpty else {
      terminal.say("no labels yet: `vault label add errand --label-color \"#f59e0b\" --emoji 🛒 --category Location`")
      return
    }
    var rows: [[String]] = []
    for category in Array(Set(usage.map { $0.label.category ?? "" })).sorted() {
      for item in usage where (item.label.category ?? "") == category {
        let label = item.label
        let name = (label.emoji.map { $0 + " " } ?? "") + terminal.colored("#" + label.name, hex: label.color)
        rows.append([
          name, terminal.dim(category), Counting.of(item.tasks, "task"), terminal.dim(Counting.of(item.notes, "note")),
        ])
      }
    }
    terminal.print(lines: terminal.table(rows, indent: 0, flexible: 0))
  }
}

extension Labels {
  /// `--suggest`: labels of the tasks most like this one, with the tasks they came from.
  func proposals(for argument: String, in vault: Vault) throws {
    let store = try options.freshIndex(vault)
    let task = try vault.resolveTask(argument, among: [], in: store)
    let tasks = try vault.tasks(in: store, TaskSelection())
    let proposals = LabelSuggester.proposals(
      for: task, among: tasks, labels: vault.settings.labels.map(\.name))
    let terminal = options.terminal()
    if options.json {
      try terminal.json(proposals)
      return
    }
    guard !proposals.isEmpty else {
      terminal.print(
        "no label to suggest: no labelled task shares words with it (`vault labels` lists the labels)")
      return
    }
    let colors = Dictionary(vault.settings.labels.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
    for proposal in proposals {
      let label = colors[proposal.label]
      terminal.print(
        (label?.emoji.map { $0 + " " } ?? "") + terminal.colored("#" + proposal.label, hex: label?.color)
          + terminal.dim(String(format: "  %.2f", proposal.score)))
      for source in proposal.from { terminal.print(terminal.dim("  like " + source)) }
    }
  }
}

/// `vault label add|set|rm`: edits only the label's line of `.vault/config.yml`.
struct LabelCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "label", abstract: "Add, change or remove a label in .vault/config.yml.",
    subcommands: [LabelAdd.self, LabelSet.self, LabelRemove.self])
}

struct LabelFields: ParsableArguments {
  @Argument(help: "The label's name (its tag, without #).")
  var name: String

  /// Not `--color`: that one is every command's (auto, always, never).
  @Option(name: .customLong("label-color"), help: "Its colour: #rrggbb, #rgb or a name such as teal.")
  var color: String?

  @Option(name: .long, help: "Its emoji.")
  var emoji: String?

  @Option(name: .long, help: "Its category: Energy, Location, Type, Duration, Category or your own.")
  var category: String?

  var tagName: String { name.hasPrefix("#") ? String(name.dropFirst()) : name }

  func validate() throws {
    guard TagSyntax.isValid(tagName) else {
      throw ValidationError("'\(name)' is not a label name: letters, digits, _, - and / only, not all digits")
    }
    if let color, TerminalColor.parse(color) == nil {
      throw ValidationError("--label-color '\(color)' is not a colour: use #rrggbb, #rgb or a name such as red")
    }
  }
}

struct LabelAdd: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a label.")

  @OptionGroup var options: GlobalOptions
  @OptionGroup var fields: LabelFields

  func run() throws {
    let vault = try options.openVault(writing: true)
    if vault.settings.labels.contains(where: { $0.name.lowercased() == fields.tagName.lowercased() }) {
      throw VaultError.cannotChange(
        "label '\(fields.tagName)'", reason: "it exists: `vault label set \(fields.tagName) --emoji 🛒` changes it")
    }
    let label = Label(
      name: fields.tagName, color: fields.color.flatMap { TerminalColor.parse($0)?.hex }, emoji: fields.emoji,
      category: fields.category)
    try vault.setLabel(label)
    options.terminal().print("added label #\(label.name) to \(ConfigReader.path)")
  }
}

struct LabelSet: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set", abstract: "Change a label's colour, emoji or category.")

  @OptionGroup var options: GlobalOptions
  @OptionGroup var fields: LabelFields

  func run() throws {
    let vault = try options.openVault(writing: true)
    guard var label = vault.settings.labels.first(where: { $0.name.lowercased() == fields.tagName.lowercased() }) else {
      throw VaultError.cannotChange("label '\(fields.tagName)'", reason: "there is none: `vault labels` lists them")
    }
    if let color = fields.color { label.color = TerminalColor.parse(color)?.hex }
    if let emoji = fields.emoji { label.emoji = emoji.isEmpty ? nil : emoji }
    if let category = fields.category { label.category = category.isEmpty ? nil : category }
    try vault.setLabel(label)
    options.terminal().print("changed label #\(label.name) in \(ConfigReader.path)")
  }
}

struct LabelRemove: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rm", abstract: "Remove a label from the config (its tags stay on the tasks).")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The label's name.")
  var name: String

  func run() throws {
    let vault = try options.openVault(writing: true)
    let tag = name.hasPrefix("#") ? String(name.dropFirst()) : name
    guard try vault.removeLabel(tag) else {
      throw VaultError.cannotChange("label '\(tag)'", reason: "there is none: `vault labels` lists them")
    }
    options.terminal().print("removed label #\(tag) from \(ConfigReader.path); the tags on tasks stay")
  }
}
