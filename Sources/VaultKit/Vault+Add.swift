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
    // The deepest folder that exists must really be inside the vault (a link may point out).
    var folder = (root + "/" + path as NSString).deletingLastPathComponent
    while !FileManager.default.fileExists(atPath: folder) { folder = (folder as NSString).deletingLastPathComponent }
    guard let real = FileSystem.realPath(folder), let realRoot = FileSystem.realPath(root),
      real == realRoot || real.hasPrefix(realRoot + "/")
    else { throw .outsideVault(argument) }
    return path
  }

  /// Appends `text` as a line at the end of the note at `path` (vault-relative), in the note's
  /// line ending, after a line ending if the note lacked a final one; creates the note (and its
  /// folders) when missing. The write is atomic and refused if the note changed meanwhile.
  /// With `creatingOnly`, `text` is the whole new note, written as it is.
  public func append(_ text: String, to path: String, creatingOnly: Bool = false) throws(VaultError) -> AddedLine {
    let absolute = root + "/" + path
    let display = displayPath(path)
    guard FileManager.default.fileExists(atPath: absolute) else {
      let folder = (absolute as NSString).deletingLastPathComponent
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        throw .cannotWrite(display, reason: "cannot make its folder: \(error.localizedDescription)")
      }
      var content = creatingOnly ? text : text + "\n"
      if lineEndingOfVault == .crlf {
        content = content.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
      }
      try FileWriter.create(absolute, with: Array(content.utf8), display: display)
      return AddedLine(path: path, line: 1, text: text, created: true)
    }
    let bytes = try bytes(of: path)
    let newline: [UInt8] = NoteParser.parse(bytes, path: path).encoding.lineEnding == .crlf ? [13, 10] : [10]
    var result = bytes
    let hasContent = !(bytes.isEmpty || bytes == [0xEF, 0xBB, 0xBF])
    if hasContent && bytes.last != 10 { result += newline }
    result += Array(text.utf8) + newline
    let line = result.count(where: { $0 == 10 })
    try FileWriter.replace(absolute, with: result, expecting: bytes, display: display)
    return AddedLine(path: path, line: line, text: text, created: false)
  }
}

extension Vault {
  /// Creates a note `name.md` in `folder` (vault-relative, made when missing) holding `text`;
  /// a taken name gets ` 1`, ` 2`, …, never an overwrite. Returns its vault-relative path.
  public func createNote(named name: String, in folder: String, text: String) throws(VaultError) -> String {
    let base = NewNote.fileName(name)
    for number in 0..<1000 {
      let candidate = (folder.isEmpty ? "" : folder + "/") + base + (number == 0 ? "" : " \(number)")
      let path = try newNotePath(candidate)
      if FileManager.default.fileExists(atPath: root + "/" + path) { continue }
      _ = try append(text, to: path, creatingOnly: true)
      return path
    }
    throw .cannotWrite(base, reason: "a thousand notes of that name exist already")
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
      guard case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { continue }
      guard let newline = bytes.firstIndex(of: 10) else { continue }
      return newline > 0 && bytes[newline - 1] == 13 ? .crlf : .lf
    }
    return .lf
  }
}
