import Foundation
import Testing

@testable import VaultCore

@Suite struct InlineScannerTests {
  func tags(_ line: String, masked: [Range<Int>] = []) -> [String] {
    InlineScanner.scan(line: Array(line.utf8), lineNumber: 1, masked: masked).tags.map(\.name)
  }

  @Test(arguments: [
    ("#tag", ["tag"]), ("a #tag b", ["tag"]), ("#Health/Running ok", ["Health/Running"]),
    ("#1984", []), ("#2024-plan", ["2024-plan"]), ("#y1984", ["y1984"]), ("#日本語 text", ["日本語"]),
    ("#café", ["café"]), ("#🎸music", ["🎸music"]), ("end #tag.", ["tag"]), ("(#tag)", []),
    ("a#b", []), ("# heading", []), ("#a,#b", ["a"]), ("#a #b", ["a", "b"]), ("#snake_case-x", ["snake_case-x"]),
    ("url https://x.com/#frag", []), ("\\#escaped", []), ("#tag\u{00A0}x", ["tag"]), ("#tag—dash", ["tag"]),
    ("#", []), ("##double", []),
  ])
  func tagRules(line: String, expected: [String]) {
    #expect(tags(line) == expected)
  }

  @Test func maskedSpansAreSkipped() {
    let line = "see `#code` and #real"
    #expect(tags(line, masked: [5..<10]) == ["real"])
  }

  @Test func tagColumnsCountScalars() {
    let found = InlineScanner.scan(line: Array("é🎸 #x".utf8), lineNumber: 7).tags
    #expect(found == [TagOccurrence(name: "x", line: 7, column: 4)])
  }

  @Test(arguments: [
    ("[[Note]]", "Note", nil, nil, Link.Style.wikilink),
    ("[[Note|alias]]", "Note", nil, "alias", .wikilink),
    ("[[Note#Heading]]", "Note", "Heading", nil, .wikilink),
    ("[[Note#^block-1|x]]", "Note", "^block-1", "x", .wikilink),
    ("![[image.png]]", "image.png", nil, nil, .embed),
    ("[[Folder/Sub Note]]", "Folder/Sub Note", nil, nil, .wikilink),
    ("[[#Local heading]]", "", "Local heading", nil, .wikilink),
  ])
  func wikilinks(line: String, target: String, subpath: String?, alias: String?, style: Link.Style) throws {
    let links = InlineScanner.scan(line: Array(line.utf8), lineNumber: 1).links
    let link = try #require(links.first)
    #expect(links.count == 1)
    #expect(link.target == target && link.subpath == subpath && link.alias == alias && link.style == style)
    #expect(link.column == 1)
  }

  @Test(arguments: ["[[unclosed", "[[]]", "[ [spaced]]", "[[a [[b]]"])
  func notWikilinks(line: String) {
    let links = InlineScanner.scan(line: Array(line.utf8), lineNumber: 1).links
    #expect(links.allSatisfy { $0.target == "b" })
  }

  @Test func bracketedFields() {
    let found = InlineScanner.scan(line: Array("x [due:: 2026-11-30] (mood:: 7) [p:: [[X]]]".utf8), lineNumber: 1)
    #expect(found.fields.map(\.key) == ["due", "mood", "p"])
    #expect(found.fields.map(\.value) == ["2026-11-30", "7", "[[X]]"])
    #expect(found.links.map(\.target) == ["X"])
  }

  @Test(arguments: [
    ("Budget:: 150 EUR", "Budget", "150 EUR"), ("**Bold Key**:: v", "Bold Key", "v"), ("- key:: value", "key", "value"),
  ])
  func wholeLineFields(line: String, key: String, value: String) throws {
    let field = try #require(InlineScanner.wholeLineField(Substring(line)))
    #expect(field.key == key && field.value == value)
  }

  @Test(arguments: ["no field here", "[key:: v]", "see http://a.b::c", ":: v"])
  func notWholeLineFields(line: String) {
    #expect(InlineScanner.wholeLineField(Substring(line)) == nil)
  }

  @Test func tagValidity() {
    #expect(TagSyntax.isValid("a/b"))
    #expect(!TagSyntax.isValid("1984"))
    #expect(!TagSyntax.isValid("has space"))
    #expect(TagSyntax.normalized("#Health/Running") == "health/running")
    #expect(TagSyntax.ancestors(of: "Health/Running/Long") == ["health", "health/running", "health/running/long"])
  }

  /// Settings values are trimmed as Foundation's `.whitespaces` trims them (tabs and every
  /// Unicode space separator, not line breaks), without Foundation's character sets.
  @Test(arguments: [
    "  Daily/ ", "\tJournal\t", "\u{3000}日記\u{3000}", "\u{00A0}x\u{2003}", "   ", "", "a b", "\nkeep\n",
    "\u{0301}é ", " 🎸 ",
  ])
  func whitespaceIsTrimmedAsFoundationTrimsIt(text: String) {
    #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces))
  }
}
