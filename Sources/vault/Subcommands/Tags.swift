import ArgumentParser
import VaultCore
import VaultIndex
import VaultKit

struct Tags: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tags",
    abstract: "Tags as a nested tree with counts, or the items carrying one.",
    discussion: """
      Without TAG: every tag, nested (#health/running under #health), with how many notes \
      carry it; a parent's count includes its children's notes, each note once (the count \
      vault labels shows). With TAG: the notes that carry it or a tag nested under it, and \
      the task lines tagged so. Tags ignore case.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "A tag, with or without #.")
  var tag: String?

  func run() throws {
    let vault = try options.openVault()
    let index = try options.healingIndex(vault)
    let terminal = options.terminal()
    if let tag {
      try show(tag, vault: vault, index: index, terminal: terminal)
      return
    }
    let counts = try index.read { store throws(VaultError) in try vault.tagCounts(in: store) }
    let tree = TagTree(counts)
    if options.json {
      try terminal.json(tree.nodes)
      return
    }
    guard !tree.nodes.isEmpty else {
      terminal.print("no tags yet: write #tag in a note, or 'tags: [a, b]' in its front matter")
      return
    }
    let rows = tree.flattened.map { node, depth -> [String] in
      [String(repeating: "  ", count: depth) + "#" + node.name, String(node.total)]
    }
    terminal.print(lines: terminal.table(rows, indent: 0, flexible: 0))
  }

  private func show(_ tag: String, vault: Vault, index: HealingIndex, terminal: Terminal) throws {
    let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
    var query = Query()
    query.tags = [TagSyntax.normalized(name)]
    let files = try index.read { store throws(VaultError) in
      try vault.list(query, in: store, order: .path, reverse: false, limit: nil).matches
    }
    var selection = TaskSelection()
    selection.tag = name
    let tasks = try index.read { store throws(VaultError) in try vault.tasks(in: store, selection) }
    if options.json {
      try terminal.json(TaggedItems(tag: name, notes: files, tasks: tasks.map(TaskListing.init)))
      return
    }
    guard !files.isEmpty || !tasks.isEmpty else {
      terminal.print("nothing is tagged #\(name): `vault tags` lists the tags in use")
      return
    }
    var rows = files.map { [$0.kind, $0.title, terminal.location($0.path)] }
    rows += tasks.map {
      [
        "task", "[\($0.value.status.symbol)] " + vault.settings.tasks.shown($0.value.description),
        terminal.location($0.location),
      ]
    }
    terminal.print(lines: terminal.table(rows, indent: 0, flexible: 1))
  }
}

/// `vault tags TAG --json`.
struct TaggedItems: Encodable {
  let tag: String
  let notes: [FileMatch]
  let tasks: [TaskListing]
}
