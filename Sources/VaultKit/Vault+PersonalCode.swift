import VaultCore
import VaultMarkdown

/// What a change to the personal code did: the note, and its principles as they are now.
public struct PersonalCodeChange: Sendable, Encodable {
  public var path: String
  public var principles: [String]
}

extension Vault {
  /// Edits, removes or moves a principle of the personal code note (`ListEditor`): only the
  /// list's lines change, an ordered list is renumbered.
  public func changePersonalCode(_ operation: ListEditor.Operation) throws(VaultError) -> PersonalCodeChange {
    let path = try newNotePath(settings.personalCode)
    let display = path
    return try edit(path) { current throws(VaultError) in
      guard let bytes = current else { throw .noteNotFound(display) }
      let note = NoteParser.parse(bytes, path: path)
      let items = note.listEntries.filter { $0.depth == 0 }.map(\.line)
      guard !items.isEmpty else {
        throw .cannotChange(
          display,
          reason:
            "its principles are not a list (vault changes only list items); edit it with `vault edit \(ShellQuote.quoted(display))`"
        )
      }
      let text = String(decoding: bytes, as: UTF8.self)
      // The editor works on lines ended by LF or CRLF, on text that reads back byte for byte.
      guard Array(text.utf8) == bytes, !hasLoneCR(bytes) else {
        throw .cannotChange(
          display,
          reason:
            "it is not plain UTF-8 with LF or CRLF line endings; edit it with `vault edit \(ShellQuote.quoted(display))`"
        )
      }
      switch ListEditor.apply(operation, to: text, itemLines: items) {
      case .failure(let failure): throw .cannotChange(display, reason: failure.description)
      case .success(let result):
        let written = Array(result.utf8)
        let after = NoteParser.parse(written, path: path).listEntries.filter { $0.depth == 0 }.map(\.text)
        return .write(written, PersonalCodeChange(path: path, principles: after))
      }
    }
  }

  private func hasLoneCR(_ bytes: [UInt8]) -> Bool {
    bytes.indices.contains { bytes[$0] == 13 && ($0 + 1 == bytes.count || bytes[$0 + 1] != 10) }
  }
}
