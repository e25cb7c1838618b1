import Foundation
import TestSupport
import Testing

/// Every shape a note of the vault can have (Fixtures/NoteShapes: a plain `time:`, Full
/// Calendar's `startTime` in a zone, all day, several days, a series with a skipped and a moved
/// day, `daysOfWeek`, task lines in the emoji and the Dataview notation, with and without an id,
/// repeating) is read by a client, changed as a person changes it on a phone, sent back and read
/// again (Fixtures/Oracles/caldav-note-shapes): through Python's `caldav` library, and through
/// vdirsyncer and a folder of .ics files. The client reads back what it sent, and each note holds
/// the change in its own keys and notation, nothing else.
@Suite struct CalDAVRoundTripsEveryNoteShapeTests {
  /// What each note must hold afterwards; a task id the server gave is written `ID`.
  static let expected: [String: String] = [
    "Events/2026-12-03 Dentist.md":
      "---\ndate: 2026-12-03\ntime: \"10:30\"\nlocation: Dr. Weber\ntitle: Dentist (later)\n---\nBring the insurance card.\n",
    "Events/2026-12-04 Call with Berlin.md":
      "---\ntitle: Call with Berlin\ndate: 2026-12-04\nallDay: false\nstartTime: \"15:00\"\nendTime: \"16:00\"\n"
      + "timezone: Europe/Berlin\n---\n",
    "Events/2026-12-05 Market.md": "---\ntitle: Market\ndate: 2026-12-06\nallDay: true\n---\n",
    "Events/2026-12-10 Trip to the coast.md":
      "---\ntitle: Trip to the coast\ndate: 2026-12-10\nendDate: 2026-12-14\nallDay: true\n---\nPack the wetsuit.\n",
    "Events/2026-12-01 Yoga.md":
      "---\ntitle: Yoga and stretching\ntype: rrule\nstartDate: 2026-12-01\nrrule: FREQ=WEEKLY;BYDAY=TU\nallDay: false\n"
      + "startTime: \"18:00\"\nendTime: \"19:00\"\nskipDates: [2026-12-08, 2026-12-15]\nuid: weekly-yoga\n---\n",
    "Events/2026-12-09 Yoga (moved).md":
      "---\ntitle: Yoga (moved)\ndate: 2026-12-09\nallDay: false\nstartTime: \"19:00\"\nendTime: \"20:00\"\n"
      + "uid: weekly-yoga/2026-12-08\nseries: \"[[Events/2026-12-01 Yoga]]\"\n---\n",
    "Events/(Every T) Spanish Class.md":
      "---\ntitle: Spanish Class\ntype: recurring\ndaysOfWeek: [T]\nstartRecur: 2026-09-01\nendRecur: 2027-06-30\n"
      + "allDay: false\nstartTime: \"18:30\"\nendTime: \"20:30\"\nskipDates: [2026-12-22]\n---\n",
    "Tasks.md": """
    # Tasks

    ## Home
    - [ ] Pay the rent and the garage 📅 2026-12-02 🆔 rent01
    - [ ] Book the flights [due:: 2026-12-08] [id:: fly01]
    - [ ] Water the plants 🆔 ID 🔁 every week 📅 2026-12-09
    - [x] Water the plants 🔁 every week 📅 2026-12-02 🆔 water1 ✅ 2026-11-24
    - [ ] Fix the bike 🆔 ID 🔺 🛫 2026-12-01 ⏳ 2026-12-02 📅 2026-12-06
    - [ ] Return the parcel to the post office 🆔 ID 📅 2026-12-08

    """,
    "Projects/Garden.md": "# Garden\n\n- [ ] Order seeds  [id:: ID] [priority:: medium] [due:: 2026-12-10]\n",
  ]

  /// The ids the server gave to lines that had none, as `ID`.
  static func withoutNewIDs(_ text: String) -> String {
    text.replacing(/(🆔 |\[id:: )(?!rent01|fly01|water1)[a-z0-9]{6}/) { $0.output.1 + "ID" }
  }

  @Test(arguments: ["caldav", "vdirsyncer"])
  func aChangeOfEveryShapeReachesTheNoteInItsOwnKeys(client: String) throws {
    let folder = try Fixture.copy("NoteShapes")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/caldav-note-shapes").path
    let work = folder.deletingLastPathComponent().appendingPathComponent("client").path
    let output = try Oracle.run("python3", [oracle, client, server.base + "/dav/", work])
    let seen = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]

    // Every shape was found and changed, and the client reads back what it sent.
    let sent = seen["sent"] as? [String: [String: String]] ?? [:]
    let back = seen["back"] as? [String: [String: String]] ?? [:]
    #expect(sent.count == 13, "\(output.prefix(3000))")
    for (shape, what) in sent.sorted(by: { $0.key < $1.key }) {
      var expected = what
      let key = expected.removeValue(forKey: "key") ?? ""
      #expect(back[key] == expected, "\(shape): sent \(expected), read back \(back[key] ?? [:])")
    }
    if client == "caldav" {
      let answers = seen["etags"] as? [String: [Any]] ?? [:]
      // Each PUT answered with the ETag of what it sent: a GET gives those very bytes back.
      #expect(answers.values.allSatisfy { $0.first as? Int == 204 && $0.last as? Bool == true }, "\(answers)")
    } else {
      // What vdirsyncer uploaded is not downloaded again (the PUTs answered with the ETag of
      // what they sent): the next sync brings only the next repetition of the ticked-off task,
      // and one with nothing new moves nothing.
      let afterUpload = (seen["afterUpload"] as? String ?? "").split(separator: "\n").filter {
        $0.contains("Copying") || $0.contains("Deleting")
      }
      #expect(
        afterUpload.count == 1
          && afterUpload.allSatisfy { $0.contains("(uploading) item") && $0.hasSuffix("to tasks_local") },
        "\(afterUpload)")
      let idle = seen["idle"] as? String ?? ""
      #expect(!idle.contains("Copying") && !idle.contains("Deleting"), "\(idle)")
    }

    for (path, text) in Self.expected.sorted(by: { $0.key < $1.key }) {
      let written = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
      #expect(Self.withoutNewIDs(written) == text, "\(path) with \(client):\n\(written)")
    }
    let events = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Events").path)
    #expect(events.count == 7, "no note made or lost: \(events.sorted())")
  }
}
