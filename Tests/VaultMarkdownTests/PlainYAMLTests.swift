import Foundation
import Testing
import VaultCore

@testable import VaultMarkdown

/// The plain subset of YAML read without Yams (`PlainYAML`) gives exactly what Yams gives:
/// the same properties, types, marks and diagnostics, on every fixture's front matter and on
/// mutations of them; and what it does not take, Yams reads.
@Suite struct PlainYAMLTests {
  /// Front matter as Obsidian and people write it: all of it in the subset.
  static let written = [
    "title: Dentist\nstart: 2026-11-24\nallDay: true\n",
    "type: event\nemoji: 🦷\ndate: 2026-11-24T09:30\nlocation: \"Dr. Lee, 4th floor\"\n",
    "tags:\n  - health\n  - health/teeth\naliases:\n  - Zahnarzt\n",
    "tags:\n- a\n- b\ncssclasses:\n",
    "mood: 7\nmood_tags: [sleep, work]\nweather: 'rain'\n",
    "progress: 0.45\ntarget: 2026-12-31\nstatus: active\n",
    "url: https://example.org/a?b=c\ntime: 19:30\nrating: -3\nratio: 1e3\nhex: 0x1F\n",
    "empty:\nnothing: ~\nnull: null\nno: no\nyes: yes\ncheck: FALSE\n",
    "title: \"Quoted: with colon\"\nquote: 'single'\n",
    "skip: [2026-12-25, 2027-01-01]\nlist: []\nspaced: [ a , b ]\n",
    "crlf: yes\r\ntags:\r\n  - x\r\n",
    "wrong: 2026-02-30\nlater: 2026-13-01T10:00\nitems:\n  - 2026-02-31\n",
    "key with spaces: v\nsnake_case: 1\nkebab-key: 2\ndotted.key: 3\nnon-ascii-ключ: значение\n",
    "  \nfirst: 1\n\n\nsecond: 2\n   \n",
    "- not a mapping\n",
    "just a scalar\n",
  ]

  /// Cases outside the subset: Yams reads them, and the subset gives up.
  static let outside = [
    "a: 1 # comment\n", "a:\n  b: 1\n", "a: |\n  text\n", "a: >\n  text\n", "a: &x 1\nb: *x\n",
    "a: \"esc\\n\"\n", "a: multi\n  line\n", "a: 1\na: 2\n", "a:\tb\n", "\"q\": 1\n", "a: [1, [2]]\n",
    "a: {b: 1}\n", "a: 1\n- b\n", "a:\n  - x\n - y\n", "? a\n: b\n", "a: b: c\n", "a: x:\n", "a: @b\n",
    "a: !tag b\n", "%YAML 1.2\n---\na: 1\n", "a: 'open\n", "a: [b,]\n", "a: [b\n", "a:b\n", "a : b\n",
    "a: \u{2028}\n", "a: \u{85}b\n", "a: \u{FEFF}b\n", "a: x\rb: y\n", "quote: 'It''s'\n",
  ]

  @Test(arguments: written)
  func writtenFrontMatterIsInTheSubset(_ yaml: String) {
    let yamlWithoutMapping = yaml.hasPrefix("- ") || yaml == "just a scalar\n"
    #expect((PlainYAML.entries(yaml) != nil) == !yamlWithoutMapping)
    expectSameAsYams(yaml)
  }

  @Test(arguments: outside)
  func anythingElseIsLeftToYams(_ yaml: String) {
    #expect(PlainYAML.entries(yaml) == nil)
    expectSameAsYams(yaml)
  }

  @Test func theMarksAreYamsMarks() {
    let yaml = "when: 2026-02-30\nlist: [ok, 2026-13-01]\nitems:\n  - 2026-02-31\nété: 2026-99-01T10:00\n"
    #expect(PlainYAML.entries(yaml) != nil)
    var reader = YAMLReader(path: "Note.md", firstLine: 2)
    _ = reader.properties(of: yaml)
    #expect(
      reader.diagnostics.map(\.description) == [
        "Note.md:2:7: error: impossible date 2026-02-30",
        "Note.md:3:12: error: impossible date 2026-13-01",
        "Note.md:5:5: error: impossible date 2026-02-31",
        "Note.md:6:6: error: impossible date and time 2026-99-01T10:00",
      ])
    expectSameAsYams(yaml)
  }

  /// Every front matter of the test fixtures and the example vault, and 300 mutations of each:
  /// characters of YAML's syntax put in, taken out or swapped, lines doubled and indented.
  @Test func fixturesAndTheirMutationsReadAsYamsReadsThem() throws {
    let samples = Self.written + Self.outside + (try Self.fixtureFrontMatter())
    #expect(samples.count > 60)
    var generator = SplitMix(seed: 2026)
    var accepted = 0
    var compared = 0
    for sample in samples {
      for round in 0...300 {
        let yaml = round == 0 ? sample : Self.mutate(sample, with: &generator)
        if PlainYAML.entries(yaml) != nil { accepted += 1 }
        compared += 1
        if !expectSameAsYams(yaml) { return }
      }
    }
    // The mutations must reach both paths, or the comparison proves little.
    #expect(accepted > compared / 10)
    #expect(accepted < compared * 9 / 10)
  }

  /// Compares the two readers on `yaml`; false after the first difference.
  @discardableResult
  func expectSameAsYams(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Bool {
    var fast = YAMLReader(path: "Note.md", firstLine: 2)
    var yams = YAMLReader(path: "Note.md", firstLine: 2)
    yams.readsPlainSubset = false
    let fastProperties = fast.properties(of: yaml)
    let yamsProperties = yams.properties(of: yaml)
    let same = fastProperties == yamsProperties && fast.diagnostics == yams.diagnostics
    #expect(
      same,
      "\(yaml.debugDescription): \(fastProperties) \(fast.diagnostics) against Yams's \(yamsProperties) \(yams.diagnostics)",
      sourceLocation: sourceLocation)
    return same
  }

  static let syntax = Array(" :-#[]{},\"'\n\r\t|>&*!?%@\\`~.0123456789aZé🙂")

  static func mutate(_ yaml: String, with generator: inout SplitMix) -> String {
    var characters = Array(yaml)
    for _ in 0...generator.next(3) {
      let position = generator.next(characters.count)
      let character = syntax[generator.next(syntax.count)]
      switch generator.next(6) {
      case 0: characters.insert(character, at: position)
      case 1: if !characters.isEmpty { characters.remove(at: position) }
      case 2: if !characters.isEmpty { characters[position] = character }
      case 3: characters.insert(contentsOf: "  ", at: position)
      case 4: characters.insert(contentsOf: "\n- ", at: position)
      default:
        var lines = String(characters).split(separator: "\n", omittingEmptySubsequences: false)
        if !lines.isEmpty {
          let line = generator.next(lines.count)
          lines.insert(lines[line], at: line)
          characters = Array(lines.joined(separator: "\n"))
        }
      }
    }
    return String(characters)
  }

  static func fixtureFrontMatter() throws -> [String] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var result: [String] = []
    for folder in ["ExampleVault", "Tests/VaultCLITests/Fixtures"] {
      let base = root.appendingPathComponent(folder)
      let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
      while let url = files?.nextObject() as? URL {
        guard url.pathExtension == "md" else { continue }
        let source = SourceText(bytes: Array(try Data(contentsOf: url)))
        if case .found(_, let yaml, _) = FrontMatterSplitter.split(source) { result.append(yaml) }
      }
    }
    return result
  }
}
