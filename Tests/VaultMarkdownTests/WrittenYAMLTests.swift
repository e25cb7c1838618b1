import Foundation
import Testing
import VaultCore
import Yams

/// The YAML vault writes loads in Yams (alone, not through vault's reader) with the
/// intended types: dates stay dates, numbers numbers, checkboxes booleans, lists lists, and text
/// that looks like something else stays text.
@Suite struct WrittenYAMLTests {
  static func load(_ yaml: String) throws -> Any? {
    try Yams.load(yaml: yaml, Resolver.default)
  }

  @Test func propertyValuesLoadAsTheirType() throws {
    let cases: [(String, PropertyType, (Any?) -> Bool)] = [
      ("7", .number, { $0 as? Int == 7 }),
      ("7.5", .number, { $0 as? Double == 7.5 }),
      ("yes", .checkbox, { $0 as? Bool == true }),
      ("2026-12-05", .date, { $0 is Date }),
      ("a, b", .multitext, { ($0 as? [Any])?.count == 2 }),
      ("yes", .text, { $0 as? String == "yes" }),
      ("12", .text, { $0 as? String == "12" }),
      ("2026-12-05", .text, { $0 as? String == "2026-12-05" }),
      ("key: value", .text, { $0 as? String == "key: value" }),
      ("#tag", .text, { $0 as? String == "#tag" }),
      ("null", .text, { $0 as? String == "null" }),
      ("say \"hi\" \\ there", .text, { $0 as? String == "say \"hi\" \\ there" }),
    ]
    for (value, type, check) in cases {
      let yaml = try PropertyWriter.yaml(value, as: type).get()
      let loaded = try Self.load("key: \(yaml)") as? [String: Any]
      #expect(check(loaded?["key"]), "\(value) as \(type) wrote \(yaml)")
    }
  }

  @Test func anEventNoteLoads() throws {
    var event = NewNote.EventFields(title: "Radiohead: Live", date: try #require(DateParsing.validDate("2026-12-05")))
    event.startTime = LocalTime(hour: 19, minute: 30)
    event.location = "Uber Arena, Berlin"
    event.tags = ["music", "fun/live"]
    let text = NewNote.text(properties: try event.properties().get(), body: nil)
    let yaml = String(text.dropFirst(4).prefix { _ in true }.split(separator: "---")[0])
    let loaded = try #require(try Self.load(yaml) as? [String: Any])
    #expect(loaded["title"] as? String == "Radiohead: Live")
    #expect(loaded["date"] is Date)
    #expect(loaded["startTime"] as? String == "19:30")
    #expect(loaded["allDay"] as? Bool == false)
    #expect(loaded["endDate"] is NSNull || loaded.keys.contains("endDate"))
    #expect((loaded["tags"] as? [String]) == ["music", "fun/live"])
    #expect(loaded["location"] as? String == "Uber Arena, Berlin")
  }
}
