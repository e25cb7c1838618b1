import Foundation
import TestSupport
import Testing

@testable import VaultKit

/// The walk of a vault's folders on all cores: what it lists, and the work it does beside.
@Suite struct VaultWalkTests {
  /// A vault of `folders` folders of `notes` notes each, an attachment in each, and a hidden
  /// folder the walk leaves out.
  func vault(folders: Int, notes: Int) throws -> String {
    let root = try ScratchFolder.make("walk")
    for folder in 0..<folders {
      let url = root.appendingPathComponent("Folder \(folder)/Inner")
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      for note in 0..<notes {
        try Data("# \(note)\n".utf8).write(
          to: url.deletingLastPathComponent().appendingPathComponent("Note \(note).md"))
      }
      try Data("inner".utf8).write(to: url.appendingPathComponent("Inner.md"))
      try Data([0, 1]).write(to: url.appendingPathComponent("picture.png"))
    }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: root.appendingPathComponent(".obsidian/hidden.md"))
    return root.path
  }

  /// Every part the walk hands to `each`, gathered from whichever thread.
  final class Parts: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []
    func add(_ files: [VaultFile]) { lock.withLock { paths += files.map(\.path) } }
    var all: [String] { lock.withLock { paths } }
  }

  @Test func everyPartIsHeardOnceEvenWhenFoundBeforeAnyoneListened() throws {
    let root = try vault(folders: 12, notes: 300)
    let walker = VaultWalker(root: root, ignoreFilters: [])
    let walk = walker.start()
    // The walk runs on its own meanwhile, as it does while a command opens the index.
    Thread.sleep(forTimeInterval: 0.05)
    let parts = Parts()
    let ran = Parts()
    let walked = walk.finish(alongside: { ran.add([]) }, each: { parts.add($0) })
    let (files, diagnostics) = (walked.files, walked.diagnostics)
    #expect(diagnostics.isEmpty)
    #expect(files.count == 12 * 301)
    #expect(parts.all.sorted() == files.map(\.path).sorted())
    #expect(Set(parts.all).count == parts.all.count)
    #expect(!files.contains { $0.path.hasPrefix(".") || $0.path.hasSuffix(".png") })
  }

  @Test func theWorkBesideTheWalkIsDoneOnceBeforeItReturns() throws {
    let root = try vault(folders: 3, notes: 50)
    let done = Parts()
    let files = VaultWalker(root: root, ignoreFilters: []).walk(
      alongside: {
        Thread.sleep(forTimeInterval: 0.02)
        done.add([VaultFile(path: "job", status: FileSystem.status(root, followLinks: true)!)])
      }
    ).files
    #expect(done.all == ["job"])
    #expect(files.count == 3 * 51)
  }

  @Test func aWalkStartedAndFinishedAtOnceListsWhatAPlainWalkLists() throws {
    let root = try vault(folders: 5, notes: 200)
    let walker = VaultWalker(root: root, ignoreFilters: ["Folder 3/"])
    let plain = walker.walk().files.map(\.path).sorted()
    let started = walker.start().finish().files.map(\.path).sorted()
    #expect(started == plain)
    #expect(plain.count == 4 * 201)
    #expect(!plain.contains { $0.hasPrefix("Folder 3/") })
  }
}
