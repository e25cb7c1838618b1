import Foundation
import TestSupport
import Testing
import VaultCore

/// `vault remind` through the built binary, with a recording notifier (a script in
/// the fixtures that appends its arguments to a file) and the state folder in the test's.
@Suite struct RemindCommandTests {
  static let recorder = Fixture.testsFolder.appendingPathComponent("Fixtures/Notifiers/record").path

  /// ExampleVault with reminders on: every event a day before, the recorder as notifier, and
  /// a task whose title is hostile to shells.
  func vault() throws -> (URL, [String: String]) {
    let folder = try Fixture.copy("ExampleVault")
    let config = folder.appendingPathComponent(".vault/config.yml")
    let text = try Fixture.text(folder, ".vault/config.yml")
    try Data(
      (text + "\nreminders:\n  events: [1d]\n  notify: [\"\(Self.recorder)\", \"{title}\", \"{why}\", \"{link}\"]\n")
        .utf8
    ).write(to: config)
    let tasks = try Fixture.text(folder, "Tasks.md")
    try Data((tasks + "- [ ] $(touch pwned); \"reboot` ⏰ 2026-11-23 08:30\n").utf8).write(
      to: folder.appendingPathComponent("Tasks.md"))
    let environment = [
      "VAULT_INDEX": folder.path + "-index.sqlite", "XDG_STATE_HOME": folder.path + "-state",
      "RECORD": folder.path + "-record.txt",
    ]
    return (folder, environment)
  }

