import Foundation
import Testing
import VaultCore
import VaultIndex
import VaultKit

/// Search and filter semantics, through the real index.
@Suite struct SearchTests {
  static let files = [
    "Garden.md":
      "---\ntags: [Home/Garden]\ncategory: [outdoor, Family]\nrating: 4\n---\n# Garden\n\nPlan the spring beds.\n\nThe apple tree needs pruning.\n",
    "Notes/Running.md":
      "---\nrating: 2\ncreated: 2025-06-01\n---\nMorning run, 5 km. #health/running\nA café stop, très naïve.\n",
    "Notes/Planning.md":
      "Planning the week ahead. #Health\n- [ ] Book the dentist 📅 2026-11-28 ⏫ #health\n- [x] Pay rent 📅 2026-11-01 ✅ 2026-11-01\n- [ ] Call Sam #family\n",
    "Journal/2026-11-20.md": "---\nmood: 8\n---\nA good day in the garden.\n",
    "Journal/2026-11-21.md": "---\nmood: 4\n---\nRain all day.\r\nThe garden plan slipped.\r\n",
    ".obsidian/daily-notes.json": "{\"folder\": \"Journal\"}",
    "Events/Concert.md": "---\ntitle: Radiohead\ndate: 2026-12-05\ncategory: music\n---\nBring earplugs.\n",
  ]

  func search(_ text: String, limit: Int = 20) throws -> [SearchHit] {
    let vault = try TemporaryVault(Self.files)
    let opened = try vault.vault()
    let store = try vault.store()
    try opened.refresh(store)
    return try opened.search(Query.parse(text), in: store, limit: limit).hits
  }

  func paths(_ text: String) throws -> [String] { try search(text).map(\.path).sorted() }

  func list(_ text: String, order: FileOrder = .path) throws -> [String] {
    let vault = try TemporaryVault(Self.files)
    let opened = try vault.vault()
    let store = try vault.store()
    try opened.refresh(store)
    return try opened.list(Query.parse(text), in: store, order: order, reverse: false, limit: nil).matches.map(\.path)
  }

  @Test func wordsAreAllRequiredAndIgnoreCaseAndAccents() throws {
    #expect(try paths("garden plan") == ["Garden.md", "Journal/2026-11-21.md"])
    #expect(try paths("CAFE naive") == ["Notes/Running.md"])
  }

  @Test func prefixesAndPhrases() throws {
    #expect(try paths("plan*") == ["Garden.md", "Journal/2026-11-21.md", "Notes/Planning.md"])
    #expect(try paths("\"plan slipped\"") == ["Journal/2026-11-21.md"])
    // As in FTS5, a phrase runs across line breaks: "# Garden" then "Plan the spring beds".
    #expect(try paths("\"garden plan\"") == ["Garden.md", "Journal/2026-11-21.md"])
  }

  @Test func hitsGiveTheLineOfTheFirstMatchAndASnippet() throws {
    let hit = try #require(try search("slipped").first)
    // Front matter is 3 lines; the body's second line, after a CRLF.
    #expect(hit.line == 5)
    #expect(hit.snippet == "The garden plan slipped.")
    #expect(hit.highlights == [16..<23])
    let apple = try #require(try search("apple").first)
    #expect(apple.line == 10)
  }

  @Test func aTitleOutranksABodyMention() throws {
    let hits = try search("garden")
    #expect(hits.first?.path == "Garden.md")
    #expect(hits.map(\.path).count == 3)
  }

  @Test func tagFiltersMatchNestedTagsIgnoringCase() throws {
    #expect(try list("tag:health") == ["Notes/Planning.md", "Notes/Running.md"])
    #expect(try list("tag:health/running") == ["Notes/Running.md"])
    #expect(try list("tag:home") == ["Garden.md"])
    #expect(try list("tag:heal").isEmpty)
  }

  @Test func typeAndPathFilters() throws {
    #expect(try list("type:journal") == ["Journal/2026-11-20.md", "Journal/2026-11-21.md"])
    #expect(try list("type:event") == ["Events/Concert.md"])
    #expect(try list("path:notes/") == ["Notes/Planning.md", "Notes/Running.md"])
  }

  @Test func propertyComparisonsByType() throws {
    #expect(try list("mood>=7") == ["Journal/2026-11-20.md"])
    #expect(try list("mood<7") == ["Journal/2026-11-21.md"])
    #expect(try list("rating>2") == ["Garden.md"])
    #expect(try list("created<2026-01-01") == ["Notes/Running.md"])
    #expect(try list("category=music") == ["Events/Concert.md"])
    // A list property matches by any element, ignoring case.
    #expect(try list("category=family") == ["Garden.md"])
    // != keeps files without the property.
    #expect(try list("category!=music type:note") == ["Garden.md", "Notes/Planning.md", "Notes/Running.md"])
  }

  @Test func listOrdersByDateWithUndatedLast() throws {
    let ordered = try list("path:Journal/ mood>0", order: .date)
    #expect(ordered == ["Journal/2026-11-20.md", "Journal/2026-11-21.md"])
  }

  @Test func taskFilters() throws {
    let vault = try TemporaryVault(Self.files)
    let opened = try vault.vault()
    let store = try vault.store()
    try opened.refresh(store)
    func tasks(_ text: String) throws -> [String] {
      try opened.listTasks(Query.parse(text), in: store, limit: nil).matches.map(\.description)
    }
    #expect(try tasks("due<2026-12-01") == ["Pay rent", "Book the dentist #health"])
    #expect(try tasks("status=todo") == ["Book the dentist #health", "Call Sam #family"])
    #expect(try tasks("priority>=high") == ["Book the dentist #health"])
    #expect(try tasks("tag:family") == ["Call Sam #family"])
    #expect(try tasks("dentist") == ["Book the dentist #health"])
  }

  @Test func anEditIsFoundByTheNextSearch() throws {
    let vault = try TemporaryVault(Self.files)
    let opened = try vault.vault()
    let store = try vault.store()
    try opened.refresh(store)
    #expect(try opened.search(Query.parse("earplugs"), in: store, limit: 5).total == 1)
    try vault.write(
      "Events/Concert.md", "---\ntitle: Radiohead\ndate: 2026-12-05\n---\nBring a raincoat.\n", secondsLater: 2)
    try opened.refresh(store)
    #expect(try opened.search(Query.parse("earplugs"), in: store, limit: 5).total == 0)
    #expect(try opened.search(Query.parse("raincoat"), in: store, limit: 5).hits.map(\.line) == [5])
  }

  /// The body goes to the full-text table as bytes; a file that is not valid UTF-8 is repaired
  /// first, as the rest of the note is (U+FFFD for each bad byte).
  @Test func aBodyThatIsNotUTF8IsSearchedAsRepaired() throws {
    let vault = try TemporaryVault(["ok.md": "Milk and honey.\n"])
    try Data([UInt8]("---\ntitle: Latin\n---\nCaf".utf8) + [0xE9] + [UInt8](" au lait.\n".utf8))
      .write(to: vault.root.appendingPathComponent("latin.md"))
    let opened = try vault.vault()
    let store = try vault.store()
    try opened.refresh(store)
    let hit = try #require(try opened.search(Query.parse("lait"), in: store, limit: 5).hits.first)
    #expect(hit.path == "latin.md")
    #expect(hit.snippet == "Caf\u{FFFD} au lait.")
    #expect(try opened.search(Query.parse("caf"), in: store, limit: 5).hits.map(\.path) == ["latin.md"])
    #expect(try opened.search(Query.parse("honey"), in: store, limit: 5).hits.map(\.path) == ["ok.md"])
  }
}
