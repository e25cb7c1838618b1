import Foundation
import GRDB
import TestSupport
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// The stamps a refresh compares a walk with, read from the snapshot the index keeps of them
/// and the changes since: always those of `files`, whatever was written in between.
@Suite struct StampSnapshotTests {
  /// Every path with its stamp, sorted: from the snapshot (with its changes) and from `files`.
  func stamps(_ vault: TemporaryVault) throws -> (snapshot: [String]?, files: [String]) {
    try vault.store().database.read { db in
      func lines(_ table: StampTable) -> [String] {
        table.paths.sorted().map { path in
          let stamp = table[path]
          return "\(path) \(stamp?.size ?? -1) \(stamp?.modified ?? -1) \(stamp?.inode ?? 0)"
        }
      }
      return (try StampSnapshot.read(db).map(lines), lines(try IndexStore.rowStamps(db)))
    }
  }

  func changesKept(_ vault: TemporaryVault) throws -> Int {
    try vault.store().database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM stamp_changes") ?? -1 }
  }

  @Test func theSnapshotAndItsChangesAgreeWithTheFilesThroughEditsRenamesRemovalsAndRemakes() throws {
    var files: [String: String] = [:]
    for index in 0..<40 { files["Notes/\(index).md"] = "# Note \(index)\n" }
    files["日本語/メモ.md"] = "# メモ\n"
    let vault = try TemporaryVault(files)
    _ = try vault.refresh()
    var seen = try stamps(vault)
    #expect(seen.snapshot == seen.files && seen.files.count == 41)
    #expect(try changesKept(vault) == 0, "a first build makes the snapshot")

    // Edits, new notes, a rename and removals, a refresh after each round.
    var round = 0
    func refreshed(_ comment: Comment) throws {
      round += 1
      _ = try vault.refresh()
      seen = try stamps(vault)
      #expect(seen.snapshot != nil, comment)
      #expect(seen.snapshot == seen.files, comment)
    }
    try vault.write("Notes/1.md", "# Note 1\nedited\n", secondsLater: 5)
    try refreshed("an edit")
    #expect(try changesKept(vault) == 1)
    try vault.write("Notes/new.md", "# New\n")
    try refreshed("a new note")
    try vault.remove("Notes/2.md")
    try refreshed("a note removed")
    try vault.write("Notes/2.md", "# Back again\n")
    try refreshed("a removed note back")
    try FileManager.default.moveItem(
      at: vault.root.appendingPathComponent("Notes/3.md"), to: vault.root.appendingPathComponent("Notes/3b.md"))
    try refreshed("a rename")
    try vault.write("日本語/メモ.md", "# メモ\n追記\n", secondsLater: 9)
    try refreshed("a CJK path edited")
    #expect(try changesKept(vault) == 6, "Notes/1, new, 2 (removed, then back), 3, 3b, メモ")

    // Enough changes to make the snapshot again: the changes start over.
    for index in 0..<(StampSnapshot.changesLimit + 10) { try vault.write("Many/\(index).md", "# \(index)\n") }
    try refreshed("many new notes")
    #expect(try changesKept(vault) == 0)
    try vault.remove("Notes/4.md")
    try refreshed("a note removed after the snapshot was made again")
    #expect(try changesKept(vault) == 1)
    #expect(!seen.files.contains { $0.hasPrefix("Notes/4.md ") })

    // A rebuild makes it again too.
    _ = try vault.refresh(rebuild: true)
    seen = try stamps(vault)
    #expect(seen.snapshot == seen.files)
    #expect(try changesKept(vault) == 0)
  }

  @Test func aRefreshComparesWithTheSnapshotAndItsChanges() throws {
    let vault = try TemporaryVault(["a.md": "# A\n", "b.md": "# B\n"])
    _ = try vault.refresh()
    try vault.write("a.md", "# A\nagain\n", secondsLater: 5)
    #expect(try vault.refresh().parsed == 1)
    // Read from the snapshot and the change: nothing is read again.
    #expect(try vault.refresh().parsed == 0)
    try vault.remove("b.md")
    #expect(try vault.refresh().removed == 1)
    #expect(try vault.refresh().removed == 0)
  }

  @Test func aSnapshotThatDoesNotDecodeIsNotUsed() throws {
    let vault = try TemporaryVault(["a.md": "# A\n", "b.md": "# B\n", "c.md": "# C\n"])
    _ = try vault.refresh()
    let blob = try vault.store().database.read { db in
      try Data.fetchOne(db, sql: "SELECT data FROM stamp_snapshot WHERE id = 1")
    }
    let data = try #require(blob)
    let decodes = { (bytes: [UInt8]) in bytes.withUnsafeBytes { StampSnapshot.decode($0) != nil } }
    #expect(decodes(Array(data)))
    var wrongMagic = Array(data)
    wrongMagic[0] ^= 0xFF
    var slotOutOfRange = Array(data)
    slotOutOfRange[slotOutOfRange.count - 4..<slotOutOfRange.count] = [0x7F, 0, 0, 0]
    var pathOutOfRange = Array(data)
    let firstEntry = StampSnapshot.headerSize + Int(data[12]) + Int(data[13]) << 8
    pathOutOfRange[firstEntry + 4] = 0xFF
    for (name, bytes) in [
      ("truncated", Array(data.dropLast())), ("too long", Array(data) + [0]), ("wrong magic", wrongMagic),
      ("a slot past the entries", slotOutOfRange), ("a path past the bytes", pathOutOfRange), ("empty", []),
    ] {
      #expect(!decodes(bytes), "\(name)")
    }

    // A refresh over a damaged snapshot reads `files` instead, and finds nothing changed.
    try vault.store().database.write { db in
      try db.execute(sql: "UPDATE stamp_snapshot SET data = ?", arguments: [Data(wrongMagic)])
    }
    #expect(try vault.store().database.read { db in try StampSnapshot.read(db) } == nil)
    #expect(try vault.refresh().parsed == 0)
  }

  @Test func aTableWithRemovedPathsIsWrittenWithoutThem() {
    var table = StampTable()
    let stamp = { (n: Int) in FileStamp(size: n, modified: Int64(n), inode: UInt64(n)) }
    for index in 0..<50 {
      var path = "n\(index).md"
      path.withUTF8 { table.add($0, stamp(index)) }
    }
    for index in stride(from: 0, to: 50, by: 3) {
      var path = "n\(index).md"
      path.withUTF8 { table.set($0, nil) }
    }
    var changed = "n1.md"
    changed.withUTF8 { table.set($0, stamp(100)) }
    let decoded = StampSnapshot.encode(table).withUnsafeBytes { StampSnapshot.decode($0) }
    #expect(decoded?.count == table.count)
    #expect(decoded?.paths.sorted() == table.paths.sorted())
    #expect(decoded?["n1.md"] == stamp(100))
    #expect(decoded?["n3.md"] == nil)
    #expect(decoded?["n4.md"] == stamp(4))
  }
}
