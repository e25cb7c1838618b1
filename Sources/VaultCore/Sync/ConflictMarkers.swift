/// git's conflict markers in a note — left by a plain `git pull` in a clone without the merge
/// driver — turned into what `vault sync` writes instead: each task and line merged where it can
/// be, and what both sides changed differently kept in a `> [!conflict]` callout.
///
/// ```
/// <<<<<<< HEAD
/// - [x] Renew passport 📅 2026-12-05
/// ||||||| base          (with merge.conflictStyle diff3 or zdiff3)
/// - [ ] Renew passport 📅 2026-12-01
/// =======
/// - [ ] Renew passport 📅 2026-12-03
/// >>>>>>> origin/main
/// ```
public enum ConflictMarkers {
  /// The lines of git's marker kinds.
  enum Marker {
    case start(label: String), base, middle, end(label: String)
  }

  static func marker(_ line: Substring) -> Marker? {
    var text = line
    while let last = text.last, last == "\n" || last == "\r\n" { text = text.dropLast() }
    func label(after prefix: String) -> String? {
      guard text.hasPrefix(prefix) else { return nil }
      let rest = text.dropFirst(prefix.count)
      guard rest.isEmpty || rest.first == " " else { return nil }
      return String(rest.drop { $0 == " " })
    }
    if let label = label(after: "<<<<<<<") { return .start(label: label) }
    if label(after: "|||||||") != nil { return .base }
    if text == "=======" { return .middle }
    if let label = label(after: ">>>>>>>") { return .end(label: label) }
    return nil
  }

  /// Whether `text` holds a whole conflict (a start, a middle and an end marker, in order).
  public static func contains(_ text: String) -> Bool {
    guard text.contains("<<<<<<<") else { return false }
    return !blocks(ThreeWayLines.lines(text[...])).isEmpty
  }

  struct Block {
    var range: Range<Int>
    var oursLabel: String
    var theirsLabel: String
    var ours: [Substring]
    var base: [Substring]?
    var theirs: [Substring]
  }

  static func blocks(_ lines: [Substring]) -> [Block] {
    var blocks: [Block] = []
    var index = 0
    while index < lines.count {
      guard case .start(let oursLabel) = marker(lines[index]) else {
        index += 1
        continue
      }
      var ours: [Substring] = []
      var base: [Substring]?
      var theirs: [Substring] = []
      var part = 0  // 0 ours, 1 base, 2 theirs
      var end: Int?
      var theirsLabel = ""
      var cursor = index + 1
      scan: while cursor < lines.count {
        switch marker(lines[cursor]) {
        case .start: break scan
        case .base where part == 0:
          part = 1
          base = []
        case .middle where part < 2: part = 2
        case .end(let label) where part == 2:
          end = cursor
          theirsLabel = label
          break scan
        default:
          switch part {
          case 0: ours.append(lines[cursor])
          case 1: base?.append(lines[cursor])
          default: theirs.append(lines[cursor])
          }
        }
        cursor += 1
      }
      guard let end else {
        index = cursor
        continue
      }
      blocks.append(
        Block(
          range: index..<(end + 1), oursLabel: oursLabel, theirsLabel: theirsLabel, ours: ours, base: base,
          theirs: theirs))
      index = end + 1
    }
    return blocks
  }

  /// The note with each conflict resolved: with git's base (diff3 style) merged as `vault sync`
  /// merges; without it, ours stays and each line of theirs that ours lacks goes in a callout.
  /// Nil when the note has no whole conflict.
  public static func resolve(_ text: String) -> (text: String, callouts: Int)? {
    let lines = ThreeWayLines.lines(text[...])
    let found = blocks(lines)
    guard !found.isEmpty else { return nil }
    let ending = ThreeWayLines.hasCRLF(text) ? "\r\n" : "\n"
    var result = ""
    var callouts = 0
    var next = 0
    for block in found {
      result += lines[next..<block.range.lowerBound].joined()
      next = block.range.upperBound
      let them = NoteMerge.Side(
        name: block.theirsLabel.isEmpty ? "the other side" : block.theirsLabel, time: "git merge")
      let us = NoteMerge.Side(name: block.oursLabel.isEmpty ? "this side" : block.oursLabel, time: "git merge")
      let pieces: [ChunkMerge.Piece]
      if let base = block.base {
        pieces = BodyMerge.pieces(base: base, ours: block.ours, theirs: block.theirs)
      } else {
        var left = block.ours.reduce(into: [Substring: Int]()) { $0[$1, default: 0] += 1 }
        var only: [String] = []
        for line in block.theirs {
          if let count = left[line], count > 0 { left[line] = count - 1 } else { only.append(String(line)) }
        }
        pieces = block.ours.map { .line(String($0)) } + (only.isEmpty ? [] : [.clash(ours: [], theirs: only)])
      }
      var endsInCallout = false
      for piece in pieces {
        endsInCallout = false
        switch piece {
        case .line(let line): result += line
        case .clash(let ours, let theirs):
          endsInCallout = true
          result += ours.joined()
          if let last = result.last, last != "\n", last != "\r\n", !result.isEmpty { result += ending }
          result += NoteMerge.callout(from: them, inPlace: us, lines: theirs, ending: ending)
          callouts += 1
        }
      }
      // A paragraph line right after a callout would be read as part of it.
      if endsInCallout, let following = lines[next...].first,
        !ChunkMerge.isListItemOrBlank(following), !following.hasPrefix("#"), !following.hasPrefix(">")
      {
        result += ending
      }
    }
    result += lines[next...].joined()
    return (result, callouts)
  }
}
