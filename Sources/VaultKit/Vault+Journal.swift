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
  public func body(of path: String) -> String {
    guard leadsInside(path), case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { return "" }
    let note = NoteParser.parse(bytes, path: path)
    let start = min(note.frontMatter?.range.upperBound ?? 0, bytes.count)
    return String(decoding: bytes[start...], as: UTF8.self)
  }
}
