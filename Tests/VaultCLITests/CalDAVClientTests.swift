import Foundation
import TestSupport
import Testing

/// The CalDAV server of `vault serve` through Python's `caldav` client library
/// (Fixtures/Oracles/caldav-client): discovery, the calendars, a span of days, an event made,
/// changed and deleted from a "phone", a recurring event with a moved occurrence read back the
/// same, the sync token across an edit on disk, and to-dos made, ticked off and deleted — the
/// notes changed exactly as the commands change them.
@Suite struct CalDAVClientTests {
  static let today = "2026-11-24"
  static let environment = ["VAULT_TODAY": today, "VAULT_NOW": today + "T09:00"]

  func client(_ folder: URL, _ server: ServedVault, _ arguments: [String] = []) throws -> [String: Any] {
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/caldav-client").path
    let output = try Oracle.run("python3", [oracle, server.base + "/dav/", folder.path] + arguments)
    return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
  }

  @Test func aCalendarAppReadsAndChangesTheVaultsEventsAndTasks() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: Self.environment)
    defer { _ = server.stop() }
    #expect(server.address("CalDAV") == server.base + "/dav/", "\(server.printed)")
    let seen = try client(folder, server)

    let calendars = seen["calendars"] as? [[Any]] ?? []
    #expect(calendars.map { $0.first as? String } == ["Events", "Journal", "Tasks"])
    #expect(calendars.map { $0.last as? [String] } == [["VEVENT"], ["VJOURNAL"], ["VTODO"]])
    #expect(seen["color"] as? String == "#3A87ADFF")
    #expect(seen["eventCount"] as? Int == 10)
    // December as `vault calendar` shows it: the recurring events with an occurrence, the trip.
    #expect(
      seen["december"] as? [String] == [
        "🇪🇸 Spanish Class", "🎄 Christmas in Lisbon", "🎸 Radiohead Concert", "🧑‍💻 Team Standup",
      ])

    // The new event is the note `vault add event` would make, at the address the client chose.
    #expect(seen["madeURL"] as? String == "calendars/events/phone-event-1.ics")
    #expect(seen["madeBack"] as? String == "Dentist from the phone")
    #expect((seen["notesAfterCreate"] as? [String] ?? []).contains("2026-12-03 Dentist from the phone.md"))
    // Changed on the phone: its keys only; the line the editor added to the body stays.
    let changed = seen["changedNote"] as? String ?? ""
    #expect(changed.contains("title: Dentist, moved\n"))
    #expect(changed.contains("date: 2026-12-04\n"))
    #expect(changed.contains("startTime: \"09:30\"\n"))
    #expect(changed.hasSuffix("\nBring the X-ray from last year.\n"), "\(changed)")
    #expect(changed.hasPrefix("---\n# written by hand\npacking: [toothbrush, X-ray]\ntitle: Dentist, moved\n"))
    // The note, and (hidden) what its client sent that it could not say.
    #expect((seen["trash"] as? [String])?.filter { !$0.hasPrefix(".") } == ["2026-12-03 Dentist from the phone.md"])

    // The moved occurrence and the cancelled one are kept and come back the same.
    #expect(
      (seen["yogaComponents"] as? [[Any]] ?? []).map { $0.compactMap { $0 as? String } } == [
        ["Yoga"], ["Yoga", "20261215T180000", "CANCELLED"], ["Yoga (moved)", "20261208T180000"],
      ])
    #expect(seen["yogaStable"] as? Bool == true)
    #expect(seen["yogaWeekFound"] as? [String] == ["Yoga"])
    let notes = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Events").path)
    #expect(notes.contains("2026-12-01 Yoga.md"))
    #expect(notes.contains("2026-12-09 Yoga (moved).md"))
    let moved = try String(
      contentsOf: folder.appendingPathComponent("Events/2026-12-09 Yoga (moved).md"), encoding: .utf8)
    #expect(moved.contains("uid: weekly-yoga/2026-12-08\n"))
    #expect(moved.contains("series: \"[[Events/2026-12-01 Yoga]]\"\n"))
    let cancelled = try String(contentsOf: folder.appendingPathComponent("Events/2026-12-15 Yoga.md"), encoding: .utf8)
    #expect(
      cancelled.contains("uid: weekly-yoga/2026-12-15\n") && cancelled.contains("status: cancelled\n"), "\(cancelled)")
    let series = try String(contentsOf: folder.appendingPathComponent("Events/2026-12-01 Yoga.md"), encoding: .utf8)
    #expect(series.contains("skipDates: [2026-12-08, 2026-12-15]\n"), "\(series)")

    // The sync token: nothing new, then the note edited on disk.
    #expect(seen["syncNothingNew"] as? Int == 0)
    #expect(seen["syncChanged"] as? [String] == ["📚 Book Club (at Anna's)"])

    // To-dos: the open dated ones and the inbox's; a new one in the inbox with its UID as 🆔.
    let todos = seen["todos"] as? [String] ?? []
    #expect(todos.contains("Water the plants") && todos.contains("Make a packing list"))
    #expect(!todos.contains("Learn to make sourdough bread"), "undated, outside the inbox's Home list? \(todos)")
    let withTodo = seen["inboxAfterTodo"] as? String ?? ""
    #expect(withTodo.contains("\n- [ ] Buy stamps 🆔 phone-todo-1 🔺 📅 2026-11-30\n"), "\(withTodo)")
    // Ticked off on the phone: what `vault done` writes, the next instance included.
    let byCommands = try Fixture.copy("ExampleVault")
    try withTodo.write(to: byCommands.appendingPathComponent("Tasks.md"), atomically: true, encoding: .utf8)
    #expect(try CLI.run(["done", "Water the plants"], inVault: byCommands, today: Self.today).status == 0)
    let expected = try String(contentsOf: byCommands.appendingPathComponent("Tasks.md"), encoding: .utf8)
    #expect(seen["inboxAfterDone"] as? String == expected)
    #expect(expected.contains("- [ ] Water the plants 🔁 every week on Sunday ⏳ 2026-11-29\n"), "\(expected)")
    // Deleted on the phone: the line goes. (The next instance got an id of its own when the
    // list was read again.)
    let afterDelete = (seen["inboxAfterDelete"] as? String ?? "").replacingOccurrences(
      of: #"- \[ \] Water the plants 🆔 [a-z0-9]{6} "#, with: "- [ ] Water the plants ", options: .regularExpression)
    #expect(
      afterDelete == expected.replacingOccurrences(of: "- [ ] Buy stamps 🆔 phone-todo-1 🔺 📅 2026-11-30\n", with: ""))
  }
}
