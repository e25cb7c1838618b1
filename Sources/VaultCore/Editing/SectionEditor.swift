/// Adding a line at the end of a note's section (the lines under a heading, up to the next
/// heading of the same or a higher level), leaving every other byte where it was.
public enum SectionEditor {
  /// The bytes with `line` added as the last non-blank line of the section under the first
  /// heading whose text is `heading` (any level, any case). Without such a heading, the heading
  /// and the line are added at the end of the note. Blank lines after the section stay after it.
  public static func append(
    _ line: String, under heading: String, in bytes: [UInt8], headings: [Heading], encoding: TextEncoding
  ) -> [UInt8] {
    let newline: [UInt8] = encoding.lineEnding == .crlf ? [13, 10] : [10]
    let starts = lineStarts(bytes)
    guard let found = headings.first(where: { $0.text.lowercased() == heading.lowercased() }) else {
      var result = bytes
      let hasContent = !(bytes.isEmpty || bytes == [0xEF, 0xBB, 0xBF])
      if hasContent && bytes.last != 10 { result += newline }
      if hasContent { result += newline }
      return result + Array("## \(heading)".utf8) + newline + newline + Array(line.utf8) + newline
    }
    let next = headings.first { $0.line > found.line && $0.level <= found.level }
    // The section's lines: after the heading, before the next one (or the end).
    let lastLine = (next?.line ?? starts.count + 1) - 1
    var insertAfter = found.line
    if found.line + 1 <= lastLine {
      for number in (found.line + 1)...lastLine where !isBlank(number, bytes, starts) { insertAfter = number }
    }
    let position = insertAfter < starts.count ? starts[insertAfter] : bytes.count
    var inserted = Array(line.utf8) + newline
    var prefix: [UInt8] = []
    if position == bytes.count, bytes.last != 10, !bytes.isEmpty { prefix = newline }
    // Right under the heading: a blank line first, as Markdown writers expect.
    if insertAfter == found.line { inserted = newline + inserted }
    return Array(bytes[..<position]) + prefix + inserted + Array(bytes[position...])
  }

  /// The byte offset where each line starts (line 1 at index 0).
  static func lineStarts(_ bytes: [UInt8]) -> [Int] {
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == 10 && index + 1 < bytes.count { starts.append(index + 1) }
    return starts
  }

  static func isBlank(_ line: Int, _ bytes: [UInt8], _ starts: [Int]) -> Bool {
    guard line - 1 < starts.count else { return true }
    let start = starts[line - 1]
    let end = line < starts.count ? starts[line] : bytes.count
    return bytes[start..<end].allSatisfy { $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13 }
  }

  /// The bytes with `line` added after the list holding the note's first task (`firstTask`, a
  /// 1-based line): after the last non-blank line before the next heading, so that an inbox
  /// with `## Inbox` then `## Someday` gets new tasks in its inbox. Without tasks, at the end.
  public static func appendToFirstTaskList(
    _ line: String, firstTask: Int?, in bytes: [UInt8], headings: [Heading], encoding: TextEncoding
  ) -> [UInt8] {
    let newline: [UInt8] = encoding.lineEnding == .crlf ? [13, 10] : [10]
    let starts = lineStarts(bytes)
    var insertAfter = starts.count
    if let firstTask, firstTask <= starts.count {
      let end = (headings.first { $0.line > firstTask }?.line ?? starts.count + 1) - 1
      insertAfter = firstTask
      if firstTask < end {
        for number in (firstTask + 1)...end where !isBlank(number, bytes, starts) { insertAfter = number }
      }
    }
    let position = insertAfter < starts.count ? starts[insertAfter] : bytes.count
    let hasContent = !(bytes.isEmpty || bytes == [0xEF, 0xBB, 0xBF])
    let prefix: [UInt8] = position == bytes.count && hasContent && bytes.last != 10 ? newline : []
    return Array(bytes[..<position]) + prefix + Array(line.utf8) + newline + Array(bytes[position...])
  }
}
