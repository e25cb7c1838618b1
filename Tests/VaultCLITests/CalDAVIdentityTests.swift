import Foundation
import TestSupport
import Testing

/// What a CalDAV client holds on to survives what happens to the vault meanwhile: a sync token
/// outlives a restart of the server and a rebuilt index, a to-do keeps its UID when its text is
/// edited in an editor, and a token the server no longer knows is refused so that the client
/// reads the calendar anew.
@Suite struct CalDAVIdentityTests {
  static let tokenQuery = "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:sync-token/></d:prop></d:propfind>"

  static func sync(_ token: String) -> String {
    """
    <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>\
    <d:prop><d:getetag/></d:prop></d:sync-collection>
    """
  }

  static func token(_ server: ServedVault, _ calendar: String) throws -> String {
    let answer = try HTTP.request(
      server.base + "/dav/calendars/\(calendar)/", method: "PROPFIND", headers: ["Depth": "0"], body: tokenQuery)
    return answer.body.components(separatedBy: "<d:sync-token>").dropFirst().first?.components(separatedBy: "<")
      .first ?? ""
  }

  @Test func aSyncTokenOutlivesARestartAndARebuiltIndex() throws {
    let folder = try Fixture.copy("ExampleVault")
    var server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    // The task list first: reading it gives tasks ids, in event notes too (which changes those).
    let tasks = try Self.token(server, "tasks")
    let events = try Self.token(server, "events")
    #expect(events.hasPrefix("http://vault.invalid/sync/events:"))
    _ = server.stop()
    let rebuilt = try CLI.run(
      ["index", "--rebuild"], inVault: folder, today: CalDAVClientTests.today,
      extra: ["VAULT_INDEX": folder.path + "-index.sqlite"])
    #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
    server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    for (calendar, token) in [("events", events), ("tasks", tasks)] {
      let answer = try HTTP.request(
        server.base + "/dav/calendars/\(calendar)/", method: "REPORT", headers: ["Depth": "1"],
        body: Self.sync(token))
      #expect(answer.status == 207)
      #expect(!answer.body.contains("<d:response>"), "\(calendar): \(answer.body.prefix(500))")
      #expect(answer.body.contains("<d:sync-token>\(token)</d:sync-token>"))
    }
    let unknown = try HTTP.request(
      server.base + "/dav/calendars/events/", method: "REPORT", headers: ["Depth": "1"],
      body: Self.sync("http://vault.invalid/sync/events:999-0"))
    #expect(unknown.status == 403)
    #expect(unknown.body.contains("valid-sync-token"))
  }

  /// A phone that was off while other clients made many changes syncs from its old token: it
  /// gets exactly the objects changed or removed since, not a 403 and a download of everything.
  /// `VAULT_TOKEN_CHANGES` sets how many changes (300 here; 1,000 in DEVELOPMENT.md).
  @Test func aTokenManyChangesOldStillSyncs() throws {
    let changes = ProcessInfo.processInfo.environment["VAULT_TOKEN_CHANGES"].flatMap { Int($0) } ?? 300
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let old = try Self.token(server, "events")
    // Another client: a new event at each change, and each asks for the token (a listing),
    // so every change is a state of its own; the last five events are then deleted.
    let script = """
      import http.client, sys, urllib.parse
      base, count = urllib.parse.urlsplit(sys.argv[1]), int(sys.argv[2])
      connection = http.client.HTTPConnection(base.hostname, base.port, timeout=30)
      def ask(method, path, body=None, headers={}):
          connection.request(method, path, body=body, headers=headers)
          answer = connection.getresponse()
          answer.read()
          return answer.status
      for number in range(count):
          body = ("BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\nPRODID:-//other//EN\\r\\nBEGIN:VEVENT\\r\\n"
                  "UID:change-%d\\r\\nDTSTAMP:20261122T000000Z\\r\\nDTSTART:20261201T090000Z\\r\\n"
                  "DTEND:20261201T100000Z\\r\\nSUMMARY:Change %d\\r\\nEND:VEVENT\\r\\nEND:VCALENDAR\\r\\n") % (number, number)
          assert ask("PUT", "/dav/calendars/events/change-%d.ics" % number, body, {"Content-Type": "text/calendar"}) == 201
          assert ask("PROPFIND", "/dav/calendars/events/", sys.argv[3], {"Depth": "0"}) == 207
      for number in range(count - 5, count):
          assert ask("DELETE", "/dav/calendars/events/change-%d.ics" % number) == 204
      print("ok")
      """
    let done = try Oracle.run("python3", ["-c", script, server.base, String(changes), Self.tokenQuery])
    #expect(done.contains("ok"))
    let answer = try HTTP.request(
      server.base + "/dav/calendars/events/", method: "REPORT", headers: ["Depth": "1"], body: Self.sync(old))
    #expect(answer.status == 207, "\(answer.body.prefix(300))")
    let responses = answer.body.components(separatedBy: "<d:response>").dropFirst()
    let changed = responses.filter { !$0.contains("404 Not Found") }
    let removed = responses.filter { $0.contains("404 Not Found") }
    print("a token \(changes + 5) changes old: \(changed.count) changed and \(removed.count) removed objects")
    #expect(changed.count == changes - 5)
    #expect(removed.count == 5)
    #expect(!answer.body.contains("/dav/calendars/events/Dentist") && !answer.body.contains("Birthday"))
  }

