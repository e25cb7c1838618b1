import Testing
import VaultCore

@testable import VaultMarkdown

/// The inputs that made the reading side quadratic (or worse) read as they did, only
/// in linear time. What each one yields is pinned here; how long they take at 1 MB is
/// `make fuzz`'s job (Fuzz/vault-fuzz), never a timed unit test.
@Suite struct LinearParsingTests {
  @Test func unclosedWikilinksGiveNoLinksAndTheirTextAsSummary() {
    let parsed = note("x\n" + String(repeating: "[[", count: 2_000) + "\n")
    #expect(parsed.links.isEmpty)
    #expect(parsed.summary == "x " + String(repeating: "[", count: 277) + "…")
  }

  /// An opening `[[` runs to the first `]]` after it, as before: the first link takes the
  /// second's alias.
  @Test func summaryStillResolvesLinksAfterUnclosedOnes() {
    #expect(note("[[ a [[b|B]] c [[d]] [[ e").summary == "B c d [[ e")
    #expect(note("a [[b]] [[ c [[d|D]] e").summary == "a b D e")
  }

  @Test func manyTagsOnOneLineHaveTheirColumns() {
    let parsed = note(String(repeating: "é #t ", count: 3_000))
    #expect(parsed.tags.count == 3_000)
    #expect(parsed.tags.last?.column == 2_999 * 5 + 3)
  }

  @Test func manyMarkdownLinksOnOneLineHaveTheirColumns() {
    let parsed = note(String(repeating: "é [a](b.md) ", count: 1_000))
    #expect(parsed.links.count == 1_000)
    #expect(parsed.links.map(\.column).last == 999 * 12 + 3)
  }

  @Test func codeOnEveryLineOfALongParagraphMasksOnlyItsOwnLine() {
    let parsed = note(String(repeating: "`#code` #tag\n", count: 2_000))
    #expect(parsed.tags.count == 2_000)
    #expect(parsed.tags.allSatisfy { $0.name == "tag" && $0.column == 9 })
  }

  /// Dataview looks for the next field after the end of the one it found
  /// (`extractInlineFields`), for `[` and `(` separately.
  @Test func aFieldInsideAFieldOfTheSameBracketIsNotOne() {
    let parsed = note("[a:: x [b:: y] (c:: z)] (d:: w)")
    #expect(parsed.fields.map(\.key) == ["a", "c", "d"])
    #expect(parsed.fields.first?.value == "x [b:: y] (c:: z)")
  }

  @Test func deeplyNestedFieldsGiveTheOutermost() {
    let depth = 5_000
    let parsed = note(String(repeating: "(k:: ", count: depth) + "v" + String(repeating: ")", count: depth))
    #expect(parsed.fields.count == 1)
  }

  /// As Dataview reads the line's text: a value may hold code, and a field inside a field's
  /// value is not one.
  @Test func aFieldOverCodeIsOneAndTheFieldInsideItIsNot() {
    let parsed = note("[a:: `x` [b:: y]]")
    #expect(parsed.fields.map(\.key) == ["a"])
    #expect(parsed.fields.first?.value == "`x` [b:: y]")
    #expect(note("`[a:: x]` [b:: y]").fields.map(\.key) == ["b"])
  }

  @Test func aLineOfSpacesIsRead() {
    let parsed = note(String(repeating: " ", count: 100_000) + "\n#tag")
    #expect(parsed.tags.map(\.name) == ["tag"])
  }

  @Test func longBlockListsAreReadWithinTheBudgetOfValues() throws {
    let items = (0..<12_000).map { "  - item\($0)\n" }.joined()
    let parsed = note("---\ntags:\n" + items + "---\n")
    #expect(messages(parsed).contains { $0.contains("more than 10000 values") })
    let value = try #require(parsed.properties.first { $0.key == "tags" }?.value)
    guard case .list(let list) = value else {
      Issue.record("tags is not a list: \(value)")
      return
    }
    #expect(list.count == 12_000)
    #expect(list[9_998] == .text("item9998"))
    #expect(list[9_999] == .null)
  }

  @Test func aBlockListOfAThousandItemsIsReadWhole() throws {
    let items = (0..<1_000).map { "- t\($0)\n" }.joined()
    let parsed = note("---\ntags:\n" + items + "---\n")
    #expect(parsed.diagnostics.isEmpty)
    guard case .list(let list) = parsed.properties.first?.value else {
      Issue.record("tags is not a list")
      return
    }
    #expect(list.count == 1_000)
    #expect(list.last == .text("t999"))
  }

  @Test func flowListColumnsAreCountedAlongTheLine() {
    let items = (0..<3_000).map { _ in "2026-02-30" }.joined(separator: ", ")
    let parsed = note("---\ndates: [é, " + items + "]\n---\n")
    let columns = parsed.diagnostics.filter { $0.message.contains("impossible date") }.map(\.column)
    #expect(columns.count == 3_000)
    #expect(columns.last == 12 + 2_999 * 12)
  }

  @Test func nestingPastTheCapIsReadAsSpacesWithAWarning() {
    let parsed = note(String(repeating: "> ", count: 1_000) + "deep #tag *a* *b*\nnext line\n")
    #expect(messages(parsed).contains { $0.contains("nest past 128 columns") })
    #expect(parsed.diagnostics.first?.line == 1)
  }

  @Test func nestingWithinTheCapIsUntouched() {
    let text = (0..<20).map { String(repeating: "  ", count: $0) + "- item \($0) #t\($0)\n" }.joined()
    let parsed = note(text)
    #expect(parsed.diagnostics.isEmpty)
    #expect(parsed.listEntries.map(\.depth) == Array(0..<20))
    #expect(parsed.tags.count == 20)
  }

  @Test func theCapKeepsEveryOffset() {
    let body = Array((String(repeating: "- ", count: 200) + "x\r" + String(repeating: "1. ", count: 100) + "y\n").utf8)
    let (capped, lines) = NestingCap.capped(body[...])
    #expect(capped.count == body.count)
    #expect(lines == [1, 2])
    #expect(capped.filter { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count == 2)
  }

  @Test func textThatOnlyLooksLikeMarkersIsNotCapped() {
    let lines = [
      String(repeating: "-", count: 300), String(repeating: "1", count: 300) + ". a",
      "**" + String(repeating: "a ", count: 200),
    ]
    for line in lines {
      let body = Array((line + "\n").utf8)
      #expect(NestingCap.capped(body[...]).lines.isEmpty, "\(line.prefix(20))")
    }
  }
}
