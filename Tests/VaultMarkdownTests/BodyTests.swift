import Testing
import VaultCore

@testable import VaultMarkdown

@Suite struct BodyTests {
  static let body = """
    ---
    tags: [fm-tag, "#quoted"]
    ---
    # Heading #h1tag

    Text #body-tag with [[Note|alias]], ![[img.png]] and [md](Other%20Note.md#Part).
    Not in `code #nope [[nope]]` nor <span>#nope</span> nor [x](https://e.com/#nope).

    ```
    #nope [[nope]]
    - [ ] not a task
    ```

        indented code #nope

    <div>
    #nope
    </div>

    - [ ] Parent ⏫ 📅 2026-11-30
      - [x] Child ✅ 2026-11-20
        - plain item
          - [ ] Grandchild
    > [!note] Callout
    > - [/] Quoted task [due:: 2026-12-01]
    - plain #list-tag

    Budget:: 150
    """

  /// Only some blocks keep their text (`CMarkDocument.Block.text`): the summary, headings and
  /// list entries must come out the same as when every block kept it.
  @Test func summaryHeadingsAndListEntriesAfterTheSummary() {
    let parsed = note(
      "- first item\n\n[[Only a link|]]\n\n日本語の段落\n\nThe *real* summary, `code`.\n\nLater text.\n\n"
        + "## Later heading *here*\n\n- later item with [[Note|alias]]\n\n  second paragraph of the item\n")
    // The first paragraph outside a list whose summary is not empty: the empty alias gives
    // nothing, the Japanese one (no ASCII letter, so kept to be sure) does.
    #expect(parsed.summary == "日本語の段落")
    #expect(parsed.headings.map(\.text) == ["Later heading here"])
    #expect(parsed.listEntries.map(\.text) == ["first item", "later item with [[Note|alias]]"])
    #expect(note("[[Only a link|]]\n\n- an item\n").summary == "")
    #expect(note("- an item\n\n  inside it\n").summary == "an item")
    #expect(CMarkDocument.surelySummarizes("Plain words"))
    #expect(!CMarkDocument.surelySummarizes("See [[Note|]]"))
    #expect(!CMarkDocument.surelySummarizes("— … !"))
  }

  @Test func tagsLinksAndHeadings() {
    let parsed = note(Self.body)
    #expect(parsed.uniqueTags == ["fm-tag", "quoted", "h1tag", "body-tag", "list-tag"])
    #expect(parsed.links.map(\.target) == ["Note", "img.png", "Other Note.md"])
    #expect(parsed.links.map(\.style) == [.wikilink, .embed, .markdown])
    #expect(parsed.links[2].subpath == "Part" && parsed.links[2].alias == "md")
    #expect(parsed.headings == [Heading(level: 1, text: "Heading #h1tag", line: 4)])
    #expect(parsed.fields == [InlineField(key: "Budget", value: "150", line: 28, column: 1)])
    #expect(parsed.diagnostics.isEmpty)
  }

  @Test func tasksWithLinesParentsAndRanges() throws {
    let bytes = Array(Self.body.utf8)
    let parsed = bytesNote(bytes)
    #expect(parsed.tasks.map(\.description) == ["Parent", "Child", "Grandchild", "Quoted task"])
    #expect(parsed.tasks.map(\.line) == [20, 21, 23, 25])
    #expect(parsed.tasks.map(\.parentLine) == [nil, 20, 21, nil])
    #expect(parsed.tasks.map(\.indentation) == ["", "  ", "      ", "> "])
    let quoted = parsed.tasks[3]
    #expect(quoted.status.type == .inProgress && quoted.due?.description == "2026-12-01")
    let child = parsed.tasks[1]
    #expect(String(decoding: bytes[child.byteRange], as: UTF8.self) == "  - [x] Child ✅ 2026-11-20")
    #expect(parsed.listEntries.map(\.text) == ["plain item", "plain #list-tag"])
  }

  @Test func taskProblemsPointAtTheField() {
    let parsed = note("Intro\n\n- [ ] Pay 📅 2026-02-30\n")
    #expect(messages(parsed) == ["Note.md:3:13: error: impossible due date 2026-02-30"])
  }

