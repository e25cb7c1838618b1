import Foundation
import TestSupport
import Testing

/// An event dragged to another calendar in a calendar app moves there: Thunderbird and
/// Evolution PUT it (its UID) into the new calendar, then DELETE it in the old one. Its notes
/// take the new calendar's category or go into its folder, the old calendar no longer lists it,
/// and the DELETE that follows finds nothing to remove: the event is never lost, never doubled.
@Suite struct CalDAVMoveBetweenCalendarsTests {
  static let calendars =
    "\ncalendars:\n  Work: {category: work}\n  Family: {folder: Events/Family}\n  Errands: {tag: errands}\n"

  static func served() throws -> (URL, ServedVault) {
    let folder = try Fixture.copy("ExampleVault")
    let config = folder.appendingPathComponent(".vault/config.yml")
    let settings = try String(contentsOf: config, encoding: .utf8)
    try (settings + Self.calendars).write(to: config, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Events/Family"), withIntermediateDirectories: true)
    try Data(
      "---\ntitle: Quarterly review\nuid: review-1\ndate: 2026-12-08\nstartTime: \"10:00\"\nendTime: \"11:00\"\ncategory: work\n---\nAgenda in the shared folder.\n"
        .utf8
    ).write(to: folder.appendingPathComponent("Events/Quarterly review.md"))
    try Data(
      "---\ntitle: Swimming\nuid: swim-1\ntype: recurring\ndaysOfWeek: [W]\nstartRecur: 2026-11-04\nstartTime: \"17:00\"\nendTime: \"18:00\"\nskipDates: [2026-12-09]\n---\n"
        .utf8
    ).write(to: folder.appendingPathComponent("Events/Family/Swimming.md"))
    try Data(
      "---\ntitle: Swimming\nuid: swim-1/2026-12-09\nseries: \"[[Events/Family/Swimming]]\"\ndate: 2026-12-10\nstartTime: \"17:00\"\nendTime: \"18:00\"\n---\n"
        .utf8
    ).write(to: folder.appendingPathComponent("Events/Family/Swimming 2026-12-09.md"))
    return (folder, try ServedVault.start(folder, environment: CalDAVClientTests.environment))
  }

  /// Waits until the server knows a calendar just added to the settings (its watcher reads them).
  static func waitForCalendar(_ server: ServedVault, _ calendar: String) throws {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline,
      try HTTP.request(server.base + "/dav/calendars/\(calendar)/", method: "PROPFIND", headers: ["Depth": "0"]).status
        != 207
    {
      Thread.sleep(forTimeInterval: 0.05)
    }
  }

  /// The hrefs and ETags a calendar lists.
  static func listing(_ server: ServedVault, _ calendar: String) throws -> String {
    try HTTP.request(
      server.base + "/dav/calendars/\(calendar)/", method: "PROPFIND", headers: ["Depth": "1"],
      body: "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop></d:propfind>"
    ).body
  }

  /// What Thunderbird does to move an object: GET it, PUT it (changed or not) into the other
  /// calendar as a new object, then DELETE it where it was, with the ETag it had there.
  static func drag(
    _ server: ServedVault, _ uid: String, from source: String, to target: String, changing: (String) -> String = { $0 }
  ) throws -> (put: HTTP.Answer, delete: HTTP.Answer) {
    let old = server.base + "/dav/calendars/\(source)/\(uid).ics"
    let got = try HTTP.request(old)
    #expect(got.status == 200, "\(got.body)")
    let put = try HTTP.request(
      server.base + "/dav/calendars/\(target)/\(uid).ics", method: "PUT",
      headers: ["Content-Type": "text/calendar", "If-None-Match": "*"], body: changing(got.body))
    let delete = try HTTP.request(old, method: "DELETE", headers: ["If-Match": got.header("ETag") ?? "*"])
    return (put, delete)
  }

  static func text(_ folder: URL, _ path: String) -> String? {
    try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func anEventDraggedToAnotherCalendarMovesThereWithItsChange() throws {
    let (folder, server) = try Self.served()
    defer { _ = server.stop() }
    #expect(try Self.listing(server, "work").contains("review-1.ics"))

    // Work (a category) to Family (a folder), renamed on the way.
    let toFamily = try Self.drag(server, "review-1", from: "work", to: "family") {
      $0.replacingOccurrences(of: "SUMMARY:Quarterly review", with: "SUMMARY:Quarterly review at home")
    }
    #expect(toFamily.put.status == 201, "\(toFamily.put.body)")
    #expect(toFamily.delete.status == 404, "the DELETE removed the moved event: \(toFamily.delete.status)")
    #expect(Self.text(folder, "Events/Quarterly review.md") == nil)
    let moved = try #require(Self.text(folder, "Events/Family/Quarterly review.md"))
    #expect(moved.contains("title: Quarterly review at home\n"), "\(moved)")
    #expect(!moved.contains("category:"), "\(moved)")
    #expect(moved.hasSuffix("---\nAgenda in the shared folder.\n"), "\(moved)")
    #expect(!(try Self.listing(server, "work")).contains("review-1.ics"))
    #expect(try Self.listing(server, "family").contains("/dav/calendars/family/review-1.ics"))
    let inFamily = try HTTP.request(server.base + "/dav/calendars/family/review-1.ics").body
    #expect(inFamily.contains("at home"))
    // The link vault gave it, which the client sent back, names the note where it is now.
    let link = inFamily.replacingOccurrences(of: "\r\n ", with: "").split(separator: "\r\n").first {
      $0.hasPrefix("URL:")
    }
    #expect(link?.hasSuffix("&file=Events%2FFamily%2FQuarterly%20review") == true, "\(inFamily)")

    // Family to Work: back in the events folder, with Work's category.
    let toWork = try Self.drag(server, "review-1", from: "family", to: "work")
    #expect(toWork.put.status == 201, "\(toWork.put.body)")
    #expect(toWork.delete.status == 404)
    let back = try #require(Self.text(folder, "Events/Quarterly review.md"))
    #expect(back.contains("category: work\n"), "\(back)")
    #expect(Self.text(folder, "Events/Family/Quarterly review.md") == nil)

    // Work to Events, the calendar of the rest: the category goes.
    let toEvents = try Self.drag(server, "review-1", from: "work", to: "events")
    #expect(toEvents.put.status == 201, "\(toEvents.put.body)")
    #expect(!(try #require(Self.text(folder, "Events/Quarterly review.md"))).contains("category:"))
    #expect(try Self.listing(server, "events").contains("/dav/calendars/events/review-1.ics"))
    #expect(!(try Self.listing(server, "work")).contains("review-1.ics"))
  }

  @Test func aRecurringEventMovesWithItsChangedOccurrence() throws {
    let (folder, server) = try Self.served()
    defer { _ = server.stop() }
    let moved = try Self.drag(server, "swim-1", from: "family", to: "events")
    #expect(moved.put.status == 201, "\(moved.put.body)")
    #expect(moved.delete.status == 404)
    #expect(Self.text(folder, "Events/Family/Swimming.md") == nil)
    #expect(try #require(Self.text(folder, "Events/Swimming.md")).contains("skipDates: [2026-12-09]"))
    let occurrence = try #require(Self.text(folder, "Events/Swimming 2026-12-09.md"))
    #expect(occurrence.contains("series: \"[[Events/Swimming]]\""), "\(occurrence)")
    let got = try HTTP.request(server.base + "/dav/calendars/events/swim-1.ics")
    #expect(got.body.contains("RECURRENCE-ID"), "\(got.body)")
    #expect(!(try Self.listing(server, "family")).contains("swim-1.ics"))
  }

  @Test func aMoveThatWouldLeaveTheEventInAnotherCalendarIsRefusedAndChangesNothing() throws {
    let (folder, server) = try Self.served()
    defer { _ = server.stop() }
    // Kids takes the notes of kids in Events/Family, but Early, listed before it, holds every
    // note of that folder: an event moved to Kids would be in Early.
    let config = folder.appendingPathComponent(".vault/config.yml")
    let settings = try String(contentsOf: config, encoding: .utf8)
    try settings.replacingOccurrences(
      of: "calendars:\n",
      with: "calendars:\n  Early: {folder: Events/Family}\n  Kids: {folder: Events/Family, category: kids}\n"
    ).write(to: config, atomically: true, encoding: .utf8)
    try Self.waitForCalendar(server, "kids")
    let before = Self.text(folder, "Events/Quarterly review.md")
    let got = try HTTP.request(server.base + "/dav/calendars/work/review-1.ics")
    #expect(got.status == 200, "\(got.body)")
    let put = try HTTP.request(
      server.base + "/dav/calendars/kids/review-1.ics", method: "PUT",
      headers: ["Content-Type": "text/calendar", "If-None-Match": "*"], body: got.body)
    #expect(put.status == 403, "\(put.body)")
    #expect(put.body.contains("no-uid-conflict") && put.body.contains("/dav/calendars/work/review-1.ics"))
    #expect(Self.text(folder, "Events/Quarterly review.md") == before)
    #expect(try Self.listing(server, "work").contains("review-1.ics"))
  }

  /// A body vault cannot keep is refused before the event moves: it stays where it was.
  @Test func aMoveWithABodyVaultCannotKeepChangesNothing() throws {
    let (folder, server) = try Self.served()
    defer { _ = server.stop() }
    let before = Self.text(folder, "Events/Quarterly review.md")
    let got = try HTTP.request(server.base + "/dav/calendars/work/review-1.ics")
    let put = try HTTP.request(
      server.base + "/dav/calendars/family/review-1.ics", method: "PUT",
      headers: ["Content-Type": "text/calendar", "If-None-Match": "*"],
      body: got.body.replacingOccurrences(of: "END:VEVENT", with: "RRULE:FREQ=SECONDLY\r\nEND:VEVENT"))
    #expect((400..<500).contains(put.status), "\(put.status) \(put.body)")
    #expect(Self.text(folder, "Events/Quarterly review.md") == before)
    #expect(Self.text(folder, "Events/Family/Quarterly review.md") == nil)
    #expect(try Self.listing(server, "work").contains("review-1.ics"))
  }

  @Test func aToDoDraggedToAnotherTaskListMovesThere() throws {
    let (folder, server) = try Self.served()
    defer { _ = server.stop() }
    let tasks = folder.appendingPathComponent("Tasks.md")
    try (try String(contentsOf: tasks, encoding: .utf8) + "- [ ] Post the parcel #errands 📅 2026-12-04 🆔 parcel\n")
      .write(to: tasks, atomically: true, encoding: .utf8)
    let line = { () throws -> [Substring] in
      try String(contentsOf: tasks, encoding: .utf8).split(separator: "\n").filter { $0.contains("🆔 parcel") }
    }
    let toTasks = try Self.drag(server, "parcel", from: "errands", to: "tasks") {
      $0.replacingOccurrences(of: "SUMMARY:Post the parcel", with: "SUMMARY:Post the big parcel")
    }
    #expect(toTasks.put.status == 201, "\(toTasks.put.body)")
    #expect(toTasks.delete.status == 404)
    #expect(try line() == ["- [ ] Post the big parcel 📅 2026-12-04 🆔 parcel"])
    #expect(!(try Self.listing(server, "errands")).contains("parcel.ics"))
    #expect(try Self.listing(server, "tasks").contains("/dav/calendars/tasks/parcel.ics"))

    let back = try Self.drag(server, "parcel", from: "tasks", to: "errands")
    #expect(back.put.status == 201, "\(back.put.body)")
    #expect(back.delete.status == 404)
    #expect(try line() == ["- [ ] Post the big parcel #errands 📅 2026-12-04 🆔 parcel"])
  }

  /// An event moved under a name its client chose stays there when the server starts again:
  /// the new calendar lists it at that address, a GET finds it, and the old address is gone.
  @Test func aMovedEventIsWhereItsClientPutItAfterTheServerStartsAgain() throws {
    let (folder, first) = try Self.served()
    var server = first
    defer { _ = server.stop() }
    let got = try HTTP.request(server.base + "/dav/calendars/work/review-1.ics")
    let put = try HTTP.request(
      server.base + "/dav/calendars/family/4C1B-moved.ics", method: "PUT",
      headers: ["Content-Type": "text/calendar", "If-None-Match": "*"], body: got.body)
    #expect(put.status == 201, "\(put.body)")
    let delete = try HTTP.request(
      server.base + "/dav/calendars/work/review-1.ics", method: "DELETE",
      headers: ["If-Match": got.header("ETag") ?? "*"])
    #expect(delete.status == 404)
    _ = server.stop()
    server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    let again = try HTTP.request(server.base + "/dav/calendars/family/4C1B-moved.ics")
    #expect(again.status == 200 && again.body.contains("UID:review-1\r\n"), "\(again.status) \(again.body)")
    #expect(try Self.listing(server, "family").contains("/dav/calendars/family/4C1B-moved.ics<"))
    #expect(!(try Self.listing(server, "work")).contains("review-1"))
    #expect(try HTTP.request(server.base + "/dav/calendars/work/review-1.ics").status == 404)
    #expect(Self.notes(holding: "review-1", in: folder).keys.sorted() == ["Events/Family/Quarterly review.md"])
  }

  /// A new event PUT into one calendar with the category of a calendar listed before it (Work's
  /// `work`, as vault itself sends it) stays where its client put it: its note is not given the
  /// category, which would list it in Work and leave nothing at the address the client chose;
  /// the CATEGORIES are kept beside the note and come back. An event the calendar would not
  /// hold even so (a folder inside an earlier calendar's folder) is refused.
  @Test func aNewEventWithAnotherCalendarsCategoryStaysInTheCalendarItWasPutIn() throws {
    let (folder, server) = try Self.served()
    defer { _ = server.stop() }
    let body = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:offsite-1",
      "DTSTAMP:20261123T090000Z", "DTSTART:20261211T090000", "DTEND:20261211T170000", "SUMMARY:Offsite",
      "CATEGORIES:work", "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    for calendar in ["family", "events"] {
      let uid = "offsite-\(calendar)"
      let href = server.base + "/dav/calendars/\(calendar)/\(uid).ics"
      let put = try HTTP.request(
        href, method: "PUT", headers: ["Content-Type": "text/calendar", "If-None-Match": "*"],
        body: body.replacingOccurrences(of: "UID:offsite-1", with: "UID:\(uid)"))
      #expect(put.status == 201, "\(calendar): \(put.body)")
      let got = try HTTP.request(href)
      #expect(got.status == 200 && got.body.contains("CATEGORIES:work"), "\(calendar): \(got.body)")
      #expect(!(try Self.listing(server, "work")).contains("/\(uid).ics<"), "\(calendar)")
      let note = try #require(Self.notes(holding: uid, in: folder).first, "\(calendar)")
      #expect(!note.value.contains("category:"), "\(note)")
      #expect(note.key.hasPrefix(calendar == "family" ? "Events/Family/" : "Events/"), "\(note.key)")
    }

    // Kids' folder is inside Family's, which `calendars:` lists first: nothing PUT into Kids
    // could be listed there.
    let config = folder.appendingPathComponent(".vault/config.yml")
    try (String(contentsOf: config, encoding: .utf8) + "  Kids: {folder: Events/Family/Kids}\n").write(
      to: config, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Events/Family/Kids"), withIntermediateDirectories: true)
    try Self.waitForCalendar(server, "kids")
    let refused = try HTTP.request(
      server.base + "/dav/calendars/kids/offsite-kids.ics", method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: body.replacingOccurrences(of: "UID:offsite-1", with: "UID:offsite-kids"))
    #expect(refused.status == 403 && refused.body.contains("would be in the calendar Family"), "\(refused.body)")
    #expect(Self.notes(holding: "offsite-kids", in: folder).isEmpty)
  }

  /// The notes of the vault whose front matter holds `uid: <uid>` or `uid: <uid>/…`, trash and all.
  static func notes(holding uid: String, in folder: URL) -> [String: String] {
    var found: [String: String] = [:]
    for path in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    where path.hasSuffix(".md") {
      let text = Self.text(folder, path) ?? ""
      if text.contains("\nuid: \(uid)\n") || text.contains("\nuid: \(uid)/") { found[path] = text }
    }
    return found
  }

  /// vdirsyncer (Debian's), syncing two calendars with two local folders, and a local `.ics`
  /// file moved from one folder to the other (Fixtures/Oracles/vdirsyncer-move). Synced new
  /// calendar first, vdirsyncer PUTs the object there before it DELETEs it in the old one, and
  /// the notes move; the old calendar first, the note goes to the trash and the PUT makes it
  /// anew. Either way every sync succeeds, the event is in the new calendar once, and syncs
  /// after it change nothing on either side. (vdirsyncer 0.19 warns "Deleting an item with no
  /// etag" when it sends one: its message is the wrong way round.)
  @Test(arguments: ["to-first", "from-first"])
  func vdirsyncerMovingALocalFileMovesTheEventOnce(order: String) throws {
    let (folder, server) = try Self.served()
    defer { _ = server.stop() }
    // vdirsyncer refuses to sync a folder the move empties: Family keeps another event.
    try Data("---\ntitle: Piano\nuid: piano-1\ndate: 2026-12-12\nallDay: true\n---\n".utf8)
      .write(to: folder.appendingPathComponent("Events/Family/Piano.md"))
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/vdirsyncer-move").path
    let work = folder.deletingLastPathComponent().appendingPathComponent("vdirsyncer").path
    // The swimming series, with its changed occurrence, moves Family (a folder) to Work (a
    // category); the review the other way.
    let (source, target, uid) = order == "to-first" ? ("family", "work", "swim-1") : ("work", "family", "review-1")
    let output = try Oracle.run("python3", [oracle, server.base + "/dav/", work, order, source, target, uid + ".ics"])
    let seen = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    let syncs = seen["syncs"] as? [[String: Any]] ?? []
    #expect(syncs.count == 6)
    for sync in syncs {
      #expect(sync["status"] as? Int == 0, "\(sync)")
      #expect(!"\(sync["output"] ?? "")".contains("error"), "\(sync)")
    }
    let first = seen["first"] as? [String: String] ?? [:]
    #expect(first["\(source)/\(uid).ics"] != nil && first["family/piano-1.ics"] != nil, "\(first.keys.sorted())")
    let settled = seen["settled"] as? [String: String] ?? [:]
    #expect(
      settled["\(target)/\(uid).ics"] != nil && settled["\(source)/\(uid).ics"] == nil, "\(settled.keys.sorted())")
    #expect(seen["idle"] as? [String: String] == settled, "a sync after the move changed the local folders")

    // The server lists it in the new calendar only, once.
    #expect(try Self.listing(server, target).components(separatedBy: "/\(uid).ics<").count == 2)
    #expect(!(try Self.listing(server, source)).contains("/\(uid).ics<"))
    let notes = Self.notes(holding: uid, in: folder)
    if order == "to-first" {
      // Moved: the same notes, out of the folder, the series with Work's category, the
      // occurrence still its series'.
      #expect(Set(notes.keys) == ["Events/Swimming.md", "Events/Swimming 2026-12-09.md"], "\(notes.keys.sorted())")
      let series = notes["Events/Swimming.md"] ?? ""
      #expect(series.contains("category: work\n") && series.contains("skipDates: [2026-12-09]\n"), "\(series)")
      let changed = notes["Events/Swimming 2026-12-09.md"] ?? ""
      #expect(
        changed.contains("date: 2026-12-10\n") && changed.contains("series: \"[[Events/Swimming]]\"\n"), "\(changed)")
    } else {
      // Deleted, then made anew from what vdirsyncer sends: the old note in the trash, the new
      // one in Family's folder without Work's category, its text kept.
      let made = notes.filter { !$0.key.hasPrefix(".trash/") }
      #expect(Set(notes.keys).subtracting(made.keys) == [".trash/Quarterly review.md"], "\(notes.keys.sorted())")
      #expect(made.count == 1 && made.keys.allSatisfy { $0.hasPrefix("Events/Family/") }, "\(notes.keys.sorted())")
      let note = made.values.first ?? ""
      #expect(note.contains("date: 2026-12-08\n") && !note.contains("category:"), "\(note)")
      #expect(note.contains("Agenda in the shared folder."), "\(note)")
    }
  }

