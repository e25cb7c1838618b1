import Foundation
import GRDB
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// A first index is built beside its place without a WAL and put there once it is complete
/// (`IndexStore+FirstBuild.swift`).
@Suite struct FirstBuildTests {
  /// The names in the index's folder, but the WAL files of the index in place (there while a
  /// connection is open).
  func folder(of vault: TemporaryVault) throws -> [String] {
    // The journals of an open index, and the lock file every process that opens it shares
    // (`IndexLock`), which stays.
    let open = ["index.sqlite", "index.sqlite-search"].flatMap { [$0 + "-wal", $0 + "-shm"] } + ["index.sqlite.lock"]
    return try FileManager.default.contentsOfDirectory(atPath: (vault.indexPath as NSString).deletingLastPathComponent)
      .filter { !open.contains($0) }.sorted()
  }

  func journalModes(_ path: String) throws -> [String] {
    try [path, IndexStore.searchPath(path)].map { file in
      try DatabaseQueue(path: file).read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }
  }

  @Test func aFirstIndexIsBuiltAsideAndPutInPlaceInWAL() throws {
    let vault = try TemporaryVault(["a.md": "apples #fruit\n", "b.md": "pears\n"])
    let store = try vault.store()
    // Until its first refresh, nothing is at the index's place for another process to open.
    let aside = ((try #require(store.aside)) as NSString).lastPathComponent
    #expect(aside.hasPrefix("index.sqlite.new-\(getpid())-"))
    #expect(try folder(of: vault) == [aside, aside + "-search"])
    #expect(!FileManager.default.fileExists(atPath: vault.indexPath))
    // Written, not read through a map: the pages it reads back would count in its memory.
    let mapped = { try store.database.read { db in try Int.fetchOne(db, sql: "PRAGMA mmap_size") } }
    #expect(try mapped() == 0)
    // Its rows are not checked against their files; an index in place checks them.
    let checked = { try store.database.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } }
    #expect(try checked() == false)

    let summary = try vault.vault().refresh(store)
    #expect((summary.seen, summary.parsed, summary.readAll) == (2, 2, true))
    #expect(store.aside == nil)
    #expect(try mapped() == 1 << 30)
    #expect(try checked() == true)
    // Only the two files, in WAL like any index changed in place; the store reads from them.
    #expect(try folder(of: vault) == ["index.sqlite", "index.sqlite-search"])
    #expect(try journalModes(vault.indexPath) == ["wal", "wal"])
    #expect(try store.files(matching: try Query.parse("apples")).matches.map(\.path) == ["a.md"])
    #expect(try vault.tagsByPath() == ["a.md:fruit", "b.md:"])

    // The next refresh changes it in place.
    try vault.write("c.md", "plums\n")
    let next = try vault.refresh()
    #expect((next.seen, next.parsed) == (3, 1))
    #expect(try folder(of: vault) == ["index.sqlite", "index.sqlite-search"])
  }

  @Test func twoFirstBuildsAtOnceLeaveOneIndexWithEverything() throws {
    let vault = try TemporaryVault(["a.md": "apples\n"])
    // Both start before either is in place, as two processes run at the same moment would.
    let first = try vault.store()
    let second = try vault.store()
    #expect(first.aside != nil && second.aside != nil && first.aside != second.aside)
    try vault.vault().refresh(first)
    // The second finds the first's in place: it drops its own and writes into that one.
    try vault.write("b.md", "pears\n")
    let summary = try vault.vault().refresh(second)
    #expect(summary.parsed == 2)
    #expect(second.aside == nil)
    #expect(try folder(of: vault) == ["index.sqlite", "index.sqlite-search"])
    #expect(try vault.tagsByPath() == ["a.md:", "b.md:"])
    #expect(try second.files(matching: try Query.parse("pears")).matches.map(\.path) == ["b.md"])
    #expect(try first.files(matching: try Query.parse("pears")).matches.map(\.path) == ["b.md"])
  }

  @Test func aFirstBuildNeverPutInPlaceLeavesNothing() throws {
    let vault = try TemporaryVault(["a.md": "apples\n"])
    do {
      let store = try vault.store()
      struct Stop: Error {}
      #expect(throws: IndexError.self) { try store.update { _ in throw Stop() } }
      #expect(store.aside != nil)
    }
    #expect(try folder(of: vault) == [])
  }

  @Test func theFirstBuildsOfEndedProcessesAreRemoved() throws {
    let vault = try TemporaryVault(["a.md": "apples\n"])
    let cache = (vault.indexPath as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
    // pid 1 runs; a pid above the kernel's limit never does.
    let left = ["index.sqlite.new-1-ab", "index.sqlite.new-99999999-cd", "index.sqlite.new-99999999-cd-search"]
    for name in left + ["notes.txt"] { try Data("x".utf8).write(to: URL(fileURLWithPath: cache + "/" + name)) }
    _ = try vault.refresh()
    #expect(try folder(of: vault) == ["index.sqlite", "index.sqlite-search", "index.sqlite.new-1-ab", "notes.txt"])
  }
}
