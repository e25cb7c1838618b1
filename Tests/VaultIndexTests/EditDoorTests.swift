import Foundation
import Testing
import VaultCore

@testable import VaultKit

/// The one door every write goes through (`Vault.edit`).
@Suite struct EditDoorTests {
  /// Another program writes while vault computes its edit (here, from inside the computation,
  /// which runs between the read and the rename): vault reads again and computes again, and
  /// both changes land.
  @Test func aChangeMadeWhileVaultEditsIsReadAgainAndKept() throws {
    let folder = try TemporaryVault(["Tasks.md": "- [ ] one\n"])
    let vault = try folder.vault()
    var computed = 0
    let line = try vault.edit("Tasks.md") { current throws(VaultError) -> FileEdit<Int> in
      computed += 1
      if computed == 1 { try? folder.write("Tasks.md", "- [ ] one\n- [ ] from the editor\n") }
      let bytes = current ?? []
      return .write(bytes + Array("- [ ] from vault\n".utf8), bytes.count(where: { $0 == 10 }) + 1)
    }
    #expect(computed == 2)
    #expect(line == 3)
    #expect(try folder.read("Tasks.md") == "- [ ] one\n- [ ] from the editor\n- [ ] from vault\n")
  }

  @Test func aFileWithCROnlyLineEndingsIsEditedAsLFAndKeepsCR() throws {
    let folder = try TemporaryVault(["Old.md": "# Old\r- [ ] a\r"])
    let vault = try folder.vault()
    _ = try vault.append("- [ ] b", to: "Old.md")
    #expect(try folder.read("Old.md") == "# Old\r- [ ] a\r- [ ] b\r")
    _ = try vault.append("- 09:00 entry", under: "Journal", in: "Old.md")
    #expect(try folder.read("Old.md") == "# Old\r- [ ] a\r- [ ] b\r\r## Journal\r\r- 09:00 entry\r")
  }

  @Test func newlinesInALineAreJoined() {
    #expect(SingleLine.joined("one\ntwo") == "one two")
    #expect(SingleLine.joined("one \r\n\n  two\u{2028}three\n") == "one two three")
    #expect(SingleLine.joined("\nlead") == "lead")
  }

  @Test func staleTemporaryFilesOfDeadWritersAreRemoved() throws {
    let folder = try TemporaryVault(["Tasks.md": "- [ ] one\n"])
    let vault = try folder.vault()
    // A process that has ended: its pid names no process now.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let stale = ".vault-write-\(ended.processIdentifier)-AbC123"
    let live = ".vault-write-1-AbC123"  // pid 1 always runs
    try folder.write(stale, "half a note")
    try folder.write(live, "a live writer's")
    _ = try vault.append("- [ ] two", to: "Tasks.md")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.root.path)
    #expect(!names.contains(stale))
    #expect(names.contains(live))
  }
}
