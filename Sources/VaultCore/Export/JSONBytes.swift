/// JSON written straight into bytes, exactly as Foundation's `JSONEncoder` writes it with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (two spaces a level, `"key" : value`,
/// an empty line inside an empty array or object), for listings too long for the encoder:
/// `vault tasks --json` of 125,000 tasks spent 60% of its 8.8 s in `JSONEncoder`, which
/// builds a tree of every value first (`perf record`; docs/PERFORMANCE.md). The writer of each
/// type gives its keys in sorted order; `TaskJSONTests` compares every byte with the encoder's.
public struct JSONBytes {
  public var bytes: [UInt8] = []
  /// The nesting level of the next line.
  var level = 0

  public init(level: Int = 0) {
    self.level = level
  }

  /// A new line at the current level.
  public mutating func newline() {
    bytes.append(0x0A)
    for _ in 0..<level { bytes.append(contentsOf: [0x20, 0x20]) }
  }

  mutating func open(_ bracket: UInt8) {
    bytes.append(bracket)
    level += 1
  }

  /// Closes an object or array; `empty`: nothing was written inside (an empty line then).
  mutating func close(_ bracket: UInt8, empty: Bool = false) {
    level -= 1
    if empty { bytes.append(0x0A) }
    newline()
    bytes.append(bracket)
  }

  mutating func openObject() { open(UInt8(ascii: "{")) }
  mutating func closeObject() { close(UInt8(ascii: "}")) }

  /// `"key" : `, after a comma unless it is the object's first.
  mutating func key(_ name: StaticString, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    newline()
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: [UInt8(ascii: "\""), 0x20, UInt8(ascii: ":"), 0x20])
  }

  /// An array of `values`, each written by `write`.
  mutating func array<Values: Collection>(
    _ values: Values, _ write: (inout JSONBytes, Values.Element) throws -> Void
  ) rethrows {
    open(UInt8(ascii: "["))
    var first = true
    for value in values {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      newline()
      try write(&self, value)
    }
    close(UInt8(ascii: "]"), empty: first)
  }

  /// A value as the encoder wrote it on its own (pretty-printed, from level 0), set in here:
  /// each of its lines after the first indented to this level, an empty one (inside an empty
  /// array or object) left empty, as the encoder writes a nested value.
  mutating func document(_ encoded: [UInt8]) {
    var start = 0
    while let end = encoded[start...].firstIndex(of: 0x0A) {
      bytes.append(contentsOf: encoded[start..<end])
      start = end + 1
      if start < encoded.endIndex, encoded[start] != 0x0A {
        newline()
      } else {
        bytes.append(0x0A)
      }
    }
    bytes.append(contentsOf: encoded[start...])
  }

  mutating func null() { bytes.append(contentsOf: "null".utf8) }

  mutating func bool(_ value: Bool) { bytes.append(contentsOf: (value ? "true" : "false").utf8) }

  mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

  mutating func int(_ value: Int?) {
    if let value { int(value) } else { null() }
  }

  /// A string, quoted and escaped as the encoder escapes: `"`, `\`, and control characters
  /// (`\b \f \n \r \t`, the others `\u00XX`); everything else as its UTF-8 bytes.
  mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = value
    text.withUTF8 { utf8 in
      var plainFrom = 0
      for index in utf8.indices {
        let byte = utf8[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom..<index]))
        plainFrom = index + 1
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
        case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
        case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
          let hex = { (digit: UInt8) in digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10 }
          bytes.append(contentsOf: "\\u00".utf8)
          bytes.append(hex(byte >> 4))
          bytes.append(hex(byte & 0x0F))
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[plainFrom...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func string(_ value: String?) {
    if let value { string(value) } else { null() }
  }

  mutating func date(_ value: LocalDate?) {
    if let value { string(value.description) } else { null() }
  }
}
