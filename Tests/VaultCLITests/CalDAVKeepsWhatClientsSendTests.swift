import Foundation
import TestSupport
import Testing

/// A phone never loses what it sends: bodies as iOS, Thunderbird, Outlook, Evolution, and
/// Tasks.org and jtx Board (through DAVx5) send them (Fixtures/ClientBodies) are PUT to `vault serve` and
/// read back, and Python's `icalendar` finds every property, parameter and alarm they sent
/// (Fixtures/Oracles/caldav-keeps-everything). What the notes cannot say is kept in
/// `.vault/caldav/`; an edit of the note afterwards wins where it changed something, and a
/// client's DELETE removes what was kept.
@Suite struct CalDAVKeepsWhatClientsSendTests {
  @Test func everyPropertyAClientSendsComesBack() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/caldav-keeps-everything").path
    let bodies = Fixture.testsFolder.appendingPathComponent("Fixtures/ClientBodies").path
    let output = try Oracle.run("python3", [oracle, server.base + "/dav/", bodies])
    let result = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let answers = result["answers"] as? [String: [String: Any]] ?? [:]
    #expect(answers.count == 7)
    for (file, answer) in answers {
      // Each is a new object (RFC 4918 9.7.1: 201 Created).
      #expect(answer["put"] as? Int == 201, "\(file): \(answer)")
    }
    let missing = result["missing"] as? [[String: Any]] ?? [["where": "no answer"]]
    print("client bodies: \(result["compared"] ?? 0) properties sent, \(missing.count) missing or changed on GET")
    #expect((result["compared"] as? Int ?? 0) > 140)
    #expect(missing.isEmpty, "\(missing)")
    // jtx Board's journal entry is its day's note, and its note without a day a note of its own.
    for note in ["Journal/2026/12/2026-12-02.md", "Notes/Gift ideas.md"] {
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(note).path), "\(note)")
    }
  }

  @Test func aNoteEditedLaterWinsWhereItChangedAndADeleteRemovesWhatWasKept() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let uid = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
    let url = server.base + "/dav/calendars/events/\(uid).ics"
    let body = try String(
      contentsOf: Fixture.testsFolder.appendingPathComponent("Fixtures/ClientBodies/ios-event.ics"), encoding: .utf8
    ).replacingOccurrences(of: "\n", with: "\r\n")
    let put = try HTTP.request(url, method: "PUT", headers: ["Content-Type": "text/calendar"], body: body)
    #expect(put.status == 201)
    let kept = folder.appendingPathComponent(".vault/caldav/events/\(uid).ics.json")
    #expect(FileManager.default.fileExists(atPath: kept.path))
    // Until the note changes, a GET gives the very bytes sent, and the PUT said their ETag.
    let first = try HTTP.request(url)
    #expect(first.body == body)
    #expect(put.header("ETag") != nil && put.header("ETag") == first.header("ETag"))
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite"]
    let note = "Events/2026-12-03 Planning with Ana.md"
    #expect(try CLI.run(["set", note, "location", "Room 4"], in: folder, environment: environment).status == 0)
    var got = try HTTP.request(url)
    let deadline = Date().addingTimeInterval(5)
    while !got.body.contains("LOCATION:Room 4") && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      got = try HTTP.request(url)
    }
    #expect(got.body.contains("LOCATION:Room 4"), "\(got.body)")
    #expect(!got.body.contains("Einstein\\nKurf"))
    #expect(got.body.contains("ATTENDEE;CN=Ana;PARTSTAT=ACCEPTED"))
    #expect(got.body.contains("X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC"))
    #expect(got.body.contains("TRIGGER;VALUE=DATE-TIME:20261203T080000Z"))
    #expect(got.header("ETag") != first.header("ETag"))
    #expect(try HTTP.request(url, method: "DELETE").status == 204)
    #expect(!FileManager.default.fileExists(atPath: kept.path))
    #expect(try HTTP.request(url).status == 404)
  }

  /// An object lives at the URL its client PUT it to, whatever its UID: GET, the listing and
  /// DELETE find it there (an event and a to-do).
  @Test func anObjectLivesAtTheURLItsClientPutItTo() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let bodies = Fixture.testsFolder.appendingPathComponent("Fixtures/ClientBodies")
    for (collection, file, uid) in [
      ("events", "ios-event.ics", "3F2504E0-4F89-11D3-9A0C-0305E82C3301"),
      ("tasks", "tasks-org-todo.ics", "8765432112345"),
    ] {
      let body = try String(contentsOf: bodies.appendingPathComponent(file), encoding: .utf8)
        .replacingOccurrences(of: "\n", with: "\r\n")
      let href = "/dav/calendars/\(collection)/client-chose-this-\(collection).ics"
      let put = try HTTP.request(
        server.base + href, method: "PUT", headers: ["Content-Type": "text/calendar"], body: body)
      #expect(put.status == 201, "\(collection): \(put.status) \(put.body)")
      let got = try HTTP.request(server.base + href)
      #expect(got.status == 200 && got.body.contains("UID:\(uid)"), "\(collection): \(got.status)")
      // The bytes sent come back, with the ETag the PUT gave (RFC 4791 5.3.4).
      #expect(got.body == body, "\(collection)")
      #expect(put.header("ETag") != nil && put.header("ETag") == got.header("ETag"), "\(collection)")
      let listing = try HTTP.request(
        server.base + "/dav/calendars/\(collection)/", method: "PROPFIND", headers: ["Depth": "1"],
        body: "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop></d:propfind>")
      #expect(listing.body.contains("<d:href>\(href)</d:href>"), "\(collection)")
      #expect(!listing.body.contains("<d:href>/dav/calendars/\(collection)/\(uid).ics</d:href>"))
      #expect(try HTTP.request(server.base + href, method: "DELETE").status == 204)
      #expect(try HTTP.request(server.base + href).status == 404)
    }
  }

  /// What was kept of an event goes to the trash with its note (`vault rm`), and comes back
  /// with it: the note and what its client sent are both in `.trash/`.
  @Test func whatWasKeptGoesToTheTrashWithItsNote() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let uid = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
    let body = try String(
      contentsOf: Fixture.testsFolder.appendingPathComponent("Fixtures/ClientBodies/ios-event.ics"), encoding: .utf8
    ).replacingOccurrences(of: "\n", with: "\r\n")
    let url = server.base + "/dav/calendars/events/\(uid).ics"
    #expect(try HTTP.request(url, method: "PUT", headers: ["Content-Type": "text/calendar"], body: body).status == 201)
    let kept = folder.appendingPathComponent(".vault/caldav/events/\(uid).ics.json")
    #expect(FileManager.default.fileExists(atPath: kept.path))
    let removed = try CLI.run(
      ["rm", "Events/2026-12-03 Planning with Ana.md", "--yes"], in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite"])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: kept.path))
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(".trash/.caldav/events/\(uid).ics.json").path))
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent(".trash/2026-12-03 Planning with Ana.md").path))
  }
}
