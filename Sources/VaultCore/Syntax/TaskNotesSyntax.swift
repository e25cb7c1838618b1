/// Where a task's notes are: the lines right under it indented deeper than its marker that are
/// not list items, up to a blank line or one that is not (the reader, `NoteParser`, and what
/// writes them, a calendar app's DESCRIPTION).
public enum TaskNotesSyntax {
  /// Leading white space's width, a tab as four columns.
  public static func width(_ text: some StringProtocol) -> Int {
    text.reduce(0) { width, character in character == "\t" ? width + 4 - width % 4 : width + 1 }
  }

  /// `- `, `* `, `+ `, `1. `, `1) ` (a list item of its own, a subtask or not).
  public static func startsListItem(_ text: some StringProtocol) -> Bool {
    guard let first = text.first else { return false }
    if "-*+".contains(first) { return text.dropFirst().first.map { $0 == " " || $0 == "\t" } ?? true }
    let digits = text.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty else { return false }
    let rest = text.dropFirst(digits.count)
    return (rest.first == "." || rest.first == ")") && (rest.dropFirst().first.map { $0 == " " } ?? true)
  }

  /// Whether `line` (without its line break) is one of the notes of a task indented `own`
  /// columns: not blank, indented deeper, not a list item.
  public static func continuesNotes(_ line: some StringProtocol, under own: Int) -> Bool {
    let leading = line.prefix { $0 == " " || $0 == "\t" }
    let content = line.dropFirst(leading.count).trimmingSpaces()
    return !content.isEmpty && width(leading) > own && !startsListItem(content)
  }

  /// Whether `text` can be a task's notes as they are: no blank line (it would end them), none
  /// that reads as a list item (a subtask), no tab or control character, at most 16,000 bytes.
  public static func fits(_ text: String) -> Bool {
    text.utf8.count <= 16_000
      && text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy { line in
        !line.trimmingSpaces().isEmpty && !startsListItem(line)
          && !line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
      }
  }
}
