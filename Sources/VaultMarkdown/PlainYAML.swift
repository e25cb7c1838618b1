import VaultCore

/// The plain subset of YAML that Obsidian writes, read without Yams: top-level `key: value`
/// lines whose values are plain or simply quoted scalars, flow lists `[a, b]` and block lists
/// of such scalars. Anything else (comments, nesting, anchors, block scalars, escapes, tabs,
/// multi-line scalars, duplicate keys...) returns `nil`, and Yams reads the text instead.
///
/// Why: Yams (libyaml, then a tree of nodes) was 12% of a cold `vault check`, about 100
/// microseconds per small front matter (docs/PERFORMANCE.md). What this accepts it reads
/// exactly as Yams does, marks included: `PlainYAMLTests` compares the two on every fixture
/// and on thousands of mutations of them.
enum PlainYAML {
  struct Scalar: Equatable {
    var text: String
    /// Not quoted: typed by Obsidian's rules (`YAMLReader`); a quoted scalar is always text.
    var isPlain: Bool
    /// 1-based, in the YAML text; the column counts characters, as Yams's marks do.
    var line: Int
    var column: Int
  }

  enum Value: Equatable {
    case scalar(Scalar)
    case list([Scalar])
  }

  struct Entry: Equatable {
    var key: String
    var line: Int
    var value: Value
  }

  /// The top-level entries in file order, or `nil` when the text is outside the subset.
  static func entries(_ yaml: String) -> [Entry]? {
    var yaml = yaml
    return yaml.withUTF8 { entries(in: $0) }
  }

  private static func entries(in text: UnsafeBufferPointer<UInt8>) -> [Entry]? {
    guard isInSubsetByBytes(text) else { return nil }
    var entries: [Entry] = []
    var keys = Set<String>()
    /// Where a block list under the last key stands, and its items so far: kept aside until
    /// the list ends, since rebuilding the entry's list item by item was quadratic.
    var listIndent: Int?
    var openList: [Scalar]?
    func closeList() {
      if let list = openList { entries[entries.count - 1].value = .list(list) }
      openList = nil
    }
    var lineNumber = 0
    var start = 0
    while start < text.count {
      lineNumber += 1
      var end = start
      while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
      let next = end + 1
      if end > start, text[end - 1] == UInt8(ascii: "\r") { end -= 1 }
      var line = Line(text: text, start: start, end: end, number: lineNumber)
      start = next
      var indent = line.start
      while indent < line.end, text[indent] == UInt8(ascii: " ") { indent += 1 }
      if indent == line.end { continue }
      let isItem =
        text[indent] == UInt8(ascii: "-") && (indent + 1 == line.end || text[indent + 1] == UInt8(ascii: " "))
      if isItem {
        // An item of a block list: only under a key with no value of its own, all at one indentation.
        guard let last = entries.last else { return nil }
        if openList == nil {
          guard case .scalar(let scalar) = last.value, scalar.text.isEmpty, scalar.isPlain, listIndent == nil
          else { return nil }
          openList = []
        } else {
          guard listIndent == indent - line.start else { return nil }
        }
        listIndent = indent - line.start
        let item = line.trimmed(from: indent + 1)
        guard let scalar = item.isEmpty ? line.emptyScalar(at: indent + 1) : line.scalar(item, inFlow: false)
        else { return nil }
        openList?.append(scalar)
        continue
      }
      // Anything else indented continues a scalar or nests a mapping.
      guard indent == line.start else { return nil }
      guard let (key, afterColon) = line.key(), keys.insert(key).inserted else { return nil }
      closeList()
      listIndent = nil
      let value = line.trimmed(from: afterColon)
      let parsed: Value
      if value.isEmpty {
        parsed = .scalar(line.emptyScalar(at: afterColon))
      } else if text[value.lowerBound] == UInt8(ascii: "[") {
        guard let list = line.flowList(value) else { return nil }
        parsed = .list(list)
      } else {
        guard let scalar = line.scalar(value, inFlow: false) else { return nil }
        parsed = .scalar(scalar)
      }
      entries.append(Entry(key: key, line: lineNumber, value: parsed))
    }
    closeList()
    return entries
  }

  /// Refuses, before any line is read, what the subset never holds: comments, tabs, control
  /// characters, a carriage return not before a line feed, and the characters libyaml reads as
  /// line breaks, a byte order mark or unprintable (U+0080-U+009F, U+2028, U+2029, U+FEFF,
  /// U+FFFE, U+FFFF).
  private static func isInSubsetByBytes(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < text.count {
      let byte = text[index]
      switch byte {
      case UInt8(ascii: "#"), UInt8(ascii: "\t"), 0x7F: return false
      case UInt8(ascii: "\r"):
        guard index + 1 < text.count, text[index + 1] == UInt8(ascii: "\n") else { return false }
      case UInt8(ascii: "\n"): break
      case 0..<0x20: return false
      case 0xC2:  // U+0080-U+009F, NEL among them
        if index + 1 < text.count, text[index + 1] < 0xA0 { return false }
      case 0xE2:  // U+2028, U+2029
        if index + 2 < text.count, text[index + 1] == 0x80, text[index + 2] & 0xFE == 0xA8 { return false }
      case 0xEF:  // U+FEFF, U+FFFE, U+FFFF
        if index + 2 < text.count,
          (text[index + 1] == 0xBB && text[index + 2] == 0xBF) || (text[index + 1] == 0xBF && text[index + 2] >= 0xBE)
        {
          return false
        }
      default: break
      }
      index += 1
    }
    return true
  }

