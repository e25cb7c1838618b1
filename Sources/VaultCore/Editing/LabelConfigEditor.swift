/// Edits the `labels:` block of `.vault/config.yml` line by line (`vault label add|set|rm`):
/// a label is one line (or its block) under `labels:`; every other byte stays as it is.
public enum LabelConfigEditor {
  public enum Failure: Error, Equatable, Sendable {
    /// `labels: {…}` on one line: vault edits the block form only.
    case flowStyle(line: Int)
  }

  /// The lines of the labels block: the header's index and, per label, its first and last line.
  struct Block {
    var header: Int
    var entries: [(name: String, first: Int, last: Int)]
  }

  static func lines(_ text: String) -> [Substring] {
    // CRLF is one Character in Swift: split at it and at LF alike.
    text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
  }

  static func indentation(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }

  static func isBlankOrComment(_ line: Substring) -> Bool {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    return trimmed.isEmpty || trimmed.first == "#"
  }

  static func block(_ lines: [Substring]) -> Result<Block?, Failure> {
    guard let header = lines.firstIndex(where: { $0.hasPrefix("labels:") }) else { return .success(nil) }
    let rest = lines[header].dropFirst("labels:".count).drop { $0 == " " }
    if !rest.isEmpty && rest.first != "#" { return .failure(.flowStyle(line: header + 1)) }
    var entries: [(name: String, first: Int, last: Int)] = []
    var entryIndent: Int?
    var index = header + 1
    while index < lines.count {
      let line = lines[index]
      if isBlankOrComment(line) {
        index += 1
        continue
      }
      let indent = indentation(line)
      if indent == 0 { break }
      if entryIndent == nil { entryIndent = indent }
      if indent == entryIndent, let colon = line.firstIndex(of: ":") {
        let name = line[line.index(line.startIndex, offsetBy: indent)..<colon].trimmingSpaces()
        entries.append((name.hasPrefix("#") ? String(name.dropFirst()) : name, index, index))
      } else if !entries.isEmpty {
        entries[entries.count - 1].last = index
      }
      index += 1
    }
    return .success(Block(header: header, entries: entries))
  }

  /// The text with `label` set: its line replaced, or added at the end of the block (the
  /// block made at the end of the file when missing).
  public static func set(_ label: Label, in text: String) -> Result<String, Failure> {
    var lines = lines(text)
    let ending = text.contains("\r\n") ? "\r\n" : "\n"
    switch block(lines) {
    case .failure(let failure): return .failure(failure)
    case .success(let found):
      if let found, let entry = found.entries.first(where: { $0.name.lowercased() == label.name.lowercased() }) {
        lines.replaceSubrange(entry.first...entry.last, with: [Substring(label.configLine)])
      } else if let found {
        let after = found.entries.last?.last ?? found.header
        lines.insert(Substring(label.configLine), at: after + 1)
      } else {
        while lines.last?.isEmpty == true { lines.removeLast() }
        lines += ["", "labels:", Substring(label.configLine), ""]
      }
      return .success(lines.joined(separator: ending))
    }
  }

  /// The text without the label's line (or block); nil when there is no such label.
  public static func remove(_ name: String, in text: String) -> Result<String?, Failure> {
    var lines = lines(text)
    let ending = text.contains("\r\n") ? "\r\n" : "\n"
    switch block(lines) {
    case .failure(let failure): return .failure(failure)
    case .success(let found):
      guard let entry = found?.entries.first(where: { $0.name.lowercased() == name.lowercased() }) else {
        return .success(nil)
      }
      lines.removeSubrange(entry.first...entry.last)
      return .success(lines.joined(separator: ending))
    }
  }
}
