import Foundation
import TestSupport
import Testing

@testable import VaultKit

/// A walk started before the command line is parsed (`EarlyWalk`): the command finishes it
/// only when it is of the vault and the excluded files the command walks.
@Suite struct EarlyWalkTests {
  /// A vault with notes in two folders, one of them excluded in Obsidian's settings.
  func vault() throws -> String {
    let root = try ScratchFolder.make("early-walk")
    for folder in ["Notes", "Archive", "Notes/Deep"] {
      try FileManager.default.createDirectory(
        atPath: root.path + "/" + folder, withIntermediateDirectories: true)
      for note in 0..<40 {
        try Data("# \(note)\n".utf8).write(to: URL(fileURLWithPath: root.path + "/\(folder)/Note \(note).md"))
      }
    }
    try FileManager.default.createDirectory(atPath: root.path + "/.obsidian", withIntermediateDirectories: true)
    try Data(#"{"userIgnoreFilters": ["Archive/"]}"#.utf8).write(
      to: URL(fileURLWithPath: root.path + "/.obsidian/app.json"))
    return root.path
  }

  @Test func anEarlyWalkListsWhatAWalkStartedLaterLists() throws {
    let root = try vault()
    let early = EarlyWalk()
    early.start(root: root)
    let walk = try #require(early.take(root: root, ignoreFilters: ["Archive/"]))
    let walked = walk.finish()
    let (files, diagnostics, folders) = (walked.files, walked.diagnostics, walked.folders)
    let plain = VaultWalker(root: root, ignoreFilters: ["Archive/"]).walk()
    #expect(diagnostics.isEmpty)
    #expect(files.count == 80)
    #expect(files.map(\.path).sorted() == plain.files.map(\.path).sorted())
    #expect(folders.sorted() == plain.folders.sorted())
    #expect(!files.contains { $0.path.hasPrefix("Archive/") })
  }

  @Test func aWalkOfAnotherVaultIsNotTaken() throws {
    let root = try vault()
    let other = try vault()
    let early = EarlyWalk()
    early.start(root: root)
    #expect(early.take(root: other, ignoreFilters: ["Archive/"]) == nil)
  }

  @Test func aWalkWithOtherExcludedFilesIsNotTaken() throws {
    // The settings the command read differ from the early walk's: they changed in between.
    let root = try vault()
    let early = EarlyWalk()
    early.start(root: root)
    #expect(early.take(root: root, ignoreFilters: []) == nil)
  }

  @Test func aWalkIsTakenOnceAndNothingIsTakenWhenNoneStarted() throws {
    let root = try vault()
    let early = EarlyWalk()
    #expect(early.take(root: root, ignoreFilters: ["Archive/"]) == nil)
    early.start(root: root)
    let walk = try #require(early.take(root: root, ignoreFilters: ["Archive/"]))
    #expect(walk.finish().files.count == 80)
    #expect(early.take(root: root, ignoreFilters: ["Archive/"]) == nil)
    // Once per process: a second start does not walk again.
    early.start(root: root)
    #expect(early.take(root: root, ignoreFilters: ["Archive/"]) == nil)
  }

  @Test func aNoteWrittenBeforeTheWalkStartedIsListed() throws {
    let root = try vault()
    try Data("new\n".utf8).write(to: URL(fileURLWithPath: root + "/Notes/Deep/Written just now.md"))
    let early = EarlyWalk()
    early.start(root: root)
    let walk = try #require(early.take(root: root, ignoreFilters: ["Archive/"]))
    #expect(walk.finish().files.contains { $0.path == "Notes/Deep/Written just now.md" })
  }

  /// The walk's threads start on the other core and may run on every core once they run: a
  /// thread that widened its cores before its creator narrowed them stayed on one, and a walk
  /// started there counted one core and no helper.
  @Test func aThreadStartedOnTheOtherCoreRunsOnEveryCoreOnceItRuns() async throws {
    for _ in 0..<20 {
      let seen = await withCheckedContinuation { continuation in
        OtherCoreThread.start { continuation.resume(returning: OtherCoreThread.coresOfThisThread()) }
      }
      if let seen { #expect(seen == OtherCoreThread.cores) }
    }
    #expect(VaultWalker.helpers == OtherCoreThread.cores - 1)
  }
}