  /// One line of the YAML, without its line break.
  private struct Line {
    let text: UnsafeBufferPointer<UInt8>
    let start: Int
    let end: Int
    let number: Int
    /// Columns are asked left to right along the line: counted on, not from its start.
    private var columns: ColumnCounter

    init(text: UnsafeBufferPointer<UInt8>, start: Int, end: Int, number: Int) {
      (self.text, self.start, self.end, self.number) = (text, start, end, number)
      columns = ColumnCounter(text, lineStart: start)
    }

    /// The key at the start of the line and where its value starts, if the key is a plain
    /// word (letters, digits, `_`, `-`, `.`, `/`, inner spaces, any non-ASCII character)
    /// followed by `:` and a space or the end of the line.
    func key() -> (String, Int)? {
      var index = start
      while index < end, text[index] != UInt8(ascii: ":") {
        let byte = text[index]
        let isWordByte =
          byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
          || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
          || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        let isInnerByte =
          index > start
          && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: " "))
        guard isWordByte || isInnerByte else { return nil }
        index += 1
      }
      guard index > start, index < end, text[index - 1] != UInt8(ascii: " ") else { return nil }
      guard index + 1 == end || text[index + 1] == UInt8(ascii: " ") else { return nil }
      return (string(start..<index), index + 1)
    }

    /// `from..<end` without the spaces around it.
    func trimmed(from: Int) -> Range<Int> { trimmed(from..<end) }

    /// A scalar written as `range`: plain, or quoted with nothing to unescape.
    mutating func scalar(_ range: Range<Int>, inFlow: Bool) -> Scalar? {
      let first = text[range.lowerBound]
      let last = text[range.upperBound - 1]
      if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
        guard range.count >= 2, last == first else { return nil }
        let inner = range.lowerBound + 1..<range.upperBound - 1
        for index in inner where text[index] == first || text[index] == UInt8(ascii: "\\") { return nil }
        return Scalar(text: string(inner), isPlain: false, line: number, column: column(of: range.lowerBound))
      }
      // A plain scalar may not start with an indicator (`-` only before a word or number),
      // nor hold `: ` (a mapping), nor end with `:`; in a list `[...]` no `,[]{}:` at all.
      switch first {
      case UInt8(ascii: "-"):
        guard range.count > 1, text[range.lowerBound + 1] != UInt8(ascii: " ") else { return nil }
      case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"),
        UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"),
        UInt8(ascii: "|"), UInt8(ascii: ">"), UInt8(ascii: "%"), UInt8(ascii: "@"), UInt8(ascii: "`"):
        return nil
      default: break
      }
      guard last != UInt8(ascii: ":") else { return nil }
      for index in range {
        switch text[index] {
        case UInt8(ascii: ":"):
          if inFlow || text[index + 1] == UInt8(ascii: " ") { return nil }
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
          if inFlow { return nil }
        default: break
        }
      }
      return Scalar(text: string(range), isPlain: true, line: number, column: column(of: range.lowerBound))
    }

    /// The empty plain scalar of `key:` or `-` with nothing after it, where Yams marks it:
    /// after the indicator and the spaces that follow.
    mutating func emptyScalar(at index: Int) -> Scalar {
      Scalar(text: "", isPlain: true, line: number, column: column(of: index))
    }

    /// `[a, b, "c"]` on one line: scalars without flow indicators, none empty.
    mutating func flowList(_ range: Range<Int>) -> [Scalar]? {
      guard text[range.upperBound - 1] == UInt8(ascii: "]") else { return nil }
      var items: [Scalar] = []
      var itemStart = range.lowerBound + 1
      let close = range.upperBound - 1
      if trimmed(itemStart..<close).isEmpty { return [] }
      while itemStart <= close {
        var itemEnd = itemStart
        while itemEnd < close, text[itemEnd] != UInt8(ascii: ",") { itemEnd += 1 }
        let item = trimmed(itemStart..<itemEnd)
        guard !item.isEmpty, let scalar = self.scalar(item, inFlow: true) else { return nil }
        items.append(scalar)
        itemStart = itemEnd + 1
      }
      return items
    }

    /// `range` without the spaces around it.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
      var lower = range.lowerBound
      var upper = range.upperBound
      while lower < upper, text[lower] == UInt8(ascii: " ") { lower += 1 }
      while upper > lower, text[upper - 1] == UInt8(ascii: " ") { upper -= 1 }
      return lower..<upper
    }

    /// The 1-based column of byte `index`, in characters.
    private mutating func column(of index: Int) -> Int { columns.column(at: index) }

    private func string(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
    }
  }
}
