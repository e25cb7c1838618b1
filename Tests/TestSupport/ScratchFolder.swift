import Foundation

/// Temporary folders for tests. They all live in one folder per test process, which is removed
/// when the process exits, so a test run leaves nothing in the system's temporary folder.
public enum ScratchFolder {
  /// `<temporary folder>/vault-tests-<process id>`.
  public static let root: URL = {
    let temporary = FileManager.default.temporaryDirectory
    // Folders of test processes that did not exit normally (killed, crashed) are removed here
    // instead; so is one left by an earlier process that had this process's id.
    for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] {
      guard name.hasPrefix("vault-tests-"), let id = Int32(name.dropFirst("vault-tests-".count)) else { continue }
      if id == getpid() || (kill(id, 0) != 0 && errno == ESRCH) {
        try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
      }
    }
    atexit { try? FileManager.default.removeItem(at: ScratchFolder.root) }
    return temporary.appendingPathComponent("vault-tests-\(getpid())")
  }()

  /// A new, empty folder `NAME-<unique id>` in `root`.
  public static func make(_ name: String) throws -> URL {
    let folder = root.appendingPathComponent("\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Where `vault` keeps its indexes during tests (`XDG_CACHE_HOME`), instead of the user's
  /// `~/.cache/vault`.
  public static let cache: URL = root.appendingPathComponent("cache")

  /// Where `vault` keeps what it remembers outside a vault during tests (`XDG_STATE_HOME`):
  /// the lists of suggestions shown, reminders delivered, the server's token.
  public static let state: URL = root.appendingPathComponent("state")
}
