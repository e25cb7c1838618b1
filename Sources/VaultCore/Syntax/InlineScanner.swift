#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds tags, wikilinks, embeds and bracketed Dataview fields in one line of Markdown text.
///
/// The caller says which bytes of the line are prose (`scanRange`) and which must be skipped
/// (`masked`: code spans, inline HTML, link destinations, as cmark reports them), so nothing
/// inside code is ever taken for a tag or a link.
public enum InlineScanner {
  /// What one line holds.
  public struct Result: Sendable, Equatable {
    public var tags: [TagOccurrence] = []
    public var links: [Link] = []
    public var fields: [InlineField] = []
  }

  public static func scan(
    line bytes: [UInt8], lineNumber: Int, scanRange: Range<Int>? = nil, masked: [Range<Int>] = []
  ) -> Result {
    bytes.withUnsafeBufferPointer { scan(line: $0, lineNumber: lineNumber, scanRange: scanRange, masked: masked) }
  }

  /// `scan` over a line's bytes where they are, such as in the buffer of the whole file.
  public static func scan(
    line bytes: UnsafeBufferPointer<UInt8>, lineNumber: Int, scanRange: Range<Int>? = nil, masked: [Range<Int>] = []
  ) -> Result {
    var result = Result()
    let range = scanRange.map { $0.clamped(to: 0..<bytes.count) } ?? 0..<bytes.count
    var index = range.lowerBound
    // Every step below is bounded by the bytes it moves past or by a table made in one pass,
    // so a line is scanned in linear time whatever it holds: the masks are asked
    // in increasing order, the columns counted on from the last, the closing brackets of
    // fields found once per line.
    var masks = Masks(masked)
    var columns = ColumnCounter(bytes)
    var closers: Closers?
    var (squareFieldEnd, roundFieldEnd) = (0, 0)
    // Tags and links are not looked for inside a link; fields are, as Dataview finds them
    // wherever a bracket opens (`[[[[hello:: 16]]` holds the field `hello`).
    var linkEnd = 0
    func column(_ offset: Int) -> Int { columns.column(at: offset) }

    while index < range.upperBound {
      let byte = bytes[index]
      if index < linkEnd {
        // Inside a link: only a field may start here.
      } else if byte == UInt8(ascii: "#") {
        let precededBySpace =
          index == range.lowerBound || index == 0
          || UTF8Line.isSpace(UTF8Line.scalar(in: bytes, at: UTF8Line.scalarStart(in: bytes, before: index)).0)
        if precededBySpace, let end = tagEnd(bytes, from: index + 1, limit: range.upperBound),
          !masks.overlap(index..<end)
        {
          let name = string(bytes, (index + 1)..<end)
          result.tags.append(TagOccurrence(name: name, line: lineNumber, column: column(index)))
          index = end
          continue
        }
      } else if byte == UInt8(ascii: "["), index + 1 < range.upperBound,
        bytes[index + 1] == UInt8(ascii: "[")
      {
        if let (link, end) = wikilink(bytes, openAt: index, limit: range.upperBound),
          !masks.overlap((index > 0 && bytes[index - 1] == UInt8(ascii: "!") ? index - 1 : index)..<end)
        {
          let isEmbed = index > range.lowerBound && bytes[index - 1] == UInt8(ascii: "!")
          let start = isEmbed ? index - 1 : index
          var found = link
          found.style = isEmbed ? .embed : .wikilink
          found.line = lineNumber
          found.column = column(start)
          result.links.append(found)
          linkEnd = end
        }
      }
      // A field inside a field of the same bracket is not one: Dataview looks for the next
      // `[` (or `(`) after the end of the field it found (`extractInlineFields`), and so each
      // byte is in at most two values, however deeply fields nest.
      let isSquare = byte == UInt8(ascii: "[")
      if isSquare || byte == UInt8(ascii: "("), index >= (isSquare ? squareFieldEnd : roundFieldEnd) {
        // The text is made only for a field that is kept: making it for one inside code, and
        // then again for each `[` inside that, was quadratic.
        // Only the bracket and key must be prose: a value may hold inline HTML or code, as
        // Dataview reads it from the line's text (`[link:: <a href="Page">Value</a>]`).
        if let (key, value, end) = bracketedField(bytes, openAt: index, range: range, closers: &closers),
          !masks.overlap(index..<key.upperBound)
        {
          result.fields.append(
            InlineField(
              key: string(bytes, key), value: string(bytes, value), line: lineNumber, column: column(index)))
          if isSquare { squareFieldEnd = end } else { roundFieldEnd = end }
          // Keep scanning inside the value: it may hold links and tags.
        }
      }
      index += 1
    }
    return result
  }

