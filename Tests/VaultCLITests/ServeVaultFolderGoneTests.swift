import Foundation
import TestSupport
import Testing

/// A vault folder moved away while `vault serve` runs (renamed, or the drive it is on taken
/// away, leaving an empty mount point) is not a vault whose notes were all deleted: every
/// request gets 503 with why, never a calendar without its events (a phone would sync that as
/// deletions), and nothing is written. Once the folder is back, the server answers from it
/// again, as before, and follows its changes.
@Suite struct ServeVaultFolderGoneTests {
  static let propfind = """
    <?xml version="1.0" encoding="utf-8"?>
    <d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>
    """

  static let syncFromStart = """
    <?xml version="1.0" encoding="utf-8"?>
    <d:sync-collection xmlns:d="DAV:"><d:sync-token/><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
    """

  static let event = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VEVENT\r
    UID:while-gone\r
    DTSTAMP:20261201T000000Z\r
    DTSTART:20261205T100000Z\r
    DTEND:20261205T110000Z\r
    SUMMARY:Sent while the folder was away\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  /// The events calendar's listing: each object's address and ETag.
  static func listing(_ served: ServedVault) throws -> HTTP.Answer {
    try HTTP.request(
      served.base + "/dav/calendars/events/", method: "PROPFIND", headers: ["Depth": "1"], body: Self.propfind)
  }

  /// Waits until the server answers the listing with something else than 503 (or 20 s pass).
  static func answered(_ served: ServedVault) throws -> HTTP.Answer {
    let deadline = Date().addingTimeInterval(20)
    var answer = try Self.listing(served)
    while answer.status == 503 && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.2)
      answer = try Self.listing(served)
    }
    return answer
  }

  /// What every kind of request gets while the folder is not the vault: 503, asked again later,
  /// with why; and a change sent meanwhile is refused, not written anywhere.
  static func expectNotAnswered(_ served: ServedVault, because reason: String) throws {
    let requests: [(String, HTTP.Answer)] = [
      ("the listing", try listing(served)),
      (
        "a sync",
        try HTTP.request(
          served.base + "/dav/calendars/events/", method: "REPORT", headers: ["Depth": "1"],
          body: Self.syncFromStart)
      ),
      ("the feed", try HTTP.request(served.address("calendar"))),
      ("the dashboard", try HTTP.request(served.base + "/")),
      (
        "a PUT",
        try HTTP.request(
          served.base + "/dav/calendars/events/while-gone.ics", method: "PUT",
          headers: ["Content-Type": "text/calendar"], body: Self.event)
      ),
    ]
    for (what, answer) in requests {
      #expect(answer.status == 503, "\(what): \(answer.status) \(answer.body.prefix(300))")
      #expect(answer.header("Retry-After") == "2", "\(what)")
      #expect(answer.body.contains(reason), "\(what): \(answer.body.prefix(300))")
    }
  }

  @Test func aServedVaultMovedAwayIsNotAnsweredAsEmptyAndIsServedAgainWhenItIsBack() throws {
    let folder = try Fixture.copy("Calendars")
    let served = try ServedVault.start(folder)
    var said: String?
    defer { if said == nil { _ = served.stop() } }
    let before = try Self.answered(served)
    #expect(before.status == 207)
    let events = before.body.components(separatedBy: ".ics</d:href>").count - 1
    #expect(events >= 10, "\(before.body.prefix(400))")

    let away = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-away")
    try FileManager.default.moveItem(at: folder, to: away)
    try Self.expectNotAnswered(served, because: "was moved or deleted")

    // The empty mount point a drive taken away leaves at the vault's path: another device there
    // (a tmpfs; mounting needs root, else this part is left out).
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    if ScratchMount.tmpfs(at: folder) {
      defer { ScratchMount.unmount(folder) }
      try Self.expectNotAnswered(served, because: "is on another drive now")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "written into the mount point")
    }
    try FileManager.default.removeItem(at: folder)

    try FileManager.default.moveItem(at: away, to: folder)
    let back = try Self.answered(served)
    #expect(back.status == 207)
    #expect(back.body == before.body, "the listing after the folder came back differs from before")

    // The watcher follows the folder again (it looks for it every second): a note written then
    // is served within seconds.
    Thread.sleep(forTimeInterval: 2.5)
    try Data("---\ndate: 2026-12-09\n---\n".utf8)
      .write(to: folder.appendingPathComponent("Events/Winter party.md"))
    let deadline = Date().addingTimeInterval(10)
    var listed = events
    while listed == events && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
      listed = try Self.listing(served).body.components(separatedBy: ".ics</d:href>").count - 1
    }
    #expect(listed == events + 1, "a note written after the folder came back is not served")
    let stderr = served.stop().stderr
    said = stderr
    #expect(stderr.contains("was moved or deleted"), "\(stderr)")
    #expect(stderr.contains("is back; the watcher follows it again"), "\(stderr)")
  }

  /// A fresh clone put at the vault's path (on the same drive) is the vault there, with its own
  /// settings: here its events are in another folder, which its settings name. The server lists
  /// them, and its watcher starts again on the clone with those settings.
  @Test func aFreshCloneAtTheVaultsPathIsServedWithItsOwnSettings() throws {
    let folder = try Fixture.copy("Calendars")
    let served = try ServedVault.start(folder)
    defer { _ = served.stop() }
    let before = try Self.answered(served)
    let events = before.body.components(separatedBy: ".ics</d:href>").count - 1
    #expect(events >= 10, "\(before.body.prefix(400))")

    let away = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-away")
    try FileManager.default.moveItem(at: folder, to: away)
    try Self.expectNotAnswered(served, because: "was moved or deleted")
    // The clone: the same notes, the events in Agenda/, and settings that say so.
    let clone = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-clone")
    try FileManager.default.copyItem(at: away, to: clone)
    try FileManager.default.moveItem(
      at: clone.appendingPathComponent("Events"), to: clone.appendingPathComponent("Agenda"))
    let config = clone.appendingPathComponent(".vault/config.yml")
    let settings = String(decoding: try Data(contentsOf: config), as: UTF8.self)
    try Data((settings + "folders:\n  events: Agenda\n").utf8).write(to: config)
    try FileManager.default.moveItem(at: clone, to: folder)

    // The watcher looks for the folder every second; then it reads the clone.
    let deadline = Date().addingTimeInterval(15)
    var listed = 0
    while listed != events && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.2)
      let answer = try Self.listing(served)
      listed = answer.status == 207 ? answer.body.components(separatedBy: ".ics</d:href>").count - 1 : -1
    }
    #expect(listed == events, "the clone's events in Agenda/ are not listed: \(listed) of \(events)")
    // An event written once the watcher follows the clone is indexed with the clone's settings.
    Thread.sleep(forTimeInterval: 2.5)
    try Data("---\ndate: 2026-12-09\n---\n".utf8).write(to: folder.appendingPathComponent("Agenda/Winter party.md"))
    let later = Date().addingTimeInterval(10)
    while listed != events + 1 && Date() < later {
      Thread.sleep(forTimeInterval: 0.1)
      listed = try Self.listing(served).body.components(separatedBy: ".ics</d:href>").count - 1
    }
    #expect(listed == events + 1, "an event written in the clone's Agenda/ is not listed")
  }
}
