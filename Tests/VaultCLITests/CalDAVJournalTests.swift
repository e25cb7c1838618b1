import Foundation
import TestSupport
import Testing

/// The journal over CalDAV, through Python's `caldav` client as a journal app uses it
/// (Fixtures/Oracles/caldav-journal): each day's entry is a VJOURNAL of a calendar of its own; a
/// VJOURNAL a phone sends becomes its day's note, with its own properties kept beside it and
/// given back; a change from the phone changes the note's text and nothing else; a copy older
/// than the note is refused (412), with If-Match or without, and loses nothing written meanwhile; a second entry of a day
/// is a dated note of its own, an entry moved to another day takes its note along, and a deleted
/// one goes to the trash.
@Suite struct CalDAVJournalTests {
  /// What one of the journal's oracles (Fixtures/Oracles/NAME) saw of `vault serve` on `folder`,
  /// given the CalDAV address, the folder and `arguments`: the JSON object it printed. The server
  /// stops when the oracle is done.
  static func ask(_ name: String, _ folder: URL, _ arguments: [String] = []) throws -> [String: Any] {
    let server = try ServedVault.start(folder, environment: ["VAULT_TODAY": "2026-11-30"])
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/" + name).path
    let output = try Oracle.run("python3", [oracle, server.address("CalDAV"), folder.path] + arguments)
    return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
  }

