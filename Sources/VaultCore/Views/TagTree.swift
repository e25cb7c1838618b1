/// Tags nested by `/` (`vault tags`): each node counts the notes carrying it or a tag under it.
/// Built once and then only read, so a node is safe to share.
public struct TagTree: Sendable {
  public final class Node: Encodable, @unchecked Sendable {
    public let name: String
    /// Notes carrying exactly this tag.
    public internal(set) var count = 0
    /// Notes carrying this tag or one nested under it (a note is counted once per tag it has).
    public internal(set) var total = 0
    public internal(set) var children: [Node] = []

    init(name: String) { self.name = name }

    enum CodingKeys: String, CodingKey { case name, count, total, children }
  }

  public private(set) var nodes: [Node] = []

  public init(_ counts: [(tag: String, name: String, count: Int)]) {
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
  public var flattened: [(Node, Int)] {
    func walk(_ node: Node, _ depth: Int) -> [(Node, Int)] {
      [(node, depth)] + node.children.flatMap { walk($0, depth + 1) }
    }
    return nodes.flatMap { walk($0, 0) }
  }
}