  /// `DAV:limit` (RFC 6578 3.6): a client that takes at most N changes at a time gets N, a 507
  /// for the rest and a token that goes on from there; following the tokens it gets every
  /// object once, also when an object changes between two of its requests.
  @Test func aLimitedSyncGivesTheChangesInPartsThatAddUp() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let url = server.base + "/dav/calendars/events/"
    func sync(_ token: String, limit: Int) throws -> (names: [String], more: Bool, token: String) {
      let body = """
        <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>\
        <d:limit><d:nresults>\(limit)</d:nresults></d:limit><d:prop><d:getetag/></d:prop></d:sync-collection>
        """
      let answer = try HTTP.request(url, method: "REPORT", headers: ["Depth": "1"], body: body)
      #expect(answer.status == 207, "\(answer.body.prefix(300))")
      let responses = answer.body.components(separatedBy: "<d:response>").dropFirst()
      // The 507 of what is left is told by its status line: an ETag (a hash) may hold "507".
      let names = responses.filter { !$0.contains("HTTP/1.1 507") }.compactMap {
        $0.components(separatedBy: "<d:href>").dropFirst().first?.components(separatedBy: "</d:href>").first
      }
      let more = responses.contains { $0.contains("HTTP/1.1 507") && $0.contains("number-of-matches-within-limits") }
      let token =
        answer.body.components(separatedBy: "<d:sync-token>").dropFirst().first?.components(separatedBy: "<").first
        ?? ""
      return (names, more, token)
    }
    // From nothing: the ten events, three at a time.
    var token = ""
    var seen: [String] = []
    var parts = 0
    repeat {
      let part = try sync(token, limit: 3)
      #expect(part.names.count <= 3)
      seen += part.names
      token = part.token
      parts += 1
      if !part.more { break }
      // An event changes between two parts: it comes (again) in a later one.
      if parts == 2, let changed = seen.first {
        let object = try HTTP.request(server.base + changed)
        let put = try HTTP.request(
          server.base + changed, method: "PUT", headers: ["Content-Type": "text/calendar"],
          body: object.body.replacingOccurrences(of: "SUMMARY:", with: "SUMMARY:Changed "))
        #expect(put.status == 204, "\(put.status) \(put.body)")
      }
    } while parts < 20
    #expect(parts >= 4)
    #expect(Set(seen).count == 10, "\(seen)")
    #expect(seen.filter { $0 == seen.first }.count == 2, "the event changed between parts comes again: \(seen)")
    // The last token is the calendar's own: nothing new since.
    let after = try sync(token, limit: 3)
    #expect(after.names.isEmpty && !after.more && after.token == token)
  }

  @Test func aToDoKeepsItsUIDWhenItsTextIsEditedAndTheIndexRebuilt() throws {
    let folder = try Fixture.copy("ExampleVault")
    var server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    let listing = try HTTP.request(
      server.base + "/dav/calendars/tasks/", method: "PROPFIND", headers: ["Depth": "1"],
      body: "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop></d:propfind>")
    #expect(listing.status == 207)
    let inbox = folder.appendingPathComponent("Tasks.md")
    let text = try String(contentsOf: inbox, encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.contains("Renew passport") })
    let id = try #require(line.components(separatedBy: "🆔 ").last?.split(separator: " ").first.map(String.init))
    #expect(listing.body.contains("/dav/calendars/tasks/\(id).ics"))
    _ = server.stop()
    // Reworded in an editor, the index rebuilt: the same to-do, with its new words.
    try text.replacingOccurrences(of: "Renew passport", with: "Renew the passport at the town hall").write(
      to: inbox, atomically: true, encoding: .utf8)
    #expect(
      try CLI.run(
        ["index", "--rebuild"], inVault: folder, today: CalDAVClientTests.today,
        extra: ["VAULT_INDEX": folder.path + "-index.sqlite"]
      ).status == 0)
    server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let todo = try HTTP.request(server.base + "/dav/calendars/tasks/\(id).ics")
    #expect(todo.status == 200)
    #expect(todo.body.contains("UID:\(id)\r\n"))
    #expect(todo.body.contains("SUMMARY:Renew the passport at the town hall\r\n"), "\(todo.body)")
    // Its DTSTAMP is never its due day (which may be still to come): the day it was made,
    // done or cancelled, and the same fixed moment for a line that says none of them.
    #expect(line.contains("📅 2026-11-20") && !line.contains("➕"))
    #expect(todo.body.contains("DTSTAMP:19700101T000000Z\r\n"), "\(todo.body)")
  }
}
