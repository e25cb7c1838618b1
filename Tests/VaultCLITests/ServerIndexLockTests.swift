import Foundation
import TestSupport
import Testing

/// `vault serve` never goes blind: when another program holds the index's lock for longer than
/// SQLite's busy timeout (a long `vault index --rebuild`, a backup tool), the watcher keeps the
/// changes it could not write and writes them as soon as the lock is released, so a task an
/// editor added while the lock was held is on the served pages within 2 seconds of the release,
/// and the server still serves changes made after it.
@Suite struct ServerIndexLockTests {
  /// Holds an exclusive lock on the SQLite file at `path` for `seconds`, with Python's sqlite3
  /// (another program, as a backup tool would be); says `locked` and `released` on its output.
  static let holder = """
    import sqlite3, sys, time
    connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
    connection.execute('BEGIN EXCLUSIVE')
    print('locked', flush=True)
    time.sleep(float(sys.argv[2]))
    connection.execute('COMMIT')
    print('released', flush=True)
    """

  /// With the index named (`$VAULT_INDEX`, `--index`), after each kind of request, and a
  /// command run beside it (whose connection closes), a line an editor appends is in the next
  /// command's view within 2 seconds. (Reading the named file's header for each new store once
  /// dropped the server's SQLite locks: the next command to close deleted the WAL the server's
  /// watcher went on writing into, and every view stayed as it was, vouched for.)
  @Test func aServerWithANamedIndexSeesEveryChangeAfterEachKindOfRequest() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23"]
    let propfind = #"<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>"#
    let requests: [(String, String, String?)] = [
      ("/", "GET", nil), ("/tasks", "GET", nil), ("/calendar.ics", "GET", nil), ("/tasks.ics", "GET", nil),
      ("/dav/calendars/events/", "PROPFIND", propfind), ("/dav/calendars/tasks/", "PROPFIND", propfind),
      ("/search?q=passport", "GET", nil), ("/journal", "GET", nil),
    ]
    var missed: [String] = []
    for (number, (path, method, body)) in requests.enumerated() {
      _ = try HTTP.request(server.base + path, method: method, headers: ["Depth": "1"], body: body)
      _ = try CLI.run(["tasks"], in: folder, environment: environment)
      try Editor.append(
        "- [ ] Appended after \(method) \(path) \(number)\n", to: folder.appendingPathComponent("Tasks.md"))
      let deadline = Date().addingTimeInterval(2)
      var seen = false
      while !seen && Date() < deadline {
        seen = try CLI.run(["tasks"], in: folder, environment: environment).stdout.contains("\(path) \(number)")
        if !seen { Thread.sleep(forTimeInterval: 0.1) }
      }
      if !seen { missed.append("\(method) \(path)") }
    }
    #expect(missed.isEmpty, "a line appended after these was never seen: \(missed)")
  }

  /// `vault index --rebuild` beside a running server, which keeps the index open for as long as
  /// it runs: the rebuild waits a moment for commands to let go, not for the server (it took
  /// 30 s), then builds the index anew in place, every note read again; the server and the
  /// commands go on seeing every change.
  @Test func aRebuildBesideARunningServerDoesNotWaitForItAndEveryoneSeesTheNewIndex() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23"]
    let before = try HTTP.request(server.base + "/tasks.ics")
    let started = Date()
    let rebuilt = try CLI.run(["index", "--rebuild"], in: folder, environment: environment)
    let seconds = Date().timeIntervalSince(started)
    #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
    let files = try CLI.run(["index"], in: folder, environment: environment)
    #expect(rebuilt.stdout.contains(" parsed, 0 removed"), "\(rebuilt.stdout)")
    #expect(!rebuilt.stdout.contains(" 0 parsed"), "nothing was read again: \(rebuilt.stdout)")
    #expect(files.stdout.contains("0 parsed, 0 removed"), "\(files.stdout)")
    #expect(seconds < 15, "the rebuild waited \(seconds) s for the server")
    #expect(try HTTP.request(server.base + "/tasks.ics").body == before.body)
    try Editor.append("- [ ] Written after the rebuild 📅 2026-11-23\n", to: folder.appendingPathComponent("Tasks.md"))
    let deadline = Date().addingTimeInterval(5)
    var served = false
    var listed = false
    while !(served && listed) && Date() < deadline {
      served = try HTTP.request(server.base + "/tasks.ics").body.contains("Written after the rebuild")
      listed = try CLI.run(["tasks"], in: folder, environment: environment).stdout.contains("Written after the rebuild")
      if !(served && listed) { Thread.sleep(forTimeInterval: 0.1) }
    }
    #expect(served && listed, "served: \(served), listed: \(listed)")
  }

  @Test func aChangeMadeWhileTheIndexWasLockedIsServedSoonAfterTheLockIsReleased() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    var stopped: CLI.Result?
    defer { if stopped == nil { _ = server.stop() } }
    #expect(try HTTP.request(server.base + "/tasks").status == 200)
    let lock = Process()
    lock.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    lock.arguments = ["python3", "-c", Self.holder, folder.path + "-index.sqlite", "12"]
    let output = Pipe()
    lock.standardOutput = output
    try lock.run()
    let said = output.fileHandleForReading
    #expect(String(decoding: said.availableData, as: UTF8.self).contains("locked"))
    // An editor adds a task while the lock is held.
    let tasks = folder.appendingPathComponent("Tasks.md")
    try Data((try String(contentsOf: tasks, encoding: .utf8) + "- [ ] Call the locksmith 📅 2026-11-23\n").utf8)
      .write(to: tasks)
    // It releases the lock as it ends.
    lock.waitUntilExit()
    #expect(lock.terminationStatus == 0)
    let release = Date()
    var seenAfter: TimeInterval?
    while Date().timeIntervalSince(release) < 20 {
      if try HTTP.request(server.base + "/tasks").body.contains("Call the locksmith") {
        seenAfter = Date().timeIntervalSince(release)
        break
      }
      Thread.sleep(forTimeInterval: 0.1)
    }
    print(
      "a task added while the index was locked for 12 s was served \(seenAfter.map { String(format: "%.2f s", $0) } ?? "never") after the release"
    )
    let servedSoon = seenAfter.map { $0 <= 2 } == true
    // And it is not blind afterwards: a later change is served too.
    try Data((try String(contentsOf: tasks, encoding: .utf8) + "- [ ] Oil the hinges 📅 2026-11-23\n").utf8)
      .write(to: tasks)
    let later = Date()
    var seen = false
    while !seen && Date().timeIntervalSince(later) < 5 {
      seen = try HTTP.request(server.base + "/tasks").body.contains("Oil the hinges")
      if !seen { Thread.sleep(forTimeInterval: 0.1) }
    }
    #expect(seen)
    stopped = server.stop()
    // With what the server said (its watcher's notices), to tell why it was late.
    let told = stopped?.stderr ?? ""
    #expect(
      servedSoon, "served after \(String(describing: seenAfter)), released at \(release); the server said: \(told)")
    #expect(!told.contains("the watcher stopped"), "\(told)")
  }
}
