import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CalDAV server of `vault serve`, its own watcher running: a PROPFIND of depth 1 of the
/// events calendar, a `sync-collection` with nothing new, a month's `calendar-query` with the
/// objects' data, and a PUT of a changed event until it is in its note (each from the request to
/// the last byte of the answer, over loopback).
extension Measurement {
  func calDAV() throws {
    try withServer(named: "caldav") { _, port, started in try calDAV(port: port, started: started) }
  }

  private func calDAV(port: Int, started: Date) throws {
    let events = "/dav/calendars/events/"
    let etags = "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop></d:propfind>"
    // It listens at once and answers 503 (with how far it is) until its index holds the vault.
    while (try? dav(port, "PROPFIND", events, body: etags, depth: "1", expecting: [207, 503])) == nil {
      guard Date().timeIntervalSince(started) < 600 else { return say("  vault serve did not answer") }
      Thread.sleep(forTimeInterval: 0.01)
    }
    row("vault serve: start to first CalDAV answer", Date().timeIntervalSince(started), note: "target ≤ 1 s")
    while (try? dav(port, "PROPFIND", events, body: etags, depth: "1")) == nil {
      guard Date().timeIntervalSince(started) < 600 else { return say("  vault serve did not answer") }
      Thread.sleep(forTimeInterval: 0.05)
    }
    row("vault serve: start to first events listing", Date().timeIntervalSince(started))
    let listing = try dav(port, "PROPFIND", events, body: etags, depth: "1")
    row(
      "CalDAV: PROPFIND depth 1 of the events",
      try median { try dav(port, "PROPFIND", events, body: etags, depth: "1").seconds },
      note: "\(listing.body.components(separatedBy: "<d:response>").count - 2) events, target ≤ 50 ms")
    let tokenBody = "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:sync-token/></d:prop></d:propfind>"
    let tokenAnswer = try dav(port, "PROPFIND", events, body: tokenBody, depth: "0").body
    let token =
      tokenAnswer.components(separatedBy: "<d:sync-token>").dropFirst().first?.components(separatedBy: "<").first ?? ""
    let sync = """
      <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(token)</d:sync-token><d:sync-level>1</d:sync-level>\
      <d:prop><d:getetag/></d:prop></d:sync-collection>
      """
    row(
      "CalDAV: sync-collection, nothing new",
      try median { try dav(port, "REPORT", events, body: sync, depth: "0").seconds },
      note: "target ≤ 50 ms")
    let month = Generator.today
    let first = String(format: "%04d%02d01T000000Z", month.year, month.month)
    let next = month.month == 12 ? (month.year + 1, 1) : (month.year, month.month + 1)
    let last = String(format: "%04d%02d01T000000Z", next.0, next.1)
    let query = """
      <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/>\
      </d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">\
      <c:time-range start="\(first)" end="\(last)"/></c:comp-filter></c:comp-filter></c:filter></c:calendar-query>
      """
    let answer = try dav(port, "REPORT", events, body: query, depth: "1")
    row(
      "CalDAV: a month's calendar-query",
      try median { try dav(port, "REPORT", events, body: query, depth: "1").seconds },
      note: "\(answer.body.components(separatedBy: "<d:response>").count - 1) events, target ≤ 50 ms")
    var round = 0
    let object = events + "bench-put.ics"
    defer {
      _ = try? dav(port, "DELETE", object, body: "", depth: "0", expecting: [204, 404])
      try? FileManager.default.removeItem(atPath: "\(folder)/.trash")
    }
    _ = try dav(port, "PUT", object, body: calendarObject(0), depth: "0", expecting: [201, 204])
    row(
      "CalDAV: a PUT applied to its note",
      try median {
        round += 1
        return try dav(port, "PUT", object, body: calendarObject(round), depth: "0", expecting: [204]).seconds
      }, note: "target ≤ 30 ms")
  }

  func calendarObject(_ round: Int) -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//bench//EN\r
    BEGIN:VEVENT\r
    UID:bench-put\r
    DTSTAMP:20261120T100000Z\r
    DTSTART:20261203T\(String(format: "%02d", 8 + round % 10))0000\r
    DTEND:20261203T\(String(format: "%02d", 9 + round % 10))0000\r
    SUMMARY:Bench meeting \(round)\r
    END:VEVENT\r
    END:VCALENDAR\r

    """
  }

  /// A WebDAV request over a new connection: the time to the last byte, and the body.
  func dav(
    _ port: Int, _ method: String, _ path: String, body: String, depth: String, expecting: Set<Int> = [207]
  ) throws -> (seconds: Double, body: String) {
    let start = DispatchTime.now()
    let socket = try connect(port)
    defer { close(socket) }
    let type = method == "PUT" ? "text/calendar" : "application/xml"
    try send(
      socket,
      "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nDepth: \(depth)\r\nContent-Type: \(type)\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body)
    let received = receiveAll(socket)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let text = String(decoding: received, as: UTF8.self)
    let status = Int(text.prefix(16).split(separator: " ").dropFirst().first ?? "") ?? 0
    guard expecting.contains(status) else { throw BenchError("\(method) \(path): status \(status)") }
    return (seconds, text)
  }
}
