/// Caps how deep lists and block quotes nest before cmark sees a body.
///
/// cmark checks every node it appends against all of its ancestors (libcmark 0.30's
/// `S_can_contain`), so a paragraph of many inline nodes inside thousands of nested lists or
/// quotes (`- - - - … *a* *b* …`, `> > > … `) takes time in depth × nodes: a 200 KB line took
/// seconds, found by `make fuzz`. A container opens only with a marker in a line's
/// prefix, and each one takes at least a column of it, so no container is deeper than the
/// widest prefix of markers and indentation. Past `maxColumns` of such a prefix, the markers are
/// turned into spaces, byte for byte, so every offset, line and column stays where it was.
enum NestingCap {
  /// 32 levels of tab-indented lists, 64 of two-space ones, 128 quotes: far past what notes hold.
  static let maxColumns = 128

  /// The body with markers past `maxColumns` of a line's container prefix blanked, and the
  /// body's 1-based lines where that happened; the body itself when no line goes that deep.
  static func capped(_ body: ArraySlice<UInt8>) -> (body: ArraySlice<UInt8>, lines: [Int]) {
    var cut: [(line: Int, range: Range<Int>)] = []
    var line = 1
    var start = body.startIndex
    while start < body.endIndex {
      // Lines end as cmark ends them: LF, CR LF or a lone CR.
      var end = start
      while end < body.endIndex, body[end] != UInt8(ascii: "\n"), body[end] != UInt8(ascii: "\r") { end += 1 }
      if let range = markersPastCap(body, start..<end) { cut.append((line, range)) }
      start = end + 1
      if end < body.endIndex, body[end] == UInt8(ascii: "\r"), start < body.endIndex, body[start] == UInt8(ascii: "\n")
      {
        start += 1
      }
      line += 1
    }
    guard !cut.isEmpty else { return (body, []) }
    var copy = body
    for (_, range) in cut {
      for index in range where copy[index] != UInt8(ascii: " ") { copy[index] = UInt8(ascii: " ") }
    }
    return (copy, cut.map(\.line))
  }

  /// The bytes of the line's container prefix (indentation, `>`, list markers) that stand past
  /// `maxColumns`, if the prefix reaches that far.
  static func markersPastCap(_ bytes: ArraySlice<UInt8>, _ line: Range<Int>) -> Range<Int>? {
    var index = line.lowerBound
    var column = 0
    var capAt: Int?
    func advance(_ byte: UInt8) {
      column = byte == UInt8(ascii: "\t") ? (column / 4 + 1) * 4 : column + 1
      index += 1
      if capAt == nil, column > maxColumns { capAt = index - 1 }
    }
    func isSpace(_ at: Int) -> Bool {
      at >= line.upperBound || bytes[at] == UInt8(ascii: " ") || bytes[at] == UInt8(ascii: "\t")
        || bytes[at] == UInt8(ascii: "\r")
    }
    while index < line.upperBound {
      let byte = bytes[index]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">") {
        advance(byte)
      } else if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+"),
        isSpace(index + 1)
      {
        advance(byte)
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        // An ordered marker: one to nine digits, then `.` or `)`, then a space.
        var end = index
        while end < line.upperBound, end - index < 10, bytes[end] >= UInt8(ascii: "0"), bytes[end] <= UInt8(ascii: "9")
        {
          end += 1
        }
        guard end - index <= 9, end < line.upperBound,
          bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")"), isSpace(end + 1)
        else { break }
        while index <= end { advance(bytes[index]) }
      } else {
        break
      }
    }
    guard let capAt else { return nil }
    return capAt..<index
  }
}
