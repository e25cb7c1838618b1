import Foundation
import TestSupport
import Testing

@testable import VaultCore

/// Vault on vaults it was not written around. Through the built binary, on
/// `Fixtures/KepanoVault`: a kepano-style vault (items filed by `categories:` under
/// References/, a Templates folder of the core plugin, a Templater folder, Periodic Notes'
/// template, Daily/ notes, no Tasks plugin), with CJK and emoji text, at 23 November 2026.
@Suite struct OtherPeoplesVaultTests {
  static let today = "2026-11-23"

  func run(_ arguments: [String], _ folder: URL, extra: [String: String] = [:]) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: Self.today, extra: extra)
  }

  func json(_ arguments: [String], _ folder: URL) throws -> Any {
    let result = try run(arguments + ["--json"], folder)
    #expect(result.status == 0, "\(result.stderr)")
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  @Test func templatesAreNotItems() throws {
    let folder = try Fixture.copy("KepanoVault")
    let today = try run(["today"], folder).stdout
    #expect(!today.contains("Template"))
    #expect(!today.contains("Review the day"))
    #expect(today.contains("Learn Japanese"))
    let goals = try run(["goals", "--all"], folder).stdout
    #expect(goals.contains("Learn Japanese") && !goals.contains("Goal Template"))
    let events = try run(["list", "--type", "event"], folder).stdout
    #expect(!events.contains("Templates/") && events.contains("Lisbon Film Festival"))
    let tasks = try run(["tasks", "--status", "all"], folder).stdout
    #expect(!tasks.contains("Templater/") && !tasks.contains("Templates/"))
    // `check` still reads them, and their placeholders are fine.
    let check = try run(["check"], folder)
    #expect(check.status == 0)
    #expect(!check.stdout.contains("Templat"), "\(check.stdout)")
    #expect(check.stdout.contains("0 errors, 0 warnings"))
    let quote = try #require(try json(["today"], folder) as? [String: Any])
    let insight = try #require(quote["insight"] as? [String: Any])
    #expect(insight["path"] as? String == "References/The obstacle is the way.md")
  }

  @Test func withoutTheTasksPluginAnyOtherSymbolIsChecked() throws {
    let folder = try Fixture.copy("KepanoVault")
    let open = try run(["tasks"], folder).stdout
    #expect(!open.contains("Ask Mei") && !open.contains("Move the dentist"))
    let done = try run(["tasks", "--status", "done"], folder).stdout
    #expect(done.contains("[?] Ask Mei") && done.contains("[>] Move the dentist"))
    // With the plugin installed, its statuses: `[?]` and `[>]` are todo by default.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".obsidian/plugins/obsidian-tasks-plugin"), withIntermediateDirectories: true)
    let plugin = try run(["tasks"], folder).stdout
    #expect(plugin.contains("Ask Mei") && plugin.contains("Move the dentist"))
  }

  @Test func eventsWithoutATitleAreCalledByTheirTitle() throws {
    let folder = try Fixture.copy("KepanoVault")
    let list = try run(["list", "--type", "event", "--sort", "title"], folder).stdout
    #expect(list.hasPrefix("2026-12-04  Dinner with Mei"))
    #expect(try run(["search", "Mei"], folder).stdout.contains("Dinner with Mei  (event)"))
    let show = try run(["show", "Dinner with Mei"], folder)
    #expect(show.stdout.hasPrefix("References/2026-12-04 Dinner with Mei.md\n"), "\(show.stderr)")
    #expect(show.stdout.contains("title  Dinner with Mei"))
  }

  @Test func notesAreNamedAsTheViewsPrintThem() throws {
    let folder = try Fixture.copy("KepanoVault")
    try Data("---\naliases: [Nihongo]\n---\nStudy plan.\n".utf8).write(
      to: folder.appendingPathComponent("References/Japanese plan.md"))
    for name in [
      "Dinner with Mei", "2026-12-04 Dinner with Mei", "dinner with mei.md", "Nihongo", "How to take smart notes",
    ] {
      let result = try run(["show", name], folder)
      #expect(result.status == 0, "\(name): \(result.stderr)")
    }
    let near = try run(["show", "Diner with Mei"], folder)
    #expect(near.status == 1)
    #expect(near.stderr == "vault: error: no note 'Diner with Mei' in the vault; did you mean 'Dinner with Mei'?\n")
    let set = try run(["set", "Nihongo", "status", "active"], folder)
    #expect(set.stdout == "References/Japanese plan.md  status: active\n", "\(set.stderr)")
  }

  @Test func pathsAreRelativeToTheVaultEverywhere() throws {
    let folder = try Fixture.copy("KepanoVault")
    let elsewhere = try ScratchFolder.make("elsewhere")
    for arguments in [["list"], ["search", "festival"], ["show", "Tasks"], ["check"]] {
      let result = try CLI.run(
        arguments + ["--vault", folder.path], in: elsewhere,
        environment: ["VAULT_TODAY": Self.today, "VAULT_INDEX": folder.path + "-index.sqlite"])
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      #expect(!result.stdout.contains(folder.path), "\(arguments)")
    }
    let added = try CLI.run(
      ["add", "note", "Idea", "--vault", folder.path], in: elsewhere,
      environment: ["VAULT_TODAY": Self.today, "VAULT_INDEX": folder.path + "-index.sqlite"])
    #expect(added.stdout == "Idea.md\n")
  }

  @Test func identicalLinesGetTheirOwnIdsAndStaleOnesSayWhy() throws {
    let folder = try Fixture.copy("KepanoVault")
    let tasks = try #require(try json(["tasks"], folder) as? [[String: Any]])
    let bank = tasks.filter {
      ($0["task"] as? [String: Any])?["description"] as? String
        == "Call the bank about the mortgage renewal before the rate changes"
    }
    #expect(bank.count == 2)
    let ids = bank.compactMap { $0["id"] as? String }
    #expect(Set(ids).count == 2)
    // Either id, or more digits of the full id, names exactly its line.
    let second = try #require(bank.first { $0["line"] as? Int == 6 })
    let full = try #require(second["fullID"] as? String)
    let done = try run(["done", String(full.prefix(9))], folder)
    #expect(done.stdout.hasPrefix("Tasks.md:6  "), "\(done.stderr)")
    #expect(
      try Fixture.text(folder, "Tasks.md").contains(
        "- [ ] Call the bank about the mortgage renewal before the rate changes 📅 2026-11-23\n- [x]"))
    // Done already: said so, with the command that reopens it.
    #expect(try run(["done", "Water the plants"], folder).status == 0)
    #expect(
      try run(["done", "Water the plants"], folder).stderr.contains(
        "is already done (Daily/2026-11-22.md:8): `vault undo Daily/2026-11-22.md:8` reopens it"))
    let stale = try run(["done", "abcdef"], folder)
    #expect(stale.stderr.contains("no task matches 'abcdef'"))
  }

  /// Tasks with similar texts get ids far apart, not ids one digit apart.
  @Test(arguments: [
    ["Call Ana", "Call Ann", "Call Anna", "Call Ana "],
    ["Buy milk 1", "Buy milk 2", "Buy milk 3", "Buy milk 4"],
  ])
  func similarTextsGetDistantIds(texts: [String]) {
    let ids = texts.map { Located(path: "Tasks.md", title: "Tasks", value: TaskItem(line: 1, description: $0)).shortID }
    for (index, id) in ids.enumerated() {
      for other in ids[(index + 1)...] {
        let differing = zip(id, other).filter { $0 != $1 }.count
        #expect(differing >= 3, "\(id) \(other)")
      }
    }
  }

  @Test func groupsWithoutACommandAndRunErrorsShowTheirOwnUsage() throws {
    let folder = try Fixture.copy("KepanoVault")
    let missing = try run(["--vault", folder.path, "add"], folder)
    #expect(missing.status == 64)
    #expect(
      missing.stderr
        == "vault: error: 'vault add' needs a command: task, event, goal, note, insight. `vault add --help` shows them.\n"
    )
    let typo = try run(["add", "evnt", "Party"], folder)
    #expect(typo.stderr.contains("unknown command 'vault add evnt'. Did you mean 'event'?"))
    let usage = try run(["add", "event", "X", "--date", "fri", "--end", "thu"], folder)
    #expect(usage.stderr.contains("Usage: vault add event "))
    #expect(usage.stderr.contains("See 'vault add event --help' for more information."))
    let editor = try run(["edit", "Tasks"], folder, extra: ["EDITOR": "no-such-editor-here"])
    #expect(editor.stderr.contains("the editor 'no-such-editor-here' (from $VISUAL or $EDITOR) is not installed"))
  }

  /// The views at 60, 80 and 120 columns: the item's text whole (wrapped when it must be),
  /// its place on a line of its own when there is no room beside it; no line wider than the
  /// terminal.
  @Test(arguments: [
    ("today", ["today"]), ("tasks", ["tasks"]), ("agenda", ["agenda", "--days", "4"]), ("countdown", ["countdown"]),
    ("list", ["list"]), ("search", ["search", "festival"]), ("goals", ["goals"]),
  ])
  func viewsFitEveryWidth(name: String, arguments: [String]) throws {
    let folder = try Fixture.copy("KepanoVault")
    for columns in [60, 80, 120] {
      let result = try run(arguments, folder, extra: ["COLUMNS": "\(columns)"])
      #expect(result.status == 0, "\(result.stderr)")
      for line in result.stdout.split(separator: "\n") {
        #expect(DisplayCells.of(String(line)) <= columns, "\(name) at \(columns): \(line)")
      }
      try Snapshot.assert(result.stdout, named: "kepano-\(name)-\(columns)")
    }
  }

  /// At 80 columns every task's text up to 60 characters is shown whole, and at 160 each task
  /// takes one line.
  @Test func tasksKeepTheirTextAt80AndOneLineAt160() throws {
    let folder = try Fixture.copy("KepanoVault")
    let tasks = try #require(try json(["tasks"], folder) as? [[String: Any]])
    let texts = tasks.compactMap { ($0["task"] as? [String: Any])?["description"] as? String }
    let narrow = try run(["tasks"], folder, extra: ["COLUMNS": "80"]).stdout
    for text in texts where text.count <= 60 { #expect(narrow.contains(text), "\(text)") }
    let wide = try run(["tasks"], folder, extra: ["COLUMNS": "160"]).stdout
    #expect(wide.split(separator: "\n").count == texts.count + 1)
  }

  @Test func outsideAVaultWritesRefuseAndADefaultVaultCanBeSet() throws {
    let vault = try Fixture.copy("KepanoVault")
    let elsewhere = try ScratchFolder.make("not-a-vault")
    let settings = try ScratchFolder.make("xdg")
    let environment = [
      "VAULT_TODAY": Self.today, "XDG_CONFIG_HOME": settings.path, "VAULT_INDEX": elsewhere.path + "-index.sqlite",
    ]
    let write = try CLI.run(["add", "task", "Buy milk"], in: elsewhere, environment: environment)
    #expect(write.status == 1)
    #expect(write.stderr.contains("is not a vault (no .obsidian/ or .vault/ here or above), so nothing was written"))
    #expect(write.stderr.contains("`vault config set vault PATH`"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    let read = try CLI.run(["today"], in: elsewhere, environment: environment)
    #expect(read.stderr.contains("vault: note: reading \(elsewhere.path), which is not a vault"))
    // A default vault, set once, is used from any folder outside a vault.
    let set = try CLI.run(["config", "set", "vault", vault.path], in: elsewhere, environment: environment)
    #expect(set.status == 0, "\(set.stderr)")
    #expect(
      try String(contentsOf: settings.appendingPathComponent("vault/config.yml"), encoding: .utf8).contains("vault: "))
    let today = try CLI.run(
      ["today"], in: elsewhere, environment: environment.merging(["VAULT_INDEX": vault.path + "-index.sqlite"]) { $1 })
    #expect(today.stderr == "")
    #expect(today.stdout.contains("Learn Japanese"))
    let added = try CLI.run(
      ["add", "task", "Buy milk"], in: elsewhere,
      environment: environment.merging(["VAULT_INDEX": vault.path + "-index.sqlite"]) { $1 })
    #expect(added.status == 0, "\(added.stderr)")
    let config = try CLI.run(
      ["config"], in: elsewhere, environment: environment.merging(["VAULT_INDEX": vault.path + "-index.sqlite"]) { $1 })
    #expect(config.stdout.contains("vault: in \(settings.path)/vault/config.yml"))
    #expect(config.stdout.contains("categories: [[Events]] in References/"))
    #expect(config.stdout.contains("core Obsidian checkboxes"))
    #expect(try CLI.run(["config", "unset", "vault"], in: elsewhere, environment: environment).status == 0)
    #expect(try CLI.run(["add", "task", "Buy milk"], in: elsewhere, environment: environment).status == 1)
  }

  @Test func newItemsFollowTheVaultsCategories() throws {
    let folder = try Fixture.copy("KepanoVault")
    let event = try run(["add", "event", "Concert", "--date", "dec 5"], folder)
    #expect(event.stdout == "References/2026-12-05 Concert.md\n", "\(event.stderr)")
    #expect(
      try Fixture.text(folder, "References/2026-12-05 Concert.md").hasPrefix(
        "---\ncategories:\n  - \"[[Events]]\"\ntitle: Concert\n"))
    let goal = try run(["add", "goal", "Run 10k", "--target", "jun 1"], folder)
    #expect(goal.stdout == "References/Run 10k.md\n")
    #expect(try Fixture.text(folder, "References/Run 10k.md").hasPrefix("---\ncategories:\n  - \"[[Goals]]\"\n"))
    let insight = try run(["add", "insight", "Less,\nbut better.", "--author", "Dieter Rams"], folder)
    #expect(insight.stdout == "References/Less, but better.md\n")
    #expect(try Fixture.text(folder, "References/Less, but better.md").hasSuffix("---\nLess, but better.\n"))
    // They read back as what they are, and the views list them.
    #expect(try run(["list", "--type", "event"], folder).stdout.contains("Concert"))
    #expect(try run(["goals"], folder).stdout.contains("Run 10k"))
    // A vault that files by folder keeps doing so.
    let plain = try Fixture.copy("StoredFields")
    #expect(try run(["add", "goal", "Swim", "--target", "jun 1"], plain).stdout == "Goals/Swim.md\n")
  }

  @Test func longCJKAndEmojiTitlesAreCutToTheByteLimit() throws {
    let folder = try Fixture.copy("KepanoVault")
    let title = String(repeating: "東京の友達に手紙を書く🎌", count: 12)
    let result = try run(["add", "note", title], folder)
    #expect(result.status == 0, "\(result.stderr)")
    let name = result.stdout.trimmingCharacters(in: .newlines)
    #expect(name.utf8.count <= 255 && name.hasSuffix(".md") && name.hasPrefix("東京の友達"))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path))
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionsAreGeneratedFromTheCommands(shell: String) throws {
    let folder = try Fixture.copy("KepanoVault")
    let result = try run(["--generate-completion-script", shell], folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("vault") && result.stdout.contains("config") && result.stdout.contains("postpone"))
  }

  @Test func dateOptionsTakeNaturalDates() throws {
    let folder = try Fixture.copy("KepanoVault")
    let agenda = try run(["agenda", "--from", "fri", "--to", "sun"], folder).stdout
    #expect(agenda.hasPrefix("Friday 27 November 2026"))
    #expect(!agenda.contains("Monday 30 November"))
    let due = try run(["tasks", "--due-before", "wed"], folder).stdout
    #expect(due.contains("Water the plants") && !due.contains("Book train tickets"))
    let dashed = try run(["tasks", "--due-before", "-1d"], folder)
    #expect(dashed.status == 0, "\(dashed.stderr)")
    let bad = try run(["agenda", "--from", "smarch"], folder)
    #expect(bad.status == 64 && bad.stderr.contains("--from: 'smarch' is not a date vault understands"))
  }

  @Test func filtersAndSetTakeNaturalDatesAndRefuseOtherValues() throws {
    let folder = try Fixture.copy("KepanoVault")
    // Tasks due by Wednesday the 25th (today is Monday 23 November): compared as dates.
    let tasks = try run(["list", "--type", "task", "--where", "due<=wed"], folder)
    #expect(tasks.status == 0, "\(tasks.stderr)")
    #expect(tasks.stdout.contains("Finish Genki I chapter 5") && !tasks.stdout.contains("Book train tickets"))
    let events = try run(["search", "date>fri", "type:event"], folder).stdout
    #expect(events.contains("Dinner with Mei") && !events.contains("Lisbon Film Festival"))
    let december = try run(["list", "--where", "target>dec 1"], folder).stdout
    #expect(december.contains("Learn Japanese"))
    #expect(try run(["list", "--where", "target<\"in 2 weeks\""], folder).stdout.hasPrefix("no items match"))
    for bad in [["list", "--where", "due<soonish"], ["search", "target<someday"]] {
      let refused = try run(bad, folder)
      #expect(refused.status != 0 && refused.stderr.contains("holds dates, and '"), "\(bad): \(refused.stderr)")
    }
    // `set` on a date key: natural dates written as ISO dates; a non-date refused, nothing written.
    let set = try run(["set", "Learn Japanese", "target", "next friday"], folder)
    #expect(set.status == 0, "\(set.stderr)")
    #expect(try Fixture.text(folder, "References/Learn Japanese.md").contains("\ntarget: 2026-11-27\n"))
    let before = try Fixture.text(folder, "References/Learn Japanese.md")
    let refused = try run(["set", "Learn Japanese", "target", "whenever"], folder)
    #expect(refused.status == 1 && refused.stderr.contains("'whenever' is not a date vault understands"))
    #expect(try Fixture.text(folder, "References/Learn Japanese.md") == before)
    #expect(try run(["set", "Learn Japanese", "due", "in 2 weeks"], folder).stdout.hasSuffix("due: 2026-12-07\n"))
  }

  @Test func setKeepsABlockListABlockList() throws {
    let folder = try Fixture.copy("KepanoVault")
    let result = try run(["set", "Learn Japanese", "categories", "[[Goals]], [[Languages]]"], folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try Fixture.text(folder, "References/Learn Japanese.md").hasPrefix(
        "---\ncategories:\n  - \"[[Goals]]\"\n  - \"[[Languages]]\"\ntarget: 2027-06-30\n"))
  }

  @Test func addTaskGoesWhereTheInboxSays() throws {
    let folder = try Fixture.copy("KepanoVault")
    // After the first list of tasks (## Inbox), not below ## Someday at the end.
    #expect(try run(["add", "task", "Renew the library card"], folder).stdout.hasPrefix("Tasks.md:7  "))
    let inbox = try Fixture.text(folder, "Tasks.md")
    #expect(inbox.contains("📅 2026-11-23\n- [ ] Renew the library card\n\n## Someday\n"))
    // A configured heading wins, and is made when missing.
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    try Data("inbox_heading: Someday\n".utf8).write(to: folder.appendingPathComponent(".vault/config.yml"))
    #expect(try run(["add", "task", "Learn the ukulele"], folder).stdout.hasPrefix("Tasks.md:12  "))
    #expect(try Fixture.text(folder, "Tasks.md").hasSuffix("- [ ] Learn to juggle\n- [ ] Learn the ukulele\n"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Tasks.md"))
    #expect(try run(["add", "task", "First"], folder).stdout == "Tasks.md:3  - [ ] First  (new note)\n")
    #expect(try Fixture.text(folder, "Tasks.md") == "## Someday\n\n- [ ] First\n")
  }

  @Test func dailyTemplatesGetEveryMomentToken() throws {
    let folder = try Fixture.copy("KepanoVault")
    try Data(
      """
      ---
      created: {{date:YYYY-MM-DDTHH:mm}}
      ---
      # {{date:dddd, MMMM Do YYYY}} · week {{date:W}} · {{time:h:mm A}}
      [[{{yesterday}}]] · [[{{tomorrow}}]] · {{date+7d:ll}} · <% tp.file.title %>

      """.utf8
    ).write(to: folder.appendingPathComponent("Templates/Periodic/Daily.md"))
    let result = try run(["journal", "Slept well", "--date", "tue"], folder, extra: ["VAULT_NOW": "2026-11-23T07:45"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      try Fixture.text(folder, "Daily/2026-11-24.md")
        == """
        ---
        created: 2026-11-24T07:45
        ---
        # Tuesday, November 24th 2026 · week 48 · 7:45 AM
        [[2026-11-23]] · [[2026-11-25]] · Dec 1, 2026 · <% tp.file.title %>

        ## Journal

        - 07:45 Slept well

        """)
  }

  @Test func configProblemsAreCheckErrorsAndWarningsEverywhere() throws {
    let folder = try Fixture.copy("KepanoVault")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    try Data("week_start: monday\ndashbord:\n  limit: 3\ntimezone: Europe/Lisbn\ndashboard:\n  limit: 40\n".utf8)
      .write(to: folder.appendingPathComponent(".vault/config.yml"))
    let check = try run(["check"], folder)
    #expect(check.status == 1)
    #expect(
      check.stdout.hasPrefix(
        """
        .vault/config.yml:2:1: error: unknown setting 'dashbord' (did you mean 'dashboard'?)
        .vault/config.yml:4:1: error: unknown time zone 'Europe/Lisbn': use an IANA name such as Europe/Lisbon (did you mean 'Europe/Lisbon'?)
        .vault/config.yml:6:3: error: dashboard limit must be a whole number from 1 to 10, found '40'

        """), "\(check.stdout)")
    for command in [["today"], ["tasks"], ["add", "task", "x"]] {
      let result = try run(command, folder)
      #expect(result.status == 0)
      #expect(
        result.stderr.split(separator: "\n").filter { $0.hasPrefix(".vault/config.yml:") && $0.contains(": warning: ") }
          .count == 3, "\(command): \(result.stderr)")
    }
  }

  /// A folder of more than 20,000 files and no `.obsidian/` (a home folder chosen by mistake)
  /// is indexed only when the person at the terminal says so, with a progress bar; off a
  /// terminal it is said and indexed.
  @Test func aFolderThatIsClearlyNoVaultIsIndexedOnlyWhenConfirmed() throws {
    let folder = try ScratchFolder.make("home")
    let manager = FileManager.default
    for part in ["notes", "other"] {
      try manager.createDirectory(at: folder.appendingPathComponent(part), withIntermediateDirectories: true)
    }
    for number in 0...10_000 {
      _ = manager.createFile(
        atPath: folder.appendingPathComponent("notes/\(number).md").path, contents: Data("- [ ] task \(number)\n".utf8))
      _ = manager.createFile(atPath: folder.appendingPathComponent("other/\(number).o").path, contents: nil)
    }
    let index = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": Self.today]
    let declined = try CLI.runInTerminal(["tasks"], in: folder, input: "n\n", environment: index)
    #expect(declined.status == 1)
    #expect(
      declined.stdout.contains("holds more than 20,000 files and no .obsidian/ or .vault/: index it as a vault? [y/N]"))
    // Messages are broken to fit the terminal: read as one line.
    let said = declined.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(said.contains("was not indexed: choose one with --vault PATH"), "\(declined.stdout)")
    #expect(!manager.fileExists(atPath: folder.path + "-index.sqlite"))
    let accepted = try CLI.runInTerminal(["tasks"], in: folder, input: "y\n", environment: index)
    #expect(accepted.status == 0)
    #expect(accepted.stdout.contains("indexing [") && accepted.stdout.contains("/10001 files"))
    #expect(accepted.stdout.contains("10001 tasks") || accepted.stdout.contains("task 0"))
    // Indexed once, it is not asked again; off a terminal it is never asked.
    #expect(!(try CLI.runInTerminal(["tasks"], in: folder, input: "", environment: index)).stdout.contains("[y/N]"))
    try manager.removeItem(atPath: folder.path + "-index.sqlite")
    let script = try CLI.run(["tasks"], in: folder, environment: index)
    #expect(script.status == 0 && script.stderr.contains("holds more than 20,000 files"))
  }
}
