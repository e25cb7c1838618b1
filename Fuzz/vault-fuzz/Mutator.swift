import TestSupport

/// A seeded mutation of Markdown files, for `vault-fuzz mutate`: the same seed gives the same
/// inputs, so any failure it reports can be run again.
struct Mutator {
  /// Tokens the scanners and cmark give meaning to: the runs of any of them are what once
  /// made a scanner quadratic.
  static let tokens: [[UInt8]] = [
    "[[", "]]", "![[", "|", "#", "#tag ", "[", "]", "(", ")", "::", "[k:: ", "(k:: ", "`", "``", "*", "**", "_",
    "<", ">", "<b>", "</b>", "- ", "- [ ] ", "  ", "\t", "\n", "\r\n", "\r", "---\n", "```\n", "$", "%%", "==", "~~",
    "📅 ", "⏳ ", "🛫 ", "✅ ", "🔁 every ", "⏫", "🆔 ", "⛔ ", "\u{FE0F}", "\u{0301}", "\u{200D}", "😀", "日本",
    "é", "\u{FFFD}", "{{", "}}", "&a ", "*a ", "? ", ": ", "'", "\"", "\\", "http://", "](a.md)", "^", "%",
  ].map { Array($0.utf8) }

  var random: SeededRandom

  init(seed: UInt64) { random = SeededRandom(seed: seed) }

  /// One mutation of `input`, sometimes several stacked, at most `limit` bytes.
  mutating func mutate(_ input: [UInt8], corpus: [[UInt8]], limit: Int) -> [UInt8] {
    var bytes = input
    for _ in 0...random.below(4) {
      bytes = once(bytes, corpus: corpus)
      if bytes.count > limit { bytes.removeLast(bytes.count - limit) }
    }
    return bytes
  }

  private mutating func once(_ input: [UInt8], corpus: [[UInt8]]) -> [UInt8] {
    var bytes = input
    let at = random.below(bytes.count + 1)
    switch random.below(9) {
    case 0:  // Flip a byte.
      if !bytes.isEmpty { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
    case 1:  // Insert a token.
      bytes.insert(contentsOf: Self.tokens[random.below(Self.tokens.count)], at: at)
    case 2:  // Insert a long run of one token: the quadratic shapes.
      let token = Self.tokens[random.below(Self.tokens.count)]
      let count = [10, 100, 1_000, 10_000, 50_000][random.below(5)]
      var run: [UInt8] = []
      run.reserveCapacity(token.count * count)
      for _ in 0..<count { run += token }
      bytes.insert(contentsOf: run, at: at)
    case 3:  // Delete a span.
      if !bytes.isEmpty {
        let length = min(bytes.count - min(at, bytes.count - 1), 1 + random.below(64))
        let start = min(at, bytes.count - 1)
        bytes.removeSubrange(start..<(start + length))
      }
    case 4:  // Repeat a span many times.
      if !bytes.isEmpty {
        let start = min(at, bytes.count - 1)
        let span = Array(bytes[start..<min(bytes.count, start + 1 + random.below(32))])
        let count = [2, 10, 100, 1_000, 10_000][random.below(5)]
        var run: [UInt8] = []
        for _ in 0..<count { run += span }
        bytes.insert(contentsOf: run, at: start)
      }
    case 5:  // Splice in part of another file.
      let other = corpus[random.below(corpus.count)]
      if !other.isEmpty {
        let start = random.below(other.count)
        bytes.insert(contentsOf: other[start..<min(other.count, start + 1 + random.below(512))], at: at)
      }
    case 6:  // Join lines: remove every newline of a stretch.
      let end = min(bytes.count, at + random.below(4_096))
      bytes.replaceSubrange(at..<end, with: bytes[at..<end].filter { $0 != UInt8(ascii: "\n") })
    case 7:  // Indent a stretch deeper and deeper.
      var result = Array(bytes[..<at])
      var depth = 0
      for byte in bytes[at...] {
        result.append(byte)
        if byte == UInt8(ascii: "\n") {
          depth += 1
          result += [UInt8](repeating: UInt8(ascii: " "), count: min(depth * 2, 400))
        }
      }
      bytes = result
    default:  // A random byte.
      bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
    }
    return bytes
  }
}
