import VaultCore
import VaultIndex
import VaultMarkdown

extension Vault {
  /// The journal entries from `from` through `through`, each with its text read from its note.
  public func journalDays(
    in store: IndexStore, from: LocalDate, through: LocalDate
  ) throws(VaultError)
    -> [JournalDay]
  {
    try journal(in: store, from: from, through: through).map { entry in
      JournalDay(entry: entry, body: body(of: entry.path))
    }
  }

  /// A note's text after its front matter ("" when it cannot be read).
  public func body(of path: String) -> String { bodyAndLine(of: path).body }

  /// A note's text after its front matter, and the note's line it starts on (1 without one).
  public func bodyAndLine(of path: String) -> (body: String, firstLine: Int) {
    guard leadsInside(path), case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { return ("", 1) }
    let note = NoteParser.parse(bytes, path: path)
    let start = min(note.frontMatter?.range.upperBound ?? 0, bytes.count)
    return (String(decoding: bytes[start...], as: UTF8.self), 1 + bytes[..<start].reduce(0) { $0 + ($1 == 10 ? 1 : 0) })
  }
}
