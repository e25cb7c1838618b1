/// Setting and removing one property in a note's bytes without re-serialising anything: a
/// value replaces the old value's span, a new key is one inserted line, a removed key takes its
/// lines with it. Key order, quoting, comments, indentation, the line ending and the BOM stay.
public enum FrontMatterEditor {
  /// The bytes with `key` set to `yaml` (a YAML value as `PropertyWriter` writes it). A list
  /// (`items`, each a YAML scalar, with `yaml` its flow form) replacing a block list stays a
  /// block list, with the old list's indentation.
  public static func set(
    _ key: String, to yaml: String, items: [String]? = nil, in bytes: [UInt8], layout: FrontMatterLayout?,
    encoding: TextEncoding
  ) -> [UInt8] {
    let newline: [UInt8] = encoding.lineEnding == .crlf ? [13, 10] : [10]
    let line = Array("\(key): \(yaml)".utf8)
    guard let layout else {
      // No front matter yet: one goes first, after a BOM.
      let start = encoding.hasBOM ? 3 : 0
      let block = Array("---".utf8) + newline + line + newline + Array("---".utf8) + newline
      return Array(bytes[..<start]) + block + Array(bytes[start...])
    }
    if let entry = layout.entries.first(where: { $0.key == key }) {
      let keyLineEnd = lineEnd(in: bytes, from: entry.range.lowerBound)
      if entry.valueRange.upperBound <= keyLineEnd && entry.valueRange.lowerBound < entry.valueRange.upperBound {
        // A value on the key's line: only its span changes (a trailing comment stays).
        return Array(bytes[..<entry.valueRange.lowerBound]) + Array(yaml.utf8)
          + Array(bytes[entry.valueRange.upperBound...])
      }
      var entryEnd = entry.range.upperBound
      let ending = entryEnd > entry.range.lowerBound && bytes[entryEnd - 1] == 10
      if ending { entryEnd -= bytes[entryEnd - 2] == 13 ? 2 : 1 }
      if let items, !items.isEmpty, let marker = blockListMarker(in: bytes, after: keyLineEnd, before: entryEnd) {
        // A block list: the same list form, items one per line, the key's line as it was.
        var block: [UInt8] = []
        for item in items { block += newline + marker + Array(item.utf8) }
        return Array(bytes[..<keyLineEnd]) + block + Array(bytes[entryEnd...])
      }
      // An empty value, or another block: the entry becomes one line.
      return Array(bytes[..<entry.range.lowerBound]) + line + Array(bytes[entryEnd...])
    }
    // A new key: the last line of the front matter.
    var insertAt = layout.contentRange.upperBound
    var prefix: [UInt8] = []
    if insertAt > layout.contentRange.lowerBound, bytes[insertAt - 1] != 10 { prefix = newline }
    if layout.contentRange.isEmpty { insertAt = layout.contentRange.lowerBound }
    return Array(bytes[..<insertAt]) + prefix + line + newline + Array(bytes[insertAt...])
  }

  /// The bytes without `key` (its lines, line endings included); unchanged when it is absent.
  public static func remove(_ key: String, in bytes: [UInt8], layout: FrontMatterLayout?) -> [UInt8] {
    guard let entry = layout?.entries.first(where: { $0.key == key }) else { return bytes }
    return Array(bytes[..<entry.range.lowerBound]) + Array(bytes[entry.range.upperBound...])
  }

  /// The YAML construct in front matter `yaml` that an edit of its bytes may break, named for
  /// the user, if it has one: anchors and aliases, `? key`, JSON-style or indented front
  /// matter, flow collections or quoted values over several lines, tags.
  public static func unsafeConstruct(in yaml: [UInt8]) -> String? {
    let lines = String(decoding: yaml, as: UTF8.self).split(omittingEmptySubsequences: true) {
      $0 == "\n" || $0 == "\r" || $0 == "\r\n"
    }
    let content = lines.filter {
      let trimmed = $0.drop { $0 == " " || $0 == "\t" }
      return !trimmed.isEmpty && !trimmed.hasPrefix("#")
    }
    guard let first = content.first else { return nil }
    let firstTrimmed = first.drop { $0 == " " || $0 == "\t" }
    if firstTrimmed.hasPrefix("{") { return "JSON-style front matter" }
    if firstTrimmed.count != first.count { return "indented keys" }
    for line in content {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      if trimmed.hasPrefix("? ") || trimmed == "?" { return "a complex key (? key)" }
      let afterKey: Substring
      if let colon = line.firstRange(of: ": ") {
        afterKey = line[colon.upperBound...]
      } else {
        afterKey = trimmed.hasPrefix("- ") ? trimmed.dropFirst(2) : ""
      }
      let value = afterKey.drop { $0 == " " }
      // This only names what failed the check after an edit, so a rough look is enough.
      let anchorPlaces = ["[&", "[*", ", &", ", *", "- &", "- *"]
      if value.hasPrefix("&") || value.hasPrefix("*") || anchorPlaces.contains(where: { line.contains($0) }) {
        return "anchors and aliases (&name, *name)"
      }
      if value.hasPrefix("!") { return "YAML tags (!!type)" }
      if let open = value.first, open == "[" || open == "{" {
        let close: Character = open == "[" ? "]" : "}"
        if value.count(where: { $0 == open }) > value.count(where: { $0 == close }) {
          return "a flow list or mapping over several lines"
        }
      }
      if let quote = value.first, quote == "\"" || quote == "'" {
        let rest = value.dropFirst()
        if !rest.contains(quote) { return "a quoted value over several lines" }
      }
    }
    return nil
  }