  @Test func aJournalAppReadsWritesAndDeletesTheDaysEntries() throws {
    let folder = try Fixture.copy("ExampleVault")
    let seen = try Self.ask("caldav-journal", folder)

    let calendar = seen["journalCalendar"] as? [Any] ?? []
    #expect(calendar.count == 3 && calendar.first as? String == "Journal")
    #expect(calendar.dropFirst().first as? String == "calendars/journal/" && calendar.last as? [String] == ["VJOURNAL"])
    // Every entry of the example vault, the last one as its note says.
    let listed = try CLI.run(
      ["journal", "list", "--from", "2000-01-01", "--json"], in: folder,
      environment: ["VAULT_TODAY": "2026-11-30", "VAULT_INDEX": folder.path + "-2.sqlite"])
    let days = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [Any]
    #expect(days?.count == 27 && seen["entryCount"] as? Int == days?.count, "\(listed.stdout)")
    let last = seen["lastEntry"] as? [String: String] ?? [:]
    #expect(last["dtstart"] == "2026-11-23")
    #expect(last["summary"] == "Monday, November 23, 2026")
    #expect(last["description"]?.hasPrefix("## Journal\n\n- 07:10 Short night.") == true)
    #expect(seen["searched"] as? [String] == ["2026-11-20", "2026-11-21"])

    // The phone's entry: at the URL it chose, with all it sent.
    #expect(seen["savedURL"] as? String == "calendars/journal/3F2504E0-4F89-11D3-9A0C-0305E82C3301.ics")
    #expect(
      seen["back"] as? [String: String] == [
        "SUMMARY": "On the train", "DESCRIPTION": "Wrote this on the phone.\nTwo lines of it.",
        "X-JTX-COLOR": "#ff0000", "STATUS": "FINAL",
      ])
    #expect(seen["backCategories"] as? [String] == ["travel", "notes"])
    #expect(
      seen["noteAfterSave"] as? String
        == "---\nuid: 3F2504E0-4F89-11D3-9A0C-0305E82C3301\n---\n# On the train\n\nWrote this on the phone.\nTwo lines of it.\n"
    )
    #expect(
      seen["noteAfterChange"] as? String
        == "---\nuid: 3F2504E0-4F89-11D3-9A0C-0305E82C3301\n---\n# On the train\n\nRewritten on the phone.\n")
    // Written in Obsidian after the phone read it: the phone's older copy is refused.
    #expect(seen["staleStatus"] as? Int == 412)
    #expect(
      (seen["noteAfterStale"] as? String)?.hasSuffix("Rewritten on the phone.\n- 21:00 Added in Obsidian.\n") == true)
    // Without If-Match too: a copy read before the line was added is refused; one read after
    // it lands, with the line.
    #expect(seen["staleWithoutIfMatch"] as? Int == 412)
    #expect(seen["freshWithoutIfMatch"] as? Int == 204)
    #expect(
      (seen["noteAfterFresh"] as? String)?.hasSuffix(
        "Added in Obsidian.\n- 21:30 Also added in Obsidian.\n- 22:00 From the phone.\n") == true,
      "\(seen["noteAfterFresh"] ?? "")")
    // A second entry of the day: a note of its own, dated, found on its day.
    #expect(seen["secondOfTheDay"] as? String == "saved")
    #expect(seen["secondBack"] as? [String] == ["2026-11-30", "Meeting minutes"])
    #expect(
      seen["secondNote"] as? String
        == "---\nuid: another-entry\ndate: 2026-11-30\n---\nWrote this on the phone.\nTwo lines of it.\n",
      "\(seen["secondNote"] ?? "")")
    #expect(
      seen["secondSearched"] as? [String] == ["3F2504E0-4F89-11D3-9A0C-0305E82C3301", "another-entry"],
      "\(seen["secondSearched"] ?? "")")
    // Deleted: to the trash, with what the phone sent; the second entry stays.
    #expect(seen["existsAfterDelete"] as? Bool == false)
    #expect(seen["entryCountAfter"] as? Int == (seen["entryCount"] as? Int).map { $0 + 1 })
    let trash = folder.appendingPathComponent(".trash")
    let trashed = try FileManager.default.contentsOfDirectory(atPath: trash.path)
    #expect(trashed.contains("2026-11-30.md"), "\(trashed)")
  }

  /// An entry moved to another day on the phone takes its note with it, whole (its mood and
  /// every line), never over another note: to the new day's daily note when that day has none,
  /// else into the notes folder, dated; without a day, undated. Its UID stays in `uid`, and a
  /// daily note written later on the old day is another entry (Fixtures/Oracles/caldav-journal-moves).
  @Test func aJournalAppMovesAnEntryToAnotherDayWithItsWholeNote() throws {
    let folder = try Fixture.copy("ExampleVault")
    let seen = try Self.ask("caldav-journal-moves", folder)
    let before = try #require(seen["before"] as? String)
    let withUID = before.replacingOccurrences(
      of: "mood_tags: [work, tired]\n", with: "mood_tags: [work, tired]\nuid: vault-journal-2026-11-23\n")

    let free = seen["toFreeDay"] as? [String: Any] ?? [:]
    #expect(free["status"] as? Int == 204 && free["dtstart"] as? String == "2026-12-02", "\(free)")
    #expect(free["href"] as? String == "vault-journal-2026-11-23.ics")
    #expect(seen["oldDayExists"] as? Bool == false)
    #expect(seen["newDay"] as? String == withUID, "\(seen["newDay"] ?? "")")
    #expect(seen["onNewDay"] as? [String] == ["vault-journal-2026-11-23"])
    // The old day's new note is another object.
    #expect(seen["onOldDay"] as? [String] == ["vault-journal-2026-11-23-2"])
    #expect(seen["countAfterEditor"] as? Int == (seen["count"] as? Int).map { $0 + 1 })

    let taken = seen["toTakenDay"] as? [String: Any] ?? [:]
    #expect(taken["status"] as? Int == 204 && taken["dtstart"] as? String == "2026-11-22", "\(taken)")
    #expect(taken["summary"] as? String == "Monday, November 23, 2026")
    #expect(seen["dailyAfterTaken"] as? Bool == false)
    #expect((seen["notes"] as? [String])?.contains("Monday, November 23, 2026.md") == true, "\(seen["notes"] ?? "")")
    #expect(seen["onTakenDay"] as? [String] == ["vault-journal-2026-11-22", "vault-journal-2026-11-23"])
    #expect(
      seen["dated"] as? String
        == withUID.replacingOccurrences(of: "-23\n---", with: "-23\ndate: 2026-11-22\n---"), "\(seen["dated"] ?? "")")

    let undated = seen["withoutDay"] as? [String: Any] ?? [:]
    #expect(undated["status"] as? Int == 204 && undated["dtstart"] is NSNull, "\(undated)")
    #expect(seen["undated"] as? String == withUID, "\(seen["undated"] ?? "")")
    #expect(seen["countAfter"] as? Int == seen["countAfterEditor"] as? Int)
  }

  /// A client that writes without If-Match and without reading in between (Evolution's memos:
  /// it keeps what it has) changes its own entry twice; another client (another address,
  /// User-Agent or account) with an older copy is refused, and the first one's line stays.
  @Test func aClientChangesItsOwnEntryTwiceWithoutReadingAndAnotherClientsOlderCopyIsRefused() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: ["VAULT_TODAY": "2026-11-30"])
    defer { _ = server.stop() }
    let address = server.base + "/dav/calendars/journal/memo-1.ics"
    func memo(_ text: String) -> String {
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Ximian//NONSGML Evolution Calendar//EN", "BEGIN:VJOURNAL",
        "UID:memo-1", "DTSTAMP:20261201T090000Z", "DTSTART;VALUE=DATE:20261201", "SUMMARY:Memo",
        "DESCRIPTION:\(text)", "END:VJOURNAL", "END:VCALENDAR", "",
      ].joined(separator: "\r\n")
    }
    func put(_ text: String, as client: String) throws -> Int {
      try HTTP.request(
        address, method: "PUT", headers: ["Content-Type": "text/calendar", "User-Agent": client], body: memo(text)
      ).status
    }
    let note = folder.appendingPathComponent("Journal/2026/12/2026-12-01.md")
    #expect(try put("First.", as: "Evolution/3.46.4") == 201)
    // Another client reads it as it is now.
    #expect(try HTTP.request(address, headers: ["User-Agent": "DAVx5/4.4"]).status == 200)
    #expect(try put("Second.", as: "Evolution/3.46.4") == 204)
    #expect(try put("Third.", as: "Evolution/3.46.4") == 204)
    #expect(try String(contentsOf: note, encoding: .utf8).hasSuffix("# Memo\n\nThird.\n"))
    // The other client's copy says "First.": refused, and the text stays.
    #expect(try put("First. From the phone.", as: "DAVx5/4.4") == 412)
    #expect(try String(contentsOf: note, encoding: .utf8).hasSuffix("# Memo\n\nThird.\n"))
  }

  /// jtx Board's notes have no day (a VJOURNAL without DTSTART): each is a note of its own in the
  /// notes folder (`journal.notes`, `Notes` by default), named by its SUMMARY, with its UID as
  /// `uid`; the journal lists it and the notes there with a `uid`, and a search of days leaves
  /// them out (Fixtures/Oracles/caldav-journal-notes).
  @Test func aJournalAppsNoteWithoutADayIsANoteOfItsOwn() throws {
    let folder = try Fixture.copy("ExampleVault")
    let seen = try Self.ask("caldav-journal-notes", folder)
    let uid = "1764493200000-5a1f0c2e-8b7d-4e61-9c3a-2f4d6e8a0b1c@at.techbee.jtx"

    // At the URL it was saved to (the client writes `@` as `%40`).
    #expect(seen["savedURL"] as? String == "calendars/journal/\(uid.replacingOccurrences(of: "@", with: "%40")).ics")
    #expect(
      seen["back"] as? [String: String] == [
        "SUMMARY": "Paint for the hall", "DESCRIPTION": "Two tins of warm white.\nAsk about the primer.",
        "CLASS": "PRIVATE", "STATUS": "FINAL", "COMMENT": "Seen at the hardware store",
      ])
    #expect(seen["backCategories"] as? [String] == ["Home", "Shopping"])
    #expect(seen["backHasDTSTART"] as? Bool == false)
    #expect(seen["countAfterSave"] as? Int == 1)
    // Named by its SUMMARY, which needs no heading then.
    #expect(
      seen["noteAfterSave"] as? String
        == "---\nuid: \(uid)\n---\nTwo tins of warm white.\nAsk about the primer.\n", "\(seen)")
    let searched = seen["searchedUIDs"] as? [String] ?? [uid]
    #expect(!searched.contains(uid) && searched.contains("vault-journal-2026-11-23"), "\(searched)")
    #expect(seen["noteAfterChange"] as? String == "---\nuid: \(uid)\n---\nThree tins of warm white.\n")
    #expect(seen["descriptionAfterObsidian"] as? String == "Three tins of warm white.\n- and a roller")
    let bike = seen["bike"] as? [String: Any] ?? [:]
    #expect(bike["summary"] as? String == "Bike repair" && bike["description"] as? String == "Chain and brakes.")
    #expect(bike["hasDTSTART"] as? Bool == false)
    #expect(seen["oddSummary"] as? String == "Kids: 2/3 rooms")
    #expect(
      seen["oddNote"] as? String
        == "---\nuid: odd-title-1\n---\n# Kids: 2/3 rooms\n\nTwo tins of warm white.\nAsk about the primer.\n",
      "\(seen)")
    // Deleted: to the trash; the vault's own note stays listed.
    #expect(seen["existsAfterDelete"] as? Bool == false)
    #expect(seen["countAfterDelete"] as? Int == 2)
    let trashed = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent(".trash").path)
    #expect(trashed.contains("Paint for the hall.md"), "\(trashed)")
  }

  /// A journal app and an editor in random turns (Fixtures/Oracles/caldav-journal-random): new
  /// notes without a day and new days' entries, changes from the phone, lines added in an editor
  /// and deletions, each object read back after every step and compared with a model by Python's
  /// `icalendar`. (It found a DESCRIPTION that starts with a heading of its own read back as
  /// the SUMMARY once the note changed, its first line then lost by the phone's next change.)
  @Test(arguments: [1, 7])
  func aJournalAppAndAnEditorInRandomTurnsAgreeWithAModel(seed: Int) throws {
    let seen = try Self.ask("caldav-journal-random", try Fixture.copy("ExampleVault"), ["\(seed)", "80"])
    let counts = seen["counts"] as? [String: Int] ?? [:]
    // Every kind of step ran, and objects were compared after each.
    for kind in ["note", "day", "change", "editor", "delete"] { #expect(counts[kind, default: 0] > 0, "\(counts)") }
    #expect((seen["compared"] as? Int ?? 0) > 200, "\(seen)")
    #expect(seen["mismatchCount"] as? Int == 0, "\(seen["mismatches"] ?? "")")
  }

  /// The same, with the server stopped and started again midway: every object is at its address,
  /// as it was, and the second half goes on from the first's model.
  @Test func aJournalAppGoesOnWhereItStoppedAfterTheServerStartsAgain() throws {
    let folder = try Fixture.copy("ExampleVault")
    let model = folder.path + "-journal-model.json"
    var counts: [String: Int] = [:]
    for seed in [3, 1_003] {
      // A server of its own for each half.
      let seen = try Self.ask("caldav-journal-random", folder, ["\(seed)", "40", model])
      #expect(seen["mismatchCount"] as? Int == 0, "seed \(seed): \(seen["mismatches"] ?? "")")
      counts.merge(seen["counts"] as? [String: Int] ?? [:]) { $0 + $1 }
    }
    for kind in ["note", "day", "change", "editor", "delete"] { #expect(counts[kind, default: 0] > 0, "\(counts)") }
  }
}
