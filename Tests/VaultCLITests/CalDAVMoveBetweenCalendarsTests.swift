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
    #expect(try HTTP.request(server.base + "/dav/calendars/family/review-1.ics").body.contains("at home"))

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
}
