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
