import Foundation
import TestSupport
import Testing

@testable import VaultIndex

/// The stamps a refresh compares a walk with, found by the bytes of their paths.
@Suite struct StampTableTests {
  func table(_ pairs: [(String, FileStamp)], capacity: Int = 0) -> StampTable {
    var table = StampTable(capacity: capacity)
    for (path, stamp) in pairs {
      var path = path
      path.withUTF8 { table.add($0, stamp) }
    }
    return table
  }

  func stamp(_ n: Int) -> FileStamp { FileStamp(size: n, modified: Int64(n) * 1_000, inode: UInt64(n) + 7) }

  @Test func aPathIsFoundOnlyByItsExactBytes() {
    let known = table([
      ("Notes/a.md", stamp(1)), ("Notes/a.md.md", stamp(2)), ("日本語のメモ.md", stamp(3)), ("", stamp(4)),
      ("Café.md", stamp(5)),
    ])
    #expect(known["Notes/a.md"] == stamp(1))
    #expect(known["Notes/a.md.md"] == stamp(2))
    #expect(known["日本語のメモ.md"] == stamp(3))
    #expect(known[""] == stamp(4))
    #expect(known["Café.md"] == stamp(5))
    #expect(known["Notes/a.m"] == nil)
    #expect(known["notes/a.md"] == nil)
    // The same letter decomposed is other bytes: another file name on Linux.
    #expect(known["Cafe\u{301}.md"] == nil)
    #expect(known.count == 5)
  }

  @Test func aPathAddedTwiceKeepsItsFirstStamp() {
    let known = table([("a.md", stamp(1)), ("a.md", stamp(2))])
    #expect(known["a.md"] == stamp(1))
    #expect(known.count == 1)
    #expect(known.paths == ["a.md"])
  }

  @Test func itAnswersAsADictionaryDoesForManyPathsPastItsFirstSize() {
    var random = SeededRandom(seed: 34)
    var pairs: [(String, FileStamp)] = []
    for n in 0..<20_000 {
      let folder = ["Notes", "Journal/2026", "Ideas/深い", "x"][Int(random.next() % 4)]
      pairs.append(("\(folder)/Note \(random.next() % 50_000).md", stamp(n)))
    }
    // Started small, so that it grows many times.
    let known = table(pairs, capacity: 4)
    var dictionary: [String: FileStamp] = [:]
    for (path, stamp) in pairs where dictionary[path] == nil { dictionary[path] = stamp }
    #expect(known.count == dictionary.count)
    for (path, stamp) in dictionary { #expect(known[path] == stamp) }
    for n in 0..<2_000 { #expect(known["Elsewhere/Note \(n).md"] == dictionary["Elsewhere/Note \(n).md"]) }
    #expect(Set(known.paths) == Set(dictionary.keys))
  }
}
