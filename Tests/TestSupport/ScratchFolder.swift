import Foundation

/// Temporary folders for tests. They all live in one folder per test process, which is removed
/// when the process exits, so a test run leaves nothing in the system's temporary folder.
public enum ScratchFolder {
  /// `<temporary folder>/vault-tests-<process id>`.
  public static let root: URL = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("vault-tests-\(getpid())")
    // Left by an earlier process that had the same id and did not exit normally.
    try? FileManager.default.removeItem(at: root)
    atexit { try? FileManager.default.removeItem(at: ScratchFolder.root) }
    return root
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
}
