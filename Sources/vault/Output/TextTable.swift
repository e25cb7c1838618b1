/// Left-aligned columns measured in terminal cells, so emoji and wide characters line up.
enum TextTable {
  static func render(_ rows: [[String]], indent: Int) -> [String] {
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() where index < columns - 1 {
        widths[index] = max(widths[index], DisplayWidth.of(cell))
      }
    }
    return rows.map { row in
      var line = String(repeating: " ", count: indent)
      for (index, cell) in row.enumerated() {
        line += cell
        if index < row.count - 1 {
          line += String(repeating: " ", count: widths[index] - DisplayWidth.of(cell) + 2)
        }
      }
      // An empty last cell leaves padding behind: no line ends in spaces.
      while line.hasSuffix(" ") { line.removeLast() }
      return line
    }
  }
}

/// How many terminal cells text takes: wide (East Asian) characters and emoji take two,
/// combining marks, variation selectors and colour codes none.
enum DisplayWidth {
  static func of(_ text: String) -> Int {
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
