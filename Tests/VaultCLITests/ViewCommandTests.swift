import Foundation
import TestSupport
import Testing

/// The views through the built binary at fixed dates, on ExampleVault and on the
/// FixedDates fixture (a Feb 29 birthday, a multi-day event across a month end, a weekly
/// class with a skipped date, an overdue recurring task, an RRULE event, a time zone).
@Suite struct ViewCommandTests {
  func run(
    _ arguments: [String], fixture: String = "ExampleVault", today: String = "2026-11-22",
    environment: [String: String] = [:]
  ) throws
    -> CLI.Result
  {
    let folder = try Fixture.copy(fixture)
    let index = folder.deletingLastPathComponent().appendingPathComponent("cache/index.sqlite").path
    // Seen from UTC unless a test names another zone: the golden files hold the viewer's zone
    // and offsets, whatever zone the machine or the test run (`TZ`) is in. At half past seven
    // in the morning, whatever the clock says: suggestions depend on the time of day.
    return try CLI.run(
      arguments, in: folder,
      environment: ["VAULT_INDEX": index, "VAULT_TODAY": today, "VAULT_NOW": today + "T07:30", "TZ": "UTC"]
        .merging(environment) { $1 })
  }

  @Test(arguments: [
    ("today-example", [] as [String]),
    ("today-example-json", ["today", "--json"]),
    ("today-example-limit-1", ["today", "--limit", "1"]),
    ("countdown-example", ["countdown"]),
    ("countdown-example-all", ["countdown", "--all"]),
    ("countdown-example-past-birthdays", ["countdown", "--past", "--category", "birthday"]),
    ("agenda-example", ["agenda"]),
    ("agenda-example-json", ["agenda", "--from", "2026-12-22", "--to", "2026-12-24", "--json"]),
    ("calendar-example", ["calendar"]),
    ("calendar-example-week", ["calendar", "--week"]),
    ("tasks-example", ["tasks"]),
    ("tasks-example-overdue", ["tasks", "--overdue"]),
    ("tasks-example-done-json", ["tasks", "--status", "done", "--json"]),
    ("tasks-example-tag", ["tasks", "--tag", "health", "--status", "all"]),
    ("goals-example", ["goals"]),
    ("tags-example", ["tags"]),
    ("tags-example-health", ["tags", "#Health"]),
    ("mood-example", ["mood", "--days", "14"]),
    ("mood-example-weeks", ["mood", "--weeks", "4"]),
    ("mood-example-json", ["mood", "--months", "2", "--json"]),
    ("insights-example", ["insights"]),
    ("align-example", ["align"]),
  ])
  func exampleVault(name: String, arguments: [String]) throws {
    let result = try run(arguments)
    #expect(result.stderr == "")
    #expect(result.status == 0)
    try Snapshot.assert(result.stdout, named: name)
  }

  @Test(arguments: [
    ("fixed-dates-today", [] as [String]),
    ("fixed-dates-today-json", ["today", "--json"]),
    ("fixed-dates-countdown", ["countdown"]),
    ("fixed-dates-calendar-january", ["calendar", "2027-01"]),
    ("fixed-dates-calendar-february", ["calendar", "feb"]),
    ("fixed-dates-agenda", ["agenda", "--days", "8"]),
    ("fixed-dates-tasks", ["tasks"]),
    ("fixed-dates-goals-all", ["goals", "--all"]),
  ])
  func regressions(name: String, arguments: [String]) throws {
    let result = try run(arguments, fixture: "FixedDates", today: "2027-01-28")
    #expect(result.stderr == "")
    #expect(result.status == 0)
    try Snapshot.assert(result.stdout, named: name)
  }

  /// The calendar at 60, 80 and 160 columns — one, two and three months a row, a
  /// multi-day event across the month's end drawn as a bar in each week it touches.
  @Test(arguments: [60, 80, 160])
  func calendarMonthsFitTheWidth(columns: Int) throws {
    let result = try run(
      ["calendar", "--months", "3"], fixture: "FixedDates", today: "2027-01-28", environment: ["COLUMNS": "\(columns)"]
    )
    #expect(result.stderr == "")
    try Snapshot.assert(result.stdout, named: "stored-fields-calendar-months-\(columns)")
  }

