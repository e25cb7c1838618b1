import Foundation
import Testing

/// `vault add task` appends one line in the Tasks plugin's form and changes nothing else.
@Suite struct AddTaskCommandTests {
  func run(_ arguments: [String], in folder: URL) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: "2026-11-22")
  }

  @Test func theInboxGetsOneLineWithFieldsInThePluginsOrder() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.text(folder, "Tasks.md")
    let result = try run(
      [
        "add", "task", "Call Mum", "--due", "fri", "--priority", "high", "--tag", "family", "--start", "tomorrow",
        "--repeat", "every week", "--scheduled", "in 3 days",
      ], in: folder)
    #expect(result.status == 0)
    #expect(
      result.stdout == "Tasks.md:16  - [ ] Call Mum #family ⏫ 🔁 every week 🛫 2026-11-23 ⏳ 2026-11-25 📅 2026-11-27\n")
    // After the inbox's first list of tasks (## Home), not below ## Someday at its end.
    #expect(
      try Fixture.text(folder, "Tasks.md")
        == before.replacingOccurrences(
          of: "\n\n## Someday",
          with: "\n- [ ] Call Mum #family ⏫ 🔁 every week 🛫 2026-11-23 ⏳ 2026-11-25 📅 2026-11-27\n\n## Someday"))
  }

  @Test func aCRLFNoteWithoutAFinalNewlineKeepsItsLineEnding() throws {
    let folder = try Fixture.copy("TaskLists")
    let before = try Fixture.text(folder, "CRLF Note.md")
    #expect(try run(["add", "task", "Pay the card", "--to", "CRLF Note"], in: folder).status == 0)
    #expect(try Fixture.text(folder, "CRLF Note.md") == before + "\r\n- [ ] Pay the card\r\n")
  }

  @Test func theDataviewNotationAndTheGlobalFilterFromTheTasksPlugin() throws {
    let folder = try Fixture.copy("TaskLists")
    let settings = folder.appendingPathComponent(".obsidian/plugins/obsidian-tasks-plugin")
    try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
    try Data(##"{"taskFormat": "dataview", "globalFilter": "#task"}"##.utf8)
      .write(to: settings.appendingPathComponent("data.json"))
    let result = try run(["add", "task", "Renew insurance", "--due", "dec 5", "--priority", "medium"], in: folder)
    #expect(result.status == 0)
    #expect(
      try Fixture.text(folder, "Tasks.md") == "- [ ] #task Renew insurance  [priority:: medium]  [due:: 2026-12-05]\n")
    #expect(result.stdout.hasSuffix("(new note)\n"))
  }

  @Test func theLinePrintedIsTheTasksEvenWhenAHeadingWentInAboveIt() throws {
    let folder = try Fixture.copy("ExampleVault")
    // A daily note without a Tasks heading, and an inbox heading the inbox does not have yet.
    try Data("---\nmood: 5\n---\n# A day\n\nSome text.\n".utf8).write(
      to: folder.appendingPathComponent("Journal/2026/11/2026-11-22.md"))
    let daily = try run(["add", "task", "Water plants", "--daily"], in: folder)
    #expect(daily.stdout == "Journal/2026/11/2026-11-22.md:10  - [ ] Water plants\n", "\(daily.stdout)")
    let lines = try Fixture.text(folder, "Journal/2026/11/2026-11-22.md").split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[7] == "## Tasks" && lines[9] == "- [ ] Water plants")
    let config = folder.appendingPathComponent(".vault/config.yml")
    let settings = (try? String(contentsOf: config, encoding: .utf8)) ?? ""
    try (settings + "\ninbox_heading: Later\n").write(to: config, atomically: true, encoding: .utf8)
    let inbox = try run(["add", "task", "Sort photos"], in: folder)
    let number = try #require(
      inbox.stdout.split(separator: ":").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) })
    let inboxLines = try Fixture.text(folder, "Tasks.md").split(separator: "\n", omittingEmptySubsequences: false)
    #expect(inboxLines[number - 1] == "- [ ] Sort photos", "\(inbox.stdout)")
  }

  @Test func dailyMakesTheDailyNoteFromItsTemplate() throws {
    let folder = try Fixture.copy("ExampleVault")
    let result = try CLI.run(
      ["add", "task", "Buy bread", "--daily"], in: folder,
      environment: ["VAULT_TODAY": "2026-11-25", "VAULT_INDEX": folder.path + "-index.sqlite"])
    #expect(result.status == 0)
    #expect(
      try Fixture.text(folder, "Journal/2026/11/2026-11-25.md")
        == "---\nmood:\nmood_tags: []\n---\n# Wednesday, November 25, 2026\n\n## Journal\n\n## Tasks\n\n- [ ] Buy bread\n"
    )
  }

  @Test(arguments: [
    (["add", "task", "x", "--to", "../Outside"], "vault: error: '../Outside' is outside the vault"),
    (
      ["add", "task", "x", "--to", ".obsidian/hack"],
      "vault: error: cannot write '.obsidian/hack': hidden files and folders are Obsidian's and vault's own, not notes"
    ),
    (["add", "task", "x", "--due", "someday"], "vault: error: --due: 'someday' is not a date vault understands"),
    (
      ["add", "task", "x", "--repeat", "now and then", "--due", "fri"],
      "vault: error: --repeat 'now and then' is not a rule"
    ),
    (
      ["add", "task", "x", "--repeat", "every week"],
      "vault: error: a repeating task needs --due, --scheduled or --start"
    ),
  ])
  func refusalsWriteNothing(arguments: [String], message: String) throws {
    let folder = try Fixture.copy("TaskLists")
    let before = try Fixture.contents(of: folder)
    let result = try run(arguments, in: folder)
    #expect(result.status != 0)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(try Fixture.contents(of: folder) == before)
  }
}
