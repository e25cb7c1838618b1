import Foundation
import TestSupport
import Testing

/// Thunderbird (Debian's, headless, driven through Marionette) uses vault's Events and Tasks
/// calendars as a family member's desktop does (Fixtures/Oracles/caldav-thunderbird): what it
/// lists is what recurring-ical-events expands from the same objects; an event it makes comes
/// back to it whole (zone, attendee, alarm, categories); its changes land in the notes' own keys
/// and nothing else: a `time:` stays `time:`, a `type: rrule` series keeps its rule and gets the
/// deleted and moved days in `skipDates`, a moved occurrence follows its series' zone; its task is
/// a task line, ticked when it ticks it; a deleted event goes to the trash.
@Suite struct CalDAVThunderbirdTests {
  @Test func thunderbirdReadsWritesAndDeletesEventsAndTasks() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: ["VAULT_TODAY": "2026-11-30"])
    defer { _ = server.stop() }
    // What recurring-ical-events expands of the calendar Thunderbird lists first.
    let expanded = try server.expandedOccurrences(of: "events", from: "2026-11-01", to: "2027-01-01")
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/caldav-thunderbird").path
    let output = try Oracle.run("python3", [oracle, server.address("CalDAV"), folder.path])
    let seen = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    func text(_ path: String) throws -> String {
      try String(contentsOf: Fixture.repository.appendingPathComponent("ExampleVault/" + path), encoding: .utf8)
    }

    // Every occurrence of November and December, at the same moment for both readers.
    let listed = seen["thunderbird"] as? [String] ?? []
    #expect(listed.count > 30, "\(listed)")
    #expect(listed == expanded, "\(listed)")

    // Its new event: the note says what the dialog set, the rest kept beside it.
    #expect(seen["created"] as? [String] == ["2026-12-10 Piano lesson.md"])
    let made = """
      ---
      title: Piano lesson
      uid: thunderbird-piano-1
      type: single
      date: 2026-12-10
      endDate: null
      allDay: false
      startTime: "17:00"
      endTime: "18:00"
      timezone: Europe/Berlin
      category: Kids
      location: Music school
      tags: [Music]
      remind: [30m]
      ---
      Bring the Czerny book.

      """
    #expect(seen["pianoNote"] as? String == made, "\(seen["pianoNote"] ?? "")")
    let moved = made.replacingOccurrences(of: "title: Piano lesson\n", with: "title: Piano lesson (Sam)\n")
      .replacingOccurrences(of: "\"17:00\"\nendTime: \"18:00\"", with: "\"18:00\"\nendTime: \"19:00\"")
    #expect(seen["pianoNoteMoved"] as? String == moved, "\(seen["pianoNoteMoved"] ?? "")")

    // The Dentist's `time:` says the new time, and nothing else changes: no `startTime` beside
    // it, and no `endTime` for the end Thunderbird sends at the start of an event without one.
    let dentist = try text("Events/2026-11-28 Dentist.md")
    #expect(
      seen["dentistNote"] as? String
        == dentist.replacingOccurrences(of: "time: \"09:30\"\n", with: "time: \"10:15\"\n"),
      "\(seen["dentistNote"] ?? "")")

    // The standup keeps its rule as it says it; the two days are taken out of it.
    #expect(seen["standupOccurrences"] as? [String] == ["20261207T090000", "20261209T090000"])
    let standup = try text("Events/Team Standup.md")
    #expect(
      seen["standupNote"] as? String
        == standup.replacingOccurrences(
          of: "skipDates: [2026-12-25]", with: "skipDates: [2026-12-07, 2026-12-09, 2026-12-25]"),
      "\(seen["standupNote"] ?? "")")
    let occurrence = seen["standupMovedNote"] as? String ?? ""
    #expect(occurrence.contains("date: 2026-12-09\n") && occurrence.contains("startTime: \"11:00\"\n"), "\(occurrence)")
    #expect(occurrence.contains("series: \"[[Events/Team Standup]]\"\n"), "\(occurrence)")
    // In the series' zone, as the series: no `timezone` of its own.
    #expect(!occurrence.contains("timezone:"), "\(occurrence)")

    // Read back from the server: all it sent, at the moment it set.
    let back = seen["readBack"] as? [String: Any] ?? [:]
    #expect(back["title"] as? String == "Piano lesson (Sam)")
    #expect(back["start"] as? String == "20261210T180000" && back["zone"] as? String == "Europe/Berlin")
    #expect(back["end"] as? String == "20261210T190000")
    #expect(back["location"] as? String == "Music school")
    #expect(back["description"] as? String == "Bring the Czerny book.")
    #expect(back["categories"] as? [String] == ["Kids", "Music"])
    #expect(back["attendees"] as? [[String]] == [["mailto:teacher@example.org", "Ms Keys", "NEEDS-ACTION"]])
    #expect(back["alarms"] as? [[String]] == [["DISPLAY", "-PT30M"]])
    // The 7th gone, the 9th at 11:00 of the vault's zone (the machine's).
    let eleven = try #require(
      Calendar(identifier: .gregorian).date(
        from: DateComponents(timeZone: .current, year: 2026, month: 12, day: 9, hour: 11)))
    let utc = DateFormatter()
    utc.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    utc.timeZone = TimeZone(identifier: "UTC")
    #expect(back["standup"] as? [String] == [utc.string(from: eleven)], "\(back)")

    // Its task: a line of the inbox, with its UID as the Tasks plugin's id; ticked, done today.
    #expect(seen["taskLine"] as? [String] == ["- [ ] Tune the piano 🆔 thunderbird-task-1 📅 2026-12-12"])
    #expect(
      seen["taskLineDone"] as? [String] == ["- [x] Tune the piano 🆔 thunderbird-task-1 📅 2026-12-12 ✅ 2026-12-01"])

    // Deleted: to the trash.
    #expect(seen["pianoAfterDelete"] as? Bool == false)
    #expect((seen["trash"] as? [String])?.contains("2026-12-10 Piano lesson.md") == true, "\(seen["trash"] ?? "")")
  }
}
