import Foundation
import TestSupport
import Testing

/// Task attributes on the line, `add task` writing them, `vault tasks`
/// filtering on them and on the four filters, `check` reporting bad values, and `vault export
/// csv` read back by Python's `csv` module.
@Suite struct TaskAttributeCommandTests {
  func environment(_ folder: URL) -> [String: String] {
    ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23"]
  }

  /// A task's category (`[category:: work]`): written by `add task --category` and `task
  /// --category`, shown beside the task, filtered by `tasks --category` (any case), in its
  /// JSON attributes and the CSV export, refused when it would break the field.
  @Test func aTasksCategoryIsWrittenShownAndFiltered() throws {
    let folder = try Fixture.copy("ExampleVault")
    let env = environment(folder)
    let added = try CLI.run(
      ["add", "task", "Prepare the slides", "--category", "Work", "--due", "fri"], in: folder, environment: env)
    #expect(
      added.stdout == "Tasks.md:16  - [ ] Prepare the slides [category:: Work] 📅 2026-11-27\n",
      "\(added.stdout)\(added.stderr)")
    let changed = try CLI.run(["task", "renew passport", "--category", "errands"], in: folder, environment: env)
    #expect(changed.stdout.contains("- [ ] Renew passport [category:: errands] ⏫ 📅 2026-11-20"), "\(changed.stdout)")
    let work = try CLI.run(["tasks", "--category", "work"], in: folder, environment: env)
    #expect(work.stdout.contains("Prepare the slides  Work") && !work.stdout.contains("passport"), "\(work.stdout)")
    let json = try CLI.run(["tasks", "--category", "errands", "--json"], in: folder, environment: env)
    let listed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(listed.compactMap { ($0["attributes"] as? [String: Any])?["category"] as? String } == ["errands"])
    let csv = try CLI.run(["export", "csv", "tasks"], in: folder, environment: env)
    #expect(
      csv.stdout.hasPrefix(
        "id,path,line,status,description,priority,created,start,scheduled,due,done,cancelled,recurrence,tags,difficulty,duration_minutes,energy,mood,category\r\n"
      ))
    let refused = try CLI.run(["add", "task", "x", "--category", "a]b"], in: folder, environment: env)
    #expect(refused.status != 0 && refused.stderr.contains("without [, ] or ::"))
    let none = try CLI.run(["task", "renew passport", "--category", "none"], in: folder, environment: env)
    #expect(none.stdout.contains("- [ ] Renew passport ⏫ 📅 2026-11-20"), "\(none.stdout)")
  }

  @Test func aTaskKeepsItsShortIdWhenItsAttributesChange() throws {
    let folder = try Fixture.copy("ExampleVault")
    let listed = try CLI.run(["tasks", "--json"], in: folder, environment: environment(folder))
    let tasks = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    let first = try #require(
      tasks.first { (($0["task"] as? [String: Any])?["description"] as? String)?.contains("landlord") == true })
    let id = try #require(first["id"] as? String)
    for change in [["--energy", "high"], ["--duration", "1h30m"], ["--difficulty", "4"], ["--energy", "none"]] {
      let edited = try CLI.run(["task", id] + change, in: folder, environment: environment(folder))
      #expect(edited.status == 0, "\(change): \(edited.stderr)")
    }
    let again = try CLI.run(["task", id, "--due", "fri"], in: folder, environment: environment(folder))
    #expect(again.status == 0, "the id \(id) was lost: \(again.stderr)")
    #expect(try Fixture.text(folder, "Tasks.md").contains("heating [duration:: 1h30m] [difficulty:: 4]"))
  }

  @Test func addTaskWritesTheAttributesAndLabels() throws {
    let folder = try Fixture.copy("Planning")
    let before = try Fixture.text(folder, "Tasks.md")
    let result = try CLI.run(
      [
        "add", "task", "Buy stamps", "--difficulty", "1", "--duration", "15m", "--energy", "low", "--label", "errand",
        "--due", "tomorrow",
      ], in: folder, environment: environment(folder))
    #expect(result.status == 0, "\(result.stderr)")
    let after = try Fixture.text(folder, "Tasks.md")
    #expect(
      after
        == before.replacingOccurrences(
          of: "- [-] Cancelled thing",
          with:
            "- [ ] Buy stamps [difficulty:: 1] [duration:: 15m] [energy:: low] #errand 📅 2026-11-24\n- [-] Cancelled thing"
        )
        || after.hasSuffix("- [ ] Buy stamps [difficulty:: 1] [duration:: 15m] [energy:: low] #errand 📅 2026-11-24\n"),
      "\(after)")
    let refused = try CLI.run(["add", "task", "X", "--difficulty", "6"], in: folder, environment: environment(folder))
    #expect(refused.status != 0 && refused.stderr.contains("--difficulty must be from 1 (easy) to 5 (hard)"))
    #expect(try Fixture.text(folder, "Tasks.md") == after)
  }

  @Test func checkReportsBadValuesAtTheirColumn() throws {
    let folder = try Fixture.copy("Planning")
    let result = try CLI.run(["check"], in: folder, environment: environment(folder))
    #expect(result.stdout.contains("Tasks.md:7:21: warning: difficulty must be a whole number from 1 to 5, found '9'"))
    #expect(result.stdout.contains("Tasks.md:7:38: warning: energy must be low, medium or high, found 'lots'"))
  }

  @Test func tasksFilterOnAttributesAndTheFourFilters() throws {
    let folder = try Fixture.copy("Planning")
    let run = { (arguments: [String]) throws -> String in
      try CLI.run(["tasks"] + arguments, in: folder, environment: environment(folder)).stdout
    }
    let low = try run(["--energy", "low", "--status", "all"])
    #expect(low.contains("Read a chapter") && low.contains("Tidy the desk") && !low.contains("Walk the dog"))
    let short = try run(["--max-duration", "30m"])
    #expect(short.contains("Walk the dog") && !short.contains("Read a chapter") && !short.contains("Write the report"))
    let easy = try run(["--max-difficulty", "2"])
    #expect(easy.contains("Walk the dog") && easy.contains("Read a chapter") && !easy.contains("Write the report"))
    #expect(try run(["--filter", "overdue"]).contains("Walk the dog"))
    #expect(!(try run(["--filter", "overdue"])).contains("Write the report"))
    #expect(try run(["--filter", "completed"]).contains("Tidy the desk"))
    // On a terminal, the counts of the four filters head the list.
    let shown = try CLI.runInTerminal(
      ["tasks", "--filter", "active"], in: folder, input: "",
      environment: environment(folder).merging(["NO_COLOR": "1"]) { $1 })
    #expect(shown.stdout.hasPrefix("all 6 · active 4 · completed 1 · overdue 1\n"), "\(shown.stdout)")
    // --json has the attributes, null when not written.
    let json = try CLI.run(["tasks", "--json"], in: folder, environment: environment(folder))
    let tasks = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    let report = tasks.first {
      ($0["task"] as? [String: Any])?["description"] as? String
        == "Write the report"
    }
    let attributes = report?["attributes"] as? [String: Any]
    #expect(attributes?["difficulty"] as? Int == 4 && attributes?["duration"] as? Int == 120)
    #expect(attributes?["energy"] as? String == "high" && attributes?["mood"] as? Int == 7)
    let plan = tasks.first {
      ($0["task"] as? [String: Any])?["description"] as? String == "Plan the trip [difficulty:: 9] [energy:: lots]"
    }
    #expect((plan?["attributes"] as? [String: Any])?["difficulty"] is NSNull)
  }

  /// Each kind read back with Python's `csv` module: the header, and the values of the items.
  @Test func csvReadsBackWithPythonsCSV() throws {
    let folder = try Fixture.copy("Planning")
    let script = """
      import csv, json, sys
      with open(sys.argv[1], newline='', encoding='utf-8') as handle:
          print(json.dumps(list(csv.DictReader(handle)), ensure_ascii=False))
      """
    func rows(_ kind: String, _ extra: [String] = []) throws -> [[String: String]] {
      let path = folder.path + "-\(kind).csv"
      let result = try CLI.run(
        ["export", "csv", kind, "-o", path] + extra, in: folder, environment: environment(folder))
      #expect(result.status == 0, "\(result.stderr)")
      let text = try String(contentsOfFile: path, encoding: .utf8)
      #expect(text.hasSuffix("\r\n"))
      return try JSONSerialization.jsonObject(with: Data(try Oracle.run("python3", ["-c", script, path]).utf8))
        as? [[String: String]] ?? []
    }
    let tasks = try rows("tasks")
    #expect(tasks.count == 6)
    let chapter = try #require(tasks.first { $0["description"]?.hasPrefix("Read a chapter") == true })
    #expect(
      chapter["description"] == "Read a chapter, \"slowly\" #reading")
    #expect(chapter["duration_minutes"] == "90" && chapter["energy"] == "low" && chapter["tags"] == "reading")
    #expect(tasks.first { $0["status"] == "cancelled" }?["cancelled"] == "2026-11-19")
    let mood = try rows("mood")
    #expect(
      mood == [
        ["date": "2026-11-21", "mood": "7", "mood_tags": "work;sun"],
        ["date": "2026-11-22", "mood": "4", "mood_tags": ""],
      ])
    let journal = try rows("journal", ["--from", "2026-11-22", "--to", "2026-11-22"])
    #expect(journal.map { $0["first_line"] } == ["Tired; rain."])
    #expect(
      try rows("tasks", ["--from", "2026-11-29", "--to", "2026-12-01"]).map { $0["description"]?.prefix(16) } == [
        "Write the report"
      ])
    #expect(try rows("events").isEmpty && rows("goals").isEmpty)
  }

  /// Mood names and emojis: the defaults, and those `moods:` in the config sets.
  @Test func moodsHaveNamesAndEmojis() throws {
    let folder = try Fixture.copy("Planning")
    let config = try Fixture.text(folder, ".vault/config.yml")
    let shown = try CLI.run(["journal", "show", "2026-11-22"], in: folder, environment: environment(folder))
    #expect(shown.stdout.contains("mood 4/10 😕 Meh"), "\(shown.stdout)")
    try Data((config + "moods:\n  4: {name: Tired, emoji: 🥱}\n").utf8).write(
      to: folder.appendingPathComponent(".vault/config.yml"))
    let named = try CLI.run(["journal", "show", "2026-11-22"], in: folder, environment: environment(folder))
    #expect(named.stdout.contains("mood 4/10 🥱 Tired"), "\(named.stdout)")
    try Data((config + "moods:\n  11: {name: Ecstatic}\n").utf8).write(
      to: folder.appendingPathComponent(".vault/config.yml"))
    let checked = try CLI.run(["check"], in: folder, environment: environment(folder))
    #expect(checked.stdout.contains("error: '11' is not a mood: moods are 1 to 10"), "\(checked.stdout)")
  }

  /// `vault task` changes the attributes in place, adds and removes them, and nothing else.
  @Test func theTaskEditorChangesAttributes() throws {
    let folder = try Fixture.copy("Planning")
    let before = try Fixture.text(folder, "Tasks.md")
    let result = try CLI.run(
      ["task", "Walk the dog", "--difficulty", "3", "--energy", "none", "--duration", "1h"], in: folder,
      environment: environment(folder))
    #expect(result.status == 0, "\(result.stderr)")
    let after = try Fixture.text(folder, "Tasks.md")
    #expect(
      after
        == before.replacingOccurrences(
          of: "Walk the dog [difficulty:: 2] [duration:: 30m] [energy:: medium] #health",
          with: "Walk the dog [difficulty:: 3] [duration:: 1h] #health"))
    _ = try CLI.run(["task", "Plan the trip", "--duration", "2h"], in: folder, environment: environment(folder))
    #expect(
      try Fixture.text(folder, "Tasks.md").contains(
        "- [ ] Plan the trip [difficulty:: 9] [energy:: lots] [duration:: 2h]\n"))
    let refused = try CLI.run(
      ["task", "Plan the trip", "--energy", "lots"], in: folder, environment: environment(folder))
    #expect(refused.status != 0 && refused.stderr.contains("energy must be low, medium or high"))
  }

  /// A task note (TaskNotes' form) carries the attributes as properties.
  @Test func taskNotesCarryAttributesAsProperties() throws {
    let folder = try Fixture.copy("Planning")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("TaskNotes"), withIntermediateDirectories: true)
    try Data("---\nstatus: open\ndue: 2026-11-30\ndifficulty: 2\nduration: 45m\nenergy: high\n---\n".utf8).write(
      to: folder.appendingPathComponent("TaskNotes/Fix the bike.md"))
    try Data("---\nstatus: open\ndue: 2026-11-30\nenergy: lots\n---\n".utf8).write(
      to: folder.appendingPathComponent("TaskNotes/Odd.md"))
    let json = try CLI.run(["tasks", "--json"], in: folder, environment: environment(folder))
    let tasks = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    let bike = tasks.first { $0["path"] as? String == "TaskNotes/Fix the bike.md" }?["attributes"] as? [String: Any]
    #expect(bike?["difficulty"] as? Int == 2 && bike?["duration"] as? Int == 45 && bike?["energy"] as? String == "high")
    let checked = try CLI.run(["check"], in: folder, environment: environment(folder))
    #expect(checked.stdout.contains("TaskNotes/Odd.md:4:1: warning: energy must be low, medium or high, found 'lots'"))
    #expect(
      try CLI.run(["tasks", "--energy", "high"], in: folder, environment: environment(folder)).stdout.contains(
        "Fix the bike"))
  }

  /// The attributes are taken out of the text, as the Tasks plugin's own fields are, and shown
  /// as what they mean: in the list, the dashboard, the agenda, the JSON and the CSV.
  @Test func attributesAreShownAsAttributesNotAsSyntax() throws {
    let folder = try Fixture.copy("Planning")
    let env = environment(folder)
    let added = try CLI.run(
      ["add", "task", "Book dentist", "--duration", "15m", "--energy", "low", "--due", "today"], in: folder,
      environment: env)
    #expect(added.status == 0, "\(added.stderr)")
    for arguments in [["tasks"], ["today"], ["agenda", "--days", "1"]] {
      let shown = try CLI.run(arguments, in: folder, environment: env)
      let line = try #require(shown.stdout.split(separator: "\n").first { $0.contains("Book dentist") }, "\(arguments)")
      #expect(line.contains("Book dentist  15m · low energy"), "\(arguments): \(line)")
      #expect(!line.contains("::"), "\(arguments): \(line)")
    }
    let json = try CLI.run(["tasks", "--json"], in: folder, environment: env)
    let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    let task = try #require(
      items.first { (($0["task"] as? [String: Any])?["description"] as? String)?.hasPrefix("Book dentist") == true })
    #expect((task["task"] as? [String: Any])?["description"] as? String == "Book dentist")
    let attributes = task["attributes"] as? [String: Any]
    #expect(attributes?["duration"] as? Int == 15 && attributes?["energy"] as? String == "low")
    let csv = try CLI.run(["export", "csv", "tasks"], in: folder, environment: env)
    let row = try #require(csv.stdout.components(separatedBy: "\r\n").first { $0.contains("Book dentist") })
    #expect(row.contains(",Book dentist,") && !row.contains("::"), "\(row)")
  }
}
