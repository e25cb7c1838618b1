/// Where the front matter and each of its top-level keys stand in the file's bytes, so that an
/// edit replaces one value's span or inserts one line and leaves every other byte alone.
public struct FrontMatterLayout: Hashable, Sendable {
  /// From the opening `---` to the end of the closing fence line, line ending included.
  public var range: Range<Int>
  /// The YAML between the fences.
  public var contentRange: Range<Int>
  /// The closing fence as written: `---` or `...`.
  public var closingFence: String
  public var entries: [Entry]
  /// The 1-based file line after the closing fence, where the body starts.
  public var bodyLine: Int

  public init(range: Range<Int>, contentRange: Range<Int>, closingFence: String, entries: [Entry], bodyLine: Int) {
    self.range = range
    self.contentRange = contentRange
    self.closingFence = closingFence
    self.entries = entries
    self.bodyLine = bodyLine
  }

  /// One top-level key.
  public struct Entry: Hashable, Sendable {
    public var key: String
    /// 1-based file line of the key.
    public var line: Int
    /// From the start of the key's line to the end of its last value line, line ending
    /// included; trailing blank and comment lines are not part of it.
    public var range: Range<Int>
    /// The value: from after `key:` and its spaces to the end of the value, trailing comment
    /// and line ending excluded. Empty when the key has no value.
    public var valueRange: Range<Int>

    public init(key: String, line: Int, range: Range<Int>, valueRange: Range<Int>) {
      self.key = key
      self.line = line
      self.range = range
      self.valueRange = valueRange
    }
  }
}

/// How a file is written, so that what vault writes back matches it.
public struct TextEncoding: Hashable, Sendable, Codable {
  public enum LineEnding: String, Sendable, Codable {
    case lf, crlf

    /// The ending of the first line of `bytes` that has one (CRLF or LF); LF when none has.
    public static func first(in bytes: [UInt8]) -> LineEnding {
      guard let newline = bytes.firstIndex(of: 10) else { return .lf }
      return newline > 0 && bytes[newline - 1] == 13 ? .crlf : .lf
    }
  }

  public var hasBOM: Bool
  /// The line ending of the first line that has one; LF for a file without any.
  public var lineEnding: LineEnding

  public init(hasBOM: Bool = false, lineEnding: LineEnding = .lf) {
    self.hasBOM = hasBOM
    self.lineEnding = lineEnding
  }
}
