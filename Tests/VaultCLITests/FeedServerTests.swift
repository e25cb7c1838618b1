import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `vault serve` started on a free port and fetched over HTTP by a real client
/// (Python's urllib), as a phone or Thunderbird subscribing to the feed would.
@Suite struct FeedServerTests {
  /// Starts `vault serve`, waits for the lines that give its feed URLs, returns them.
  func serve(_ folder: URL, _ extra: [String] = []) throws -> (CLI.Running, calendar: String, tasks: String) {
    let running = try CLI.start(
      ["serve", "--port", "0"] + extra, in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite", "XDG_STATE_HOME": folder.path + "-state"])
    var seen = ""
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline, !seen.contains("tasks: ") || !seen.contains("\n", after: "tasks: ") {
      let data = running.out.fileHandleForReading.availableData
      if data.isEmpty { break }
      seen += String(decoding: data, as: UTF8.self)
    }
    let url = { (name: String) in
      seen.split(separator: "\n").first { $0.contains("\(name): ") }.map {
        String($0.split(separator: " ").last ?? "")
      } ?? ""
    }
    return (running, url("calendar"), url("tasks"))
  }

  /// Status, ETag and body of a GET, by urllib (a 304 or 401 is an answer, not an error).
  func fetch(_ url: String, etag: String? = nil) throws -> (status: Int, etag: String, body: String) {
    let script = """
      import sys, urllib.request, urllib.error, json
      request = urllib.request.Request(sys.argv[1])
      if len(sys.argv) > 2: request.add_header('If-None-Match', sys.argv[2])
      try:
          with urllib.request.urlopen(request, timeout=30) as response:
              print(json.dumps([response.status, response.headers.get('ETag', ''), response.read().decode()]))
      except urllib.error.HTTPError as error:
          print(json.dumps([error.code, error.headers.get('ETag', ''), error.read().decode()]))
      """
    let output = try Oracle.run("python3", ["-c", script, url] + (etag.map { [$0] } ?? []))
    let values = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any] ?? []
    return (values.first as? Int ?? 0, values.count > 1 ? values[1] as? String ?? "" : "", values.last as? String ?? "")
  }

  func stop(_ running: CLI.Running) -> CLI.Result {
    running.process.interrupt()
    let deadline = Date().addingTimeInterval(15)
    while running.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
    if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) }
    return running.finish()
  }

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

  /// On another address every request needs the token it printed; a wrong or missing one is a
  /// bare 401. Ctrl-C stops it cleanly.
  @Test func anotherHostNeedsTheTokenAndCtrlCStopsIt() throws {
    let folder = try Fixture.copy("Calendars")
    let (server, calendar, _) = try serve(folder, ["--host", "0.0.0.0"])
    let url = calendar.replacingOccurrences(of: "0.0.0.0", with: "127.0.0.1")
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
    let (again, calendarAgain, _) = try serve(folder, ["--host", "0.0.0.0"])
    defer { _ = stop(again) }
    #expect(calendarAgain.split(separator: "?").last == calendar.split(separator: "?").last)
  }
}

extension String {
  /// Whether `character` occurs after the first `marker`.
  fileprivate func contains(_ character: Character, after marker: String) -> Bool {
    guard let range = range(of: marker) else { return false }
    return self[range.upperBound...].contains(character)
  }
}
