import Foundation
import TestSupport
import Testing

/// The index holds the text of every note: its folder is made private to the user (0700), and
/// the index, its search file and SQLite's files beside them are readable by their owner only
/// (0600), whatever the umask, as the server's token is; also after a rebuild.
@Suite struct IndexPrivacyTests {
  static func mode(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
  }

  @Test func theIndexAndItsFolderAreTheUsersAlone() throws {
    let folder = try Fixture.copy("ExampleVault")
    let cache = folder.deletingLastPathComponent().appendingPathComponent("private-cache/vault")
    let index = cache.appendingPathComponent("index.sqlite").path
    let previous = umask(0o022)
    defer { umask(previous) }
    for arguments in [["index"], ["index", "--rebuild"], ["today"]] {
      let result = try CLI.run(arguments, in: folder, environment: ["VAULT_INDEX": index, "VAULT_TODAY": "2026-11-22"])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(Self.mode(cache.path) == 0o700, "\(arguments): folder \(String(Self.mode(cache.path) ?? 0, radix: 8))")
      for suffix in ["", "-search", "-wal", "-shm", "-search-wal", "-search-shm"]
      where FileManager.default.fileExists(atPath: index + suffix) {
        #expect(
          Self.mode(index + suffix) == 0o600,
          "\(arguments): index\(suffix) is \(String(Self.mode(index + suffix) ?? 0, radix: 8))")
      }
    }
  }
}
