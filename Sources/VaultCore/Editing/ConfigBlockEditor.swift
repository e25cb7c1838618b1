/// Edits one block of `.vault/config.yml` (`labels:`, `calendars:`) line by line: an entry is one
/// line (or its indented block) under the block's key; every other byte stays as it is.
public struct ConfigBlockEditor: Sendable {
  public enum Failure: Error, Equatable, Sendable {
    /// `key: {…}` on one line: vault edits the block form only.
    case flowStyle(line: Int)
  }

  /// The block's key, such as `labels`.
  public let key: String

  public init(key: String) { self.key = key }

  /// The lines of the block: the header's index and, per entry, its name and first and last line.
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

  /// An entry's name: its key before the colon, unquoted when it is written in quotes.
  static func entryName(_ key: Substring) -> (name: String, rest: Substring)? {
    if let quote = key.first, quote == "\"" || quote == "'" {
      var name = ""
      var index = key.index(after: key.startIndex)
      while index < key.endIndex {
        let character = key[index]
        if character == quote {
          let next = key.index(after: index)
          // '' is a quote inside single quotes.
          if quote == "'", next < key.endIndex, key[next] == "'" {
            name.append("'")
            index = key.index(after: next)
            continue
          }
          let rest = key[next...].drop { $0 == " " }
          guard rest.first == ":" else { return nil }
          return (name, rest.dropFirst())
        }
        if quote == "\"", character == "\\" {
          let next = key.index(after: index)
          guard next < key.endIndex else { return nil }
          switch key[next] {
          case "n": name.append("\n")
          case "t": name.append("\t")
          default: name.append(key[next])
          }
          index = key.index(after: next)
          continue
        }
        name.append(character)
        index = key.index(after: index)
      }
      return nil
    }
    guard let colon = key.firstIndex(of: ":") else { return nil }
    let name = key[..<colon].trimmingSpaces()
    return (name.hasPrefix("#") ? String(name.dropFirst()) : name, key[key.index(after: colon)...])
  }

  func block(_ lines: [Substring]) -> Result<Block?, Failure> {
    let header = key + ":"
    guard let first = lines.firstIndex(where: { $0.hasPrefix(header) }) else { return .success(nil) }
    let rest = lines[first].dropFirst(header.count).drop { $0 == " " }
    if !rest.isEmpty && rest.first != "#" { return .failure(.flowStyle(line: first + 1)) }
    var entries: [(name: String, first: Int, last: Int)] = []
    var entryIndent: Int?
    var index = first + 1
    while index < lines.count {
      let line = lines[index]
      if Self.isBlankOrComment(line) {
        index += 1
        continue
      }
      let indent = Self.indentation(line)
      if indent == 0 { break }
      if entryIndent == nil { entryIndent = indent }
      if indent == entryIndent, let entry = Self.entryName(line.dropFirst(indent)) {
        entries.append((entry.name, index, index))
      } else if !entries.isEmpty {
        entries[entries.count - 1].last = index
      }
      index += 1
    }
    return .success(Block(header: first, entries: entries))
  }

  /// The names of the block's entries, in their order.
  public func names(in text: String) -> Result<[String], Failure> {
    block(Self.lines(text)).map { $0?.entries.map(\.name) ?? [] }
  }

  /// The text with the entry `name` (matched without regard to case) written as `line`: its
  /// line or lines replaced, or `line` added at the end of the block (the block made at the end
  /// of the file when missing).
  public func set(_ name: String, line: String, in text: String) -> Result<String, Failure> {
    var lines = Self.lines(text)
    let ending = text.contains("\r\n") ? "\r\n" : "\n"
    switch block(lines) {
    case .failure(let failure): return .failure(failure)
    case .success(let found):
      if let found, let entry = found.entries.first(where: { $0.name.lowercased() == name.lowercased() }) {
        lines.replaceSubrange(entry.first...entry.last, with: [Substring(line)])
      } else if let found {
        let after = found.entries.last?.last ?? found.header
        lines.insert(Substring(line), at: after + 1)
      } else {
        while lines.last?.isEmpty == true { lines.removeLast() }
        lines += ["", Substring(key + ":"), Substring(line), ""]
      }
      return .success(lines.joined(separator: ending))
    }
  }

  /// The text without the entry's line (or lines); nil when there is no such entry.
  public func remove(_ name: String, in text: String) -> Result<String?, Failure> {
    var lines = Self.lines(text)
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

  /// A scalar as a flow mapping (`{…}`) holds it: quoted when it has a character the mapping
  /// would read as its own.
  public static func flowScalar(_ text: String) -> String {
    let plain = PropertyWriter.scalar(text)
    guard plain.first != "\"", text.contains(where: { ",[]{}#".contains($0) }) else { return plain }
    return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
  }
}
