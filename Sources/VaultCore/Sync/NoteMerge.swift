/// The three-way merge of a note by what a planner writes in it, for `vault-merge-driver`.
///
/// Front matter merges key by key; the body by lines, where a stretch both sides changed is
/// resolved by meaning (`ChunkMerge`: tasks part by part, entries all kept in time order). What
/// both sides really changed differently never becomes conflict markers: ours stays in place and
/// theirs follows in an Obsidian callout, `> [!conflict] From phone (2026-11-25 08:30)`, which
/// `vault check` lists. A property changed on both sides takes the later commit's value; the
/// other value goes in such a callout at the top of the body.
public enum NoteMerge {
  /// Who wrote one side, for the callout.
  public struct Side: Sendable, Equatable {
    /// The machine (or person) that made the change.
    public var name: String
    /// When, as shown: `2026-11-25 08:30`.
    public var time: String
    public init(name: String, time: String) {
      self.name = name
      self.time = time
    }
  }

  public struct Result: Equatable, Sendable {
    public var text: String
    /// 1-based lines of the conflict callouts the merge wrote.
    public var conflictLines: [Int]
  }

  /// The callout's first words, as `vault check` finds them.
  public static let calloutMarker = "> [!conflict]"

  /// Merges `ours` and `theirs`, both changed from `base`. `theirsIsLater` says whose property
  /// value wins when both changed one.
  public static func merge(
    base: String, ours: String, theirs: String, us: Side, them: Side, theirsIsLater: Bool
  ) -> Result {
    let ending = ours.contains("\r\n") ? "\r\n" : "\n"
    let (baseMatter, baseBody) = FrontMatterMerge.split(base[...])
    let (ourMatter, ourBody) = FrontMatterMerge.split(ours[...])
    let (theirMatter, theirBody) = FrontMatterMerge.split(theirs[...])
    var head = ""
    var propertyCallouts: [String] = []
    if ourMatter != nil || theirMatter != nil {
      let merged = FrontMatterMerge.merge(
        base: baseMatter, ours: ourMatter, theirs: theirMatter, theirsIsLater: theirsIsLater)
      head = merged.text
      for loser in merged.losers {
        let side = theirsIsLater ? us : them
        propertyCallouts.append(callout(side: side, lines: loser, ending: ending, removed: false))
      }
    }
    var body = ""
    var conflictLineOffsets: [Int] = []
    if !propertyCallouts.isEmpty {
      // Property conflicts open the body, after a blank line of their own.
      for text in propertyCallouts {
        conflictLineOffsets.append(lineCount(body))
        body += text
      }
      body += ending
    }
    let chunks = ThreeWayLines.chunks(
      base: ThreeWayLines.lines(baseBody), ours: ThreeWayLines.lines(ourBody), theirs: ThreeWayLines.lines(theirBody))
    for (index, chunk) in chunks.enumerated() {
      switch chunk {
      case .stable(let lines): body += lines.joined()
      case .changed(let base, let ours, let theirs):
        switch ChunkMerge.resolve(base: base, ours: ours, theirs: theirs) {
        case .merged(let lines): body += lines.joined()
        case .conflict(let ours, let theirs):
          body += ours.joined()
          if let last = body.last, last != "\n", last != "\r\n" { body += ending }
          conflictLineOffsets.append(lineCount(body))
          body += callout(side: them, lines: theirs, ending: ending, removed: theirs.isEmpty)
          // A paragraph line right after the callout would be read as part of it.
          if let next = following(chunks, after: index), !ChunkMerge.isListItemOrBlank(next[...]),
            !next.hasPrefix("#"), !next.hasPrefix(">")
          {
            body += ending
          }
        }
      }
    }
    let headLines = lineCount(head)
    return Result(text: head + body, conflictLines: conflictLineOffsets.map { headLines + $0 + 1 })
  }

  /// The callout that keeps the other side's lines.
  static func callout(side: Side, lines: [String], ending: String, removed: Bool) -> String {
    let title = "\(calloutMarker) From \(side.name) (\(side.time))" + (removed ? ": removed the lines above" : "")
    return ([title] + lines.map { "> " + trimmingEnding($0) }).map { $0 + ending }.joined()
  }

  private static func trimmingEnding(_ line: String) -> String {
    var line = line
    while line.hasSuffix("\n") || line.hasSuffix("\r\n") { line.removeLast() }
    return line
  }

  private static func lineCount(_ text: String) -> Int { text.reduce(0) { $0 + ($1 == "\n" || $1 == "\r\n" ? 1 : 0) } }

  /// The first line after chunk `index`.
  private static func following(_ chunks: [ThreeWayLines.Chunk], after index: Int) -> String? {
    for chunk in chunks[(index + 1)...] {
      switch chunk {
      case .stable(let lines): if let first = lines.first { return String(first) }
      case .changed(_, let ours, _): if let first = ours.first { return String(first) }
      }
    }
    return nil
  }
}
