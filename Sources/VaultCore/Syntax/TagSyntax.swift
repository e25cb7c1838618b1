/// Obsidian's tag rules: letters of any script, digits, `_`, `-`, `/` for nesting, emoji; no
/// whitespace or punctuation; at least one character that is not a digit (`#1984` is no tag).
/// Tags compare case-insensitively.
public enum TagSyntax {
  /// Whether the scalar may stand in a tag. Mirrors the character class Obsidian excludes:
  /// white space, ASCII punctuation but `_ - /`, and the general punctuation blocks.
  public static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 {
      let byte = UInt8(value)
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
        UInt8(ascii: "/"):
        return true
      default:
        return false
      }
    }
    if (0x2000...0x206F).contains(value) || (0x2E00...0x2E7F).contains(value) { return false }
    if value == 0xFFFD || value == 0xFEFF || value == 0x3000 || value == 0xA0 { return false }
    return !UTF8Line.isSpace(scalar)
  }

  /// Whether `name` (without `#`) is a valid tag.
  public static func isValid(_ name: some StringProtocol) -> Bool {
    var sawNonDigit = false
    var count = 0
    for scalar in name.unicodeScalars {
      guard isTagScalar(scalar) else { return false }
      if !("0"..."9").contains(scalar) { sawNonDigit = true }
      count += 1
    }
    return count > 0 && sawNonDigit
  }

  /// The key tags are compared by: lower-cased, without `#` and surrounding slashes.
  public static func normalized(_ name: some StringProtocol) -> String {
    var text = String(name)
    if text.hasPrefix("#") { text.removeFirst() }
    return text.lowercased()
  }

  /// The tag made of a name's words joined by `-` (a calendar's name, a client's category):
  /// `Yølp UTF-8` is `Yølp-UTF-8`; a name of digits only gets `list-` before it.
  public static func tag(fromWords name: String) -> String {
    let words = name.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "/") }
    let tag = words.joined(separator: "-")
    return tag.isEmpty || tag.allSatisfy(\.isNumber) ? "list-" + tag : tag
  }

  /// `health/running` and its parents `health`: what a search for each of them matches.
  public static func ancestors(of name: String) -> [String] {
    let parts = normalized(name).split(separator: "/")
    return (1...max(1, parts.count)).map { parts.prefix($0).joined(separator: "/") }
  }

  /// Whether one of `tags` is `wanted` or nested under it, ignoring case: `health` matches
  /// `#Health/Running`.
  public static func matches(_ tags: [String], _ wanted: String) -> Bool {
    let key = normalized(wanted)
    return tags.contains { tag in
      let name = normalized(tag)
      return name == key || name.hasPrefix(key + "/")
    }
  }
}
