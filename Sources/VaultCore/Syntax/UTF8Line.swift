/// Helpers for scanning one line of UTF-8 bytes by Unicode scalar, keeping byte offsets, so
/// that scanners report exact positions for edits and columns for diagnostics.
enum UTF8Line {
  /// The scalar starting at `index` and its length in bytes; U+FFFD and length 1 for a byte
  /// that does not start a valid sequence.
  static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
    let lead = bytes[index]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
    case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
    case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
    default: return ("\u{FFFD}", 1)
    }
    guard index + length <= bytes.count else { return ("\u{FFFD}", 1) }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    guard let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", 1) }
    return (scalar, length)
  }

  /// Where the scalar that ends at `index` starts (0 at the start of the line).
  static func scalarStart(in bytes: UnsafeBufferPointer<UInt8>, before index: Int) -> Int {
    var start = index - 1
    while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return max(0, start)
  }

  /// The 1-based column, in scalars, of the byte at `offset`.
  static func column(in bytes: UnsafeBufferPointer<UInt8>, byteOffset offset: Int) -> Int {
    var column = 1
    var index = 0
    let end = min(offset, bytes.count)
    while index < end {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return column
  }

  /// Unicode's White_Space, written out: the property table's lookup was 3% of parsing when
  /// every letter of a task line asked it, and the set has not changed since Unicode 6.3.
  /// (`UTF8LineTests` compares it with the table for every scalar.)
  static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20, 0x09...0x0D, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
    default: false
    }
  }
}

/// The 1-based scalar columns of offsets in one line, asked in increasing order: each call
/// counts on from the last instead of from the start of the line, so that the columns of every
/// tag or link of a line cost one pass over it (counting from the start each time made a
/// line of 100,000 tags take seconds). Asking for an earlier offset starts again.
public struct ColumnCounter {
  private let bytes: UnsafeBufferPointer<UInt8>
  private let lineStart: Int
  private var offset: Int
  private var column = 1

  /// `lineStart`: the offset of the line's first byte in `bytes`.
  public init(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int = 0) {
    self.bytes = bytes
    self.lineStart = lineStart
    offset = lineStart
  }

  /// The column of the byte at `target`: one more than the scalars that start before it.
  public mutating func column(at target: Int) -> Int {
    if target < offset {
      offset = lineStart
      column = 1
    }
    let end = min(target, bytes.count)
    while offset < end {
      if bytes[offset] & 0xC0 != 0x80 { column += 1 }
      offset += 1
    }
    return column
  }
}