  /// A day with more tasks than a person reads lists its first 10 (open ones first, then by
  /// priority) and how many more, with the command that lists them all; `vault tasks` lists
  /// its first N the same way. At 60, 80 and 160 columns.
  @Test(arguments: [60, 80, 160])
  func aCrowdedDayListsItsFirstTasksAndHowManyMore(columns: Int) throws {
    let folder = try Fixture.copy("ExampleVault")
    let priorities = ["", " ⏫", " 🔽", " 🔺", " 🔼"]
    let lines = (1...14).map { number in
      "- [\(number % 4 == 0 ? "x" : " ")] Chore number \(number) about the house\(priorities[number % 5]) 📅 2026-11-23"
    }
    try Data(("# Chores\n\n" + lines.joined(separator: "\n") + "\n").utf8).write(
      to: folder.appendingPathComponent("Chores.md"))
    let environment = [
      "VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-22", "COLUMNS": "\(columns)",
    ]
    let agenda = try CLI.run(["agenda", "--days", "2"], in: folder, environment: environment)
    #expect(agenda.stderr == "")
    #expect(agenda.stdout.contains("`vault agenda --from 2026-11-23 --days 1 --all`"))
    try Snapshot.assert(agenda.stdout, named: "crowded-day-agenda-\(columns)")
    let tasks = try CLI.run(["tasks", "--limit", "5"], in: folder, environment: environment)
    #expect(tasks.stdout.contains("`vault tasks --all` lists every one"))
    #expect(tasks.stderr == "")
    try Snapshot.assert(tasks.stdout, named: "crowded-day-tasks-\(columns)")
    // --json with --limit: the first of the whole list.
    let every = try CLI.run(["tasks", "--json"], in: folder, environment: environment).stdout
    let first = try CLI.run(["tasks", "--json", "--limit", "5"], in: folder, environment: environment).stdout
    let ids = { (text: String) in
      (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] ?? []).compactMap {
        $0["id"] as? String
      }
    }
    #expect(try ids(first) == Array(try ids(every).prefix(5)))
    #expect(try ids(every).count > 5)
    // --all lists every one, as --json does.
    let all = try CLI.run(
      ["agenda", "--from", "2026-11-23", "--days", "1", "--all"], in: folder, environment: environment)
    #expect(all.stdout.components(separatedBy: "Chore number").count - 1 == 14)
    #expect(!all.stdout.contains("more task"))
  }

  /// The dashboard's "changed since yesterday" begins at midnight in the system's zone (`$TZ`,
  /// no `timezone` setting): in Santiago the clocks skip from 00:00 to 01:00 on 6 September
  /// 2026, so that day begins at 04:00 UTC, and a note written at 03:30 UTC was written the
  /// day before. In UTC both notes were written that day. Without the system's zone database
  /// (`$TZDIR` naming no folder), Foundation's own zone data says the same.
  @Test(arguments: [
    (["TZ": "America/Santiago"], ["After"]), (["TZ": "America/Santiago", "TZDIR": "/nonexistent/zoneinfo"], ["After"]),
    (["TZ": "UTC"], ["After", "Before"]),
  ])
  func theDashboardsDayBeginsAtMidnightInTheSystemZone(zone: [String: String], changed: [String]) throws {
    let folder = try Fixture.copy("ExampleVault")
    for (name, utc) in [("Before", "2026-09-06T03:30:00Z"), ("After", "2026-09-06T04:30:00Z")] {
      let note = folder.appendingPathComponent("\(name).md")
      try Data("# \(name)\n".utf8).write(to: note)
      let written = try #require(ISO8601DateFormatter().date(from: utc))
      try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: note.path)
    }
    let result = try CLI.run(
      ["today", "--json"], in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-09-07"].merging(zone) { $1 })
    #expect(result.stderr == "")
    let dashboard = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let recently = try #require(dashboard["recently"] as? [String: Any])
    let notes = try #require(recently["changed"] as? [[String: Any]])
    #expect(notes.compactMap { $0["title"] as? String }.sorted() == changed)
  }

  /// By default (`leap_day: feb28`) a 29 February birthday is on 28 February in a
  /// common year.
  @Test func aLeapDayBirthdayIsOn28FebruaryInACommonYear() throws {
    let result = try run(["countdown", "--json"], fixture: "FixedDates", today: "2027-01-28")
    let countdowns = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let birthday = try #require(countdowns.first { ($0["milestone"] as? String)?.hasPrefix("turns") == true })
    let occurrence = try #require(birthday["occurrence"] as? [String: Any])
    #expect(occurrence["start"] as? String == "2027-02-28")
    #expect(birthday["milestone"] as? String == "turns 27")
  }

  @Test func aSkippedClassIsNotOnTheAgenda() throws {
    let result = try run(["agenda", "--from", "2027-01-13", "--to", "2027-01-27"], fixture: "FixedDates")
    #expect(result.stdout.contains("Wednesday 13 January 2027\n  19:00-21:00  🏺 Pottery Class"))
    #expect(!result.stdout.contains("Wednesday 20 January 2027"))
    #expect(result.stdout.contains("Wednesday 27 January 2027\n  19:00-21:00  🏺 Pottery Class"))
  }

  @Test func theGlobalFilterIsLeftOutOfTextWhenTheTasksPluginSaysSo() throws {
    let folder = try Fixture.copy("ExampleVault")
    let settings = folder.appendingPathComponent(".obsidian/plugins/obsidian-tasks-plugin/data.json")
    try Data(##"{"globalFilter": "#task", "removeGlobalFilter": true}"##.utf8).write(to: settings)
    let tasks = folder.appendingPathComponent("Tasks.md")
    let text = try String(contentsOf: tasks, encoding: .utf8)
    try text.replacingOccurrences(of: "- [ ] Renew passport", with: "- [ ] #task Renew passport")
      .write(to: tasks, atomically: true, encoding: .utf8)
    let environment = ["VAULT_TODAY": "2026-11-22", "VAULT_INDEX": folder.path + "-index.sqlite"]
    for command in [["tasks"], ["today"], ["agenda", "--today", "2026-11-19"], ["show", "Tasks.md"]] {
      let result = try CLI.run(command, in: folder, environment: environment)
      #expect(result.status == 0)
      let lines = result.stdout.split(separator: "\n").filter { $0.contains("Renew passport") }
      #expect(lines.count == 1, "\(command)")
      #expect(!lines.contains { $0.contains("#task") }, "\(command)")
    }
    // JSON gives the description as written.
    let json = try CLI.run(["tasks", "--json"], in: folder, environment: environment)
    #expect(json.stdout.contains(##""description" : "#task Renew passport""##))
  }

  @Test func undatedTasksInADailyNoteAreScheduledThatDayWhenTheTasksPluginSaysSo() throws {
    let folder = try Fixture.copy("ExampleVault")
    let note = folder.appendingPathComponent("Journal/2026/11/2026-11-21.md")
    try (try String(contentsOf: note, encoding: .utf8) + "- [ ] Call the plumber\n")
      .write(to: note, atomically: true, encoding: .utf8)
    let environment = ["VAULT_TODAY": "2026-11-22", "VAULT_INDEX": folder.path + "-index.sqlite"]
    func plumber(_ arguments: [String]) throws -> [Substring] {
      try CLI.run(arguments, in: folder, environment: environment).stdout.split(separator: "\n")
        .filter { $0.contains("plumber") }
    }
    #expect(try plumber(["tasks"]).first?.contains("scheduled") == false)

    let settings = folder.appendingPathComponent(".obsidian/plugins/obsidian-tasks-plugin/data.json")
    try Data(##"{"useFilenameAsScheduledDate": true, "filenameAsDateFolders": ["Journal"]}"##.utf8)
      .write(to: settings)
    // The setting changes what the index holds: the next command reads the vault again.
    #expect(try plumber(["tasks"]).first?.contains("scheduled 2026-11-21") == true)
    #expect(try plumber(["today"]).count == 1)
    let json = try CLI.run(["tasks", "--json"], in: folder, environment: environment).stdout
    #expect(json.contains(##""scheduledIsInferred" : true"##))
    let shown = try CLI.run(["show", "Journal/2026/11/2026-11-21.md"], in: folder, environment: environment)
    #expect(shown.stdout.contains("scheduled 2026-11-21 (from the file name)"))
    // The line itself is left alone.
    #expect(try String(contentsOf: note, encoding: .utf8).hasSuffix("- [ ] Call the plumber\n"))
  }

  @Test func theTasksPluginsCustomStatusesSayWhatASymbolMeans() throws {
    let folder = try Fixture.copy("ExampleVault")
    let settings = folder.appendingPathComponent(".obsidian/plugins/obsidian-tasks-plugin/data.json")
    try Data(
      ##"""
      {"statusSettings": {
        "coreStatuses": [{"symbol": " ", "name": "Todo", "nextStatusSymbol": "x", "type": "TODO"},
                         {"symbol": "x", "name": "Done", "nextStatusSymbol": " ", "type": "DONE"}],
        "customStatuses": [{"symbol": ">", "name": "Forwarded", "nextStatusSymbol": "x", "type": "NON_TASK"},
                           {"symbol": "?", "name": "Waiting", "nextStatusSymbol": "x", "type": "ON_HOLD"},
                           {"symbol": "c", "name": "Dropped", "nextStatusSymbol": " ", "type": "CANCELLED"},
                           {"symbol": "", "name": "", "nextStatusSymbol": "", "type": "EMPTY"},
                           {"symbol": "!!", "name": "Bad", "nextStatusSymbol": " ", "type": "TODO"}]}}
      """##.utf8
    ).write(to: settings)
    let tasks = folder.appendingPathComponent("Tasks.md")
    let text = try String(contentsOf: tasks, encoding: .utf8)
    try text.replacingOccurrences(of: "- [ ] Renew passport", with: "- [>] Renew passport")
      .replacingOccurrences(of: "- [ ] Pay the electricity bill", with: "- [?] Pay the electricity bill")
      .write(to: tasks, atomically: true, encoding: .utf8)
    let environment = ["VAULT_TODAY": "2026-11-22", "VAULT_INDEX": folder.path + "-index.sqlite"]
    func lines(_ arguments: [String]) throws -> [Substring] {
      try CLI.run(arguments, in: folder, environment: environment).stdout.split(separator: "\n")
    }
    // On hold is open, but not actionable today; a non-task checkbox is never open.
    let open = try lines(["tasks"])
    #expect(open.contains { $0.contains("electricity") })
    #expect(!open.contains { $0.contains("passport") })
    #expect(!(try lines(["today"])).contains { $0.contains("electricity") || $0.contains("passport") })
    let json = try CLI.run(["tasks", "--status", "all", "--json"], in: folder, environment: environment).stdout
    #expect(json.contains(##""type" : "non_task""##))
    #expect(json.contains(##""type" : "on_hold""##))
    // What vault cannot read is said, and the rest is used.
    let check = try CLI.run(["check"], in: folder, environment: environment)
    #expect(
      check.stdout.contains(
        "data.json:1:1: warning: statusSettings: the status '!!' of type 'TODO' is left out"))
    // A non-task checkbox cannot be completed; cancelling writes the plugin's cancelled symbol.
    let refused = try CLI.run(["done", "passport"], in: folder, environment: environment)
    #expect(refused.status != 0)
    #expect(refused.stderr.contains("no task matches 'passport'"))
    #expect(try CLI.run(["cancel", "electricity"], in: folder, environment: environment).status == 0)
    let after = try String(contentsOf: tasks, encoding: .utf8)
    #expect(after.contains("- [c] Pay the electricity bill 🔼 📅 2026-11-22 ❌ 2026-11-22"))
    #expect(after.contains("- [>] Renew passport ⏫ 📅 2026-11-20"))
  }

  @Test func noSubcommandRunsToday() throws {
    let bare = try run([])
    let today = try run(["today"])
    #expect(bare.stdout == today.stdout)
    #expect(bare.stdout.hasPrefix("Sunday 22 November 2026 · week 47\n"))
  }

  @Test func colourOnlyWhenAsked() throws {
    let plain = try run(["today"])
    #expect(!plain.stdout.contains("\u{1B}["))
    let coloured = try run(["today", "--color", "always"])
    #expect(coloured.stdout.contains("\u{1B}["))
    let vetoed = try CLI.run(
      ["today", "--color", "auto"], in: try Fixture.copy("ExampleVault"),
      environment: ["VAULT_TODAY": "2026-11-22", "NO_COLOR": "1"])
    #expect(!vetoed.stdout.contains("\u{1B}["))
  }

  @Test func linesFitTheTerminalWidth() throws {
    let folder = try Fixture.copy("ExampleVault")
    let result = try CLI.run(["tasks"], in: folder, environment: ["VAULT_TODAY": "2026-11-22", "COLUMNS": "60"])
    for line in result.stdout.split(separator: "\n") {
      #expect(DisplayCells.of(String(line)) <= 60, "\(line)")
    }
    // Nothing is cut to fit; the place goes under the text instead.
    #expect(!result.stdout.contains("…"))
    #expect(result.stdout.contains("[ ] Call the landlord about the heating\n"))
  }

  @Test func anEmptyVaultSaysWhatToDo() throws {
    let folder = try ScratchFolder.make("empty")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
    let environment = ["VAULT_TODAY": "2026-11-22", "VAULT_INDEX": folder.path + "-index.sqlite"]
    let today = try CLI.run(["today"], in: folder, environment: environment)
    #expect(today.stdout.contains("Nothing planned, nothing due."))
    for (command, hint) in [
      ("countdown", "no upcoming events"), ("tasks", "no tasks match"), ("goals", "no goals yet"),
      ("tags", "no tags yet"), ("mood", "no mood recorded"), ("insights", "no insights yet"),
      ("align", "no personal code yet"), ("agenda", "nothing from 2026-11-22 to 2026-11-28"),
    ] {
      let result = try CLI.run([command], in: folder, environment: environment)
      #expect(result.status == 0, "\(command)")
      #expect(result.stdout.hasPrefix(hint), "\(command): \(result.stdout)")
    }
  }

  @Test(arguments: [
    (["today", "--limit", "11"], "vault: error: --limit must be from 1 to 10, not 11"),
    (["calendar", "smarch"], "vault: error: 'smarch' is not a month: write 2026-12, 12, dec or december"),
    (["agenda", "--days", "3", "--to", "2026-12-01"], "vault: error: give --days or --to, not both"),
    (["mood", "--days", "3", "--weeks", "2"], "vault: error: give one of --days, --weeks or --months"),
    (
      ["tasks", "--due-before", "someday"],
      "vault: error: --due-before: 'someday' is not a date vault understands: use today, tomorrow, yesterday, fri, next friday, in 3 days, in 2 weeks, +3d, dec 5, 5 dec or 2026-12-05"
    ),
  ])
  func usageErrors(arguments: [String], message: String) throws {
    let result = try run(arguments)
    #expect(result.status == 64)
    #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
  }

  /// A view's command line is parsed by the view alone (`ViewParsing`); one that does not
  /// parse gets the message, the usage and the hint of `vault`'s own parser, as before.
  @Test(arguments: [
    (
      ["today", "--bogus"], "vault: error: Unknown option '--bogus'\nUsage: vault today [--vault <path>]", "vault today"
    ),
    (
      ["--today", "2026-11-22", "today", "--limit", "0"],
      "vault: error: --limit must be from 1 to 10, not 0\nUsage: vault today ", "vault today"
    ),
    (
      ["tasks", "--due-before"], "vault: error: Missing value for '--due-before <date>'\nHelp:  --due-before <date>",
      "vault tasks"
    ),
    (["agenda", "--days"], "vault: error: Missing value for '--days <days>'\n", "vault agenda"),
  ])
  func aViewLineThatDoesNotParseGetsTheUsualUsage(arguments: [String], start: String, command: String) throws {
    let result = try run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix(start), "\(result.stderr)")
    #expect(result.stderr.hasSuffix("  See '\(command) --help' for more information.\n"), "\(result.stderr)")
  }

  @Test func optionsBeforeTheViewAndTheViewAloneAreRead() throws {
    let before = try run(["--today", "2026-11-22", "--color", "never", "agenda", "--days", "2"])
    let after = try run(["agenda", "--days", "2", "--today", "2026-11-22", "--color", "never"])
    #expect(before.status == 0)
    #expect(before.stdout == after.stdout)
    #expect(before.stdout.contains("Monday 23 November 2026 · tomorrow"))
    // `vault` alone is the dashboard.
    let alone = try run([])
    let today = try run(["today"])
    #expect(alone.status == 0)
    #expect(alone.stdout == today.stdout)
  }

  /// On a terminal `align` waits for Enter between principles and stops at `q`. `script`
  /// (util-linux, on every Debian) gives it a terminal; the answers are typed ahead.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func alignStepsThroughPrinciplesOnATerminal() throws {
    let folder = try Fixture.copy("ExampleVault")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
    let command = "'\(CLI.executable.path)' align --vault '\(folder.path)' --color never"
    process.arguments = ["-qec", command, "/dev/null"]
    var environment = ProcessInfo.processInfo.environment
    environment["VAULT_INDEX"] = folder.path + "-index.sqlite"
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(Data("\n\nq\n".utf8))
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(text.contains("1/7  Leave every place a little better than I found it."))
    #expect(text.contains("Enter: next · q: stop"))
    #expect(text.contains("3/7  Move every day, even if only for ten minutes."))
    #expect(!text.contains("4/7"))
  }

  @Test func viewsLeaveTheVaultAlone() throws {
    let folder = try Fixture.copy("FixedDates")
    let before = try Fixture.contents(of: folder)
    let environment = ["VAULT_TODAY": "2027-01-28", "VAULT_INDEX": folder.path + "-index.sqlite"]
    for command in [["today"], ["countdown"], ["calendar"], ["agenda"], ["tasks"], ["goals"], ["tags"], ["mood"]] {
      _ = try CLI.run(command, in: folder, environment: environment)
    }
    #expect(try Fixture.contents(of: folder) == before)
  }
}

/// Terminal cells, as the CLI measures them (a copy: the test cannot import the executable).
enum DisplayCells {
  static func of(_ text: String) -> Int {
    text.reduce(0) { width, character in
      guard let first = character.unicodeScalars.first else { return width }
      if character.unicodeScalars.count > 1, character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) {
        return width + 2
      }
      return width + (first.properties.isEmojiPresentation || (0x1100...0x115F).contains(first.value) ? 2 : 1)
    }
  }
}
