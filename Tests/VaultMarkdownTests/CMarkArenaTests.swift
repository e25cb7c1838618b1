import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

/// cmark parses into a per-thread arena that is emptied after each document
/// (`Sources/CMarkArena`): documents larger than one of its blocks, strings that grow past the
/// block they started in, and many documents at once on several threads must read as they do
/// one at a time, and as they do with cmark's own allocator.
@Suite struct CMarkArenaTests {
  /// What cmark gave, as vault keeps it: every block and list item, spans and text.
  static func read(_ text: String, arena: Bool) -> String {
    let document = CMarkDocument(body: Array(text.utf8)[...], arena: arena)
    return "\(document.blocks)\n\(document.items)"
  }

  /// A note whose parts are counted: `sections` headings, each with a paragraph and tasks.
  static func text(sections: Int, paragraphWords: Int) -> String {
    (0..<sections).map { index in
      let paragraph = (0..<paragraphWords).map { "word\($0 % 97)" }.joined(separator: " ")
      return """
        ## Section \(index)

        \(paragraph) #tag\(index) [[Link \(index)]]

        - [ ] Task \(index) 📅 2026-12-\(String(format: "%02d", index % 28 + 1))
        - plain item \(index)

        """
    }.joined(separator: "\n")
  }

  @Test func aDocumentLargerThanABlockReadsWhole() {
    // One paragraph of about 1.2 MB (the arena's blocks are 256 KB) and 300 sections.
    let huge = Self.text(sections: 1, paragraphWords: 200_000) + Self.text(sections: 300, paragraphWords: 20)
    #expect(Self.read(huge, arena: true) == Self.read(huge, arena: false))
    let parsed = note(huge)
    #expect(parsed.headings.count == 301)
    #expect(parsed.tasks.count == 301)
    #expect(parsed.tasks.last?.due == LocalDate(year: 2026, month: 12, day: 299 % 28 + 1))
    #expect(parsed.links.count == 301)
    #expect(parsed.summary.hasPrefix("word0 word1 word2"))
  }

  @Test func documentsAfterALargeOneReadTheSame() {
    let small = Self.text(sections: 3, paragraphWords: 10)
    let expected = Self.read(small, arena: false)
    #expect(Self.read(small, arena: true) == expected)
    _ = Self.read(Self.text(sections: 1, paragraphWords: 100_000), arena: true)
    #expect(Self.read(small, arena: true) == expected)
  }

  @Test func manyThreadsParseAtOnce() {
    let texts = (0..<400).map { Self.text(sections: $0 % 7 + 1, paragraphWords: $0 % 50 * 40 + 1) }
    let alone = texts.map { Self.read($0, arena: false) }
    let results = UnsafeMutableBufferPointer<String?>.allocate(capacity: texts.count)
    results.initialize(repeating: nil)
    defer { results.deallocate() }
    nonisolated(unsafe) let slots = results
    DispatchQueue.concurrentPerform(iterations: texts.count) { index in
      slots[index] = Self.read(texts[index], arena: true)
    }
    for index in texts.indices {
      #expect(results[index] == alone[index], "note \(index)")
    }
  }
}
