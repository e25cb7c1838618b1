import Foundation
import TestSupport
import Testing

/// `vault serve` follows the vault's settings while it runs: a new `inbox` in
/// `.vault/config.yml` is where the web form's next task goes, within 2 seconds of the change,
/// without a restart; and `--today` given to `vault serve` is the day its pages show.
@Suite struct ServerSettingsTests {
  @Test func aNewInboxIsWhereTheNextTaskFromThePageGoes() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let config = folder.appendingPathComponent(".vault/config.yml")
    let settings = try String(contentsOf: config, encoding: .utf8)
    #expect(settings.contains("inbox: Tasks.md"))
    try Data(settings.replacingOccurrences(of: "inbox: Tasks.md", with: "inbox: Notes/Inbox.md").utf8).write(to: config)
    let changed = Date()
    var landed: TimeInterval?
    var attempt = 0
    while landed == nil && Date().timeIntervalSince(changed) < 5 {
      attempt += 1
      let page = try HTTP.request(server.base + "/")
      let answer = try HTTP.request(
        server.base + "/tasks/add", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
        body: HTTP.form(["csrf": HTTP.csrf(in: page.body), "text": "Attempt \(attempt)"]))
      #expect([200, 303].contains(answer.status), "\(answer.status)")
      let inbox = folder.appendingPathComponent("Notes/Inbox.md")
      if let text = try? String(contentsOf: inbox, encoding: .utf8), text.contains("Attempt \(attempt)") {
        landed = Date().timeIntervalSince(changed)
      } else {
        Thread.sleep(forTimeInterval: 0.2)
      }
    }
    print("a new inbox was heard \(landed.map { String(format: "%.2f s", $0) } ?? "never") after the change")
    #expect(landed.map { $0 <= 2 } == true)
  }

  @Test func theDayGivenToServeIsTheDayItsPagesShow() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, ["--today", "2026-12-23"])
    defer { _ = server.stop() }
    let page = try HTTP.request(server.base + "/")
    #expect(page.status == 200)
    #expect(page.body.contains("Wednesday 23 December 2026"), "\(page.body.prefix(600))")
  }
}
