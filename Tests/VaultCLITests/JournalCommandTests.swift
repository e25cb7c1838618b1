import Foundation
import Testing

/// `vault journal` writes into the daily note: the entry under the journal heading, the
/// mood in the front matter, the note made from its template when missing.
@Suite struct JournalCommandTests {
  func run(_ arguments: [String], in folder: URL) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: "2026-11-24", extra: ["EDITOR": "true"])
  }

  @Test func aNewDayFromTheTemplate() throws {
    let folder = try Fixture.copy("ExampleVault")
    let result = try run(
      ["journal", "Long run by the river", "--mood", "8", "--mood-tags", "sport, outdoors", "--time", "7:10pm"],
      in: folder)
    #expect(result.status == 0)
    #expect(
      try Fixture.text(folder, "Journal/2026/11/2026-11-24.md")
        == "---\nmood: 8\nmood_tags: [sport, outdoors]\n---\n# Tuesday, November 24, 2026\n\n## Journal\n\n"
        + "- 19:10 Long run by the river\n\n## Tasks\n")
    #expect(result.stdout.contains("Journal/2026/11/2026-11-24.md:9  - 19:10 Long run by the river\n"))
  }

  @Test func aDayAndMonthWhereALookBackStartsIsTheLastSuchDay() throws {
    let folder = try Fixture.copy("ExampleVault")
    // In January, "nov 20" is the November just gone, not the next one (after --to).
    let listed = try CLI.run(
      ["journal", "list", "--from", "nov 20", "--to", "nov 21"], inVault: folder, today: "2027-01-10")
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.hasPrefix("Sat 21 Nov 2026"))
    #expect(listed.stdout.contains("Fri 20 Nov 2026"))
    let shown = try CLI.run(["journal", "show", "nov 22"], inVault: folder, today: "2027-01-10")
    #expect(shown.stdout.contains("pancakes"), "\(shown.stdout)\(shown.stderr)")
  }

  @Test func anExistingDayGetsOneMoreLineAtTheEndOfItsSection() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.text(folder, "Journal/2026/11/2026-11-23.md")
    #expect(try run(["journal", "Back home", "--date", "yesterday", "--time", "22:00"], in: folder).status == 0)
    #expect(try Fixture.text(folder, "Journal/2026/11/2026-11-23.md") == before + "- 22:00 Back home\n")
  }

  @Test func aNoteWithoutTheHeadingGetsIt() throws {
    let folder = try Fixture.copy("TaskLists")
    try Data(#"{"folder": "", "format": "YYYY-MM-DD"}"#.utf8)
      .write(to: folder.appendingPathComponent(".obsidian/daily-notes.json"))
    try Data("# Tuesday\r\nNotes.".utf8).write(to: folder.appendingPathComponent("2026-11-24.md"))
    #expect(try run(["journal", "Quiet day", "--time", "09:00"], in: folder).status == 0)
    #expect(
      try Fixture.text(folder, "2026-11-24.md") == "# Tuesday\r\nNotes.\r\n\r\n## Journal\r\n\r\n- 09:00 Quiet day\r\n")
  }
}