  /// The end of a valid tag body starting at `from`, or nil.
  static func tagEnd(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, limit: Int) -> Int? {
    var index = from
    var sawNonDigit = false
    while index < limit {
      let (scalar, length) = UTF8Line.scalar(in: bytes, at: index)
      guard TagSyntax.isTagScalar(scalar) else { break }
      if !("0"..."9").contains(scalar) { sawNonDigit = true }
      index += length
    }
    return index > from && sawNonDigit ? index : nil
  }

  /// `[[target#subpath|alias]]` starting at `openAt`; nil when it does not close on this line.
  static func wikilink(_ bytes: UnsafeBufferPointer<UInt8>, openAt: Int, limit: Int) -> (Link, Int)? {
    var index = openAt + 2
    while index + 1 < limit {
      if bytes[index] == UInt8(ascii: "]") && bytes[index + 1] == UInt8(ascii: "]") { break }
      // `[[[[hello:: 16]]`: no link starts at the first brackets.
      if bytes[index] == UInt8(ascii: "[") { return nil }
      index += 1
    }
    guard index + 1 < limit, let link = wikilink(bytes, inner: (openAt + 2)..<index) else { return nil }
    return (link, index + 2)
  }

  /// Splits the inside of a wikilink into target, subpath and alias.
  public static func parseWikilink(_ inner: String) -> Link? {
    var inner = inner
    return inner.withUTF8 { wikilink($0, inner: 0..<$0.count) }
  }

  /// The inside of a wikilink, split at the first `|` (the alias after it) and then at the first
  /// `#` (the subpath), on the bytes: both are ASCII, as Obsidian splits them.
  static func wikilink(_ bytes: UnsafeBufferPointer<UInt8>, inner: Range<Int>) -> Link? {
    var body = inner
    var alias: String?
    if let bar = firstIndex(of: UInt8(ascii: "|"), in: bytes, body) {
      alias = string(bytes, (bar + 1)..<body.upperBound)
      // In a table cell the bar is escaped, `[[Cards view\|Cards]]`: the backslash is not
      // part of the target, as Obsidian reads it.
      let escaped = bar > body.lowerBound && bytes[bar - 1] == UInt8(ascii: "\\")
      body = body.lowerBound..<(escaped ? bar - 1 : bar)
    }
    var subpath: String?
    if let hash = firstIndex(of: UInt8(ascii: "#"), in: bytes, body) {
      subpath = string(bytes, trimmingSpaces(bytes, (hash + 1)..<body.upperBound))
      body = body.lowerBound..<hash
    }
    let target = trimmingSpaces(bytes, body)
    guard !target.isEmpty || subpath != nil else { return nil }
    return Link(
      target: string(bytes, target), subpath: subpath, alias: alias, style: .wikilink, line: 0, column: 0)
  }

