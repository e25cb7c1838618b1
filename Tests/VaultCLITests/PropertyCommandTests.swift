import Foundation
import Testing

/// `vault set`, `unset` and `mood N` change one property's line and nothing else.
@Suite struct PropertyCommandTests {
  func run(_ arguments: [String], in folder: URL, today: String = "2026-11-24") throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: today)
  }

  @Test func setReplacesOneValueAndKeepsEverythingElse() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.text(folder, "Goals/Read 24 Books.md")
    let result = try run(["set", "Read 24 Books", "progress", "70"], in: folder)
    #expect(result.status == 0)
    #expect(result.stdout == "Goals/Read 24 Books.md  progress: 70\n")
    #expect(
      try Fixture.text(folder, "Goals/Read 24 Books.md")
        == before.replacingOccurrences(of: "progress: 15/24\n", with: "progress: 70\n"))
    // The index reads it back at once: the goal's bar is 70%.
    let goals = try run(["goals"], in: folder)
    #expect(goals.stdout.contains("Read 24 Books        ███████████░░░░░   70%"))
  }

  @Test func aNewKeyIsOneLineAndUnsetTakesItAway() throws {
    let folder = try Fixture.copy("TaskLists")
    let before = try Fixture.text(folder, "Chores.md")
    #expect(try run(["set", "Chores", "reviewed", "2026-11-24"], in: folder).status == 0)
    #expect(
      try Fixture.text(folder, "Chores.md")
        == before.replacingOccurrences(of: "tags: [home]\n", with: "tags: [home]\nreviewed: 2026-11-24\n"))
    #expect(try run(["unset", "Chores", "reviewed"], in: folder).status == 0)
    #expect(try Fixture.text(folder, "Chores.md") == before)
  }

  @Test func aCRLFNoteWithABOMGetsFrontMatterInItsOwnLineEnding() throws {
    let folder = try Fixture.copy("TaskLists")
    let before = try Fixture.text(folder, "CRLF Note.md")
    #expect(try run(["set", "CRLF Note", "done", "true"], in: folder).status == 0)
    #expect(try Fixture.text(folder, "CRLF Note.md") == "\u{FEFF}---\r\ndone: true\r\n---\r\n" + before.dropFirst())
  }

  @Test func moodMakesTheDailyNoteFromItsTemplate() throws {
    let folder = try Fixture.copy("ExampleVault")
    let result = try run(["mood", "7", "--tags", "work, rain"], in: folder)
    #expect(result.status == 0)
    #expect(result.stdout == "Journal/2026/11/2026-11-24.md  mood_tags: [work, rain]  (new note)\n")
    let note = try Fixture.text(folder, "Journal/2026/11/2026-11-24.md")
    #expect(note.hasPrefix("---\nmood: 7\nmood_tags: [work, rain]\n---\n# Tuesday, November 24, 2026\n"))
    let today = try run(["today", "--json"], in: folder)
    #expect(today.stdout.contains("\"mood\" : 7"))
  }

  @Test func moodOnAnExistingDayChangesOnlyTheMood() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.text(folder, "Journal/2026/11/2026-11-23.md")
    #expect(try run(["mood", "5", "--date", "yesterday"], in: folder).status == 0)
    #expect(
      try Fixture.text(folder, "Journal/2026/11/2026-11-23.md")
        == before.replacingOccurrences(of: "mood: 6\n", with: "mood: 5\n"))
  }

  @Test(arguments: [
    (["mood", "11"], "vault: error: a mood is from 1 to 10, not 11"),
    (["set", "Chores", "a:b", "x"], "vault: error: 'a:b' cannot be a property name"),
    (["mood", "--tags", "x"], "vault: error: --tags and --date go with a mood"),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let folder = try Fixture.copy("TaskLists")
    let result = try run(arguments, in: folder)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
  }

  @Test func aDeclaredTypeIsKept() throws {
    let folder = try Fixture.copy("TaskLists")
    try Data(#"{"types": {"rating": "number"}}"#.utf8).write(to: folder.appendingPathComponent(".obsidian/types.json"))
    let before = try Fixture.contents(of: folder)
    let result = try run(["set", "Chores", "rating", "great"], in: folder)
    #expect(result.status == 1)
    #expect(
      result.stderr == "vault: error: cannot change rating of Chores.md: 'great' is not a number (its type is number)\n"
    )
    #expect(try Fixture.contents(of: folder) == before)
  }
}
