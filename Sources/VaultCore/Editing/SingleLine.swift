/// Text that must stay on one line of a note (a task, a journal entry, a list item): its line
/// breaks, of any kind, become one space each run, so a newline typed into `vault add task` or
/// `vault journal` never splits the line or starts a stray one.
public enum SingleLine {
  /// `text` with each run of line breaks (LF, CR, VT, FF, NEL, LS, PS) and the spaces around
  /// it made one space; a break at either end is dropped.
  public static func joined(_ text: String) -> String {
    var result = ""
    var pendingSpace = false
    for scalar in text.unicodeScalars {
      if isBreak(scalar) {
        while result.unicodeScalars.last == " " || result.unicodeScalars.last == "\t" {
          result.unicodeScalars.removeLast()
        }
        pendingSpace = !result.isEmpty
        continue
      }
      if pendingSpace {
        if scalar == " " || scalar == "\t" { continue }
        result.unicodeScalars.append(" ")
        pendingSpace = false
      }
      result.unicodeScalars.append(scalar)
    }
    return result
  }

  static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: return true
    default: return false
    }
  }
}
