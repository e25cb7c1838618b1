import Foundation
import TestSupport
import Testing

/// `vault serve` started on a free port and fetched over HTTP by a real client
/// (Python's urllib), as a phone or Thunderbird subscribing to the feed would.
@Suite struct FeedServerTests {
  /// Starts `vault serve`, waits for the lines that give its feed URLs, returns them.
  func serve(_ folder: URL, _ extra: [String] = []) throws -> (ServedVault, calendar: String, tasks: String) {
    let served = try ServedVault.start(folder, extra)
    return (served, served.address("calendar"), served.address("tasks"))
  }

  /// Status, ETag and body of a GET, by urllib (a 304 or 401 is an answer, not an error).
  func fetch(_ url: String, etag: String? = nil) throws -> (status: Int, etag: String, body: String) {
    let answer = try HTTP.request(url, headers: etag.map { ["If-None-Match": $0] } ?? [:])
    return (answer.status, answer.header("ETag") ?? "", answer.body)
  }

  func stop(_ served: ServedVault) -> CLI.Result { served.stop() }

  @Test func theFeedAnswersWithETagsAnd304AndFollowsEdits() throws {
    let folder = try Fixture.copy("Calendars")
    let (server, calendar, tasks) = try serve(folder)
    defer { _ = stop(server) }
    #expect(calendar.hasPrefix("http://127.0.0.1:") && calendar.hasSuffix("/calendar.ics"), "\(calendar)")
    let first = try fetch(calendar)
    #expect(first.status == 200)
    #expect(first.body.components(separatedBy: "BEGIN:VEVENT").count - 1 == 10)
    #expect(first.etag.hasPrefix("\"") && first.etag.count > 4)
    let again = try fetch(calendar, etag: first.etag)
    #expect(again.status == 304 && again.body.isEmpty)
    let todos = try fetch(tasks)
    #expect(todos.status == 200 && todos.body.contains("BEGIN:VTODO"))
    #expect(try fetch(calendar.replacingOccurrences(of: "calendar.ics", with: "other")).status == 404)
    // An edit is in the next answer, with a new ETag.
    try Data("---\ndate: 2026-12-24\ntitle: Christmas Eve\n---\n".utf8).write(
      to: folder.appendingPathComponent("Events/Christmas Eve.md"))
    let edited = try fetch(calendar, etag: first.etag)
    #expect(edited.status == 200 && edited.body.contains("SUMMARY:Christmas Eve") && edited.etag != first.etag)
  }

  /// With the token required (as on any other address) every request needs the token it
  /// printed; a wrong or missing one is a bare 401. Ctrl-C stops it cleanly.
  @Test func theTokenIsNeededWhenAskedForAndCtrlCStopsIt() throws {
    let folder = try Fixture.copy("Calendars")
    let (server, calendar, _) = try serve(folder, ["--require-token"])
    let url = calendar
    #expect(url.contains("/calendar.ics?token="), "\(calendar)")
    let withToken = try fetch(url)
    #expect(withToken.status == 200 && withToken.body.hasPrefix("BEGIN:VCALENDAR"))
    let base = String(url.prefix { $0 != "?" })
    for wrong in [base, base + "?token=0123456789abcdef0123456789abcdef", base + "?token="] {
      let refused = try fetch(wrong)
      #expect(refused.status == 401 && refused.body.isEmpty && refused.etag.isEmpty, "\(wrong)")
    }
    let stopped = stop(server)
    #expect(stopped.status == 0, "\(stopped.stderr)")
    #expect(stopped.stdout.hasSuffix("stopped\n"))
    // The token is kept: the same URL after a restart.
    let (again, calendarAgain, _) = try serve(folder, ["--require-token"])
    defer { _ = stop(again) }
    #expect(calendarAgain.split(separator: "?").last == calendar.split(separator: "?").last)
  }
}
