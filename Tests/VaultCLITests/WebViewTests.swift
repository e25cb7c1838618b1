import Foundation
import TestSupport
import Testing

/// The web view of `vault serve` over HTTP, by a real client (Python's urllib): its pages agree
/// with the commands, its forms write what the commands write, and its gate refuses what it
/// must, each refusal with a page that says what to do.
@Suite struct WebViewTests {
  static let today = "2026-11-24"
  static let environment = ["VAULT_TODAY": today, "VAULT_NOW": today + "T09:00"]

  func serve(_ folder: URL, _ extra: [String] = []) throws -> ServedVault {
    try ServedVault.start(folder, extra, environment: Self.environment)
  }

  func json(_ arguments: [String], in folder: URL) throws -> Any {
    let result = try CLI.run(arguments + ["--json"], inVault: folder, today: Self.today)
    return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
  }

  /// What a page shows of `text`: HTML-escaped.
  func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "'", with: "&#39;")
  }

  /// The Markdown files of a vault, by path.
  static func notes(in folder: URL) throws -> [String] {
    let files = FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    return files.filter { $0.hasSuffix(".md") }.sorted()
  }

  /// The part of a page that is the page's own (the layout around it loads the site's script).
  func main(_ page: String) -> String {
    guard let start = page.range(of: "<main"), let end = page.range(of: "</main>") else { return page }
    return String(page[start.lowerBound..<end.upperBound])
  }

  @Test func everyPageAnswersAndTodayAndTasksAgreeWithTheCommands() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    #expect(server.address("web view") == server.base + "/", "\(server.printed)")
    for page in [
      "/", "/tasks", "/tasks?status=all&priority=high", "/calendar", "/calendar?month=2026-12",
      "/calendar?week=2026-11-24", "/day?date=2026-11-24", "/countdown", "/goals", "/journal",
      "/journal?date=2026-11-23", "/insights", "/align", "/mood", "/search?q=lisbon", "/note?path=Tasks.md",
      "/note?path=Trip%20to%20Lisbon",
    ] {
      let answer = try HTTP.request(server.base + page)
      #expect(answer.status == 200, "\(page): \(answer.status)")
      #expect(answer.body.contains("<main id=\"main\""), "\(page)")
      #expect(answer.header("Content-Security-Policy")?.contains("script-src 'self'") == true, "\(page)")
    }
    let today = try HTTP.request(server.base + "/").body
    let dashboard = try json(["today"], in: folder) as? [String: Any] ?? [:]
    let tasks = dashboard["tasks"] as? [[String: Any]] ?? []
    #expect(!tasks.isEmpty)
    // The week's moods: a bar a day, as `vault today` counts them, and their average.
    let moods = (dashboard["journal"] as? [String: Any])?["lastSevenDays"] as? [Any] ?? []
    let shown = today.components(separatedBy: "<span class=\"mood-value\" aria-hidden=\"true\">").dropFirst()
      .map { String($0.prefix { $0 != "<" }) }
    #expect(moods.count == 7 && shown == moods.map { ($0 as? Int).map(String.init) ?? "–" }, "\(shown)")
    let logged = moods.compactMap { $0 as? Int }
    let average = String(format: "%.1f", Double(logged.reduce(0, +)) / Double(max(1, logged.count)))
    #expect(today.contains("Last 7 days · average \(average)"))
    for entry in tasks {
      let task = (entry["task"] as? [String: Any])?["item"] as? [String: Any]
      let text = task?["description"] as? String ?? "?"
      #expect(today.contains(">\(escaped(text))<"), "\(text)")
      #expect(today.contains("value=\"\(entry["id"] as? String ?? "?")"), "the done button of \(text)")
    }
    for entry in dashboard["events"] as? [[String: Any]] ?? [] {
      let title = (entry["event"] as? [String: Any])?["title"] as? String ?? "?"
      #expect(today.contains(escaped(title)), "\(title)")
    }
    // Every open task of `vault tasks`, in its order.
    let page = try HTTP.request(server.base + "/tasks").body
    let listed = try json(["tasks"], in: folder) as? [[String: Any]] ?? []
    var position = page.startIndex
    for task in listed {
      let id = task["fullID"] as? String ?? "?"
      guard let found = page.range(of: "data-task=\"\(id)\"", range: position..<page.endIndex) else {
        Issue.record("task \(id) missing or out of order")
        break
      }
      position = found.upperBound
    }
    #expect(page.contains("\(listed.count) tasks"))
  }

  /// A task's label (a tag with a colour and an emoji in .vault/config.yml) shows as the terminal
  /// shows it: its emoji, its tag in its colour; a colour CSS could read as more is left out.
  @Test func labelsShowWithTheirColourAndEmoji() throws {
    let folder = try Fixture.copy("ExampleVault")
    // As written by hand: `vault label add` refuses the second colour.
    let config = folder.appendingPathComponent(".vault/config.yml")
    let settings = try String(contentsOf: config, encoding: .utf8)
    try (settings + "\nlabels:\n  errand: {color: \"#f59e0b\", emoji: 🛒}\n  odd: {color: \"red;background:url(x)\"}\n")
      .write(to: config, atomically: true, encoding: .utf8)
    let added = try CLI.run(
      ["add", "task", "Buy stamps #errand at the post office #odd", "--due", "2026-11-24"], inVault: folder,
      today: Self.today)
    #expect(added.status == 0, "\(added.stderr)")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let page = main(try HTTP.request(server.base + "/tasks").body)
    #expect(
      page.contains(
        "<span class=\"text\">Buy stamps <span class=\"label\" style=\"--label: #f59e0b\">🛒 #errand</span>"
          + " at the post office <span class=\"label\">#odd</span></span>"), "\(page)")
  }

  /// Countdown, Goals and Search list what their commands list, in the same order.
  @Test func countdownGoalsAndSearchAgreeWithTheirCommands() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let inOrder = { (page: String, texts: [String]) in
      #expect(!texts.isEmpty, "\(page)")
      let body = self.main(try HTTP.request(server.base + page).body)
      var position = body.startIndex
      for text in texts {
        guard let found = body.range(of: self.escaped(text), range: position..<body.endIndex) else {
          Issue.record("\(page): '\(text)' missing or out of order")
          return
        }
        position = found.upperBound
      }
    }
    let countdowns = try json(["countdown"], in: folder) as? [[String: Any]] ?? []
    try inOrder(
      "/countdown",
      countdowns.compactMap { (($0["occurrence"] as? [String: Any])?["event"] as? [String: Any])?["title"] as? String })
    let goals = try json(["goals"], in: folder) as? [[String: Any]] ?? []
    try inOrder("/goals", goals.compactMap { ($0["goal"] as? [String: Any])?["title"] as? String })
    for goal in goals {
      let item = (goal["goal"] as? [String: Any])?["item"] as? [String: Any]
      if let progress = item?["progress"] as? Double {
        let body = try HTTP.request(server.base + "/goals").body
        #expect(body.contains("value=\"\(Int((progress * 100).rounded()))\""))
      }
    }
    let search = try json(["search", "lisbon"], in: folder) as? [String: Any] ?? [:]
    try inOrder("/search?q=lisbon", (search["hits"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String })
  }

  /// The page and the commands adding to the same note at once: every line lands (they take
  /// the same lock; an editor's side is ConcurrentWriteTests').
  @Test func thePageAndTheCommandsWritingAtOnceLoseNothing() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let csrf = HTTP.csrf(in: try HTTP.request(server.base + "/tasks").body)
    let group = DispatchGroup()
    let failures = Failures()
    for index in 0..<12 {
      DispatchQueue.global().async(group: group) {
        do {
          let answer = try HTTP.request(
            server.base + "/tasks/add", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: HTTP.form(["csrf": csrf, "text": "From the page \(index)"]))
          if answer.status != 303 { failures.add("page \(index): \(answer.status)") }
        } catch {
          failures.add("page \(index): \(error)")
        }
      }
      DispatchQueue.global().async(group: group) {
        do {
          let result = try CLI.run(["add", "task", "From the command \(index)"], inVault: folder, today: Self.today)
          if result.status != 0 { failures.add("command \(index): \(result.stderr)") }
        } catch {
          failures.add("command \(index): \(error)")
        }
      }
    }
    group.wait()
    #expect(failures.all.isEmpty, "\(failures.all)")
    let text = try String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8)
    for index in 0..<12 {
      #expect(text.contains("- [ ] From the page \(index)\n"), "page \(index)")
      #expect(text.contains("- [ ] From the command \(index)\n"), "command \(index)")
    }
  }

  @Test func aPageLoadedBeforeARestartStillSendsItsChanges() throws {
    let folder = try Fixture.copy("ExampleVault")
    var server = try serve(folder)
    let csrf = HTTP.csrf(in: try HTTP.request(server.base + "/tasks").body)
    _ = server.stop()
    server = try serve(folder)
    defer { _ = server.stop() }
    let added = try HTTP.post(server.base + "/tasks/add", ["text": "Sent after the restart"], csrf: csrf)
    #expect(added.status == 303, "\(added.status) \(added.body)")
    let tasks = try String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8)
    #expect(tasks.contains("- [ ] Sent after the restart\n"))
    // A form of another vault's server is still refused, and says what to do.
    let other = try Fixture.copy("ExampleVault")
    let elsewhere = try serve(other)
    defer { _ = elsewhere.stop() }
    let refused = try HTTP.post(elsewhere.base + "/tasks/add", ["text": "Not here"], csrf: csrf)
    #expect(refused.status == 403 && refused.body.contains("reload the page"), "\(refused.status)")
    // The token is the user's only.
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path + "-state/vault").map {
      folder.path + "-state/vault/" + $0 + "/serve-form-token"
    }.first { FileManager.default.fileExists(atPath: $0) }
    let mode = try FileManager.default.attributesOfItem(atPath: try #require(kept))[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func aTickedBoxAnAddedTaskAndAJournalLineWriteWhatTheCommandsWrite() throws {
    let folder = try Fixture.copy("ExampleVault")
    let byCommands = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let csrf = HTTP.csrf(in: try HTTP.request(server.base + "/").body)
    #expect(csrf.count == 32)
    let post = { (path: String, fields: [String: String]) throws -> HTTP.Answer in
      try HTTP.post(server.base + path, fields, csrf: csrf)
    }
    let tasks = try json(["tasks"], in: folder) as? [[String: Any]] ?? []
    let renew = tasks.first { ($0["task"] as? [String: Any])?["description"] as? String == "Renew passport" }
    let id = renew?["fullID"] as? String ?? "?"
    let done = try post("/tasks/done", ["task": id, "back": "/tasks"])
    #expect(done.status == 303 && done.header("Location") == "/tasks", "\(done.status) \(done.body)")
    _ = try CLI.run(["done", "Renew passport"], inVault: byCommands, today: Self.today)
    let added = try post(
      "/tasks/add", ["text": "Book the <b>train</b> & hotel", "due": "2026-12-01", "priority": "high"])
    #expect(added.status == 303)
    _ = try CLI.run(
      ["add", "task", "Book the <b>train</b> & hotel", "--due", "2026-12-01", "--priority", "high"],
      inVault: byCommands, today: Self.today)
    // A task's own page, and its changes: as `vault task` and `vault postpone` make them.
    let lemon = tasks.first {
      ($0["task"] as? [String: Any])?["description"] as? String == "Move the lemon tree inside"
    }
    let lemonID = lemon?["fullID"] as? String ?? "?"
    let taskPage = try HTTP.request(server.base + "/task?id=\(lemonID)")
    #expect(taskPage.status == 200 && taskPage.body.contains("<h1>Move the lemon tree inside</h1>"))
    #expect(
      try post(
        "/tasks/edit", ["task": lemonID, "text": "Move the lemon tree inside", "priority": "low", "due": "2026-12-02"]
      ).status == 303)
    _ = try CLI.run(
      ["task", lemonID, "--priority", "low", "--due", "2026-12-02"], inVault: byCommands, today: Self.today)
    #expect(try post("/tasks/postpone", ["task": lemonID]).status == 303)
    _ = try CLI.run(["postpone", lemonID, "1d"], inVault: byCommands, today: Self.today)
    let wrote = try post("/journal/write", ["text": "A quiet morning", "setMood": "on", "mood": "7", "tags": "home"])
    #expect(wrote.status == 303, "\(wrote.body)")
    _ = try CLI.run(
      ["journal", "A quiet morning", "--mood", "7", "--mood-tags", "home"], inVault: byCommands, today: Self.today)
    // Every note the same, byte for byte (the inbox is Tasks.md here; the journal note is new).
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("Journal/2026/11/2026-11-24.md").path))
    for path in try Self.notes(in: byCommands) {
      let web = try Data(contentsOf: folder.appendingPathComponent(path))
      let command = try Data(contentsOf: byCommands.appendingPathComponent(path))
      #expect(web == command, "\(path)")
    }
    #expect(try Self.notes(in: folder) == Self.notes(in: byCommands))
    // The page shows the change at once: the task is gone from the open list.
    #expect(!(try HTTP.request(server.base + "/tasks").body.contains("data-task=\"\(id)\"")))
    // A task already done: a page that says so, nothing written.
    let before = try String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8)
    let again = try post("/tasks/done", ["task": id])
    #expect([400, 404].contains(again.status) && again.body.contains("<h1>"), "\(again.status)")
    #expect(try String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8) == before)
  }

  /// A note page shows the note as Obsidian does: the title once, the properties as a table, each
  /// task line as a task (its box ticks it through the same door as the task pages, its fields
  /// as chips, never the literal `[due:: …]`), its subtasks nested under it; code stays code.
  @Test func aNotePageShowsItsTasksAsTasksAndTheTitleOnce() throws {
    let folder = try Fixture.copy("ExampleVault")
    let byCommands = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let page = try HTTP.request(server.base + "/note?path=Projects/Garden.md").body
    #expect(page.components(separatedBy: ">Garden</h1>").count == 2, "the title once")
    #expect(page.contains("<table class=\"properties\""))
    #expect(!page.contains("[due::") && !page.contains("[priority::") && !page.contains("[ ] Move"))
    #expect(page.contains("<span class=\"when\">due 2026-11-23</span>") || page.contains("overdue 1 day"))
    #expect(page.contains("<span class=\"extras\">🔁 every year</span>"))
    #expect(page.contains("- [ ] this is code, not a task #notatag"), "a code block stays as it is")
    // Subtasks stay nested under their task.
    let tasks = try HTTP.request(server.base + "/note?path=Tasks.md").body
    let trip = try #require(tasks.range(of: "Plan the Lisbon trip"))
    let nested = try #require(tasks[trip.upperBound...].range(of: "<ul"))
    #expect(tasks[nested.lowerBound...].prefix(2000).contains("Book the apartment"))
    // Ticked on the note page: what `vault done` writes, and back to the note.
    let csrf = HTTP.csrf(in: page)
    let id = try #require(
      page.components(separatedBy: "data-task=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) })
    let done = try HTTP.post(
      server.base + "/tasks/done", ["task": id, "back": "/note?path=Projects%2FGarden.md"], csrf: csrf)
    #expect(done.status == 303 && done.header("Location") == "/note?path=Projects%2FGarden.md")
    _ = try CLI.run(["done", id], inVault: byCommands, today: Self.today)
    #expect(try Fixture.text(folder, "Projects/Garden.md") == Fixture.text(byCommands, "Projects/Garden.md"))
  }

  /// A row dragged on a note's page (before or after another of its list) and the task page's
  /// buttons move the task as `vault task --move-…` does.
  @Test func aTaskMovesInItsListAsTheCommandsMoveIt() throws {
    let folder = try Fixture.copy("ExampleVault")
    let byCommands = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let page = try HTTP.request(server.base + "/note?path=Tasks.md").body
    let ids = page.components(separatedBy: "data-task=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    #expect(page.components(separatedBy: "draggable=\"true\"").count - 1 == ids.count && ids.count > 3)
    let csrf = HTTP.csrf(in: page)
    // The third row dropped before the first; the first one down; then the task page's buttons.
    let dropped = try HTTP.post(
      server.base + "/tasks/move", ["task": ids[2], "before": ids[0], "back": "/note?path=Tasks.md"], csrf: csrf)
    #expect(dropped.status == 303, "\(dropped.body)")
    _ = try CLI.run(["task", ids[2], "--move-before", ids[0]], inVault: byCommands, today: Self.today)
    let taskPage = try HTTP.request(server.base + "/task?id=" + ids[0]).body
    #expect(taskPage.contains("name=\"place\" value=\"up\""))
    let down = try HTTP.post(server.base + "/tasks/move", ["task": ids[0], "place": "down"], csrf: csrf)
    #expect(down.status == 303)
    _ = try CLI.run(["task", ids[0], "--move-after", ids[1]], inVault: byCommands, today: Self.today)
    #expect(try Fixture.text(folder, "Tasks.md") == Fixture.text(byCommands, "Tasks.md"))
    #expect(try Fixture.text(folder, "Tasks.md") != Fixture.text(try Fixture.copy("ExampleVault"), "Tasks.md"))
    // Another list's task is refused with why, and nothing changes.
    let someday = try #require(ids.last)
    let refused = try HTTP.post(server.base + "/tasks/move", ["task": someday, "before": ids[0]], csrf: csrf)
    #expect(refused.status >= 400 && refused.body.contains("not in the same list"), "\(refused.status)")
    #expect(try Fixture.text(folder, "Tasks.md") == Fixture.text(byCommands, "Tasks.md"))
  }

  /// An event's change form on its day writes what `vault set` writes, each value in the key
  /// the note says it with (a plain `time:` stays `time:`).
  @Test func anEventChangedInTheBrowserIsWhatVaultSetWrites() throws {
    let folder = try Fixture.copy("ExampleVault")
    let byCommands = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let day = try HTTP.request(server.base + "/day?date=2026-11-28").body
    #expect(day.contains("action=\"/events/edit\"") && day.contains("value=\"09:30\""), "\(day.prefix(2000))")
    let csrf = HTTP.csrf(in: day)
    let dentist = "Events/2026-11-28 Dentist.md"
    let changed = try HTTP.post(
      server.base + "/events/edit",
      [
        "path": dentist, "title": "Dentist", "time": "10:15", "endTime": "", "location": "Dr. Weber, room 3",
        "category": "", "back": "/day?date=2026-11-28",
      ], csrf: csrf)
    #expect(changed.status == 303, "\(changed.body)")
    for (key, value) in [("time", "10:15"), ("location", "Dr. Weber, room 3")] {
      #expect(try CLI.run(["set", dentist, key, value], inVault: byCommands, today: Self.today).status == 0)
    }
    #expect(try Fixture.text(folder, dentist) == Fixture.text(byCommands, dentist))
    #expect(
      try Fixture.text(folder, dentist).contains("time: 10:15\n")
        && !Fixture.text(folder, dentist).contains("startTime"))
    // Full Calendar's keys: the end in `endTime`.
    let concert = "Events/2026-12-05 Radiohead Concert.md"
    let later = try HTTP.post(
      server.base + "/events/edit", ["path": concert, "time": "19:30", "endTime": "23:30", "category": "music"],
      csrf: csrf)
    #expect(later.status == 303)
    #expect(try CLI.run(["set", concert, "endTime", "23:30"], inVault: byCommands, today: Self.today).status == 0)
    #expect(try Fixture.text(folder, concert) == Fixture.text(byCommands, concert))
    // An end before the start is refused with why, and nothing changes.
    let refused = try HTTP.post(
      server.base + "/events/edit", ["path": dentist, "time": "10:15", "endTime": "09:00"], csrf: csrf)
    #expect(refused.status == 400 && refused.body.contains("before the start"))
    #expect(try Fixture.text(folder, dentist) == Fixture.text(byCommands, dentist))
  }

  /// A note's callouts are Obsidian's boxes and its embeds the notes (or their part under a
  /// heading) they embed, rendered by the same safe renderer; an embed of a missing note stays a
  /// link, and a note that embeds itself shows itself once.
  @Test func calloutsAndEmbedsShowAsInObsidian() throws {
    let folder = try Fixture.copy("ExampleVault")
    try """
    # Plans

    > [!tip] Water in the morning
    > The soil stays damp.

    ![[Garden#Winter]]

    ![[Nowhere]]

    ![[Plans]]
    """.write(to: folder.appendingPathComponent("Plans.md"), atomically: true, encoding: .utf8)
    let server = try serve(folder)
    defer { _ = server.stop() }
    let page = try HTTP.request(server.base + "/note?path=Plans.md").body
    #expect(
      page.contains(
        "<div class=\"callout\" data-callout=\"tip\" role=\"note\"><p class=\"callout-title\">Water in the morning</p>")
    )
    #expect(page.contains("<section class=\"embed\" aria-label=\"Garden › Winter\">"), "\(page)")
    #expect(page.contains("lemon tree") && !page.contains("Plans for the balcony garden"), "only the Winter part")
    #expect(page.contains("<a class=\"wikilink\" href=\"/note?path=Nowhere\">Nowhere</a>"))
    #expect(page.components(separatedBy: "Water in the morning").count == 3, "itself, and once embedded, not more")
  }

  /// A timer started on a task's page shows on today's page with a button that stops it; what
  /// they write is what `vault track start` and `stop` write.
  @Test func aTimerStartsOnATasksPageAndStopsOnToday() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let home = try HTTP.request(server.base + "/").body
    #expect(!home.contains("/track/stop"))
    let id = try #require(
      home.components(separatedBy: "data-task=\"").dropFirst().first.map { String($0.prefix { $0 != "\"" }) })
    let taskPage = try HTTP.request(server.base + "/task?id=" + id).body
    #expect(taskPage.contains("action=\"/track/start\""))
    let csrf = HTTP.csrf(in: taskPage)
    #expect(try HTTP.post(server.base + "/track/start", ["task": id, "back": "/"], csrf: csrf).status == 303)
    let running = try HTTP.request(server.base + "/").body
    #expect(running.contains("⏱ ") && running.contains("action=\"/track/stop\""), "\(running.prefix(3000))")
    let status = try CLI.run(["track", "status", "--json"], inVault: folder, today: Self.today)
    #expect(status.stdout.contains("\"minutes\""), "\(status.stdout)")
    #expect(try HTTP.post(server.base + "/track/stop", ["back": "/"], csrf: csrf).status == 303)
    #expect(!(try HTTP.request(server.base + "/").body.contains("/track/stop")))
    let day = try Fixture.text(folder, "Journal/2026/11/2026-11-24.md")
    #expect(day.contains("\n## Time log\n\n- 09:00-09:00 ") && day.contains("[tracked:: 0m]"), "\(day)")
  }

  /// The week (and a day) by the hour: each timed event in its day's column from its start to its end (a
  /// row a quarter of an hour from 07:00), at least half an hour tall, and a line at now on
  /// today; on a phone no wider than the screen (the browser test measures it).
  @Test func theWeekPlacesEachEventByItsHours() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let week = try HTTP.request(server.base + "/calendar?week=2026-11-24").body
    #expect(week.contains("<section class=\"hour-grid\""))
    // Spanish Class, Tuesday 18:30-20:00: the third column (after the hours), rows 48 to 54.
    #expect(week.contains("style=\"grid-column: 3; grid-row: 48 / 54; margin-left: 0px"), "\(main(week))")
    // Team Standup, 09:00-09:15 on Monday: half an hour tall.
    #expect(week.contains("style=\"grid-column: 2; grid-row: 10 / 12; margin-left: 0px"))
    // Now, 09:00 on Tuesday 24 November.
    #expect(week.contains("<span class=\"hg-now\" style=\"grid-column: 3; grid-row: 10\""))
    // The day by the hour: one column, the Spanish Class in it, and now.
    let day = try HTTP.request(server.base + "/day?date=2026-11-24").body
    #expect(
      day.contains(
        "aria-label=\"The day by the hour\" style=\"grid-template-rows: 1.8em repeat(56, 11px); grid-template-columns: 3.2em repeat(1, minmax(0, 1fr))\""
      ))
    #expect(day.contains("style=\"grid-column: 2; grid-row: 48 / 54; margin-left: 0px"), "\(main(day))")
    #expect(day.contains("<span class=\"hg-now\" style=\"grid-column: 2; grid-row: 10\""))
    // A day with no timed event has no grid.
    #expect(!(try HTTP.request(server.base + "/day?date=2026-11-29").body.contains("The day by the hour")))
  }

  /// Events from the day's page, through the commands' door: the form writes the note `vault
  /// add event` writes; a one-off event moves to another day as `vault set date` (and its last
  /// day with it) moves it; Delete moves its note to the trash; a repeating event is not moved by
  /// a day (its rule says its days), and the page says so.
  @Test func eventsAreAddedMovedAndDeletedAsTheCommandsDo() throws {
    let folder = try Fixture.copy("ExampleVault")
    let byCommands = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let day = try HTTP.request(server.base + "/day?date=2026-12-23").body
    #expect(day.contains("action=\"/events/add\"") && day.contains("action=\"/events/move\""))
    let csrf = HTTP.csrf(in: day)
    let post = { (path: String, fields: [String: String]) throws -> HTTP.Answer in
      try HTTP.post(server.base + path, fields, csrf: csrf)
    }
    let added = try post(
      "/events/add",
      [
        "title": "Piano lesson", "date": "2026-12-02", "time": "17:00", "endTime": "18:00", "repeat": "weekly",
        "location": "Music school", "remind": "1h", "category": "music", "back": "/day?date=2026-12-02",
      ])
    #expect(added.status == 303 && added.header("Location") == "/day?date=2026-12-02", "\(added.body)")
    _ = try CLI.run(
      [
        "add", "event", "Piano lesson", "--date", "2026-12-02", "--time", "17:00", "--end-time", "18:00", "--repeat",
        "weekly", "--location", "Music school", "--remind", "1h", "--category", "music",
      ], inVault: byCommands, today: Self.today, extra: ["VAULT_NOW": Self.today + "T09:00"])
    // Christmas in Lisbon, 23 to 27 December, a day later.
    let lisbon = "Events/2026-12-23 Christmas in Lisbon.md"
    #expect(try post("/events/move", ["path": lisbon, "date": "2026-12-24"]).status == 303)
    for (key, value) in [("date", "2026-12-24"), ("endDate", "2026-12-28")] {
      _ = try CLI.run(["set", lisbon, key, value], inVault: byCommands, today: Self.today)
    }
    let dentist = "Events/2026-11-28 Dentist.md"
    #expect(try post("/events/delete", ["path": dentist]).status == 303)
    _ = try CLI.run(["rm", dentist, "--yes"], inVault: byCommands, today: Self.today)
    for path in try Self.notes(in: byCommands) {
      let web = try Data(contentsOf: folder.appendingPathComponent(path))
      let command = try Data(contentsOf: byCommands.appendingPathComponent(path))
      #expect(web == command, "\(path)")
    }
    #expect(try Self.notes(in: folder) == Self.notes(in: byCommands))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".trash/2026-11-28 Dentist.md").path))
    // A repeating event, a note that is no event, an event without a title: said, nothing written.
    let refused = try post("/events/move", ["path": "Events/(Every T) Spanish Class.md", "date": "2026-12-01"])
    #expect(refused.status == 400 && refused.body.contains("rule"), "\(refused.body)")
    #expect(try post("/events/delete", ["path": "Tasks.md"]).status == 404)
    #expect(try post("/events/add", ["title": " ", "date": "2026-12-02"]).status == 400)
    #expect(try Self.notes(in: folder) == Self.notes(in: byCommands))
  }

  /// With a mood logged, Today suggests what `vault today` suggests, and "Add as a task" writes
  /// what `vault suggest accept 1` writes.
  @Test func aSuggestionAcceptedOnThePageIsWhatTheCommandAccepts() throws {
    let folder = try Fixture.copy("ExampleVault")
    let byCommands = try Fixture.copy("ExampleVault")
    for vault in [folder, byCommands] {
      #expect(try CLI.run(["mood", "4"], inVault: vault, today: Self.today).status == 0)
    }
    let server = try serve(folder)
    defer { _ = server.stop() }
    let page = try HTTP.request(server.base + "/").body
    let shown = try json(["today"], in: byCommands) as? [String: Any] ?? [:]
    let titles = (shown["suggestions"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    #expect(titles.count == 2)
    for title in titles { #expect(main(page).contains(">\(escaped(title))<"), "\(title)") }
    let form = ["Content-Type": "application/x-www-form-urlencoded"]
    let accepted = try HTTP.request(
      server.base + "/suggestions/accept", method: "POST", headers: form,
      body: HTTP.form(["csrf": HTTP.csrf(in: page), "number": "1", "back": "/"]))
    #expect(accepted.status == 303, "\(accepted.body)")
    #expect(try CLI.run(["suggest", "accept", "1"], inVault: byCommands, today: Self.today).status == 0)
    for path in try Self.notes(in: byCommands) {
      let web = try Data(contentsOf: folder.appendingPathComponent(path))
      let command = try Data(contentsOf: byCommands.appendingPathComponent(path))
      #expect(web == command, "\(path)")
    }
  }

  /// Loading Today, which shows suggestions, changes no byte of the vault: the list shown is
  /// logged in the state folder, so a vault under git stays clean.
  @Test func lookingAtTodayChangesNoFileOfTheVault() throws {
    let folder = try Fixture.copy("ExampleVault")
    #expect(try CLI.run(["mood", "4"], inVault: folder, today: Self.today).status == 0)
    let before = try Fixture.contents(of: folder)
    let server = try serve(folder)
    defer { _ = server.stop() }
    let page = try HTTP.request(server.base + "/")
    #expect(page.status == 200 && page.body.contains("For your mood"), "\(page.status)")
    #expect(try Fixture.contents(of: folder) == before)
  }

  @Test func theGateRefusesWhatItMustWithAPageThatSaysWhatToDo() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try serve(folder)
    defer { _ = server.stop() }
    let csrf = HTTP.csrf(in: try HTTP.request(server.base + "/").body)
    let form = ["Content-Type": "application/x-www-form-urlencoded"]
    let cases: [(String, HTTP.Answer, Int)] = [
      ("DELETE", try HTTP.request(server.base + "/tasks", method: "DELETE"), 405),
      ("GET an action", try HTTP.request(server.base + "/tasks/done"), 405),
      (
        "no CSRF token",
        try HTTP.request(server.base + "/tasks/done", method: "POST", headers: form, body: "task=abcd"), 403
      ),
      (
        "another site",
        try HTTP.request(
          server.base + "/tasks/add", method: "POST", headers: form.merging(["Sec-Fetch-Site": "cross-site"]) { $1 },
          body: HTTP.form(["csrf": csrf, "text": "x"])), 403
      ),
      ("rebinding", try HTTP.request(server.base + "/", headers: ["Host": "evil.example:80"]), 421),
      (
        "too large",
        try HTTP.request(
          server.base + "/tasks/add", method: "POST", headers: form,
          body: HTTP.form(["csrf": csrf, "text": String(repeating: "x", count: 70_000)])), 413
      ),
      ("unknown page", try HTTP.request(server.base + "/wp-admin"), 404),
      ("a path outside", try HTTP.request(server.base + "/note?path=..%2F..%2Fetc%2Fpasswd"), 404),
      ("an absolute path", try HTTP.request(server.base + "/note?path=%2Fetc%2Fpasswd"), 404),
      ("a settings file", try HTTP.request(server.base + "/note?path=.vault%2Fconfig.yml"), 404),
    ]
    for (name, answer, status) in cases {
      #expect(answer.status == status, "\(name): \(answer.status)")
      #expect(answer.body.contains("<h1>") && answer.body.contains("class=\"advice\""), "\(name)")
      #expect(answer.header("Content-Security-Policy") != nil, "\(name)")
    }
    #expect(cases[0].1.header("Allow") == "GET, HEAD")
    let head = try HTTP.request(server.base + "/tasks", method: "HEAD")
    #expect(head.status == 200 && head.body.isEmpty && head.header("Content-Security-Policy") != nil)
    #expect(try !String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8).contains("- [ ] x"))
  }

  @Test func withTheTokenRequiredItBecomesACookie() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try serve(folder, ["--require-token"])
    defer { _ = server.stop() }
    let web = server.address("web view")
    #expect(web.contains("/?token="), "\(server.printed)")
    let refused = try HTTP.request(server.base + "/tasks")
    #expect(refused.status == 401 && refused.body.contains("?token="))
    // What holds nothing of the vault comes without it: a browser fetches the manifest and its
    // icons without the cookie.
    for file in ["/manifest.webmanifest", "/sw.js", "/assets/icon-512.png", "/assets/app.css"] {
      #expect(try HTTP.request(server.base + file).status == 200, "\(file)")
    }
    let wrong = try HTTP.request(server.base + "/?token=0123456789abcdef0123456789abcdef")
    #expect(wrong.status == 401)
    let given = try HTTP.request(web)
    #expect(given.status == 303 && given.header("Location") == "/")
    let cookie = given.header("Set-Cookie") ?? ""
    #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "\(cookie)")
    let token = String(cookie.split(separator: ";")[0])
    let page = try HTTP.request(server.base + "/tasks", headers: ["Cookie": token])
    #expect(page.status == 200 && page.body.contains("<h1>Tasks</h1>"))
  }

  @Test func aHostileNoteIsRenderedInert() throws {
    let folder = try Fixture.copy("ExampleVault")
    let rows = (0..<2000).map { "| \($0) | <img src=x onerror=alert(\($0))> |" }.joined(separator: "\n")
    let hostile = """
      ---
      title: "<script>alert('title')</script>"
      ---
      # Hello <script>alert(1)</script>

      <script>alert(2)</script>
      <iframe src="https://example.com"></iframe>

      [click](javascript:alert(3)) and [data](data:text/html;base64,PHNjcmlwdD4=) and [[Tasks|our tasks]]
      and [[../../etc/passwd]] and `[[in code]]`

      | a | b |
      | - | - |
      \(rows)
      """
    try Data(hostile.utf8).write(to: folder.appendingPathComponent("Hostile.md"))
    let server = try serve(folder)
    defer { _ = server.stop() }
    let page = try HTTP.request(server.base + "/note?path=Hostile.md")
    #expect(page.status == 200)
    let body = main(page.body).lowercased()
    for forbidden in ["<script", "javascript:", "onerror=", "<iframe", "data:text/html"] {
      #expect(!body.contains(forbidden), "\(forbidden)")
    }
    #expect(page.body.contains("&lt;script&gt;alert(&#39;title&#39;)&lt;/script&gt;"))
    #expect(page.body.contains("<a class=\"wikilink\" href=\"/note?path=Tasks\">our tasks</a>"))
    #expect(page.body.contains("<code>[[in code]]</code>"))
    #expect(try HTTP.request(server.base + "/note?path=..%2F..%2Fetc%2Fpasswd").status == 404)
    // Search shows the note's words, escaped.
    let found = main(try HTTP.request(server.base + "/search?q=hello").body)
    #expect(found.contains("Hostile.md") && !found.lowercased().contains("<script"))
    // Snippets go through the note's renderer: the hostile ones stay inert, emphasis is emphasis.
    for words in ["click", "iframe", "onerror"] {
      let snippets = main(try HTTP.request(server.base + "/search?q=\(words)").body).lowercased()
      for forbidden in ["<script", "javascript:", "onerror=", "<iframe", "<img"] {
        #expect(!snippets.contains(forbidden), "\(words): \(forbidden)")
      }
    }
    let reading = main(try HTTP.request(server.base + "/search?q=tempered").body)
    #expect(reading.contains("<em>The Well-Tempered Garden</em>") && !reading.contains("*The Well"), "\(reading)")
    let journal = main(try HTTP.request(server.base + "/journal?date=2026-11-23").body)
    #expect(journal.contains("Read <em>The Overstory</em>."), "\(journal)")
  }

  /// An open page's event stream hears of a note changed on disk within a second, and of
  /// nothing while nothing changes: with the server's own watcher, and with a `vault watch`
  /// already running (as a service does), which the server then asks.
  @Test(arguments: [false, true])
  func anOpenPageHearsOfAChangeOnDiskWithinASecond(watchedElsewhere: Bool) throws {
    let folder = try Fixture.copy("ExampleVault")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite"].merging(Self.environment) { $1 }
    var watcher: CLI.Running?
    if watchedElsewhere {
      let watch = try CLI.start(["watch"], in: folder, environment: environment)
      watcher = watch
      let deadline = Date().addingTimeInterval(30)
      while Date() < deadline, try CLI.run(["watch", "--status"], in: folder, environment: environment).status != 0 {
        Thread.sleep(forTimeInterval: 0.1)
      }
    }
    defer {
      if let watcher {
        watcher.process.interrupt()
        _ = watcher.finish()
      }
    }
    let server = try serve(folder)
    defer { _ = server.stop() }
    #expect(server.printed.contains("each request looks at the vault") == false, "\(server.printed)")
    let script = """
      import sys, time, http.client, select
      host, port = sys.argv[1].split('//')[1].split(':')
      connection = http.client.HTTPConnection(host, int(port), timeout=10)
      connection.request('GET', '/live')
      response = connection.getresponse()
      assert response.status == 200 and response.headers['Content-Type'] == 'text/event-stream', response.status
      while response.fp.readline().strip() != b': connected': pass
      response.fp.readline()
      # Nothing changes for three seconds: nothing is heard.
      ready, _, _ = select.select([response.fp], [], [], 3)
      quiet = not ready
      started = time.monotonic()
      with open(sys.argv[2], 'a') as note: note.write('- [ ] Water the plants 📅 2026-11-24\\n')
      while True:
          line = response.fp.readline()
          if line.startswith(b'event: change'): break
      print(round(time.monotonic() - started, 3), quiet)
      """
    let output = try Oracle.run("python3", ["-c", script, server.base, folder.appendingPathComponent("Tasks.md").path])
    let words = output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect((Double(words.first ?? "") ?? 99) < 1, "\(output)")
    #expect(words.last == "True", "an event came while nothing changed: \(output)")
    #expect(try HTTP.request(server.base + "/tasks").body.contains("Water the plants"))
  }
}

/// What the threads of a test report, behind a lock.
final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var items: [String] = []

  func add(_ item: String) { lock.withLock { items.append(item) } }

  var all: [String] { lock.withLock { items } }
}
