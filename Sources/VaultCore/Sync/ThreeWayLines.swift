/// A three-way comparison of lines, as diff3 makes it: the lines both sides kept from the base
/// are stable; between two stable lines each side either kept the base's lines, or changed them.
///
/// Matching comes from the standard library's Myers difference (`CollectionDifference`), run
/// once per side against the base.
enum ThreeWayLines {
  /// A stretch of the three versions between stable lines.
  enum Chunk: Equatable {
    /// Lines all three versions share.
    case stable([Substring])
    /// The base's lines, and what each side has in their place.
    case changed(base: [Substring], ours: [Substring], theirs: [Substring])
  }

  static func chunks(base: [Substring], ours: [Substring], theirs: [Substring]) -> [Chunk] {
    let inOurs = matches(of: base, in: ours)
    let inTheirs = matches(of: base, in: theirs)
    var chunks: [Chunk] = []
    var (b, o, t) = (0, 0, 0)
    var stable: [Substring] = []
    func flushStable() {
      if !stable.isEmpty { chunks.append(.stable(stable)) }
      stable = []
    }
    for index in base.indices {
      guard let oursIndex = inOurs[index], let theirsIndex = inTheirs[index] else { continue }
      if b < index || o < oursIndex || t < theirsIndex {
        flushStable()
        chunks.append(
          .changed(
            base: Array(base[b..<index]), ours: Array(ours[o..<oursIndex]), theirs: Array(theirs[t..<theirsIndex])))
      }
      stable.append(base[index])
      (b, o, t) = (index + 1, oursIndex + 1, theirsIndex + 1)
    }
    if b < base.count || o < ours.count || t < theirs.count {
      flushStable()
      chunks.append(.changed(base: Array(base[b...]), ours: Array(ours[o...]), theirs: Array(theirs[t...])))
    }
    flushStable()
    return chunks
  }

  /// For each line of `base`, where it stands in `side` when the side kept it.
  static func matches(of base: [Substring], in side: [Substring]) -> [Int?] {
    let difference = side.difference(from: base)
    var removed = Set<Int>()
    var inserted = Set<Int>()
    for change in difference {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    var result = [Int?](repeating: nil, count: base.count)
    var sideIndex = 0
    for index in base.indices where !removed.contains(index) {
      while inserted.contains(sideIndex) { sideIndex += 1 }
      result[index] = sideIndex
      sideIndex += 1
    }
    return result
  }

  /// Whether `text` has a CRLF line ending, by its bytes (`contains("\r\n")` went through
  /// Foundation's `range(of:)`, which bridged a whole note to an NSString: a tenth of a merge).
  static func hasCRLF(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: "\n"), previous == UInt8(ascii: "\r") { return true }
      previous = byte
    }
    return false
  }

  /// `text` cut into lines, each with its line ending; the last one may have none. Found in its
  /// UTF-8 bytes: walking Characters was a fifth of a merge's time.
  static func lines(_ text: Substring) -> [Substring] {
    var copy = text
    // The offsets after each line break, found in the contiguous bytes.
    let ends: [Int] = copy.withUTF8 { bytes in
      var ends: [Int] = []
      for index in 0..<bytes.count where bytes[index] == UInt8(ascii: "\n") { ends.append(index + 1) }
      return ends
    }
    var lines: [Substring] = []
    lines.reserveCapacity(ends.count + 1)
    let utf8 = text.utf8
    var start = utf8.startIndex
    var offset = 0
    for end in ends {
      let next = utf8.index(start, offsetBy: end - offset)
      lines.append(text[start..<next])
      (start, offset) = (next, end)
    }
    if start < utf8.endIndex { lines.append(text[start...]) }
    return lines
  }
}
