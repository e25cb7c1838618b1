import Foundation
import TestSupport
import Testing

/// `vault serve` listens at once, also on a vault it reads for the first time: until the index
/// holds the whole vault, every request gets 503 with `Retry-After` (a page, with how far it is
/// and a `Refresh`), never an answer made of part of the vault; once ready, the whole of it.
@Suite struct ServeAnswersWhileItReadsTests {
  static let events = 8_000

  /// A vault of `events` one-off events and nothing else, with no index yet.
  static func bigVault() throws -> URL {
    let folder = try ScratchFolder.make("big-vault")
    let events = folder.appendingPathComponent("Events")
    try FileManager.default.createDirectory(at: events, withIntermediateDirectories: true)
    for number in 0..<Self.events {
      let day = String(format: "2026-%02d-%02d", number % 12 + 1, number % 28 + 1)
      try Data("---\ntitle: Event \(number)\ndate: \(day)\n---\n".utf8)
        .write(to: events.appendingPathComponent("Event \(number).md"))
    }
    return folder
  }

  static let listing = """
    <?xml version="1.0" encoding="utf-8"?>
    <d:propfind xmlns:d="DAV:"><d:prop><d:getetag/></d:prop></d:propfind>
    """

  @Test func beforeTheIndexIsReadyEveryAnswerIsNotYetAndAfterItTheWholeVault() throws {
    let folder = try Self.bigVault()
    let port = try HTTP.freePort()
    let running = try CLI.start(
      ["serve", "--port", "\(port)"], in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite", "XDG_STATE_HOME": folder.path + "-state"])
    defer { _ = running.interruptAndFinish() }
    let base = "http://127.0.0.1:\(port)"
    var notYet: [HTTP.Answer] = []
    var page: HTTP.Answer?
    var whole: HTTP.Answer?
    let deadline = Date().addingTimeInterval(180)
    while whole == nil, Date() < deadline, running.process.isRunning {
      // Refused while it does not listen yet (a moment): asked again.
      guard
        let answer = try? HTTP.request(
          base + "/dav/calendars/events/", method: "PROPFIND", headers: ["Depth": "1"], body: Self.listing)
      else {
        Thread.sleep(forTimeInterval: 0.05)
        continue
      }
      if answer.status == 503 {
        notYet.append(answer)
        if page == nil { page = try HTTP.request(base + "/") }
      } else {
        whole = answer
      }
    }
    // The first reading of 8,000 notes takes seconds; listening, a moment.
    #expect(!notYet.isEmpty, "no request was answered before the index was ready")
    for answer in notYet {
      #expect(answer.header("Retry-After") == "2")
      #expect(answer.body.contains("vault is"), "\(answer.body)")
    }
    #expect(
      notYet.contains { $0.body.contains("of 8,000 notes") },
      "how far it is: \(notYet.map(\.body))")
    if let page, page.status == 503 {
      #expect(page.header("Refresh") == "2")
      #expect(page.body.contains("Reading the vault"))
    }
    // Once it answers, it answers with every event: never a calendar of part of them (a phone
    // would take the rest for deleted).
    let answer = try #require(whole)
    #expect(answer.status == 207)
    #expect(answer.body.components(separatedBy: "<d:response>").count - 2 == Self.events)
    #expect(try HTTP.request(base + "/").status == 200)
  }
}