  /// `  - ` (as written, indentation included) when the lines from `start` to `end` are a
  /// block list's items; nil for any other block.
  private static func blockListMarker(in bytes: [UInt8], after start: Int, before end: Int) -> [UInt8]? {
    var index = start
    if index < end, bytes[index] == 13 { index += 1 }
    if index < end, bytes[index] == 10 { index += 1 }
    let lineStart = index
    while index < end, bytes[index] == 32 { index += 1 }
    guard index + 1 < end, bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == 32 else { return nil }
    var markerEnd = index + 1
    while markerEnd < end, bytes[markerEnd] == 32 { markerEnd += 1 }
    return Array(bytes[lineStart..<markerEnd])
  }

  private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int {
    var index = start
    while index < bytes.count, bytes[index] != 10, bytes[index] != 13 { index += 1 }
    return index
  }
}

/// Property values written as YAML that reads back with the intended type, in the form
/// Obsidian writes: plain when YAML would read the text as text, quoted otherwise; lists
/// in flow style `[a, b]`.
public enum PropertyWriter {
  public enum Problem: Error, Equatable, CustomStringConvertible {
    case notANumber(String)
    case notACheckbox(String)
    case notADate(String)
    case notADateTime(String)

    public var description: String {
      switch self {
      case .notANumber(let text): return "'\(text)' is not a number"
      case .notACheckbox(let text): return "'\(text)' is not a checkbox value: use true or false"
      case .notADate(let text): return "'\(text)' is not a date such as 2026-12-05"
      case .notADateTime(let text): return "'\(text)' is not a date and time such as 2026-12-05T19:30"
      }
    }
  }

  /// `value` as YAML for a property of `type`.
  public static func yaml(_ value: String, as type: PropertyType) -> Result<String, Problem> {
    let text = value.trimmingSpaces()
    switch type {
    case .number:
      guard let number = Double(text), number.isFinite else { return .failure(.notANumber(text)) }
      return .success(number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number))
    case .checkbox:
      switch text.lowercased() {
      case "true", "yes", "on", "1": return .success("true")
      case "false", "no", "off", "0": return .success("false")
      default: return .failure(.notACheckbox(text))
      }
    case .date:
      guard DateParsing.validDate(text) != nil else { return .failure(.notADate(text)) }
      return .success(text)
    case .datetime:
      // A date alone is a fine value of a date & time property, as Obsidian reads it.
      if DateParsing.validDate(text) != nil { return .success(text) }
      guard case .value = DateParsing.dateTime(text) else { return .failure(.notADateTime(text)) }
      return .success(text)
    case .multitext, .tags, .aliases:
      return .success("[" + items(text, as: type).joined(separator: ", ") + "]")
    default:
      return .success(scalar(text))
    }
  }

  /// The comma-separated items of `value` as YAML scalars, for a list property of `type`
  /// (a tag without its `#`).
  public static func items(_ value: String, as type: PropertyType) -> [String] {
    value.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
      .map { scalar(type == .tags && $0.hasPrefix("#") ? String($0.dropFirst()) : $0) }
  }

  /// The type a value typed on the command line has when nothing declares one.
  public static func inferredType(of value: String) -> PropertyType {
    let text = value.trimmingSpaces()
    if Double(text) != nil { return .number }
    if ["true", "false"].contains(text.lowercased()) { return .checkbox }
    // Shaped like a date or a date and time, it is one, or an error (`2026-02-30`): never text
    // that `vault check` then reports as an impossible date.
    if case .notADate = DateParsing.date(text) {} else { return .date }
    if case .notADate = DateParsing.dateTime(text) {} else { return .datetime }
    return .text
  }

  /// Text as a YAML scalar: plain when YAML reads it back as the same text, else double-quoted
  /// with every character YAML would not keep as it is (line breaks, tabs, control characters,
  /// NEL, the line and paragraph separators, a BOM) escaped, so it reads back identical.
  public static func scalar(_ text: String) -> String {
    let reserved: Set<Character> = [
      "-", "?", ":", ",", "[", "]", "{", "}", "#", "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`",
    ]
    let specialWords: Set<String> = ["true", "false", "yes", "no", "on", "off", "null", "~", "y", "n"]
    let needsQuotes =
      text.isEmpty || reserved.contains(text.first ?? " ") || text.first?.isWhitespace == true
      || text.last?.isWhitespace == true || text.contains(": ") || text.contains(" #") || text.hasSuffix(":")
      || specialWords.contains(text.lowercased()) || Double(text) != nil || DateParsing.validDate(text) != nil
      || text.unicodeScalars.contains(where: needsEscape)
    guard needsQuotes else { return text }
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\t": escaped += "\\t"
      case "\r": escaped += "\\r"
      case _ where needsEscape(scalar):
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return "\"" + escaped + "\""
  }

  /// Characters a YAML scalar cannot hold as they are: C0 and C1 controls, DEL, NEL, the line
  /// and paragraph separators, and the byte order mark.
  static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0xFEFF: return true
    default: return false
    }
  }
}
