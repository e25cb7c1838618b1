import VaultCore

/// Finds the front matter: `---` on the first line (after an optional BOM) to the next line
/// that is `---` or `...`, with LF or CRLF line endings; and the byte ranges of its top-level
/// keys, found line by line so that edits can replace exactly one value.
enum FrontMatterSplitter {
  enum Outcome {
    /// The file has no front matter.
    case none
    /// `---` opens it but nothing closes it.
    case unclosed
    case found(FrontMatterLayout, yaml: String, firstLine: Int)
  }

  static func split(_ source: SourceText) -> Outcome {
    guard source.lineCount >= 1, isFence(source, line: 1, allowDots: false) else { return .none }
    for line in 2...max(2, source.lineCount) where line <= source.lineCount {
      guard isFence(source, line: line, allowDots: true) else { continue }
      // A last line "---" without a line ending still closes.
      let contentStart = source.lineStarts[1 < source.lineCount ? 1 : 0]
      let contentEnd = source.lineStarts[line - 1]
      let end = line < source.lineCount ? source.lineStarts[line] : source.bytes.count
      let fence = source.string(source.lineRange(line)).trimmingTrailingSpaces()
      let layout = FrontMatterLayout(
        range: source.lineStarts[0]..<end, contentRange: contentStart..<contentEnd,
        closingFence: fence,
        entries: entries(source, lines: 2..<line), bodyLine: line + 1)
      let yaml = source.string(contentStart..<contentEnd)
      return .found(layout, yaml: yaml, firstLine: 2)
    }
    return .unclosed
  }

  static func isFence(_ source: SourceText, line: Int, allowDots: Bool) -> Bool {
    let text = source.string(source.lineRange(line)).trimmingTrailingSpaces()
    return text == "---" || (allowDots && text == "...")
  }

  /// Top-level keys: lines that start at column 1 with something other than a comment, a
  /// sequence dash or white space, and hold a `:`.
  static func entries(_ source: SourceText, lines: Range<Int>) -> [FrontMatterLayout.Entry] {
    var starts: [(line: Int, key: String, colon: Int)] = []
    for line in lines {
      let range = source.lineRange(line)
      guard let first = range.first.map({ source.bytes[$0] }),
        first != UInt8(ascii: " "), first != UInt8(ascii: "\t"), first != UInt8(ascii: "#"),
        first != UInt8(ascii: "-"), first != UInt8(ascii: "}"), first != UInt8(ascii: "]")
      else { continue }
      guard let (key, colon) = key(in: source.bytes, range) else { continue }
      starts.append((line, key, colon))
    }
    var entries: [FrontMatterLayout.Entry] = []
    for (index, start) in starts.enumerated() {
      var lastLine = (index + 1 < starts.count ? starts[index + 1].line : lines.upperBound) - 1
      while lastLine > start.line && isBlankOrComment(source, line: lastLine) { lastLine -= 1 }
      let lineStart = source.lineStarts[start.line - 1]
      let entryEnd =
        lastLine < source.lineCount ? source.lineStarts[lastLine] : source.bytes.count
      var valueStart = start.colon + 1
      let keyLine = source.lineRange(start.line)
      while valueStart < keyLine.upperBound,
        source.bytes[valueStart] == UInt8(ascii: " ") || source.bytes[valueStart] == UInt8(ascii: "\t")
      {
        valueStart += 1
      }
      var valueEnd: Int
      if lastLine == start.line {
        valueEnd = valueEndOnLine(source.bytes, valueStart..<keyLine.upperBound)
      } else {
        valueEnd = source.lineRange(lastLine).upperBound
        if valueStart == keyLine.upperBound { valueStart = keyLine.upperBound }
      }
      valueEnd = max(valueEnd, valueStart)
      entries.append(
        .init(
          key: start.key, line: start.line, range: lineStart..<entryEnd,
          valueRange: valueStart..<valueEnd))
    }
    return entries
  }

  /// The key and the offset of its `:` on a top-level line.
  static func key(in bytes: [UInt8], _ range: Range<Int>) -> (String, Int)? {
    var index = range.lowerBound
    let first = bytes[index]
    if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
      index += 1
      while index < range.upperBound && bytes[index] != first { index += 1 }
      guard index < range.upperBound else { return nil }
      let key = String(decoding: bytes[(range.lowerBound + 1)..<index], as: UTF8.self)
      index += 1
      while index < range.upperBound && bytes[index] == UInt8(ascii: " ") { index += 1 }
      guard index < range.upperBound, bytes[index] == UInt8(ascii: ":") else { return nil }
      return (key, index)
    }
    while index < range.upperBound {
      if bytes[index] == UInt8(ascii: ":")
        && (index + 1 == range.upperBound || bytes[index + 1] == UInt8(ascii: " ")
          || bytes[index + 1] == UInt8(ascii: "\t"))
      {
        let key = String(decoding: bytes[range.lowerBound..<index], as: UTF8.self)
        return (key.trimmingTrailingSpaces(), index)
      }
      index += 1
    }
    return nil
  }

  /// The end of a one-line value: before a ` # comment` outside quotes and trailing spaces.
  static func valueEndOnLine(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
    var end = range.upperBound
    var quote: UInt8?
    var index = range.lowerBound
    while index < range.upperBound {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        if index == range.lowerBound { quote = byte }
      } else if byte == UInt8(ascii: "#") && index > range.lowerBound
        && (bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t"))
      {
        end = index
        break
      }
      index += 1
    }
    while end > range.lowerBound
      && (bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t"))
    {
      end -= 1
    }
    return end
  }

  static func isBlankOrComment(_ source: SourceText, line: Int) -> Bool {
    let text = source.string(source.lineRange(line)).drop { $0 == " " || $0 == "\t" }
    return text.isEmpty || text.hasPrefix("#")
  }
}

extension String {
  /// On the UTF-8 bytes: `dropLast()` on a substring counts it whole each time, which made a
  /// line of a million spaces take minutes.
  func trimmingTrailingSpaces() -> String {
    var end = utf8.endIndex
    while end > utf8.startIndex {
      let before = utf8.index(before: end)
      guard utf8[before] == UInt8(ascii: " ") || utf8[before] == UInt8(ascii: "\t") else { break }
      end = before
    }
    return String(self[..<end])
  }
}
