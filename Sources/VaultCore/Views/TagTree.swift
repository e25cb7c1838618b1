/// How many notes carry a tag: exactly (`count`), and it or a tag nested under it (`total`, each
/// note once, as `vault tags TAG` lists them).
public struct TagCount: Sendable, Equatable {
  /// The key tags are compared by (`TagSyntax.normalized`): `health/running`.
  public var tag: String
  /// As written first: `Health/Running`.
  public var name: String
  public var count: Int
  public var total: Int

  public init(tag: String, name: String, count: Int, total: Int) {
    self.tag = tag
    self.name = name
    self.count = count
    self.total = total
  }

  /// The counts of `(note, tag key, tag as written)` triples: every tag and each of its parents
  /// (`#health` of `#health/running`, with a count of 0 when no note carries it itself).
  public static func counting<Note: Hashable>(_ tagged: [(note: Note, tag: String, name: String)]) -> [TagCount] {
    var exact: [String: Set<Note>] = [:]
    var any: [String: Set<Note>] = [:]
    var names: [String: String] = [:]
    for entry in tagged {
      exact[entry.tag, default: []].insert(entry.note)
      let keys = entry.tag.split(separator: "/", omittingEmptySubsequences: false)
      let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
      for depth in keys.indices {
        let key = keys[...depth].joined(separator: "/")
        any[key, default: []].insert(entry.note)
        let name = parts.count == keys.count ? parts[...depth].joined(separator: "/") : key
        if let known = names[key], known <= name { continue }
        names[key] = name
      }
    }
    return any.keys.sorted().map { key in
      TagCount(tag: key, name: names[key] ?? key, count: exact[key]?.count ?? 0, total: any[key]?.count ?? 0)
    }
  }
}

/// Tags nested by `/` (`vault tags`): each node counts the notes carrying it or a tag under it.
/// Built once and then only read, so a node is safe to share.
public struct TagTree: Sendable {
  public final class Node: Encodable, @unchecked Sendable {
    public let name: String
    /// Notes carrying exactly this tag.
    public internal(set) var count = 0
    /// Notes carrying this tag or one nested under it, each once.
    public internal(set) var total = 0
    public internal(set) var children: [Node] = []

    init(name: String) { self.name = name }

    enum CodingKeys: String, CodingKey { case name, count, total, children }
  }

  public private(set) var nodes: [Node] = []

  public init(_ counts: [TagCount]) {
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
        if depth == keys.count - 1 {
          node.count = entry.count
          node.total = entry.total
        }
        parent = node
      }
    }
  }

  /// Depth-first, with each node's depth.
  public var flattened: [(Node, Int)] {
    func walk(_ node: Node, _ depth: Int) -> [(Node, Int)] {
      [(node, depth)] + node.children.flatMap { walk($0, depth + 1) }
    }
    return nodes.flatMap { walk($0, 0) }
  }

  /// The node of a tag (any case, without `#`), nil when no note carries it or one under it.
  public func node(_ tag: String) -> Node? {
    var level = nodes
    var found: Node?
    for part in TagSyntax.normalized(tag).split(separator: "/") {
      guard let next = level.first(where: { $0.name.lowercased() == part }) else { return nil }
      found = next
      level = next.children
    }
    return found
  }
}
