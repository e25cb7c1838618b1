import Foundation
import TestSupport
import Testing

/// Every stored field acts. Through the built binary, on `Fixtures/StoredFields` (a
/// trip under way, an event today, yearless and leap-day birthdays, goals with priorities and a
/// completed one, TaskNotes task notes, nested tasks, a recurring task), at 23 November 2026.
@Suite struct StoredFieldsTests {
  static let today = "2026-11-23"

  func run(_ arguments: [String], _ folder: URL, today: String = Self.today) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: today)
  }

  func json(_ arguments: [String], _ folder: URL) throws -> Any {
    let result = try run(arguments + ["--json"], folder)
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  @Test func countdownPutsTodayAndWhatIsUnderWayFirst() throws {
    let folder = try Fixture.copy("StoredFields")
    let lines = try run(["countdown"], folder).stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("day 2 of 5 · ends Thu") == true)
    #expect(lines.first?.contains("Lisbon Trip") == true)
    #expect(lines.dropFirst().first?.hasPrefix("today") == true)
    #expect(lines.dropFirst().first?.contains("Dentist") == true)
    // A birthday without a year has no age.
    let ana = try #require(lines.first { $0.contains("Ana's Birthday") })
    #expect(!ana.contains("turns"))
    #expect(ana.hasPrefix("in 9 days"))
  }

  @Test func countdownPastIsInThePastTense() throws {
    let folder = try Fixture.copy("StoredFields")
    let output = try run(["countdown", "--past"], folder).stdout
    #expect(output.contains("2 days ago    Grandpa's Birthday — turned 60"))
    #expect(output.contains("3 days ago    Book Club"))
  }

  @Test func aLeapDayBirthdayFollowsLeapDayInTheNoteAndTheConfig() throws {
    let folder = try Fixture.copy("StoredFields")
    var output = try run(["countdown", "--category", "birthday"], folder, today: "2027-02-20").stdout
    #expect(output.contains("in 8 days    Leo's Birthday — turns 31      Sun 28 Feb 2027"))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    try "leap_day: mar1\n".write(
      to: folder.appendingPathComponent(".vault/config.yml"), atomically: true, encoding: .utf8)
    output = try run(["countdown", "--category", "birthday"], folder, today: "2027-02-20").stdout
    #expect(output.contains("Leo's Birthday — turns 31      Mon 1 Mar 2027"))
  }

  @Test func progressMeansTheSameInEveryForm() throws {
    let folder = try Fixture.copy("StoredFields")
    for value in ["40%", "0.4", "4/10", "40"] {
      let result = try run(["progress", "Read More", value], folder)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(try Fixture.text(folder, "Goals/Read More.md").contains("progress: 40%\n"))
    }
    let over = try run(["progress", "Read More", "140%"], folder)
    #expect(over.status != 0)
    #expect(over.stderr.contains("from 0% to 100%"))
    let notGoal = try run(["progress", "Notes/Pinned Plan.md", "40%"], folder)
    #expect(notGoal.status == 1)
    #expect(notGoal.stderr.contains("not a goal"))
  }

  @Test func showCountsLinkedTasksAsGoalsDoes() throws {
    let folder = try Fixture.copy("StoredFields")
    let show = try run(["show", "Goals/Learn Piano.md"], folder).stdout
    #expect(show.contains("progress     50% (checkboxes and linked tasks (1/2))"))
    #expect(show.contains("priority     ⏫ high"))
    #expect(show.contains("description  Play three pieces from memory by summer."))
  }

  @Test func goalsSortByPriorityAndListDoneOnes() throws {
    let folder = try Fixture.copy("StoredFields")
    let lines = try run(["goals"], folder).stdout.split(separator: "\n").map(String.init)
    #expect(lines.map { $0.contains("Learn Piano") } == [true, false, false])
    #expect(lines.last?.contains("Run 10k") == true)
    let done = try run(["goals", "--done"], folder).stdout
    #expect(done.contains("Paint the Fence ✓"))
    #expect(done.contains("done 2026-10-03"))
    let added = try run(["add", "goal", "Swim", "--target", "2027-01-01", "--priority", "high"], folder)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try Fixture.text(folder, "Goals/Swim.md").contains("priority: high\n"))
  }

  @Test func taskNotesAreListedAndChangedByTheirStatus() throws {
    let folder = try Fixture.copy("StoredFields")
    let tasks = try run(["tasks"], folder).stdout
    #expect(tasks.contains("Renew insurance"))
    #expect(tasks.contains("TaskNotes/Renew insurance.md:1"))
    let listed = try run(["list", "--type", "task"], folder).stdout
    #expect(listed.contains("Renew insurance"))
    let before = try Fixture.text(folder, "TaskNotes/Renew insurance.md")
    #expect(try run(["done", "Renew insurance"], folder).status == 0)
    let done = try Fixture.text(folder, "TaskNotes/Renew insurance.md")
    #expect(done.contains("status: done\n"))
    #expect(done.contains("completedDate: 2026-11-23\n"))
    #expect(try run(["undo", "Renew insurance"], folder).status == 0)
    #expect(try Fixture.text(folder, "TaskNotes/Renew insurance.md") == before)
    #expect(try run(["cancel", "Renew insurance"], folder).status == 0)
    #expect(try Fixture.text(folder, "TaskNotes/Renew insurance.md").contains("status: cancelled\n"))
  }

  @Test func cancelledIsNotDone() throws {
    let folder = try Fixture.copy("StoredFields")
    let today = try run(["today"], folder).stdout
    #expect(today.contains("1 of 3 tasks done (33%) · 1 cancelled · goals 1 of 4 done"))
    let stats = try #require((try json(["today"], folder) as? [String: Any])?["stats"] as? [String: Any])
    #expect(stats["doneThisWeek"] as? Int == 1)
    #expect(stats["cancelledThisWeek"] as? Int == 1)
  }

  /// The day's progress beside Tasks: what was done today of today's list, done ones included;
  /// one more ticked off today moves both the figure and the JSON.
  @Test func theDaysProgressCountsWhatWasDoneToday() throws {
    let folder = try Fixture.copy("ExampleVault")
    func stats() throws -> [String: Any] {
      try #require((try json(["today"], folder) as? [String: Any])?["stats"] as? [String: Any])
    }
    let before = try stats()
    let total = try #require(before["totalToday"] as? Int)
    #expect(before["doneToday"] as? Int == 0 && total > 0)
    #expect(try run(["today"], folder).stdout.contains("· 0 of \(total) done today (0%)"))
    #expect(try run(["done", "Renew passport"], folder).status == 0)
    let after = try stats()
    #expect(after["doneToday"] as? Int == 1 && after["totalToday"] as? Int == total)
    let percent = Int((100.0 / Double(total)).rounded())
    #expect(try run(["today"], folder).stdout.contains("· 1 of \(total) done today (\(percent)%)"))
  }

  @Test func tasksJSONKeepsDataviewFields() throws {
    let folder = try Fixture.copy("StoredFields")
    let rows = try #require(try json(["tasks", "--search", "sand"], folder) as? [[String: Any]])
    let task = try #require(rows.first?["task"] as? [String: Any])
    let fields = try #require(task["fields"] as? [[String: Any]])
    #expect(fields.map { $0["key"] as? String } == ["difficulty", "duration"])
    #expect(fields.map { $0["value"] as? String } == ["3", "30m"])
  }

  @Test func scheduledOnlyTasksSortByTheirDate() throws {
    let folder = try Fixture.copy("StoredFields")
    let lines = try run(["tasks"], folder).stdout.split(separator: "\n")
    let water = try #require(lines.firstIndex { $0.contains("Water the plants") })
    let alpha = try #require(lines.firstIndex { $0.contains("Alpha sorted by path") })
    let undated = try #require(lines.firstIndex { $0.contains("Clean the garage") })
    #expect(water < alpha)
    #expect(alpha < undated)
  }

  @Test func undoOnARecurringTaskRemovesTheUntouchedNextInstance() throws {
    let folder = try Fixture.copy("StoredFields")
    let before = try Fixture.text(folder, "Tasks.md")
    #expect(try run(["done", "walk the dog"], folder).status == 0)
    #expect(try Fixture.text(folder, "Tasks.md").contains("- [ ] Walk the dog 🔁 every day 📅 2026-11-24\n"))
    let undo = try run(["undo", "walk the dog"], folder)
    #expect(undo.status == 0, "\(undo.stderr)")
    #expect(undo.stdout.contains("removed the next instance"))
    #expect(try Fixture.text(folder, "Tasks.md") == before)
    // A changed next instance stays, and undo says where it is.
    #expect(try run(["done", "walk the dog"], folder).status == 0)
    let edited = try Fixture.text(folder, "Tasks.md").replacingOccurrences(
      of: "📅 2026-11-24\n", with: "📅 2026-11-25\n")
    try edited.write(to: folder.appendingPathComponent("Tasks.md"), atomically: true, encoding: .utf8)
    let second = try run(["undo", "Tasks.md:13"], folder)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.contains("Tasks.md:12 was changed since done added it"))
    #expect(try Fixture.text(folder, "Tasks.md").contains("- [ ] Walk the dog 🔁 every day 📅 2026-11-25\n"))
  }

  @Test func rmTakesTheSubtreeAlong() throws {
    let folder = try Fixture.copy("StoredFields")
    let before = try Fixture.text(folder, "Tasks.md")
    let result = try run(["rm", "Pack for the trip", "--yes"], folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("removed with the 2 lines nested under it"))
    #expect(result.stdout.contains("Pack the charger"))
    #expect(
      try Fixture.text(folder, "Tasks.md")
        == before.replacingOccurrences(
          of: "- [ ] Pack for the trip\n    - [ ] Pack socks\n    - [ ] Pack the charger\n", with: ""))
  }

  @Test func taskChangesOnlyTheFieldsGiven() throws {
    let folder = try Fixture.copy("StoredFields")
    let before = try Fixture.text(folder, "Tasks.md")
    #expect(try run(["task", "alpha sorted", "--due", "fri", "--priority", "high"], folder).status == 0)
    #expect(
      try run(["task", "water the plants", "--scheduled", "none", "--due", "dec 5", "--repeat", "every week"], folder)
        .status == 0)
    #expect(try run(["task", "sand the table", "--text", "Sand and oil the table"], folder).status == 0)
    let after = try Fixture.text(folder, "Tasks.md")
    var expected = before.replacingOccurrences(
      of: "Alpha sorted by path 📅 2026-11-30", with: "Alpha sorted by path ⏫ 📅 2026-11-27")
    expected = expected.replacingOccurrences(
      of: "Water the plants ⏳ 2026-11-24", with: "Water the plants 🔁 every week 📅 2026-12-05")
    expected = expected.replacingOccurrences(of: "Sand the table [", with: "Sand and oil the table [")
    #expect(after == expected)
    let bad = try run(["task", "walk the dog", "--repeat", "every blue moon"], folder)
    #expect(bad.status == 1)
    #expect(try Fixture.text(folder, "Tasks.md") == after)
  }

  @Test func postponeMovesTheDueDateAsThePluginDoes() throws {
    let folder = try Fixture.copy("StoredFields")
    #expect(try run(["postpone", "walk the dog"], folder).status == 0)
    #expect(try Fixture.text(folder, "Tasks.md").contains("Walk the dog 🔁 every day 📅 2026-11-24\n"))
    #expect(try run(["postpone", "walk the dog", "1w"], folder).status == 0)
    #expect(try Fixture.text(folder, "Tasks.md").contains("Walk the dog 🔁 every day 📅 2026-12-01\n"))
    // Only scheduled: that date moves.
    #expect(try run(["postpone", "water the plants", "fri"], folder).status == 0)
    #expect(try Fixture.text(folder, "Tasks.md").contains("Water the plants ⏳ 2026-11-27\n"))
    let none = try run(["postpone", "clean the garage"], folder)
    #expect(none.status == 1)
    #expect(none.stderr.contains("--due fri`"))
  }

  @Test func todayShowsTomorrowRecentlyAndPinned() throws {
    let folder = try Fixture.copy("StoredFields")
    try Fixture.touch(folder, "Notes/Visa deadline.md", on: "2026-11-23")
    try Fixture.touch(folder, "Journal/2026/11/2026-11-23.md", on: "2026-11-23")
    let output = try run(["today"], folder, today: "2026-11-24").stdout
    #expect(output.contains("Tomorrow\n  due  ⏫ Renew insurance  19ce8e  TaskNotes/Renew insurance.md:1\n"))
    #expect(output.contains("Recently\n  done: Sent the card\n"))
    #expect(output.contains("  journal: 2026-11-23  Journal/2026/11/2026-11-23.md\n"))
    #expect(output.contains("  edited: Visa deadline  Notes/Visa deadline.md\n"))
    #expect(!output.contains("edited: Tasks"))
    #expect(output.contains("Pinned  Pinned Plan\n"))
    // Each section only when it has something.
    let later = try run(["today"], folder, today: "2027-03-01").stdout
    #expect(!later.contains("Tomorrow"))
    #expect(!later.contains("Recently"))
  }

  @Test func pinnedNotesComeFirstInList() throws {
    let folder = try Fixture.copy("StoredFields")
    let lines = try run(["list", "--type", "note"], folder).stdout.split(separator: "\n")
    #expect(lines.first?.contains("Pinned Plan") == true)
  }

  @Test func journalShowAndList() throws {
    let folder = try Fixture.copy("StoredFields")
    let show = try run(["journal", "show", "yesterday"], folder).stdout
    #expect(show.hasPrefix("Sunday 22 November 2026"))
    #expect(show.contains("mood 3/10 😔 Low · tired, rain · 7 words"))
    #expect(show.contains("- 21:00 A grey day. Stayed in and read."))
    let list = try run(["journal", "list"], folder).stdout.split(separator: "\n")
    #expect(list.count == 2)
    #expect(list.first?.contains("Bright morning run by the river") == true)
    let low = try run(["journal", "list", "--mood", "<=4"], folder).stdout
    #expect(low.contains("A grey day") && !low.contains("Bright"))
    let river = try run(["journal", "list", "--search", "river"], folder).stdout
    #expect(river.contains("Bright") && !river.contains("grey"))
    // `journal TEXT` still writes.
    #expect(try run(["journal", "- had a walk", "--time", "10:00"], folder).status == 0)
    #expect(try Fixture.text(folder, "Journal/2026/11/2026-11-23.md").hasSuffix("- 10:00 - had a walk\n"))
  }

  @Test func moodTagsMergeUnlessReplaced() throws {
    let folder = try Fixture.copy("StoredFields")
    #expect(try run(["mood", "7", "--tags", "happy, Sun"], folder).status == 0)
    #expect(try Fixture.text(folder, "Journal/2026/11/2026-11-23.md").contains("mood_tags: [sun, happy]\n"))
    #expect(try run(["mood", "7", "--tags", "calm", "--replace-tags"], folder).status == 0)
    #expect(try Fixture.text(folder, "Journal/2026/11/2026-11-23.md").contains("mood_tags: [calm]\n"))
  }

  /// Mood tags added by processes at once all land: each merges with the list it reads under
  /// the write lock, not with one read before it.
  @Test func moodTagsAddedAtOnceAllLand() throws {
    let folder = try Fixture.copy("StoredFields")
    let tags = (1...8).map { "tag\($0)" }
    let results = try CLI.runTogether(
      tags.map { ["mood", "7", "--tags", $0] }, inVault: folder, today: Self.today)
    #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
    let text = try Fixture.text(folder, "Journal/2026/11/2026-11-23.md")
    for tag in ["sun"] + tags { #expect(text.contains(tag)) }
  }

  /// Edits of different principles at once all land.
  @Test func principleEditsAtOnceAllLand() throws {
    let folder = try Fixture.copy("StoredFields")
    let results = try CLI.runTogether(
      [
        ["principle", "edit", "1", "One."], ["principle", "edit", "2", "Two."], ["principle", "edit", "3", "Three."],
      ],
      inVault: folder, today: Self.today)
    #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
    #expect(try Fixture.text(folder, "Personal Code.md") == "# Personal Code\n\n1. One.\n2. Two.\n3. Three.\n")
  }

  @Test func principlesAreEditedRemovedAndMovedInPlace() throws {
    let folder = try Fixture.copy("StoredFields")
    #expect(try run(["principle", "move", "3", "1"], folder).status == 0)
    #expect(
      try Fixture.text(folder, "Personal Code.md")
        == "# Personal Code\n\n1. Leave it better than you found it.\n2. Write it down.\n3. Slow is smooth.\n")
    #expect(try run(["principle", "edit", "2", "Write it all down."], folder).status == 0)
    #expect(try run(["principle", "rm", "1", "--yes"], folder).status == 0)
    #expect(
      try Fixture.text(folder, "Personal Code.md") == "# Personal Code\n\n1. Write it all down.\n2. Slow is smooth.\n")
    let missing = try run(["principle", "rm", "7", "--yes"], folder)
    #expect(missing.status == 1)
    #expect(missing.stderr.contains("there is no item 7: the list has 2"))
  }

  @Test func insightsFilterBySinceTagAndWords() throws {
    let folder = try Fixture.copy("StoredFields")
    let recent = try run(["insights", "--since", "-10d"], folder).stdout
    #expect(recent.contains("Patience") && !recent.contains("Ship small"))
    let work = try run(["insights", "--tag", "work"], folder).stdout
    #expect(work.contains("Ship small") && !work.contains("Patience"))
    let words = try run(["insights", "--search", "PATIENCE"], folder).stdout
    #expect(words.contains("Patience") && !words.contains("Ship small"))
  }

  @Test func descriptionsAndLocationsShowWhenAskedFor() throws {
    let folder = try Fixture.copy("StoredFields")
    let countdown = try run(["countdown", "--long"], folder).stdout
    #expect(
      countdown.contains(
        "Lisbon Trip.md\n    📍 Lisbon\n    Five days by the sea with the family; pack the good camera.\n"))
    let agenda = try run(["agenda", "--long", "--days", "1"], folder).stdout
    #expect(agenda.contains("    Check-up and cleaning.\n"))
    let show = try run(["show", "Events/2026-11-23 Dentist.md"], folder).stdout
    #expect(show.contains("description  Check-up and cleaning."))
    #expect(show.contains("location     Rua Augusta 12"))
    let task = try run(["show", "TaskNotes/Renew insurance.md"], folder).stdout
    #expect(task.contains("text   Call the broker before Friday; the policy number is in the drawer."))
  }

  @Test func newNotesGetCreatedAtNowUnlessTheVaultSaysNot() throws {
    let folder = try Fixture.copy("StoredFields")
    let environment = ["VAULT_NOW": "2026-11-23T07:45"]
    for arguments in [
      ["add", "event", "Concert", "--date", "dec 5"], ["add", "goal", "Read 20 books", "--target", "dec 31"],
      ["add", "note", "Ideas"], ["add", "insight", "Less, but better."],
    ] {
      let result = try CLI.run(arguments, inVault: folder, today: Self.today, extra: environment)
      #expect(result.status == 0, "\(result.stderr)")
      let path = result.stdout.trimmingCharacters(in: .newlines)
      #expect(try Fixture.text(folder, path).contains("\ncreated: 2026-11-23T07:45\n---\n"), "\(arguments)")
    }
    // --now beats $VAULT_NOW and $VAULT_TODAY; an offset is moved into the vault's time zone;
    // its day is today.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    try Data("timezone: Europe/Lisbon\n".utf8).write(to: folder.appendingPathComponent(".vault/config.yml"))
    let utc = try CLI.run(
      ["add", "note", "Late idea", "--now", "2026-11-24T23:30-05:00", "--date", "today"], inVault: folder,
      today: Self.today, extra: environment)
    #expect(utc.status == 0, "\(utc.stderr)")
    #expect(try Fixture.text(folder, "Late idea.md").hasPrefix("---\ndate: 2026-11-25\ncreated: 2026-11-25T04:30\n"))
    let onlyNow = try CLI.run(
      ["add", "note", "Dated by now", "--now", "2026-11-24 10:00", "--date", "today"], in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite"])
    #expect(try Fixture.text(folder, "Dated by now.md").hasPrefix("---\ndate: 2026-11-24\ncreated: 2026-11-24T10:00\n"))
    // `created` orders `list --sort created`.
    let sorted = try run(["list", "--type", "note", "--sort", "created"], folder).stdout
    let ideas = try #require(sorted.range(of: "Ideas.md")), late = try #require(sorted.range(of: "Late idea.md"))
    #expect(ideas.lowerBound < late.lowerBound)
    #expect(onlyNow.status == 0, "\(onlyNow.stderr)")
    let bad = try run(["today", "--now", "tomorrow 9am"], folder)
    #expect(bad.status != 0)
    #expect(bad.stderr.contains("--now 'tomorrow 9am' is not a date and time: use the form YYYY-MM-DDTHH:MM"))
    try Data("created: false\n".utf8).write(to: folder.appendingPathComponent(".vault/config.yml"))
    #expect(try run(["add", "note", "Plain"], folder).status == 0)
    #expect(try Fixture.text(folder, "Plain.md") == "# Plain\n")
  }

  @Test func calendarMarksEachKindAndDrawsTripsAsBars() throws {
    let folder = try Fixture.copy("StoredFields")
    // A done task due on the 25th is no mark; the task note due that day is.
    try Data("- [x] Posted the parcel 📅 2026-11-26 ✅ 2026-11-23\n".utf8).write(
      to: folder.appendingPathComponent("Errands.md"))
    let calendar = try #require(try json(["calendar"], folder) as? [String: Any])
    let weeks = try #require(calendar["weeks"] as? [[String: Any]])
    let week48 = try #require(weeks.first { $0["start"] as? String == "2026-11-23" })
    #expect(week48["number"] as? Int == 48)
    let marks = try #require(week48["marks"] as? [String: [String]])
    #expect(marks["2026-11-23"] == ["event", "task", "journal"])
    #expect(marks["2026-11-25"] == ["task"])
    #expect(marks["2026-11-26"] == nil)
    #expect(marks["2026-11-27"] == ["note"])
    // The trip is one bar per week it touches, not a mark on each day.
    let bars = weeks.flatMap { ($0["bars"] as? [[String: Any]]) ?? [] }
    #expect(
      bars.map { "\($0["from"] ?? "")..\($0["through"] ?? "")" } == [
        "2026-11-22..2026-11-22", "2026-11-23..2026-11-26",
      ])
    let text = try run(["calendar"], folder).stdout
    #expect(
      text.contains("\n48  >23   24   25   26   27   28   29\n    *! ✎       !          +\n   ✈️ Lisbon Trip━━━━━\n"))
    // Colour per kind on a terminal: the Book Club's category colour.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    try Data("colors: {social: \"#ff0000\"}\n".utf8).write(to: folder.appendingPathComponent(".vault/config.yml"))
    let colored = try run(["calendar", "--color", "always"], folder).stdout
    #expect(colored.contains("\u{1B}[38;5;196;1m*"))
  }

  @Test func calendarMonthsStandSideBySideAsCalDoes() throws {
    let folder = try Fixture.copy("StoredFields")
    let three = try CLI.run(
      ["calendar", "--months", "3"], inVault: folder, today: Self.today, extra: ["COLUMNS": "160"])
    let heading = try #require(three.stdout.split(separator: "\n").first)
    #expect(heading.contains("October 2026") && heading.contains("November 2026") && heading.contains("December 2026"))
    #expect(three.stdout.hasSuffix("due; to list them:\n  `vault agenda --from 2026-10-01 --to 2026-12-31`\n"))
    // At 80 columns two months a row, at 60 one; no line is wider than the terminal.
    for (columns, perRow) in [(80, 2), (60, 1)] {
      let result = try CLI.run(
        ["calendar", "--months", "3"], inVault: folder, today: Self.today, extra: ["COLUMNS": "\(columns)"])
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.allSatisfy { $0.unicodeScalars.count <= columns }, "\(columns)")
      #expect(lines.first { $0.contains("October 2026") }?.contains("November 2026") == (perRow == 2))
    }
    let bad = try run(["calendar", "--months", "0"], folder)
    #expect(bad.stderr.contains("--months 0: give 1 to 24 months"))
  }

  @Test(arguments: ["monday", "sunday", "saturday"])
  func weekNumbersAgreeWithToday(weekStart: String) throws {
    let folder = try Fixture.copy("StoredFields")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    try Data("week_start: \(weekStart)\n".utf8).write(to: folder.appendingPathComponent(".vault/config.yml"))
    for day in ["2026-11-23", "2027-01-01", "2027-01-03", "2026-12-31"] {
      let today = try #require(
        try JSONSerialization.jsonObject(with: Data(try run(["today", "--json"], folder, today: day).stdout.utf8))
          as? [String: Any])
      let calendar = try #require(
        try JSONSerialization.jsonObject(
          with: Data(try run(["calendar", "--week", "--json"], folder, today: day).stdout.utf8)) as? [String: Any])
      let week = try #require((calendar["weeks"] as? [[String: Any]])?.first)
      #expect(week["number"] as? Int == today["week"] as? Int, "\(weekStart) \(day)")
      let text = try run(["calendar", "--week"], folder, today: day).stdout
      #expect(text.contains("Week \(week["number"] as? Int ?? 0),"))
    }
  }
}
