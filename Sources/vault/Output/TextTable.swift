/// Left-aligned columns measured in terminal cells, so emoji and wide characters line up.
enum TextTable {
  static func render(_ rows: [[String]], indent: Int) -> [String] {
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    // Each cell measured once: measuring is most of the cost of a long listing.
    let measured = rows.map { row in
      row.enumerated().map { index, cell in index < columns - 1 ? DisplayWidth.of(cell) : 0 }
    }
    for row in measured {
      for (index, width) in row.enumerated() { widths[index] = max(widths[index], width) }
    }
    // Each line made in one buffer of bytes, then one string: appending cells and padding to a
    // `String` grew it several times a line. A watched month's calendar at 100,000 notes (880
    // lines) took 35 ms with that, 31 with this; `agenda --days 30` 33 and 28.
    var bytes: [UInt8] = []
    return zip(rows, measured).map { row, cellWidths in
      bytes.removeAll(keepingCapacity: true)
      bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
      for (index, cell) in row.enumerated() {
        bytes.append(contentsOf: cell.utf8)
        if index < row.count - 1 {
          bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: widths[index] - cellWidths[index] + 2))
        }
      }
      // An empty last cell leaves padding behind: no line ends in spaces.
      while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}

/// How many terminal cells text takes: wide (East Asian) characters and emoji take two,
/// combining marks, variation selectors and colour codes none.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
    // Printable ASCII, the usual case, is one cell a byte.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    var width = 0
    var inEscape = false
    for character in text {
      // Colour codes (`ESC [ ... m`) take no room.
      if character == "\u{1B}" {
        inEscape = true
      } else if inEscape {
        if character.isLetter { inEscape = false }
      } else {
        width += of(character)
      }
    }
    return width
  }

  static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    // Below the combining marks (U+0300), alone: one cell, no property to look up.
    if first.value < 0x300 && first.value >= 0x20 && character.unicodeScalars.count == 1 { return 1 }
    if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
      return 2
    }
    if first.properties.isEmojiPresentation { return 2 }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return first.properties.generalCategory == .nonspacingMark ? 0 : 1
    }
  }
}
