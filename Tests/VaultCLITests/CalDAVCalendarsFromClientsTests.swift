import Foundation
import TestSupport
import Testing
import VaultCore
import VaultKit

/// Calendars a calendar app makes (of events, of to-dos, or of both), renames, recolours and deletes (Python's `caldav` library,
/// Fixtures/Oracles/caldav-calendars) become lines of `calendars:` in `.vault/config.yml`: the
/// rest of the file keeps its bytes, what the app saves into them lands in the notes with the
/// calendar's category or tag, and deleting a calendar leaves its notes.
@Suite struct CalDAVCalendarsFromClientsTests {
  @Test func aCalendarAppMakesRenamesAndDeletesCalendarsInTheSettings() throws {
    let folder = try Fixture.copy("ExampleVault")
    let config = folder.appendingPathComponent(".vault/config.yml")
    let before = try String(contentsOf: config, encoding: .utf8)
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/caldav-calendars").path
    let output = try Oracle.run("python3", [oracle, server.base + "/dav/"])
    let seen = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]

    func names(_ key: String) -> [String] { (seen[key] as? [[Any]] ?? []).compactMap { $0.first as? String } }
    #expect(names("made") == ["Events", "Journal", "Shopping list", "Tasks", "Work"], "\(output)")
    let made = seen["made"] as? [[Any]] ?? []
    #expect(made.first { $0.first as? String == "Shopping list" }?.last as? [String] == ["VTODO"])
    #expect(made.first { $0.first as? String == "Work" }?[1] as? String == "calendars/work-cal/")
    #expect(seen["color"] as? String == "#FF2968FF")
    #expect(seen["order"] as? String == "4")
    // Work is the events of the category work: the vault's own (Team Standup) and the new one.
    #expect(seen["workEvents"] as? [String] == ["Quarterly review", "🧑‍💻 Team Standup"])
    #expect(seen["shopTodos"] as? [String] == ["Buy oat milk"])
    // A calendar made without saying what it holds holds both: its to-dos have its tag.
    #expect(seen["workTodos"] as? [String] == ["Send the slides"])
    #expect(seen["workObjects"] as? Int == 3)
    #expect(names("renamed") == ["Events", "Job", "Journal", "Shopping list", "Tasks"])
    #expect(seen["renamedEvents"] as? [String] == ["Quarterly review", "🧑‍💻 Team Standup"])
    #expect(names("afterDelete") == ["Events", "Job", "Journal", "Tasks"])
    #expect(seen["again"] as? String != "made")

    // The settings gained one line, the renamed calendar's; every other byte is as it was.
    let after = try String(contentsOf: config, encoding: .utf8)
    #expect(
      after
        == before.trimmingCharacters(in: .newlines)
        + "\n\ncalendars:\n  Job: {category: Work, tag: Work, color: \"#ff2968\", id: work-cal, order: 4}\n")
    // The event has the calendar's category; the to-do has the list's tag and stays when the
    // list is deleted.
    let event = try String(
      contentsOf: folder.appendingPathComponent("Events/2026-12-03 Quarterly review.md"), encoding: .utf8)
    #expect(event.contains("\ncategory: Work\n"))
    let tasks = try String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8)
    #expect(tasks.contains("Buy oat milk #Shopping-list"), "\(tasks)")
    #expect(tasks.contains("Send the slides #Work"), "\(tasks)")
  }

  /// Phones making calendars while `vault label add` writes labels to the same file, all at
  /// once: the one locked write of `.vault/config.yml` serialises them, and every line lands.
  @Test func calendarsAndLabelsWrittenAtOnceAllLand() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let statuses = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 12) { job in
      let status: String
      if job < 8 {
        let body = """
          <C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop>\
          <D:displayname>Phone \(job)</D:displayname></D:prop></D:set></C:mkcalendar>
          """
        let answer = try? HTTP.request(
          server.base + "/dav/calendars/phone-\(job)/", method: "MKCALENDAR", body: body)
        status = "calendar \(job): \(answer?.status ?? 0)"
      } else {
        let result = try? CLI.run(["label", "add", "label-\(job)"], inVault: folder, today: CalDAVClientTests.today)
        status = "label \(job): \(result?.status ?? -1)"
      }
      statuses.mutate { $0.append(status) }
    }
    #expect(
      statuses.value.sorted()
        == (0..<8).map { "calendar \($0): 201" }.sorted() + (8..<12).map { "label \($0): 0" }.sorted())
    let vault = try Vault(path: folder.path)
    #expect(vault.settingsDiagnostics.isEmpty, "\(vault.settingsDiagnostics)")
    #expect(Set(vault.settings.calendars.map(\.name)) == Set((0..<8).map { "Phone \($0)" }))
    #expect(Set(vault.settings.labels.map(\.name)) == Set((8..<12).map { "label-\($0)" }))
  }
}