  /// The same for a to-do moved between two task lists' folders: once, in the new list, its line
  /// without the old list's tag, whichever list vdirsyncer syncs first.
  @Test(arguments: ["to-first", "from-first"])
  func vdirsyncerMovingALocalToDoMovesItOnce(order: String) throws {
    let (folder, server) = try Self.served()
    defer { _ = server.stop() }
    let tasks = folder.appendingPathComponent("Tasks.md")
    try
      (String(contentsOf: tasks, encoding: .utf8)
      + "- [ ] Post the parcel #errands 🆔 parcel-1 📅 2026-12-02\n- [ ] Buy stamps #errands 🆔 stamps-1 📅 2026-12-02\n")
      .write(to: tasks, atomically: true, encoding: .utf8)
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/vdirsyncer-move").path
    let work = folder.deletingLastPathComponent().appendingPathComponent("vdirsyncer").path
    let output = try Oracle.run(
      "python3", [oracle, server.base + "/dav/", work, order, "errands", "tasks", "parcel-1.ics"])
    let seen = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    for sync in seen["syncs"] as? [[String: Any]] ?? [] {
      #expect(sync["status"] as? Int == 0 && !"\(sync["output"] ?? "")".contains("error"), "\(sync)")
    }
    let settled = seen["settled"] as? [String: String] ?? [:]
    #expect(settled["tasks/parcel-1.ics"] != nil && settled["errands/parcel-1.ics"] == nil, "\(settled.keys.sorted())")
    #expect(seen["idle"] as? [String: String] == settled, "a sync after the move changed the local folders")
    #expect(try Self.listing(server, "tasks").components(separatedBy: "/parcel-1.ics<").count == 2)
    #expect(!(try Self.listing(server, "errands")).contains("/parcel-1.ics<"))
    var lines: [String] = []
    for path in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    where path.hasSuffix(".md") && !path.hasPrefix(".trash") {
      lines += (Self.text(folder, path) ?? "").split(separator: "\n").map(String.init).filter {
        $0.contains("🆔 parcel-1")
      }
    }
    #expect(
      lines.count == 1 && lines.allSatisfy { $0.hasPrefix("- [ ] Post the parcel") && !$0.contains("#errands") },
      "\(lines)")
  }
}