  /// `[key:: value]` or `(key:: value)`: key, value and the end offset. `closers` is made on
  /// the first call that finds a key, and kept for the rest of the line.
  static func bracketedField(
    _ bytes: UnsafeBufferPointer<UInt8>, openAt: Int, range: Range<Int>, closers: inout Closers?
  ) -> (key: Range<Int>, value: Range<Int>, end: Int)? {
    let limit = range.upperBound
    // The key runs to the first "::"; it may not hold brackets or parentheses.
    var index = openAt + 1
    var keyEnd: Int?
    while index + 1 < limit {
      let byte = bytes[index]
      if byte == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: ":") {
        keyEnd = index
        break
      }
      if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "(")
        || byte == UInt8(ascii: ")") || index - openAt > 64
      {
        return nil
      }
      index += 1
    }
    guard let keyEnd else { return nil }
    // Dataview trims the key (`[ key! :: v]` is `key!`); any other character may be in it.
    let key = trimmingSpaces(bytes, (openAt + 1)..<keyEnd)
    guard !key.isEmpty else { return nil }
    // The value runs to the matching closing bracket; nested pairs such as [[links]] count.
    if closers == nil { closers = Closers(bytes, range) }
    guard let close = closers?.close(of: openAt) else { return nil }
    return (key, trimmingSpaces(bytes, (keyEnd + 2)..<close), close + 1)
  }

  /// Where each `[` and `(` of a line closes, counting nested pairs of the same kind, as one
  /// pass with a stack finds them.
  struct Closers {
    private var closeOf: [Int: Int] = [:]

    /// A bracket after a backslash does not count, as in Dataview's `findClosing`
    /// (`[key:: \\[value]` closes at the last `]`); `\\\\` is a backslash.
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
      var squares: [Int] = []
      var rounds: [Int] = []
      var escaped = false
      for index in range {
        if bytes[index] == UInt8(ascii: "\\") {
          escaped.toggle()
          continue
        }
        if escaped {
          escaped = false
          continue
        }
        switch bytes[index] {
        case UInt8(ascii: "["): squares.append(index)
        case UInt8(ascii: "("): rounds.append(index)
        case UInt8(ascii: "]"): if let open = squares.popLast() { closeOf[open] = index }
        case UInt8(ascii: ")"): if let open = rounds.popLast() { closeOf[open] = index }
        default: break
        }
      }
    }

    /// The offset of the bracket that closes the one at `open`, if any.
    func close(of open: Int) -> Int? { closeOf[open] }
  }

  /// The masked spans of a line, merged and sorted, asked about spans that start ever later:
  /// each question moves past the masks that end before it.
  struct Masks {
    private var spans: [Range<Int>]
    private var next = 0

    init(_ masked: [Range<Int>]) {
      var merged: [Range<Int>] = []
      for span in masked.sorted(by: { $0.lowerBound < $1.lowerBound }) where !span.isEmpty {
        if let last = merged.last, span.lowerBound <= last.upperBound {
          merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
        } else {
          merged.append(span)
        }
      }
      spans = merged
    }

    /// Whether `span` overlaps a mask; `span.lowerBound` never goes back between calls.
    mutating func overlap(_ span: Range<Int>) -> Bool {
      while next < spans.count, spans[next].upperBound <= span.lowerBound { next += 1 }
      return next < spans.count && spans[next].lowerBound < span.upperBound
    }
  }

  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }

  static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
    var index = range.lowerBound
    while index < range.upperBound {
      if bytes[index] == byte { return index }
      index += 1
    }
    return nil
  }

  /// `range` without the spaces and tabs at either end.
  static func trimmingSpaces(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
    var (start, end) = (range.lowerBound, range.upperBound)
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    return start..<end
  }

  /// Whether the bytes hold `::`.
  @inlinable
  public static func hasFieldSeparator(_ bytes: some Collection<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == UInt8(ascii: ":") && previous == byte { return true }
      previous = byte
    }
    return false
  }

  /// Whether the bytes hold `::`, looked for with `memchr` (every line of every paragraph is
  /// asked, and a byte loop was 1.5% of the parse).
  public static func hasFieldSeparator(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard var next = bytes.baseAddress else { return false }
    let end = next + bytes.count
    while next < end, let found = memchr(next, Int32(UInt8(ascii: ":")), end - next) {
      let colon = found.assumingMemoryBound(to: UInt8.self)
      if colon + 1 < end, colon[1] == UInt8(ascii: ":") { return true }
      next = UnsafePointer(colon + 1)
    }
    return false
  }

  /// A whole-line Dataview field, `Key:: value` (also `**Key**:: value` and after a list
  /// marker), in the text of one line; nil when the line is not one.
  public static func wholeLineField(_ text: Substring) -> (key: String, value: String)? {
    // Most lines have no `::`; a byte search rules them out before any string work (searching
    // with `firstRange(of:)` was a quarter of a cold parse).
    guard hasFieldSeparator(text.utf8), let separator = text.firstRange(of: "::") else { return nil }
    var key = text[..<separator.lowerBound].trimmingSpaces()
    if key.hasPrefix("- ") || key.hasPrefix("* ") || key.hasPrefix("+ ") {
      key = String(key.dropFirst(2)).trimmingSpaces()
    }
    key = key.trimming("*_")
    guard !key.isEmpty, key.count <= 64,
      !key.contains(where: { "[]()`#:".contains($0) || $0 == "\t" })
    else { return nil }
    let value = text[separator.upperBound...].trimmingSpaces()
    return (key, value)
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  public func trimmingSpaces() -> String {
    trimming(" \t")
  }

  /// The text without leading and trailing characters of `set`, which must be ASCII: the cut
  /// is made on UTF-8 bytes, far cheaper than on scalars (it was 4% of a cold index).
  public func trimming(_ set: StaticString) -> String {
    let trim = UnsafeBufferPointer(start: set.utf8Start, count: set.utf8CodeUnitCount)
    let bytes = Array(utf8)
    var start = 0
    var end = bytes.count
    while start < end, trim.contains(bytes[start]) { start += 1 }
    while end > start, trim.contains(bytes[end - 1]) { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}

extension String {
  /// The text without leading and trailing white space as Foundation's `.whitespaces` has it
  /// (tabs and the Unicode space separators, U+3000 among them), without Foundation's
  /// `CharacterSet`, which costs `vault today` a sixth of a millisecond to set up.
  public func trimmingWhitespace() -> String {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
