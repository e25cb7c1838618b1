import ArgumentParser
import VaultCore
import VaultIndex
import VaultKit

struct Tags: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tags",
    abstract: "Tags as a nested tree with counts, or the items carrying one.",
    discussion: """
      Without TAG: every tag, nested (#health/running under #health), with how many notes
      carry it; a parent's count includes its children's notes. With TAG: the notes that
      carry it or a tag nested under it, and the task lines tagged so. Tags ignore case.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "A tag, with or without #.")
  var tag: String?

  func run() throws {
    let vault = try options.openVault()
    let store = try options.freshIndex(vault)
    let terminal = options.terminal()
    if let tag {
      try show(tag, vault: vault, store: store, terminal: terminal)
      return
    }
    let counts = try vault.tagCounts(in: store)
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
    for line in terminal.table(rows, indent: 0, flexible: 0) { terminal.print(line) }
  }

  private func show(_ tag: String, vault: Vault, store: IndexStore, terminal: Terminal) throws {
    let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
    var query = Query()
    query.tags = [TagSyntax.normalized(name)]
    let files = try vault.list(query, in: store, order: .path, reverse: false, limit: nil).matches
    var selection = TaskSelection()
    selection.tag = name
    let tasks = try vault.tasks(in: store, selection)
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
      ["task", "[\($0.value.status.symbol)] " + $0.value.description, terminal.location($0.location)]
    }
    for line in terminal.table(rows, indent: 0, flexible: 1) { terminal.print(line) }
  }
}

/// `vault tags TAG --json`.
struct TaggedItems: Encodable {
  let tag: String
  let notes: [FileMatch]
  let tasks: [TaskListing]
}

/// Tags nested by `/`: each node counts the notes carrying it or a tag under it.
struct TagTree {
  final class Node: Encodable {
    let name: String
    /// Notes carrying exactly this tag.
    var count = 0
    /// Notes carrying this tag or one nested under it (a note is counted once per tag it has).
    var total = 0
    var children: [Node] = []

    init(name: String) { self.name = name }

    enum CodingKeys: String, CodingKey { case name, count, total, children }
  }

  var nodes: [Node] = []

  init(_ counts: [(tag: String, name: String, count: Int)]) {
    var index: [String: Node] = [:]
    for entry in counts.sorted(by: { $0.tag < $1.tag }) {
      let parts = entry.name.split(separator: "/").map(String.init)
      let keys = entry.tag.split(separator: "/").map(String.init)
      var parent: Node?
      for depth in keys.indices {
        let key = keys[...depth].joined(separator: "/")
        let node: Node
        if let existing = index[key] {
          node = existing
        } else {
          node = Node(name: depth < parts.count ? parts[depth] : keys[depth])
          index[key] = node
          if let parent { parent.children.append(node) } else { nodes.append(node) }
        }
        node.total += entry.count
        if depth == keys.count - 1 { node.count += entry.count }
        parent = node
      }
    }
  }

  /// Depth-first, with each node's depth.
  var flattened: [(Node, Int)] {
    func walk(_ node: Node, _ depth: Int) -> [(Node, Int)] {
      [(node, depth)] + node.children.flatMap { walk($0, depth + 1) }
    }
    return nodes.flatMap { walk($0, 0) }
  }
}
