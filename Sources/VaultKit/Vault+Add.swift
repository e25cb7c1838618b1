import Foundation
import VaultCore
import VaultMarkdown

/// Where an added line went.
public struct AddedLine: Sendable, Encodable {
  public var path: String
  public var line: Int
  public var text: String
  /// The note was made for it.
  public var created: Bool
}

extension Vault {
  /// A vault-relative path for a note that may not exist yet, refused when it would reach
  /// outside the vault (`..`, an absolute path, a folder linked to elsewhere) or names a hidden
  /// file. `.md` is added when missing.
  public func newNotePath(_ argument: String) throws(VaultError) -> String {
    var path = argument.hasSuffix(".md") ? argument : argument + ".md"
    if path.hasPrefix("./") { path.removeFirst(2) }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    guard !path.hasPrefix("/"), !parts.contains(where: { $0 == ".." || $0.isEmpty }) else {
      throw .outsideVault(argument)
    }
    if parts.contains(where: { $0.hasPrefix(".") }) {
      throw .cannotWrite(argument, reason: "hidden files and folders are Obsidian's and vault's own, not notes")
    }
    // Through links too: a linked folder that leads out of the vault is refused here.
    _ = try writeTarget(path)
    return path
  }

  /// Appends `text` as a line at the end of the note at `path` (vault-relative), in the note's
  /// line ending, after a line ending if the note lacked a final one; creates the note (and its
  /// folders) when missing. Line breaks in `text` become spaces: one line stays one line.
  /// With `creatingOnly`, `text` is the whole new note, written as it is (or nothing is
  /// written, when the note exists: `created` then says so).
  public func append(_ text: String, to path: String, creatingOnly: Bool = false) throws(VaultError) -> AddedLine {
    let line = creatingOnly ? text : SingleLine.joined(text)
    let crlf = lineEndingOfVault == .crlf
    return try edit(path) { current throws(VaultError) in
      guard let bytes = current else {
        var content = creatingOnly ? text : line + "\n"
        if crlf { content = content.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") }
        return .write(Array(content.utf8), AddedLine(path: path, line: 1, text: line, created: true))
      }
      if creatingOnly { return .keep(AddedLine(path: path, line: 0, text: line, created: false)) }
      let newline: [UInt8] = TextEncoding.LineEnding.first(in: bytes) == .crlf ? [13, 10] : [10]
      var result = bytes
      let hasContent = !(bytes.isEmpty || bytes == [0xEF, 0xBB, 0xBF])
      if hasContent && bytes.last != 10 { result += newline }
      result += Array(line.utf8) + newline
      let number = result.count(where: { $0 == 10 })
      return .write(result, AddedLine(path: path, line: number, text: line, created: false))
    }
  }
}

extension Vault {
  /// The `created` property a new note gets, `YYYY-MM-DDTHH:mm` as Obsidian's date-time
  /// properties write it; none when `.vault/config.yml` says `created: false`.
  public func createdProperty(at now: LocalDateTime) -> (String, String)? {
    guard settings.writesCreated else { return nil }
    return ("created", NewNote.dateTimeText(now))
  }

  /// Creates a note `name.md` in `folder` (vault-relative, made when missing) holding `text`;
  /// a taken name gets ` 1` to ` 9`, then a random suffix (` 3f9a0c`), never an overwrite (not
  /// even by another process making a note of that name at the same moment), and never a cap:
  /// the thousandth note of one name costs what the second does. Returns its vault-relative path.
  public func createNote(named name: String, in folder: String, text: String) throws(VaultError) -> String {
    let base = (folder.isEmpty ? "" : folder + "/") + NewNote.fileName(name)
    var attempt = 0
    while true {
      let suffix =
        attempt == 0 ? "" : attempt < 10 ? " \(attempt)" : " " + String(UInt32.random(in: 0...UInt32.max), radix: 16)
      attempt += 1
      // A name taken is passed over with one `stat`; the write itself never replaces a note.
      if FileSystem.status(root + "/" + base + suffix + ".md", followLinks: false) != nil { continue }
      let path = try newNotePath(base + suffix)
      if try append(text, to: path, creatingOnly: true).created { return path }
    }
  }

  /// The marker a new last item of the note's list takes: `8. ` after `7. `, else `- `.
  public func nextListMarker(in path: String) throws(VaultError) -> String {
    guard case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { return "- " }
    let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
    guard let last = lines.last(where: { !$0.allSatisfy(\.isWhitespace) }) else { return "- " }
    let digits = last.prefix { $0.isNumber }
    if !digits.isEmpty, let number = Int(digits), let delimiter = last.dropFirst(digits.count).first,
      delimiter == "." || delimiter == ")"
    {
      return "\(number + 1)\(delimiter) "
    }
    if let marker = last.first, "-*+".contains(marker) { return "\(marker) " }
    return "- "
  }

  /// The line ending new notes get: that of the vault's inbox, personal code or daily template,
  /// whichever exists first; LF otherwise.
  var lineEndingOfVault: TextEncoding.LineEnding {
    let template = settings.dailyNotes.template.map { $0.hasSuffix(".md") ? $0 : $0 + ".md" }
    for path in [settings.inbox, settings.personalCode, template].compactMap({ $0 }) {
      guard case .success(let bytes) = FileSystem.readFile(root + "/" + path), bytes.contains(10) else { continue }
      return .first(in: bytes)
    }
    return .lf
  }
}
