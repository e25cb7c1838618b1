import Foundation
import GRDB
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// The index's WAL: what a process leaves in it is read by the next one, so every frame must
/// carry a checksum SQLite accepts, and a WAL never outlives its file.
@Suite struct IndexWALTests {
  /// The valid frames of the WAL at `path` as SQLite's recovery counts them: each frame's
  /// checksum follows on from the one before (wal.c), with the salts of the header.
  static func validFrames(_ path: String) throws -> (valid: Int, total: Int) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    guard bytes.count >= 32 else { return (0, 0) }
    let word = { (offset: Int) in bytes[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    let bigEndian = word(0) & 1 == 1
    let pageSize = Int(word(8))
    var sum = (UInt32(0), UInt32(0))
    func add(_ range: Range<Int>) {
      var index = range.lowerBound
      while index < range.upperBound {
        let pair = (0..<2).map { part -> UInt32 in
          let slice = bytes[index + part * 4..<index + part * 4 + 4]
          return bigEndian
            ? slice.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            : slice.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
        sum.0 = sum.0 &+ pair[0] &+ sum.1
        sum.1 = sum.1 &+ pair[1] &+ sum.0
        index += 8
      }
    }
    add(0..<24)
    guard sum == (word(24), word(28)) else { return (0, 0) }
    let frameSize = pageSize + 24
    let total = (bytes.count - 32) / frameSize
    for frame in 0..<total {
      let start = 32 + frame * frameSize
      add(start..<start + 8)
      add(start + 24..<start + frameSize)
      guard word(start + 8) == word(16), word(start + 12) == word(20), sum == (word(start + 16), word(start + 20))
      else { return (frame, total) }
    }
    return (total, total)
  }

  /// 300 notes of 20 open tasks each, indexed: rewritten all at once (`markAllDone`), they fill
  /// the WAL past the size kept.
  static func indexedNotes() throws -> TemporaryVault {
    var files: [String: String] = [:]
    for number in 0..<300 {
      files["Notes/\(number).md"] = String(repeating: "- [ ] task \(number) #tag\(number)\n", count: 20)
    }
    let vault = try TemporaryVault(files)
    _ = try vault.refresh()
    return vault
  }

  static func markAllDone(_ vault: TemporaryVault, secondsLater: TimeInterval) throws {
    for number in 0..<300 {
      try vault.write(
        "Notes/\(number).md", String(repeating: "- [x] done \(number)\n", count: 20), secondsLater: secondsLater)
    }
  }

  static func size(_ path: String) -> Int? {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
  }

  @Test func aSmallChangeStaysInTheWALAndTheNextOpenerReadsIt() throws {
    let vault = try TemporaryVault(["a.md": "- [ ] one\n", "b.md": "#two\n"])
    _ = try vault.refresh()
    try vault.write("a.md", "- [ ] one\n- [ ] two\n", secondsLater: 5)
    do {
      let store = try vault.store()
      #expect(try vault.vault().refresh(store).parsed == 1)
      store.close()
    }
    let wal = vault.indexPath + "-wal"
    let frames = try Self.validFrames(wal)
    #expect(frames.total > 0 && frames.valid == frames.total, "frames \(frames)")
    #expect(try Self.validFrames(IndexStore.searchPath(vault.indexPath) + "-wal").valid > 0)
    // A connection of its own (none is open now) reads the WAL whole, as the next process does.
    #expect(try vault.refresh().parsed == 0)
    #expect(try vault.store().tasks(TaskSelection()).count == 2)
  }

  @Test func aLargeWALIsCopiedBackWhenTheLastConnectionCloses() throws {
    let vault = try Self.indexedNotes()
    try Self.markAllDone(vault, secondsLater: 5)
    do {
      let store = try vault.store()
      #expect(try vault.vault().refresh(store).parsed == 300)
      #expect((Self.size(vault.indexPath + "-wal") ?? 0) > Int(IndexStore.keptWALBytes))
      store.close()
    }
    #expect(Self.size(vault.indexPath + "-wal") == nil)
    #expect(try vault.refresh().parsed == 0)
  }

  @Test func aWALWithoutItsIndexIsNotPlayedIntoANewOne() throws {
    let vault = try TemporaryVault(["a.md": "#one\n"])
    _ = try vault.refresh()
    try vault.write("a.md", "#one #two\n", secondsLater: 5)
    _ = try vault.refresh()
    #expect(Self.size(vault.indexPath + "-wal") != nil)
    // Removed by hand, all but the WAL; and the vault changed meanwhile.
    for file in [vault.indexPath, IndexStore.searchPath(vault.indexPath)] {
      try FileManager.default.removeItem(atPath: file)
    }
    try vault.write("b.md", "#three\n")
    #expect(try vault.refresh().parsed == 2)
    #expect(try vault.tagsByPath() == ["a.md:one,two", "b.md:three"])
    let check = try vault.store().database.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }
    #expect(check == ["ok"])
  }

  /// A command done once it has read leaves its connection for the process's end to close
  /// (`leaveOpenUntilExit`), unless its WAL is to be copied back; another connection meanwhile
  /// reads and writes as usual.
  @Test func aStoreLeftOpenUntilExitKeepsItsConnectionUnlessItsWALIsLarge() throws {
    let vault = try Self.indexedNotes()
    let before = IndexStore.openUntilExit.value.count
    do {
      let store = try vault.store()
      store.leaveOpenUntilExit()
      #expect(try store.tasks(TaskSelection()).count == 6000)
    }
    #expect(IndexStore.openUntilExit.value.count == before + 1)
    // The connection left open holds nothing back: a change is stored and read by another.
    try vault.write("Notes/0.md", "- [ ] the only one\n", secondsLater: 5)
    #expect(try vault.refresh().parsed == 1)
    #expect(try vault.store().tasks(TaskSelection()).count == 5981)
    // A WAL over the size kept is still copied back by its close.
    try Self.markAllDone(vault, secondsLater: 10)
    let count = IndexStore.openUntilExit.value.count
    do {
      let store = try vault.store()
      store.leaveOpenUntilExit()
      #expect(try vault.vault().refresh(store).parsed == 300)
      #expect((Self.size(vault.indexPath + "-wal") ?? 0) > Int(IndexStore.keptWALBytes))
    }
    #expect(IndexStore.openUntilExit.value.count == count)
  }
}
