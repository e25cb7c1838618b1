import Foundation
import Testing

/// `vault progress` keeps a dated point in the goal's note; `vault goals` (and its JSON and the
/// web view) forecasts from them when the goal will be reached; `vault show` gives a task list's
/// expected finish from the pace of its done tasks.
@Suite struct ForecastsTests {
  func run(_ arguments: [String], in folder: URL, on day: String, columns: Int = 80) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: day, extra: ["COLUMNS": "\(columns)"])
  }

  @Test func aGoalsPointsGiveItsForecast() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.text(folder, "Goals/Read 24 Books.md")
    for (day, value) in [("2026-11-01", "50%"), ("2026-11-15", "58%"), ("2026-11-15", "15/24"), ("2026-11-23", "63%")] {
      #expect(try run(["progress", "Read 24 Books", value], in: folder, on: day).status == 0)
    }
    let note = try Fixture.text(folder, "Goals/Read 24 Books.md")
    #expect(
      note
        == before.replacingOccurrences(of: "progress: 15/24", with: "progress: 63%")
        + "\n## Progress\n\n- 2026-11-01: 50%\n- 2026-11-15: 62.5%\n- 2026-11-23: 63%\n", "\(note)")
    let goals = try run(["goals"], in: folder, on: "2026-11-23")
    #expect(
      goals.stdout.hasPrefix(
        "Read 24 Books        ██████████░░░░░░   63%  38 days left (2026-12-31)\n"
          + "    at this pace 2027-01-22, 22 days after its target\nRun a Half Marathon"), "\(goals.stdout)")
    for line in try run(["goals"], in: folder, on: "2026-11-23", columns: 60).stdout.split(separator: "\n") {
      #expect(DisplayCells.of(String(line)) <= 60, "\(line)")
    }
    let json = try run(["goals", "--json"], in: folder, on: "2026-11-23")
    let list = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(list.map { $0["forecast"] as? String ?? "null" } == ["2027-01-22", "null", "null"])
    let today = try run(["today", "--json"], in: folder, on: "2026-11-23")
    #expect(today.stdout.contains("\"forecast\" : \"2027-01-22\""))
  }

  @Test func aTaskListShowsItsExpectedFinish() throws {
    let folder = try Fixture.copy("ExampleVault")
    try
      "# Move\n\n- [x] Book the van ✅ 2026-11-10\n- [x] Buy boxes ✅ 2026-11-20\n- [ ] Pack the books\n- [ ] Pack the kitchen\n"
      .write(to: folder.appendingPathComponent("Move.md"), atomically: true, encoding: .utf8)
    let show = try run(["show", "Move.md"], in: folder, on: "2026-11-28")
    #expect(show.stdout.contains("\nTasks\n  2 open · 2 done in the last 4 weeks · at this pace done by 2026-12-26\n"))
    let garden = try run(["show", "Projects/Garden.md"], in: folder, on: "2027-03-01")
    #expect(!garden.stdout.contains("at this pace"), "no task done lately: no finish")
  }
}
