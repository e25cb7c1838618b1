import Foundation
import Testing

/// `vault track start/stop/status/report`: the time spent on a task is written in the notes (a
/// line under "Time log" in the day's note, the task's total as `[tracked:: …]`), a running
/// timer shows in `vault today` and the web view, and a report sums what the notes hold.
@Suite struct TimeTrackingTests {
  func run(_ arguments: [String], in folder: URL, at now: String, zone: String = "UTC") throws -> CLI.Result {
    try CLI.run(
      arguments + ["--now", now], inVault: folder, today: String(now.prefix(10)), extra: ["TZ": zone])
  }

  @Test func aTimerIsWrittenInTheDaysNoteAndOnTheTask() throws {
    let folder = try Fixture.copy("ExampleVault")
    let tasksBefore = try Fixture.text(folder, "Tasks.md")
    let none = try run(["track", "status"], in: folder, at: "2026-11-23T09:00")
    #expect(none.stdout == "no timer is running: `vault track start TASK` starts one\n")

    let start = try run(["track", "start", "renew passport"], in: folder, at: "2026-11-23T09:15")
    #expect(start.status == 0, "\(start.stderr)")
    #expect(
      start.stdout
        == "started: ⏱ Renew passport at 09:15 Journal/2026/11/2026-11-23.md:13\n  `vault track stop` when you stop\n")
    let status = try run(["track", "status"], in: folder, at: "2026-11-23T09:40")
    #expect(status.stdout == "⏱ Renew passport · 25m since 09:15\n  Journal/2026/11/2026-11-23.md:13\n")
    let today = try run(["today"], in: folder, at: "2026-11-23T09:40")
    #expect(today.stdout.contains("\n\n⏱ Renew passport · 25m since 09:15  `vault track stop`\n\n"))

    // Another task started: the first stops at that moment.
    let other = try run(["track", "start", "electricity bill"], in: folder, at: "2026-11-23T10:40")
    #expect(
      other.stdout.hasPrefix(
        "stopped: Renew passport · 1h 25m (09:15-10:40) Journal/2026/11/2026-11-23.md:13\n"
          + "  1h 25m tracked on it in all · Tasks.md:6\nstarted: ⏱ Pay the electricity bill at 10:40"))
    let stop = try run(["track", "stop"], in: folder, at: "2026-11-23T11:05")
    #expect(stop.status == 0)
    // The next day, past midnight on the clock: its day is the day it started.
    _ = try run(["track", "start", "renew passport"], in: folder, at: "2026-11-24T23:50")
    let late = try run(["track", "stop", "--json"], in: folder, at: "2026-11-25T00:20")
    let stopped = try JSONSerialization.jsonObject(with: Data(late.stdout.utf8)) as? [String: Any] ?? [:]
    #expect(stopped["totalMinutes"] as? Int == 115 && stopped["task"] as? String == "Tasks.md:6", "\(late.stdout)")

    let day = try Fixture.text(folder, "Journal/2026/11/2026-11-23.md")
    #expect(
      day.hasSuffix(
        "\n## Time log\n\n- 09:15-10:40 Renew passport ([[Tasks]]) [tracked:: 1h25m]\n"
          + "- 10:40-11:05 Pay the electricity bill ([[Tasks]]) [tracked:: 25m]\n"), "\(day)")
    #expect(
      try Fixture.text(folder, "Journal/2026/11/2026-11-24.md").contains(
        "- 23:50-00:20 Renew passport ([[Tasks]]) [tracked:: 30m]\n"))
    // The task lines: their total, and nothing else changed.
    #expect(
      try Fixture.text(folder, "Tasks.md")
        == tasksBefore.replacingOccurrences(
          of: "- [ ] Renew passport ⏫", with: "- [ ] Renew passport [tracked:: 1h55m] ⏫"
        ).replacingOccurrences(
          of: "- [ ] Pay the electricity bill 🔼", with: "- [ ] Pay the electricity bill [tracked:: 25m] 🔼"))
    // The short id does not change with the total.
    let tasks = try run(["tasks"], in: folder, at: "2026-11-25T09:00")
    #expect(tasks.stdout.contains("22ce00") && !tasks.stdout.contains("tracked::"), "\(tasks.stdout)")

    let report = try run(["track", "report"], in: folder, at: "2026-11-25T09:00")
    #expect(
      report.stdout == """
        2h 20m tracked 2026-11-23 to 2026-11-29

          1h 55m  Renew passport            Tasks.md
          25m     Pay the electricity bill  Tasks.md

        By day
          1h 50m  Mon 23 Nov
          30m     Tue 24 Nov

        """, "\(report.stdout)")
    let json = try run(
      ["track", "report", "--from", "2026-11-24", "--to", "2026-11-24", "--json"], in: folder, at: "2026-11-25T09:00")
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any] ?? [:]
    #expect(object["totalMinutes"] as? Int == 30 && object["running"] is NSNull, "\(json.stdout)")
    let empty = try run(["track", "report", "--month"], in: folder, at: "2026-12-25T09:00")
    #expect(empty.stdout == "nothing tracked 2026-12-01 to 2026-12-31: `vault track start TASK` starts a timer\n")
  }

  /// A timer across the night the clocks go forward counts the time that passed.
  @Test func aTimerCountsTheTimeThatPassedAcrossAChangeOfTheClocks() throws {
    let folder = try Fixture.copy("ExampleVault")
    _ = try run(["track", "start", "renew passport"], in: folder, at: "2027-03-28T01:30", zone: "Europe/Berlin")
    let stop = try run(["track", "stop"], in: folder, at: "2027-03-28T03:30", zone: "Europe/Berlin")
    #expect(stop.stdout.hasPrefix("stopped: Renew passport · 1h (01:30-03:30)"), "\(stop.stdout)")
  }

  @Test func aTaskChangedMeanwhileStillStopsAndSaysWhy() throws {
    let folder = try Fixture.copy("ExampleVault")
    _ = try run(["track", "start", "renew passport"], in: folder, at: "2026-11-23T09:15")
    let tasks = try Fixture.text(folder, "Tasks.md")
    try tasks.replacingOccurrences(of: "Renew passport", with: "Renew the passport").write(
      to: folder.appendingPathComponent("Tasks.md"), atomically: true, encoding: .utf8)
    let stop = try run(["track", "stop"], in: folder, at: "2026-11-23T09:45")
    #expect(stop.status == 0)
    #expect(stop.stdout.contains("its task line was not found in Tasks.md: its total was not written"))
    #expect(try Fixture.text(folder, "Journal/2026/11/2026-11-23.md").contains("[tracked:: 30m]"))
  }
}
