import Foundation
import TestSupport
import Testing

/// The web view in a real browser (Debian's chromium through selenium and chromedriver,
/// Fixtures/Oracles/web-view-in-browser): every page at phone and desktop width without
/// overflow or console errors (a script or style the Content-Security-Policy blocked is one),
/// every button, field and section link at least 24 px square on a phone (WCAG 2.2's target size),
/// axe-core 4 (as axe-playwright-python ships it) with no serious or critical violation in light and dark, Today agreeing with
/// `vault today --json`, a task ticked by a click and one by the keyboard alone writing what
/// `vault done` writes, a note changed on disk showing on the open page within a second without a
/// reload (and never over what someone is typing), the calendar's keys, an event dragged to
/// another day on the month, a task row dragged before another of its list, and the search.
/// Screenshots of failures are kept and named.
@Suite struct WebViewBrowserTests {
  @Test func thePlannerWorksInARealBrowser() throws {
    let folder = try Fixture.copy("ExampleVault")
    let byCommands = try Fixture.copy("ExampleVault")
    let today = WebViewTests.today
    let server = try ServedVault.start(folder, environment: WebViewTests.environment)
    defer { _ = server.stop() }
    let dashboard = try CLI.run(["today", "--json"], inVault: byCommands, today: today)
    let todayJSON = folder.deletingLastPathComponent().appendingPathComponent("today.json")
    try Data(dashboard.stdout.utf8).write(to: todayJSON)
    let screenshots = folder.deletingLastPathComponent().appendingPathComponent("screenshots")
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/web-view-in-browser").path
    let output = try Oracle.run(
      "python3", [oracle, server.base, folder.path, todayJSON.path, screenshots.path],
      environment: ["SE_AVOID_STATS": "true"])
    let result = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    let failures = result["failures"] as? [[String: Any]] ?? [["what": "no answer: \(output)"]]
    for failure in failures {
      Issue.record("\(failure["what"] ?? "?") (screenshot: \(failure["screenshot"] ?? "none"))")
    }
    #expect(result["pages"] as? Int == 32)
    // axe-core 4 ran on every page at 1280 px, and at 375 px on Today, Tasks, the calendar and
    // the notes.
    #expect(result["axeChecked"] as? Int == 23)
    #expect((result["liveSeconds"] as? Double ?? 99) < 1)
    // The same changes by the commands: the bytes agree.
    let clicked = result["clicked"] as? [String] ?? []
    #expect(clicked.count == 2)
    if let first = clicked.first {
      #expect(try CLI.run(["done", first], inVault: byCommands, today: today).status == 0)
    }
    let handle = try FileHandle(forWritingTo: byCommands.appendingPathComponent("Tasks.md"))
    handle.seekToEndOfFile()
    handle.write(Data((result["appended"] as? String ?? "").utf8))
    try handle.close()
    if let typed = result["typedMeanwhile"] as? String {
      try Data(contentsOf: folder.appendingPathComponent(typed)).write(to: byCommands.appendingPathComponent(typed))
    }
    if clicked.count > 1 {
      #expect(try CLI.run(["done", clicked[1]], inVault: byCommands, today: today).status == 0)
    }
    // The event dragged on the month: what `vault set … date` writes.
    #expect(result["dragged"] as? String == "Events/2026-11-28 Dentist.md")
    // And on the week by the hour, back to its day: what `vault set … date` writes.
    #expect(result["draggedOnTheWeek"] as? String == "Events/2026-11-28 Dentist.md")
    // A task row dragged before another of its list: what `vault task --move-before` writes.
    #expect(result["taskDragged"] as? String == "Pay the electricity bill")
    #expect(
      try CLI.run(["set", "Events/2026-11-28 Dentist.md", "date", "2026-11-27"], inVault: byCommands, today: today)
        .status == 0)
    #expect(
      try CLI.run(["set", "Events/2026-11-28 Dentist.md", "date", "2026-11-28"], inVault: byCommands, today: today)
        .status == 0)
    #expect(
      try CLI.run(
        ["task", "pay the electricity bill", "--move-before", "renew passport"], inVault: byCommands, today: today
      ).status == 0)
    #expect(try WebViewTests.notes(in: folder) == WebViewTests.notes(in: byCommands))
    for path in try WebViewTests.notes(in: byCommands) {
      let web = try Data(contentsOf: folder.appendingPathComponent(path))
      let command = try Data(contentsOf: byCommands.appendingPathComponent(path))
      #expect(web == command, "\(path)")
    }
  }
}
