import Testing
import VaultCore

@testable import VaultMarkdown

@Suite struct FrontMatterTests {
  @Test func typesFollowObsidian() {
    let parsed = note(
      """
      ---
      text: hello
      quoted: "2026-11-22"
      number: 42
      float: -3.5
      bool: true
      yes: yes
      date: 2026-11-22
      datetime: 2026-11-22T19:30
      time: 19:30
      list: [a, b]
      empty:
      nested:
        a: 1
      ---
      """)
    #expect(parsed.diagnostics.isEmpty)
    let types = parsed.properties.map { "\($0.key)=\($0.type.rawValue)" }
    #expect(
      types == [
        "text=text", "quoted=text", "number=number", "float=number", "bool=checkbox", "yes=text", "date=date",
        "datetime=datetime", "time=text", "list=multitext", "empty=unknown", "nested=object",
      ])
    #expect(parsed.properties["time"] == .text("19:30"))
    #expect(parsed.properties["number"] == .number(42))
  }

  @Test func typesJSONIsHonoured() {
    var settings = VaultSettings()
    settings.propertyTypes = ["due": .date, "count": .number, "labels": .multitext, "done": .checkbox, "code": .text]
    let parsed = note(
      "---\ndue: \"[[2026-11-30]]\"\ncount: \"7\"\nlabels: one\ndone: \"false\"\ncode: 007\n---\n", settings: settings)
    #expect(parsed.properties["due"] == .date(LocalDate(year: 2026, month: 11, day: 30)!))
    #expect(parsed.properties["count"] == .number(7))
    #expect(parsed.properties["labels"] == .list([.text("one")]))
    #expect(parsed.properties["done"] == .bool(false))
    #expect(parsed.properties["code"] == .text("7"))
    let wrong = note("---\ndue: soon\n---\n", settings: settings)
    #expect(
      messages(wrong) == [
        "Note.md:2:1: warning: 'due' is declared date in .obsidian/types.json, but 'soon' is not a date"
      ])
  }

  @Test(arguments: [
    ("---\nx: 1\n", ["Note.md:1:1: error: front matter is not closed: add a line '---' after the properties"]),
    (
      "---\n- a\n- b\n---\n",
      ["Note.md:2:1: error: front matter must be a mapping of properties (key: value), found a list"]
    ),
    (
      "---\njust text\n---\n",
      ["Note.md:2:1: error: front matter must be a mapping of properties (key: value), found a single value"]
    ),
    (
      "---\na: [1, 2\n---\n",
      [
        "Note.md:3:1: error: invalid YAML in front matter: did not find expected ',' or ']' (while parsing a flow sequence at line 2)"
      ]
    ),
    ("---\na: 1\nb: 2\na: 3\n---\n", ["Note.md:4:1: error: duplicate key 'a' in front matter"]),
    ("---\ndate: 2026-02-30\n---\n", ["Note.md:2:7: error: impossible date 2026-02-30"]),
    ("---\nmood: 14\n---\n", []),
  ])
  func diagnostics(text: String, expected: [String]) {
    #expect(messages(note(text)) == expected)
  }

  @Test func duplicateKeysKeepTheFirstAndTheRest() {
    let parsed = note("---\na: 1\nb: 2\na: 3\nc: 4\n---\n")
    #expect(parsed.properties.map(\.key) == ["a", "b", "c"])
    #expect(parsed.properties["a"] == .number(1))
  }

  @Test func hostileYAMLIsRefused() {
    var bomb = "---\na: &a [x,x,x,x,x,x,x,x,x,x]\n"
    for (name, previous) in zip(["b", "c", "d", "e", "f", "g"], ["a", "b", "c", "d", "e", "f"]) {
      bomb += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ",") + "]\n"
    }
    bomb += "---\n# Still read #tag\n"
    let parsed = note(bomb)
    #expect(messages(parsed).first?.contains("error: front matter expands to more than 10000 values") == true)
    #expect(parsed.uniqueTags == ["tag"])
    let deep = note("---\nx: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n---\n")
    #expect(messages(deep) == ["Note.md:2:1: error: front matter is nested more than 64 levels deep"])
  }

  @Test func keyRangesAreExactBytes() throws {
    let text = "---\r\ntitle: \"Quoted\" # comment\r\ntags:\r\n  - a\r\n  - b\r\n\r\nempty:\r\n...\r\nbody\r\n"
    let bytes = Array(text.utf8)
    let parsed = bytesNote(bytes)
    let layout = try #require(parsed.frontMatter)
    #expect(layout.closingFence == "...")
    func slice(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
    #expect(layout.entries.map(\.key) == ["title", "tags", "empty"])
    #expect(slice(layout.entries[0].range) == "title: \"Quoted\" # comment\r\n")
    #expect(slice(layout.entries[0].valueRange) == "\"Quoted\"")
    #expect(slice(layout.entries[1].range) == "tags:\r\n  - a\r\n  - b\r\n")
    #expect(slice(layout.entries[2].valueRange) == "")
    #expect(slice(layout.range).hasSuffix("...\r\n"))
    #expect(parsed.encoding == TextEncoding(hasBOM: false, lineEnding: .crlf))
    #expect(parsed.properties["tags"] == .list([.text("a"), .text("b")]))
  }

  @Test func byteOrderMarkAndNoFrontMatter() {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let parsed = bytesNote(bom + Array("---\ntitle: x\n---\n#tag on line 4\n".utf8))
    #expect(parsed.encoding.hasBOM)
    #expect(parsed.title == "x")
    #expect(parsed.tags.map(\.line) == [4])
    let plain = bytesNote(bom + Array("#tag\n".utf8))
    #expect(plain.tags == [TagOccurrence(name: "tag", line: 1, column: 1)])
  }
}
