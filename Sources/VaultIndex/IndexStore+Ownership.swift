import Foundation
import VaultCore

/// vault only ever opens, rebuilds or removes a file it knows as its own index: `--index` and
/// `$VAULT_INDEX` may name any path, and a typo must never cost a note or another program's
/// database. Both files carry vault's `application_id` in their SQLite header; an index made
/// before it did is known by its `user_version`.
extension IndexStore {
  /// `PRAGMA application_id` of vault's index files: "VLT1".
  static let applicationID: Int32 = 0x564C_5431

  /// Throws unless each of the index's two files is missing or is vault's. Once per path in a
  /// process, before its first connection: reading the header opens and closes the file, and
  /// closing any descriptor of a file drops every POSIX lock the process holds on it (fcntl(2)),
  /// SQLite's too. A second claim while a connection was open (a server opens one store for its
  /// watcher, then one for its pages) let another process's connection find the file unused on
  /// closing, checkpoint it and delete its WAL under the server's connections: the watcher went
  /// on writing into the deleted WAL, and every view stayed as it was, vouched for.
  static func claim(_ path: String) throws(IndexError) {
    guard !claimed.value.contains(path) else { return }
    for file in [path, searchPath(path)] {
      guard let problem = foreignness(of: file) else { continue }
      throw .cannotOpen(
        path,
        reason: "\(file) \(problem), so it is not vault's index; vault leaves it alone. "
          + "Name a new file with --index or $VAULT_INDEX, or leave both unset for the default")
    }
    claimed.mutate { _ = $0.insert(path) }
  }

  /// The index files this process has claimed (`claim`).
  private static let claimed = Locked<Set<String>>([])

  /// Why the file at `file` is not vault's, or nil when it is (or is not there).
  static func foreignness(of file: String) -> String? {
    var info = stat()
    guard lstat(file, &info) == 0 else { return nil }
    guard info.st_mode & S_IFMT == S_IFREG else { return "is not a regular file" }
    guard let handle = FileHandle(forReadingAtPath: file) else { return "cannot be read" }
    defer { try? handle.close() }
    let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
    guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
      return "is not a SQLite database"
    }
    let word = { (offset: Int) in header[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    let application = Int32(bitPattern: word(68))
    if application == applicationID { return nil }
    // An index made before schema 11, which had no application id: its user_version is
    // schema × 10,000 + parser, with schemas 1 to 10.
    let version = Int(word(60))
    if application == 0, (10_000..<110_000).contains(version), version % 10_000 < 100 { return nil }
    return "is another program's SQLite database"
  }
}
