import Foundation
import TestSupport
import Testing

/// Writes through CalDAV lose nothing: of clients that read one version the first wins and the
/// others get 412, an edit made in an editor meanwhile is never overwritten, and bad input
/// (malformed or hostile XML, huge bodies, hostile titles, components a calendar does not hold)
/// gets a 4xx with a reason, writes nothing outside the vault and damages nothing.
@Suite struct CalDAVWriteSafetyTests {
  static let events = "/dav/calendars/events/"

  /// Every file of a folder and its neighbours (what is beside the vault too), with its bytes.
  static func files(_ folder: URL) throws -> [String: Data] {
    let root = folder.deletingLastPathComponent()
    var files: [String: Data] = [:]
    for path in FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? [] {
      let url = root.appendingPathComponent(path)
      var directory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &directory), !directory.boolValue,
        !path.contains("-index.sqlite"), !path.contains("-state/")
      else { continue }
      files[path] = try Data(contentsOf: url)
    }
    return files
  }

  static func event(uid: String, summary: String, day: String = "20261203") -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VEVENT\r
    UID:\(uid)\r
    DTSTAMP:20261120T100000Z\r
    DTSTART;VALUE=DATE:\(day)\r
    SUMMARY:\(summary)\r
    END:VEVENT\r
    END:VCALENDAR\r

    """
  }

  @Test func ofTwoClientsWithOneVersionTheSecondGets412AndAnEditorsEditStays() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let url = server.base + Self.events + "meeting.ics"
    let created = try HTTP.request(
      url, method: "PUT", headers: ["Content-Type": "text/calendar", "If-None-Match": "*"],
      body: Self.event(uid: "meeting", summary: "Planning"))
    #expect(created.status == 201, "\(created.body)")
    let again = try HTTP.request(
      url, method: "PUT", headers: ["Content-Type": "text/calendar", "If-None-Match": "*"],
      body: Self.event(uid: "meeting", summary: "Planning"))
    #expect(again.status == 412)
    let read = try HTTP.request(url)
    let etag = try #require(read.header("ETag"))
    // Eight clients at once, each with the version they read: one change lands.
    let script = """
      import sys, json, threading, urllib.request, urllib.error
      url, etag, body = sys.argv[1], sys.argv[2], sys.stdin.read()
      statuses = []
      def put(number):
          data = body.replace('SUMMARY:Planning', 'SUMMARY:Planning ' + str(number)).encode()
          request = urllib.request.Request(url, data=data, method='PUT',
              headers={'Content-Type': 'text/calendar', 'If-Match': etag})
          try:
              statuses.append(urllib.request.urlopen(request, timeout=30).status)
          except urllib.error.HTTPError as error:
              statuses.append(error.code)
      threads = [threading.Thread(target=put, args=(n,)) for n in range(8)]
      [t.start() for t in threads]
      [t.join() for t in threads]
      print(json.dumps(sorted(statuses)))
      """
    let output = try Oracle.run(
      "python3", ["-c", script, url, etag], input: Self.event(uid: "meeting", summary: "Planning"))
    #expect(output.trimmingCharacters(in: .whitespacesAndNewlines) == "[204, 412, 412, 412, 412, 412, 412, 412]")
    let note = folder.appendingPathComponent("Events/2026-12-03 Planning.md")
    let landed = try String(contentsOf: note, encoding: .utf8)
    #expect(landed.contains("title: Planning "), "\(landed)")

    // An editor changes the note after the client read it: the client's write is refused.
    let fresh = try #require(try HTTP.request(url).header("ETag"))
    let edited = landed.replacingOccurrences(of: "allDay: true", with: "allDay: true\nlocation: Room 4")
    try edited.write(to: note, atomically: false, encoding: .utf8)
    let late = try HTTP.request(
      url, method: "PUT", headers: ["Content-Type": "text/calendar", "If-Match": fresh],
      body: Self.event(uid: "meeting", summary: "Planning, late"))
    #expect(late.status == 412, "\(late.body)")
    #expect(try String(contentsOf: note, encoding: .utf8) == edited)
    let gone = try HTTP.request(url, method: "DELETE", headers: ["If-Match": fresh])
    #expect(gone.status == 412)
    #expect(FileManager.default.fileExists(atPath: note.path))
  }

  @Test func everyEventSentBackUnchangedWritesNothingAndANewTitleOnlyItsKey() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let listing = try HTTP.request(
      server.base + Self.events, method: "PROPFIND", headers: ["Depth": "1"],
      body: "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop></d:propfind>")
    let hrefs = listing.body.components(separatedBy: "<d:href>").dropFirst().compactMap {
      $0.components(separatedBy: "</d:href>").first
    }.filter { $0.hasSuffix(".ics") }
    #expect(hrefs.count == 10)
    let before = try Self.files(folder)
    for href in hrefs {
      let object = try HTTP.request(server.base + href)
      let put = try HTTP.request(
        server.base + href, method: "PUT",
        headers: ["Content-Type": "text/calendar", "If-Match": object.header("ETag") ?? ""], body: object.body)
      #expect(put.status == 204, "\(href): \(put.status) \(put.body)")
    }
    #expect(try Self.files(folder) == before, "an unchanged object changed a note")
    // A birthday (a yearly rule from its date, the Full Calendar way) renamed on the phone.
    let birthday = try #require(
      hrefs.first { try HTTP.request(server.base + $0).body.contains("Mum's Birthday\r\n") })
    let object = try HTTP.request(server.base + birthday)
    let put = try HTTP.request(
      server.base + birthday, method: "PUT",
      headers: ["Content-Type": "text/calendar", "If-Match": object.header("ETag") ?? ""],
      body: object.body.replacingOccurrences(of: "Mum's Birthday\r\n", with: "Mum's 61st Birthday\r\n"))
    #expect(put.status == 204)
    let after = try Self.files(folder)
    // The note, and beside it the object as its client sent it (so that a GET gives those very
    // bytes back, and the PUT answered with their ETag).
    let changed = after.keys.filter { after[$0] != before[$0] }.sorted {
      $0.hasSuffix(".md") && !$1.hasSuffix(".md")
    }
    let shortened: Set<String> = Set(changed.map { $0.components(separatedBy: "/").suffix(2).joined(separator: "/") })
    let kept = "events/" + String(birthday.split(separator: "/").last ?? "") + ".json"
    #expect(shortened == ["Events/Mum's Birthday.md", kept])
    #expect(put.header("ETag") != nil)
    let path = try #require(changed.first)
    #expect(
      String(decoding: after[path] ?? Data(), as: UTF8.self)
        == String(decoding: before[path] ?? Data(), as: UTF8.self).replacingOccurrences(
          of: "title: Mum's Birthday\n", with: "title: Mum's 61st Birthday\n"))
  }

  @Test func badInputGetsAReasonAndWritesNothing() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    // Reading the task list gives its tasks ids (a write of its own): done before the snapshot.
    _ = try HTTP.request(server.base + "/dav/calendars/tasks/", method: "PROPFIND", headers: ["Depth": "1"])
    let before = try Self.files(folder)
    let nested = String(repeating: "<d:prop>", count: 100) + String(repeating: "</d:prop>", count: 100)
    let bodies: [(String, String, [String: String], String, Int)] = [
      ("malformed XML", "PROPFIND", ["Depth": "1"], "<d:propfind xmlns:d=\"DAV:\"><d:prop>", 400),
      (
        "an entity", "PROPFIND", [:],
        "<!DOCTYPE x [<!ENTITY a \"aaaa\">]><d:propfind xmlns:d=\"DAV:\">&a;</d:propfind>", 400
      ),
      ("deep nesting", "PROPFIND", [:], "<d:propfind xmlns:d=\"DAV:\">" + nested + "</d:propfind>", 400),
      ("an undeclared prefix", "REPORT", [:], "<x:sync-collection/>", 400),
      ("a huge body", "PROPFIND", [:], String(repeating: "<!-- padding -->", count: 200_000), 413),
      ("a report it does not know", "REPORT", [:], "<d:expand-property xmlns:d=\"DAV:\"/>", 403),
    ]
    for (what, method, headers, body, status) in bodies {
      let answer = try HTTP.request(server.base + Self.events, method: method, headers: headers, body: body)
      #expect(answer.status == status, "\(what): \(answer.status) \(answer.body.prefix(300))")
      #expect(!answer.body.isEmpty, "\(what): no reason given")
    }
    let puts: [(String, String, String, Int)] = [
      ("no calendar", Self.events + "x.ics", "hello", 403),
      (
        "a to-do in a calendar", Self.events + "t.ics",
        Self.event(uid: "t", summary: "x").replacingOccurrences(of: "VEVENT", with: "VTODO"), 403
      ),
      (
        "a journal", Self.events + "j.ics",
        Self.event(uid: "j", summary: "x").replacingOccurrences(of: "VEVENT", with: "VJOURNAL"), 403
      ),
      ("an event in the task list", "/dav/calendars/tasks/e.ics", Self.event(uid: "e", summary: "x"), 403),
      (
        "two UIDs", Self.events + "two.ics",
        Self.event(uid: "a", summary: "x").replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
          + "BEGIN:VEVENT\r\nUID:b\r\nDTSTART;VALUE=DATE:20261204\r\nSUMMARY:y\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 403
      ),
      (
        "no date", Self.events + "nodate.ics",
        Self.event(uid: "nodate", summary: "x").replacingOccurrences(of: "DTSTART;VALUE=DATE:20261203\r\n", with: ""),
        403
      ),
      (
        "a change of this and later occurrences", Self.events + "future.ics",
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:future\r\nSUMMARY:x\r\n"
          + "DTSTART:20261203T100000Z\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:future\r\n"
          + "RECURRENCE-ID;RANGE=THISANDFUTURE:20261205T100000Z\r\nSUMMARY:y\r\nDTSTART:20261205T110000Z\r\n"
          + "END:VEVENT\r\nEND:VCALENDAR\r\n", 403
      ),
      ("a name outside", "/dav/calendars/events/..%2F..%2Fescape.ics", Self.event(uid: "escape", summary: "x"), 404),
      ("a calendar that is not", "/dav/calendars/nothing/x.ics", Self.event(uid: "n", summary: "x"), 404),
    ]
    for (what, path, body, status) in puts {
      let answer = try HTTP.request(
        server.base + path, method: "PUT", headers: ["Content-Type": "text/calendar"], body: body)
      #expect(answer.status == status, "\(what): \(answer.status) \(answer.body.prefix(300))")
      #expect(!answer.body.isEmpty, "\(what): no reason given")
      if path.hasSuffix("future.ics") { #expect(answer.body.contains("RANGE=THISANDFUTURE"), "\(answer.body)") }
    }
    #expect(try Self.files(folder) == before, "a refused request changed files")

    // A hostile title: the note is made inside the events folder, under a name with none of it.
    let hostile = "../../etc/passwd \u{1B}[31m\\..\\" + String(repeating: "long ", count: 2_000)
    let made = try HTTP.request(
      server.base + Self.events + "hostile.ics", method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: Self.event(uid: "hostile", summary: hostile.replacingOccurrences(of: "\\", with: "\\\\")))
    #expect(made.status == 201, "\(made.body)")
    let after = try Self.files(folder)
    // What the note cannot say of it is kept in `.vault/caldav/`, under the object's name.
    let kept = Set(after.keys).subtracting(before.keys).filter { $0.contains("/.vault/caldav/") }
    #expect(kept.allSatisfy { $0.hasSuffix("/.vault/caldav/events/hostile.ics.json") }, "\(kept)")
    let added = Set(after.keys).subtracting(before.keys).subtracting(kept)
    #expect(added.count == 1, "\(added)")
    let name = try #require(added.first)
    #expect(name.hasPrefix(folder.lastPathComponent + "/Events/2026-12-03 "), "\(name)")
    let file = String(name.dropFirst((folder.lastPathComponent + "/Events/").count))
    #expect(!file.contains("/") && !file.contains("\\") && !file.contains("\u{1B}") && file.count < 140, "\(file)")
    let text = String(decoding: after[name] ?? Data(), as: UTF8.self)
    #expect(text.contains("long long"))
    let back = try HTTP.request(server.base + Self.events + "hostile.ics")
    #expect(back.status == 200)
    #expect(back.body.contains("UID:hostile"))
    for (path, data) in before { #expect(after[path] == data, "\(path) changed") }
  }
}
