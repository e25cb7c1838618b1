import Foundation
import TestSupport
import Testing

/// `vault serve` answers only to the names it is reached by: on loopback exactly `localhost`,
/// the addresses 127.0.0.0/8 written as four numbers, `[::1]` and the names given with `--name`.
/// A page of another site that made its own name point at this machine (DNS rebinding:
/// `127.evil.example`, `127.0.0.1.nip.io`) names itself in `Host`, and every door — the pages,
/// CalDAV, the feeds — answers it 421 before reading or writing anything; a write whose
/// `Origin` is another site is refused too.
@Suite struct ServedHostNamesTests {
  /// Host headers of rebinding pages and malformed ones: none may be served.
  static let foreign = [
    "127.evil.example", "127.0.0.1.nip.io", "127.0.0.1.evil.example:PORT", "evil.example", "localhost.evil.example",
    "127.1", "0x7f.0.0.1", "0177.0.0.1", "127.0.0.256", "[::2]", "[::1", "::1", "127.0.0.1:PORT:PORT",
    "127.0.0.1:99999", "", "127.0.0.1.",
  ]
  /// Host headers a browser or a calendar app on this machine sends: all are served.
  static let own = [
    "127.0.0.1:PORT", "localhost:PORT", "LOCALHOST", "127.1.2.3:PORT", "[::1]:PORT", "planner.home:PORT",
  ]

  @Test func everyDoorServesItsOwnNamesOnlyAndAnswersOthers421() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, ["--name", "planner.home"], environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let port = String(server.base.split(separator: ":").last ?? "")
    let doors: [(path: String, method: String)] = [
      ("/", "GET"), ("/tasks", "GET"), ("/calendar.ics", "GET"), ("/tasks.ics", "GET"),
      ("/dav/calendars/events/", "PROPFIND"),
    ]
    /// The answer of `door` to a request that names `name` (PORT: the server's port).
    func ask(_ door: (path: String, method: String), naming name: String) throws -> HTTP.Answer {
      try HTTP.request(
        server.base + door.path, method: door.method,
        headers: ["Host": name.replacingOccurrences(of: "PORT", with: port), "Depth": "1"],
        body: door.method == "PROPFIND" ? CalDAVAccessTests.propfind : nil)
    }
    var served = 0
    for name in Self.foreign {
      for door in doors {
        let answer = try ask(door, naming: name)
        if answer.status != 421 { served += 1 }
        #expect(answer.status == 421, "Host \(name) \(door.method) \(door.path): \(answer.status)")
        #expect(!answer.body.contains("Team Standup"), "Host \(name) \(door.path) read the vault")
      }
    }
    #expect(served == 0)
    for name in Self.own {
      for door in doors {
        let answer = try ask(door, naming: name)
        #expect([200, 207].contains(answer.status), "Host \(name) \(door.method) \(door.path): \(answer.status)")
      }
    }
  }

  @Test func aWriteFromAPageOfAnotherOriginChangesNothing() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let before = try String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8)
    let csrf = HTTP.csrf(in: try HTTP.request(server.base + "/").body)
    let form = ["Content-Type": "application/x-www-form-urlencoded"]
    for origin in ["http://127.0.0.1.nip.io", "http://evil.example", "null", "https://127.evil.example"] {
      let answer = try HTTP.request(
        server.base + "/tasks/add", method: "POST", headers: form.merging(["Origin": origin]) { $1 },
        body: HTTP.form(["csrf": csrf, "text": "from \(origin)"]))
      #expect(answer.status == 403, "Origin \(origin): \(answer.status)")
      let put = try HTTP.request(
        server.base + "/dav/calendars/events/rebound.ics", method: "PUT",
        headers: ["Origin": origin, "Content-Type": "text/calendar"],
        body:
          "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:rebound\r\nDTSTAMP:20261122T000000Z\r\n"
          + "DTSTART:20261130T090000Z\r\nSUMMARY:Rebound\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
      #expect(put.status == 403, "Origin \(origin) PUT: \(put.status)")
    }
    #expect(try String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8) == before)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Events/Rebound.md").path))
    // The server's own page, as a browser sends it, writes.
    let own = try HTTP.request(
      server.base + "/tasks/add", method: "POST", headers: form.merging(["Origin": server.base]) { $1 },
      body: HTTP.form(["csrf": csrf, "text": "from the page"]))
    #expect([200, 303].contains(own.status), "\(own.status)")
  }

  /// Another site open in Chromium (Fixtures/Oracles/cross-origin-in-browser): its page, on
  /// another origin, can read no page, feed or CalDAV answer and change no note, by fetch or by
  /// a form; under a name rebound to this machine, the planner answers it 421 even same-origin.
  @Test func aPageOfAnotherSiteInChromiumReadsAndChangesNothing() throws {
    let folder = try Fixture.copy("ExampleVault")
    let notes = { () throws -> [String: Data] in
      var contents: [String: Data] = [:]
      let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        if url.pathExtension == "md" { contents[url.path] = try Data(contentsOf: url) }
      }
      return contents
    }
    let before = try notes()
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/cross-origin-in-browser").path
    let work = folder.deletingLastPathComponent().appendingPathComponent("cross-origin").path
    let output = try Oracle.run("python3", [oracle, server.base, work], environment: ["SE_AVOID_STATS": "true"])
    let result = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    let attacker = try #require(result["attacker"] as? [String: [String: Any]], "\(output)")
    for name in ["page", "feed", "caldav"] {
      // CORS: the browser hands the page nothing (no Access-Control-Allow-Origin).
      #expect(attacker[name]?["blocked"] != nil, "\(name): \(attacker[name] ?? [:])")
    }
    for name in ["post-no-cors", "put-no-cors"] {
      // An opaque answer: the page learns nothing, and (below) nothing was written.
      #expect((attacker[name]?["read"] as? Int ?? 0) == 0, "\(name): \(attacker[name] ?? [:])")
    }
    let rebound = result["rebound"] as? [String: Any] ?? [:]
    #expect(!(rebound["text"] as? String ?? "").contains("Renew passport"), "\(rebound)")
    let fetched = result["reboundFetch"] as? [String: Any] ?? [:]
    #expect(fetched["status"] as? Int == 421, "\(fetched)")
    #expect(try notes() == before, "a note changed")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Events/attack.md").path))
  }
}
