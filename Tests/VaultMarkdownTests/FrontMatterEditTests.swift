import Testing
import VaultCore
import VaultMarkdown

/// A property edit changes one value's span or one line, and the note reads back with
/// the intended value and type; every other line stays byte for byte.
@Suite struct FrontMatterEditTests {
  static func set(_ key: String, _ yaml: String, in text: String) -> String {
    let bytes = Array(text.utf8)
    let note = NoteParser.parse(bytes, path: "Note.md")
    return String(
      decoding: FrontMatterEditor.set(key, to: yaml, in: bytes, layout: note.frontMatter, encoding: note.encoding),
      as: UTF8.self)
  }

  static func remove(_ key: String, in text: String) -> String {
    let bytes = Array(text.utf8)
    let note = NoteParser.parse(bytes, path: "Note.md")
    return String(decoding: FrontMatterEditor.remove(key, in: bytes, layout: note.frontMatter), as: UTF8.self)
  }

  @Test(arguments: [
    // A value on the key's line: only the value changes; quoting elsewhere and comments stay.
    (
      "---\ntitle: 'Odd: quoting'\nmood: 5 # before coffee\n---\nBody\n", "mood", "7",
      "---\ntitle: 'Odd: quoting'\nmood: 7 # before coffee\n---\nBody\n"
    ),
    // A new key is the last line of the front matter, in the file's line ending.
    (
      "\u{FEFF}---\r\ntags: [a]\r\n---\r\nBody\r\n", "mood", "8",
      "\u{FEFF}---\r\ntags: [a]\r\nmood: 8\r\n---\r\nBody\r\n"
    ),
    // A block list becomes one flow line.
    (
      "---\ntags:\n  - a\n  - b\ndate: 2026-11-22\n---\n", "tags", "[a, c]",
      "---\ntags: [a, c]\ndate: 2026-11-22\n---\n"
    ),
    // An empty value gets one.
    ("---\nmood:\nother: x\n---\n", "mood", "6", "---\nmood: 6\nother: x\n---\n"),
    // No front matter yet: one goes first (after the BOM).
    ("\u{FEFF}# Title\n", "mood", "6", "\u{FEFF}---\nmood: 6\n---\n# Title\n"),
    ("---\n---\nBody\n", "mood", "6", "---\nmood: 6\n---\nBody\n"),
  ])
  func setting(text: String, key: String, yaml: String, expected: String) {
    #expect(Self.set(key, yaml, in: text) == expected)
  }

  @Test func removingTakesTheKeysLines() {
    #expect(Self.remove("tags", in: "---\na: 1\ntags:\n  - x\n  - y\nb: 2\n---\n") == "---\na: 1\nb: 2\n---\n")
    #expect(Self.remove("missing", in: "---\na: 1\n---\n") == "---\na: 1\n---\n")
  }

  @Test(arguments: [
    ("7", PropertyType.number, "7"), ("7.5", .number, "7.5"), ("yes", .checkbox, "true"),
    ("2026-12-05", .date, "2026-12-05"),
    ("a, #b", .tags, "[a, b]"), ("Plain words", .text, "Plain words"), ("yes", .text, "\"yes\""),
    ("12", .text, "\"12\""), ("key: value", .text, "\"key: value\""), ("#tag", .text, "\"#tag\""),
    ("say \"hi\"", .text, "say \"hi\""), ("- dash", .text, "\"- dash\""), ("2026-12-05", .text, "\"2026-12-05\""),
  ])
  func valuesAreWrittenToReadBackTheSame(value: String, type: PropertyType, yaml: String) throws {
    #expect(try PropertyWriter.yaml(value, as: type).get() == yaml)
  }

  /// Random sequences of sets and removals on notes of different shapes: after each, every
  /// property reads back as set, and every line not holding an edited key is unchanged.
  @Test func randomEditSequencesTouchOnlyTheirLines() throws {
    let notes = [
      "---\ntitle: \"Quoted: title\"\n# a comment\ntags:\n  - one\n  - two\nmood: 5 # morning\n---\n# Body\n\ntext\n",
      "\u{FEFF}---\r\ncategory: music\r\ndate: 2026-12-05\r\n---\r\nBody\r\n",
      "---\nnested:\n  a: 1\n  b: [x, y]\nempty:\n---\n",
      "No front matter at all.\n",
    ]
    var random = SplitMix(seed: 42)
    let keys = ["mood", "rating", "status", "tags", "done", "title", "new_key"]
    for note in notes {
      var text = note
      var expected: [String: PropertyValue] = [:]
      for _ in 0..<40 {
        let key = keys[random.next(keys.count)]
        let before = text
        if random.next(4) == 0 {
          text = Self.remove(key, in: text)
          expected[key] = nil
        } else {
          let number = random.next(10) + 1
          let (yaml, value): (String, PropertyValue) =
            switch random.next(4) {
            case 0: ("\(number)", .number(Double(number)))
            case 1: ("[a, \"b c\"]", .list([.text("a"), .text("b c")]))
            case 2: ("true", .bool(true))
            default: (PropertyWriter.scalar("text: \(number)"), .text("text: \(number)"))
            }
          text = Self.set(key, yaml, in: text)
          expected[key] = value
        }
        let parsed = NoteParser.parse(Array(text.utf8), path: "Note.md")
        #expect(parsed.diagnostics.filter { $0.severity == .error }.isEmpty, "\(text)")
        for (key, value) in expected {
          #expect(parsed.properties.first { $0.key == key }?.value == value, "\(key) in\n\(text)")
        }
        // Lines of other keys and the body are untouched.
        let kept = Set(
          before.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).filter {
            !$0.hasPrefix(key) && !$0.hasPrefix("  -")
          })
        let now = Set(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline))
        #expect(
          kept.subtracting(["---", "\u{FEFF}---"]).isSubset(of: now), "\(before) -> \(text)")
      }
    }
  }
}

/// A small seeded generator, so a failing sequence can be replayed.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return bound <= 1 ? 0 : Int(z % UInt64(bound))
  }
}
