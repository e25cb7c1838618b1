import Foundation
import Testing

/// `vault archive`, `rm` and `edit` on a copy of ExampleVault.
@Suite struct WritingCommandTests {
  func run(_ arguments: [String], in folder: URL, extra: [String: String] = [:]) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: "2026-11-24", extra: extra)
  }

  @Test func archiveMarksOnlyPastOneOffEventsAndDryRunChangesNothing() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.contents(of: folder)
    let dry = try run(["archive", "--dry-run"], in: folder)
    #expect(
      dry.stdout
        == "Events/2026-11-10 Book Club.md  📚 Book Club\nwould archive 1 event (run without --dry-run to do it)\n")
    #expect(try Fixture.contents(of: folder) == before)
    let original = try Fixture.text(folder, "Events/2026-11-10 Book Club.md")
    #expect(try run(["archive"], in: folder).status == 0)
    let archived = try Fixture.text(folder, "Events/2026-11-10 Book Club.md")
    let closing = try #require(original.range(of: "\n---\n"))
    #expect(archived == original.replacingCharacters(in: closing, with: "\narchived: true\n---\n"))
    #expect(try run(["archive"], in: folder).stdout == "no past events to archive\n")
  }

  @Test func rmMovesANoteToTheTrashAndATaskLineAway() throws {
    let folder = try Fixture.copy("ExampleVault")
    let note = try Fixture.text(folder, "Projects/Fix the Bike.md")
    let moved = try run(["rm", "Fix the Bike", "--yes"], in: folder)
    #expect(moved.stdout == "Projects/Fix the Bike.md  moved to .trash/Fix the Bike.md\n")
    #expect(try Fixture.text(folder, ".trash/Fix the Bike.md") == note)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Projects/Fix the Bike.md").path))
    let tasks = try Fixture.text(folder, "Tasks.md")
    let removed = try run(["rm", "Tasks.md:6", "--yes"], in: folder)
    #expect(removed.stdout == "Tasks.md:6  removed: - [ ] Renew passport ⏫ 📅 2026-11-20\n")
    #expect(
      try Fixture.text(folder, "Tasks.md")
        == tasks.replacingOccurrences(of: "- [ ] Renew passport ⏫ 📅 2026-11-20\n", with: ""))
    // A second note of the same name in the trash gets a number.
    try Data(note.utf8).write(to: folder.appendingPathComponent("Projects/Fix the Bike.md"))
    #expect(
      try run(["rm", "Projects/Fix the Bike.md", "--yes"], in: folder).stdout.hasSuffix(
        "moved to .trash/Fix the Bike 1.md\n"))
  }

  @Test func rmInAPipeNeedsYes() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.contents(of: folder)
    let result = try run(["rm", "Fix the Bike"], in: folder)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix("vault: error: vault rm asks before it removes anything: add --yes"))
    #expect(try Fixture.contents(of: folder) == before)
  }

  @Test func editOpensTheEditorAtTheLine() throws {
    let folder = try Fixture.copy("ExampleVault")
    let result = try run(["edit", "electricity"], in: folder, extra: ["EDITOR": "echo opened", "VISUAL": ""])
    #expect(result.status == 0)
    #expect(result.stdout == "opened +7 \(folder.path)/Tasks.md\n")
  }
}
