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
    let ending = ThreeWayLines.hasCRLF(ours) ? "\r\n" : "\n"
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
        let (side, winner) = theirsIsLater ? (us, them) : (them, us)
        propertyCallouts.append(callout(from: side, inPlace: winner, lines: loser, ending: ending))
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
    let pieces = BodyMerge.pieces(
      base: ThreeWayLines.lines(baseBody), ours: ThreeWayLines.lines(ourBody), theirs: ThreeWayLines.lines(theirBody))
    for (index, piece) in pieces.enumerated() {
      switch piece {
      case .line(let line):
        body += line
        // A task that was the last line, without a line break, and now has lines after it.
        if index + 1 < pieces.count, let last = line.last, last != "\n", last != "\r\n" { body += ending }
      case .clash(let ours, let theirs):
        body += ours.joined()
        if let last = body.last, last != "\n", last != "\r\n" { body += ending }
        conflictLineOffsets.append(lineCount(body))
        body += callout(from: them, inPlace: us, lines: theirs, ending: ending)
        // A paragraph line right after the callout would be read as part of it.
        if let next = pieces[(index + 1)...].lazy.compactMap(\.firstLine).first,
          !ChunkMerge.isListItemOrBlank(next[...]), !next.hasPrefix("#"), !next.hasPrefix(">")
        {
          body += ending
        }
      }
    }
    let headLines = lineCount(head)
    return Result(text: head + body, conflictLines: conflictLineOffsets.map { headLines + $0 + 1 })
  }

  /// The callout that keeps one side's lines, naming whose version stays in place:
  /// `> [!conflict] From phone (2026-11-25 09:10); in place: laptop's`. With no lines, that side
  /// removed what stays in place.
  static func callout(from side: Side, inPlace other: Side, lines: [String], ending: String) -> String {
    let title =
      "\(calloutMarker) From \(side.name) (\(side.time))" + (lines.isEmpty ? ": removed the lines above" : "")
      + "; in place: \(other.name)'s"
    return ([title] + lines.map { "> " + trimmingEnding($0) }).map { $0 + ending }.joined()
  }

  /// Who a callout's title names: the side whose version the callout holds, and the side whose
  /// version stays in place (nil in callouts written before the title named it).
  public static func calloutSides(_ title: Substring) -> (from: String, inPlace: String?)? {
    var rest = title.drop { $0 == " " || $0 == ">" }
    guard rest.hasPrefix("[!conflict] From ") else { return nil }
    rest = rest.dropFirst("[!conflict] From ".count)
    guard let open = rest.firstRange(of: " (") else { return nil }
    let from = String(rest[..<open.lowerBound])
    var inPlace: String?
    if let marker = rest.ranges(of: "; in place: ").last {
      var name = rest[marker.upperBound...]
      while let last = name.last, last == "\n" || last == "\r\n" || last == " " { name = name.dropLast() }
      if name.hasSuffix("'s") { inPlace = String(name.dropLast(2)) }
    }
    return (from, inPlace)
  }

  private static func trimmingEnding(_ line: String) -> String {
    var line = line
    while line.hasSuffix("\n") || line.hasSuffix("\r\n") { line.removeLast() }
    return line
  }

  private static func lineCount(_ text: String) -> Int { text.reduce(0) { $0 + ($1 == "\n" || $1 == "\r\n" ? 1 : 0) } }
}
