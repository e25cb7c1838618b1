import Foundation
import Testing
import VaultCore
import VaultMarkdown

/// Inline fields and links are read as Dataview and Obsidian read them, through the
/// whole parse (cmark, masks, scanner). Each inline-field case comes from Dataview's own tests,
/// `src/test/parse/parse.inline.test.ts` (blacksmithgu/obsidian-dataview), with its expected
/// key and value.
@Suite struct DataviewFieldTests {
  /// (line, expected fields as key=value, the test's name in parse.inline.test.ts)
  @Test(arguments: [
    ("[]", [String](), "Empty Brackets"),
    ("()", [], "Empty Parenthesis"),
    ("[key:value]", [], "Incorrect Brackets"),
    ("(key:value)", [], "Incorrect Parenthesis"),
    ("[key::value]", ["key=value"], "Trivial Brackets"),
    ("(key::value)", ["key=value"], "Trivial Parenthesis"),
    ("[key:: value] and so thus, [key2:: value2]", ["key=value", "key2=value2"], "Two Inline Fields"),
    ("[[[[hello:: 16]]", ["hello=16"], "Nested Brackets"),
    ("This is some text. [key:: [value]]", ["key=[value]"], "Brackets In Value"),
    ("Hello? [key! :: \\[value]", ["key!=\\[value"], "Escaped Brackets"),
    ("      - [ ] Huh! [p:: 1]", ["p=1"], "Large Leading Whitespace"),
    ("[link:: <a href=\"Page\">Value</a>]", ["link=<a href=\"Page\">Value</a>"], "Inline Inline With HTML"),
  ])
  func inlineFieldsAsDataview(line: String, expected: [String], test: String) {
    let fields = InlineScanner.scan(line: Array(line.utf8), lineNumber: 1).fields
    #expect(fields.map { "\($0.key)=\($0.value)" } == expected, "\(test)")
  }

  /// Through the whole parse: a value with inline HTML is read whole, as Dataview reads the
  /// line's text (cmark's HTML span hides tags and links in it, not the field).
  @Test func aFieldWhoseValueIsHTMLInANote() {
    let parsed = note("A line [link:: <a href=\"Page\">Value</a>] and <span>[x:: 1]</span> here.\n")
    #expect(parsed.fields.map { "\($0.key)=\($0.value)" } == ["link=<a href=\"Page\">Value</a>", "x=1"])
    #expect(note("<b>#tag</b> and `[code:: 1]`\n").fields.isEmpty)
  }

  /// Dataview's "Large Leading Whitespace" through the whole parse: an indented line that
  /// continues a task is read; the same line after a blank line at the top level is an
  /// indented code block, as Obsidian renders it, and is not (FORMAT.md says why).
  @Test func aFieldOnAnIndentedLine() {
    #expect(note("- [ ] Top\n      - [ ] Huh! [p:: 1]\n").fields.map(\.key) == ["p"])
    #expect(note("Text.\n\n      - [ ] Huh! [p:: 1]\n").fields.isEmpty)
  }

  /// Dataview's "Two Inline Fields" gives the fields' starts (0-based): 0 and 27.
  @Test func fieldColumnsAsDataview() {
    let fields = InlineScanner.scan(line: Array("[key:: value] and so thus, [key2:: value2]".utf8), lineNumber: 1)
      .fields
    #expect(fields.map(\.column) == [1, 28])
  }

  @Test func aFieldWithPunctuationInANote() {
    let parsed = note("---\ntitle: T\n---\nHello? [key! :: \\[value] and [[[[hello:: 16]]\n")
    #expect(parsed.fields.map(\.key) == ["key!", "hello"])
    #expect(parsed.fields.map(\.value) == ["\\[value", "16"])
  }

  /// Obsidian's table cells escape the alias bar (its help vault: "Cards view" in Bases).
  @Test func anEscapedBarInATableCell() throws {
    let parsed = note(
      """
      | View | Link |
      | --- | --- |
      | cards | [[Cards view\\|Cards]] |
      | image | ![[image.png\\|300]] |

      """)
    #expect(parsed.links.map(\.target) == ["Cards view", "image.png"])
    #expect(parsed.links.map(\.alias) == ["Cards", "300"])
    #expect(parsed.links.map(\.style) == [.wikilink, .embed])
  }

  /// `[[#Heading]]` is a link into the note itself: JSON says so.
  @Test func aLinkToTheNoteItself() throws {
    let parsed = note("# Top\n\nSee [[#Top]] and [[#^para]].\n")
    #expect(parsed.links.map(\.isSelf) == [true, true])
    #expect(parsed.links.map(\.subpath) == ["Top", "^para"])
    let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(parsed.links[0])) as? [String: Any]
    #expect(json?["target"] is NSNull)
    #expect(json?["self"] as? Bool == true)
    let other =
      try JSONSerialization.jsonObject(
        with: JSONEncoder().encode(note("[[Other#Top]]\n").links[0])) as? [String: Any]
    #expect(other?["target"] as? String == "Other")
    #expect(other?["self"] as? Bool == false)
  }
}
