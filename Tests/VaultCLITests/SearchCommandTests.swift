import Foundation
import Testing

/// `vault search` and `vault list` through the built binary, on a copy of ExampleVault.
@Suite struct SearchCommandTests {
  /// Runs vault in a copy of ExampleVault with its index beside the copy.
  func run(_ arguments: [String], vault: URL? = nil) throws -> CLI.Result {
    let folder = try vault ?? Fixture.copy("ExampleVault")
    let index = folder.deletingLastPathComponent().appendingPathComponent("cache/index.sqlite").path
    return try CLI.run(arguments, in: folder, environment: ["VAULT_INDEX": index])
  }

  @Test(arguments: [
    ("search-words", ["search", "birthday"]),
    ("search-phrase-and-tag", ["search", "\"long run\"", "tag:health"]),
    ("search-prefix-limit", ["search", "plan*", "--limit", "3"]),
    ("search-property", ["search", "type:journal", "mood>=8"]),
    ("search-json", ["search", "marathon", "--json"]),
    ("list-events-music", ["list", "--type", "event", "--where", "category=music"]),
    ("list-journal-mood", ["list", "--type", "journal", "--where", "mood<=4", "--sort", "date", "--reverse"]),
    ("list-tasks-due", ["list", "--type", "task", "--where", "due<2026-11-24", "--where", "status=todo"]),
    ("list-tag-json", ["list", "--tag", "health", "--json"]),
  ])
  func output(name: String, arguments: [String]) throws {
    let result = try run(arguments)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    try Snapshot.assert(result.stdout, named: name)
  }

  /// `--where` on a date-time compares moments (`created>=2026-11-23T10:00`), `--sort created`
  /// counts the time, `date` finds the journal days (whose date is their name), and the hint
  /// of an empty list runs.
  @Test func datesAndMomentsAreComparedAsTheyAreWritten() throws {
    let folder = try Fixture.copy("ExampleVault")
    for (name, created) in [
      ("a1", "2026-11-23T08:00"), ("a2", "2026-11-23 12:30"), ("a3", "2026-11-24"), ("a4", "2026-11-23T07:00"),
    ] {
      try "---\ncreated: \(created)\n---\nText\n".write(
        to: folder.appendingPathComponent("\(name).md"), atomically: true, encoding: .utf8)
    }
    func paths(_ arguments: [String]) throws -> [String] {
      let result = try run(arguments + ["--json"], vault: folder)
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      return (object?["items"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
    }
    #expect(try paths(["list", "--where", "created>=2026-11-23T10:00"]) == ["a2.md", "a3.md"])
    #expect(try paths(["list", "--where", "created<2026-11-23T08:00"]) == ["a4.md"])
    #expect(
      try paths(["list", "--where", "created>=2026-11-23", "--sort", "created"]) == [
        "a4.md", "a1.md", "a2.md", "a3.md",
      ])
    #expect(
      try paths(["list", "--type", "journal", "--where", "date>=2026-11-22"]) == [
        "Journal/2026/11/2026-11-22.md", "Journal/2026/11/2026-11-23.md",
      ])
    let empty = try run(["list", "--type", "journal", "--where", "mood>=11"], vault: folder)
    let hint = try #require(empty.stdout.split(separator: "`").dropFirst().first)
    #expect(hint == "vault list --type journal")
    let arguments = hint.split(separator: " ").dropFirst().map(String.init)
    #expect(try run(arguments, vault: folder).status == 0)
  }

  @Test func nothingFoundSaysWhatToTry() throws {
    let result = try run(["search", "zebra"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == "no match for zebra\ntry fewer words, a prefix such as plan*, or `vault list` to filter by property\n")
  }

  @Test(arguments: [
    (["search", "mood>"], "vault: error: 'mood>' has no value after >: write it as mood>value"),
    (
      ["search", "type:bogus"],
      "vault: error: unknown type 'bogus': use one of event, task, goal, insight, principle, journal, note"
    ),
    (
      ["list", "--where", "mood"],
      "vault: error: --where 'mood' is not KEY OP VALUE: write it as category=music, mood>=7 or due<2026-12-01"
    ),
    (
      ["list", "--type", "cats"],
      "vault: error: --type 'cats' is no kind: use one of event, task, goal, insight, principle, journal, note"
    ),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message + "\n"))
  }

  @Test func anEditIsFoundAtOnceAndTheVaultIsLeftAlone() throws {
    let vault = try Fixture.copy("ExampleVault")
    #expect(try run(["search", "kumquat"], vault: vault).stdout.hasPrefix("no match"))
    let note = vault.appendingPathComponent("Projects/Garden.md")
    try (try Data(contentsOf: note) + Data("\nPlant a kumquat by the wall.\n".utf8)).write(to: note)
    let before = try Fixture.contents(of: vault)
    let found = try run(["search", "kumquat"], vault: vault)
    #expect(found.stdout.hasPrefix("Projects/Garden.md:"))
    #expect(found.stdout.contains("Plant a kumquat by the wall."))
    _ = try run(["list", "--type", "task"], vault: vault)
    #expect(try Fixture.contents(of: vault) == before)
  }
}
