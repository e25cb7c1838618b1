/// Front matter merged key by key: keys changed on one side take that side's value, keys added
/// on both sides all land, and a key both sides changed differently takes the later side's value
/// (the other is handed back, to be kept in a callout). Each key keeps its lines as written —
/// its comments, quoting and list layout — so nothing is re-serialised.
enum FrontMatterMerge {
  /// A key's lines: `key: value` and the lines under it (list items, indented lines); lines before
  /// the first key have the key "".
  struct Entry: Equatable {
    var key: String
    var lines: [Substring]
  }

  /// The front matter with its `---` lines, and the rest; nil when the note has none.
  static func split(_ text: Substring) -> (matter: [Substring]?, body: Substring) {
    let lines = ThreeWayLines.lines(text)
    guard let first = lines.first, isFence(first, opening: true) else { return (nil, text) }
    guard let close = lines.indices.dropFirst().first(where: { isFence(lines[$0], opening: false) }) else {
      return (nil, text)
    }
    let end = lines[close].endIndex
    return (Array(lines[...close]), text[end...])
  }

  private static func isFence(_ line: Substring, opening: Bool) -> Bool {
    var trimmed = line
    if opening, trimmed.hasPrefix("\u{FEFF}") { trimmed = trimmed.dropFirst() }
    while let last = trimmed.last, last == "\n" || last == "\r\n" || last == " " || last == "\t" {
      trimmed = trimmed.dropLast()
    }
    return trimmed == "---" || (!opening && trimmed == "...")
  }

  static func entries(_ matter: [Substring]) -> [Entry]? {
    var entries: [Entry] = []
    for line in matter.dropFirst().dropLast() {
      if let first = line.first, !" \t-#\n\r\n".contains(first), let colon = line.firstIndex(of: ":") {
        let key = String(line[..<colon]).trimmingSpaces()
        // A key twice is no YAML a merge can reason about.
        guard !entries.contains(where: { $0.key == key }) else { return nil }
        entries.append(Entry(key: key, lines: [line]))
      } else if entries.isEmpty {
        entries.append(Entry(key: "", lines: [line]))
      } else {
        entries[entries.count - 1].lines.append(line)
      }
    }
    return entries
  }

  static func merge(
    base: [Substring]?, ours: [Substring]?, theirs: [Substring]?, theirsIsLater: Bool
  ) -> (text: String, losers: [[String]]) {
    let fences = ours ?? theirs ?? []
    let opening = fences.first.map(String.init) ?? "---\n"
    let closing = fences.last.map(String.init) ?? "---\n"
    guard let baseEntries = entries(base ?? ["", ""]), let ourEntries = entries(ours ?? ["", ""]),
      let theirEntries = entries(theirs ?? ["", ""])
    else {
      // Not plain keys: merge the lines as lines.
      let lines = { (matter: [Substring]?) in Array((matter ?? []).dropFirst().dropLast()) }
      // A line both changed takes the later side's version, and the other's goes to a callout.
      var text = opening
      var losers: [[String]] = []
      for piece in ChunkMerge.resolve(base: lines(base), ours: lines(ours), theirs: lines(theirs)) {
        switch piece {
        case .line(let line): text += line
        case .clash(let mine, let other):
          text += (theirsIsLater ? other : mine).joined()
          losers.append(theirsIsLater ? mine : other)
        }
      }
      if let last = text.last, last != "\n", last != "\r\n" { text += closing.last == "\r\n" ? "\r\n" : "\n" }
      return (text + closing, losers)
    }
    func find(_ key: String, _ entries: [Entry]) -> [Substring]? { entries.first { $0.key == key }?.lines }
    var losers: [[String]] = []
    var merged: [String: [Substring]] = [:]
    var order = ourEntries.map(\.key)
    var previous: String?
    for entry in theirEntries {
      if !order.contains(entry.key) {
        let at = previous.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? order.count
        order.insert(entry.key, at: at)
      }
      previous = entry.key
    }
    for key in order {
      let (old, mine, other) = (find(key, baseEntries), find(key, ourEntries), find(key, theirEntries))
      if mine == other {
        merged[key] = mine
      } else if old == mine {
        merged[key] = other
      } else if old == other {
        merged[key] = mine
      } else if mine == nil || other == nil {
        // Removed on one side, changed on the other: the change stays.
        merged[key] = mine ?? other
      } else if let mine, let other {
        merged[key] = theirsIsLater ? other : mine
        losers.append((theirsIsLater ? mine : other).map(String.init))
      }
    }
    var text = opening
    for key in order { if let lines = merged[key] { text += lines.joined() } }
    if let last = text.last, last != "\n", last != "\r\n" { text += closing.last == "\r\n" ? "\r\n" : "\n" }
    return (text + closing, losers)
  }
}