  func recorded(_ environment: [String: String]) throws -> [[String]] {
    guard let path = environment["RECORD"], FileManager.default.fileExists(atPath: path) else { return [] }
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    return text.components(separatedBy: "--\n").filter { !$0.isEmpty }.map {
      $0.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
  }

  @Test func remindDeliversWhatFellDueOnceAndTheHostileTitleIsText() throws {
    let (folder, environment) = try vault()
    let first = try CLI.run(["remind", "--now", "2026-11-23T08:31", "--json"], in: folder, environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(first.stdout.utf8))
    let problems = SchemaValidator(root: JSONSchemaTests.schema).problems(
      report, against: ["$ref": "#/$defs/remindDelivery"], at: "$")
    #expect(problems.isEmpty, "\(problems.prefix(5))")
    let calls = try recorded(environment)
    #expect(
      calls.contains([
        "$(touch pwned); \"reboot`", "reminder at 08:30", "obsidian://open?vault=ExampleVault&file=Tasks",
      ]))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("pwned").path))
    // Again a minute later: nothing new, nothing twice.
    _ = try CLI.run(["remind", "--now", "2026-11-23T08:32"], in: folder, environment: environment)
    #expect(try recorded(environment).count == calls.count)
  }

  @Test func twoConcurrentRunsDeliverEachReminderOnce() throws {
    let (folder, environment) = try vault()
    _ = try CLI.run(["today"], in: folder, environment: environment)
    let runs = try (0..<4).map { _ in
      try CLI.start(["remind", "--now", "2026-11-23T18:31"], in: folder, environment: environment)
    }.map { $0.finish() }
    #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")
    let titles = try recorded(environment).map { $0[0] }
    #expect(!titles.isEmpty)
    #expect(titles.count == Set(titles).count, "delivered twice: \(titles)")
    #expect(titles.contains("🇪🇸 Spanish Class"))
  }

  @Test func missedRemindersBeyondTheCatchUpWindowAreOneSummary() throws {
    let (folder, environment) = try vault()
    _ = try CLI.run(["remind", "--now", "2026-11-20T09:00"], in: folder, environment: environment)
    let before = try recorded(environment).count
    // Three days later: what fell due more than 12 hours ago is summed up in one notification.
    let result = try CLI.run(["remind", "--now", "2026-11-23T09:00"], in: folder, environment: environment)
    #expect(result.status == 0)
    let new = try recorded(environment).dropFirst(before)
    #expect(new.filter { $0[0].hasSuffix("missed while away") }.count == 1, "\(Array(new))")
  }

  /// The clock set back (a wrong clock corrected, a restored snapshot): delivery goes on from
  /// the new time instead of waiting for the old one to come round again.
  @Test func aClockSetBackStillDelivers() throws {
    let (folder, environment) = try vault()
    _ = try CLI.run(["remind", "--now", "2026-11-24T10:00"], in: folder, environment: environment)
    let before = try recorded(environment).count
    _ = try CLI.run(["remind", "--now", "2026-11-23T08:29"], in: folder, environment: environment)
    _ = try CLI.run(["remind", "--now", "2026-11-23T08:31"], in: folder, environment: environment)
    let new = try recorded(environment).dropFirst(before)
    #expect(new.contains { $0.first == "$(touch pwned); \"reboot`" }, "\(Array(new))")
  }

  @Test func aFailingNotifierIsReportedAndRetried() throws {
    let (folder, environment) = try vault()
    var failing = environment
    failing["RECORD"] = "/nonexistent/folder/record.txt"
    let failed = try CLI.run(["remind", "--now", "2026-11-23T08:31"], in: folder, environment: failing)
    #expect(failed.status == 0)
    #expect(failed.stderr.contains("was not delivered (it is retried next time)"))
    let retried = try CLI.run(["remind", "--now", "2026-11-23T08:40"], in: folder, environment: environment)
    #expect(retried.status == 0)
    #expect(try recorded(environment).contains { $0[0] == "$(touch pwned); \"reboot`" })
  }

  @Test func listShowsTheScheduleAndEditsChangeIt() throws {
    let (folder, environment) = try vault()
    let list = try CLI.run(
      ["remind", "--list", "--days", "2", "--now", "2026-11-23T08:00", "--json"], in: folder, environment: environment)
    #expect(list.status == 0, "\(list.stderr)")
    let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
    #expect(
      items.contains {
        $0["why"] as? String == "1d before Team Standup 09:00" && $0["at"] as? String == "2026-11-24T09:00"
      })
    let problems = SchemaValidator(root: JSONSchemaTests.schema).problems(
      items, against: ["$ref": "#/$defs/reminders"], at: "$")
    #expect(problems.isEmpty, "\(problems.prefix(5))")
    // A new event note is in the schedule at once.
    try Data("---\ndate: 2026-11-24\nstartTime: \"20:00\"\nremind: 2h\n---\n".utf8).write(
      to: folder.appendingPathComponent("Events/Concert.md"))
    let after = try CLI.run(
      ["remind", "--list", "--days", "2", "--now", "2026-11-23T08:00"], in: folder, environment: environment)
    #expect(after.stdout.contains("2026-11-24 18:00") && after.stdout.contains("2h before Concert 20:00"))
  }

  /// Polls `check` every 0.2 s for up to `seconds`.
  func eventually(within seconds: Double, _ check: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try check() { return true }
      Thread.sleep(forTimeInterval: 0.2)
    }
    return try check()
  }

  /// `--watch` follows the wall clock: a note written while it runs, with a reminder two
  /// seconds ahead, reaches the recorder without a restart — looking at the vault every
  /// second, or woken by its watcher with an hour between looks.
  @Test(arguments: ["1", "3600"]) func anEditUnderWatchChangesTheSchedule(every: String) throws {
    let (folder, environment) = try vault()
    let config = try Fixture.text(folder, ".vault/config.yml")
    try Data((config + "timezone: UTC\n").utf8).write(to: folder.appendingPathComponent(".vault/config.yml"))
    let watch = try CLI.start(["remind", "--watch", "--every", every], in: folder, environment: environment)
    defer {
      // Stopped as a person does, with Ctrl-C; killed if it does not stop, so the test never hangs.
      watch.process.interrupt()
      if !eventually(within: 10, { !watch.process.isRunning }) { kill(watch.process.processIdentifier, SIGKILL) }
      let result = watch.finish()
      #expect(result.status == 0 && result.stderr.contains("watching"), "\(result.stderr)")
    }
    let state = folder.path + "-state/vault"
    #expect(
      eventually(within: 60) {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []
        return folders.contains { FileManager.default.fileExists(atPath: "\(state)/\($0)/reminders.json") }
      }, "the first round did not finish")
    // An event starting at the next whole minute at least 5 s away, reminding 2 s from now.
    let now = Int(Date().timeIntervalSince1970)
    let start = (now + 5 + 59) / 60 * 60
    let offset = start - now - 2
    let moment = ReminderSchedule.Zone.fixed(0).local(start)
    try Data(
      "---\ntitle: Watched edit\ndate: \(moment.date)\nstartTime: \"\(moment.time.hourMinute)\"\nremind: \(offset)s\n---\n"
        .utf8
    ).write(to: folder.appendingPathComponent("Events/Watched edit.md"))
    let reached = try eventually(within: 30) { try recorded(environment).contains { $0.first == "Watched edit" } }
    #expect(reached, "the edit did not reach the schedule: \((try? recorded(environment)) ?? [])")
    #expect(watch.process.isRunning)
  }

  @Test func installWritesAUserUnitAndUninstallRemovesIt() throws {
    let (folder, environment) = try vault()
    var home = environment
    home["XDG_CONFIG_HOME"] = folder.path + "-config"
    let installed = try CLI.run(["remind", "--install"], in: folder, environment: home)
    #expect(installed.status == 0, "\(installed.stderr)")
    let units = try FileManager.default.contentsOfDirectory(atPath: folder.path + "-config/systemd/user")
    #expect(units.count == 1 && units[0].hasPrefix("vault-remind-") && units[0].hasSuffix(".service"))
    let unit = try String(contentsOfFile: folder.path + "-config/systemd/user/" + units[0], encoding: .utf8)
    #expect(unit.contains("remind\" \"--watch\" \"--vault\""))
    #expect(installed.stdout.contains("`systemctl --user enable --now vault-remind-"))
    let removed = try CLI.run(["remind", "--uninstall"], in: folder, environment: home)
    #expect(removed.status == 0 && removed.stdout.contains("removed "))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "-config/systemd/user").isEmpty)
  }
}