  @Test func badBytesNeverStopParsing() {
    #expect(messages(bytesNote([0, 1, 2])) == ["Note.md:1:1: warning: binary file (it holds NUL bytes); skipped"])
    let invalid = bytesNote(Array("# T\n".utf8) + [0xFF, 0xFE] + Array(" #tag\n".utf8))
    #expect(messages(invalid) == ["Note.md:2:1: warning: not valid UTF-8; invalid bytes are read as U+FFFD"])
    #expect(bytesNote([]).diagnostics.isEmpty)
    let deep = note(String(repeating: ">", count: 5000) + " x\n" + String(repeating: "- ", count: 3000) + "[ ] t\n")
    // Past 128 columns of markers, cmark would take time in depth × nodes.
    #expect(deep.diagnostics.map(\.line) == [1, 2])
    #expect(deep.tasks.isEmpty)
  }

  @Test func oldMacLineEndings() {
    let parsed = bytesNote(Array("---\rtitle: x\r---\rbody #t\r".utf8))
    #expect(parsed.title == "x")
    #expect(parsed.tags == [TagOccurrence(name: "t", line: 4, column: 6)])
  }
}

@Suite struct UTF8ValidationTests {
  @Test(
    arguments: [
      ([UInt8](), nil), (Array("héllo 🎸 \u{FFFD}".utf8), nil), ([0x61, 0xFF], 1), ([0x61, 0xC3], 1),
      ([0xE0, 0x80, 0x80], 0), ([0xED, 0xA0, 0x80], 0), ([0x61, 0x62, 0xC0, 0xAF], 2),
    ] as [([UInt8], Int?)])
  func firstInvalidByte(bytes: [UInt8], offset: Int?) {
    #expect(NoteParser.firstInvalidUTF8(bytes[...]) == offset)
  }

  /// ASCII is skipped eight bytes at a time: a bad byte, or a sequence cut short, at every
  /// place in and after such runs, and in a slice that does not start at 0.
  @Test func badBytesAfterRunsOfASCII() {
    let ascii = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)
    for position in 0...ascii.count {
      for bad in [[0xFF], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80]] as [[UInt8]] {
        let bytes = Array(ascii[..<position]) + bad + Array(ascii[position...])
        #expect(NoteParser.firstInvalidUTF8(bytes[...]) == position, "\(bad) at \(position)")
        #expect(NoteParser.firstInvalidUTF8(([0x41, 0x42, 0x43] + bytes)[3...]) == position)
      }
      let valid = Array(ascii[..<position]) + Array("é🎸".utf8) + Array(ascii[position...])
      #expect(NoteParser.firstInvalidUTF8(valid[...]) == nil)
    }
  }

  /// A file's lines are read as bytes where they are. A task line with an invalid
  /// byte is read as its text reads it (U+FFFD), and a wikilink is split at its first `|` and
  /// `#` bytes.
  @Test func linesAreReadInPlaceAndInvalidBytesAsReplacement() throws {
    var bytes = Array("- [ ] pay \u{1}x 📅 2026-11-30 #bills\n\nSee [[ Folder/Note #Part|the note ]] #end\n".utf8)
    bytes[bytes.firstIndex(of: 1)!] = 0xFF
    let parsed = bytesNote(bytes)
    let task = try #require(parsed.tasks.first)
    #expect(task.description == "pay \u{FFFD}x #bills" && task.due?.description == "2026-11-30")
    #expect(task.tags == ["bills"])
    let link = try #require(parsed.links.first)
    #expect(link.target == "Folder/Note" && link.subpath == "Part" && link.alias == "the note ")
    #expect(parsed.tags.map(\.name) == ["bills", "end"])
  }

  /// A summary keeps at most 280 characters (graphemes: `é` written as `e` and a combining
  /// accent is one), and is cut to 279 and `…` past that.
  @Test(arguments: [(280, false), (281, true), (1_000, true), (12, false)])
  func summariesAreCutPast280Characters(characters: Int, cut: Bool) {
    let text = String(repeating: "e\u{301}", count: characters)
    let summary = note(text + "\n").summary
    #expect(summary == (cut ? String(repeating: "e\u{301}", count: 279) + "…" : text))
  }
}
