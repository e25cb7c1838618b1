import VaultCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one file with a table of where its lines start, to turn between byte offsets,
/// 1-based lines and columns (in Unicode scalars). A UTF-8 byte order mark is not part of line 1.
struct SourceText {
  let bytes: [UInt8]
  let hasBOM: Bool
  /// Byte offset where each line starts; line 1 is at index 0.
  private(set) var lineStarts: [Int] = []
  /// The line ending of the first line that has one.
  private(set) var lineEnding: TextEncoding.LineEnding = .lf

  init(bytes: [UInt8]) {
    self.bytes = bytes
    hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    var starts = [hasBOM ? 3 : 0]
    var sawEnding = false
    var ending = TextEncoding.LineEnding.lf
    bytes.withUnsafeBufferPointer { bytes in
      var index = starts[0]
      // Most files have no CR: their lines end at each LF, which `memchr` finds many bytes per
      // step (the loop below was 3% of a cold index's parsing).
      if let base = bytes.baseAddress, memchr(base + index, 0x0D, bytes.count - index) == nil {
        while let found = memchr(base + index, 0x0A, bytes.count - index) {
          index = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
          starts.append(index)
        }
        return
      }
      // Files with a CR: every byte passes here, read without bounds checks, and most are past
      // the line-ending range with one comparison.
      while index < bytes.count {
        let byte = bytes[index]
        if byte > 0x0D || (byte != 0x0A && byte != 0x0D) {
          index += 1
          continue
        }
        let isCRLF = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A
        if !sawEnding {
          ending = isCRLF ? .crlf : .lf
          sawEnding = true
        }
        index += isCRLF ? 2 : 1
        starts.append(index)
      }
    }
    lineEnding = ending
    lineStarts = starts
  }

  var encoding: TextEncoding { TextEncoding(hasBOM: hasBOM, lineEnding: lineEnding) }

  var lineCount: Int { lineStarts.count }

  /// The bytes of a 1-based line, without its line ending.
  func lineRange(_ line: Int) -> Range<Int> {
    guard line >= 1 && line <= lineStarts.count else { return bytes.count..<bytes.count }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    if end > start && bytes[end - 1] == 0x0A { end -= 1 }
    if end > start && bytes[end - 1] == 0x0D { end -= 1 }
    return start..<end
  }

  /// The 1-based line holding a byte offset.
  func line(containing offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    return low + 1
  }

  /// The 1-based scalar column of a byte offset in its line.
  func location(ofByte offset: Int) -> SourceLocation {
    let line = line(containing: offset)
    var column = 1
    var index = lineStarts[line - 1]
    while index < min(offset, bytes.count) {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return SourceLocation(line: line, column: column)
  }

  /// The byte offset of a 1-based scalar column in a line (clamped to the line).
  func byteOffset(line: Int, scalarColumn: Int) -> Int {
    let range = lineRange(line)
    var index = range.lowerBound
    var column = 1
    while index < range.upperBound && column < scalarColumn {
      index += 1
      while index < range.upperBound && bytes[index] & 0xC0 == 0x80 { index += 1 }
      column += 1
    }
    return index
  }

  func string(_ range: Range<Int>) -> String {
    String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
  }
}
