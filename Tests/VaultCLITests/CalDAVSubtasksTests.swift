import Foundation
import TestSupport
import Testing

/// Subtasks over CalDAV, through Python's `caldav` client as Tasks.org and jtx Board send them
/// (Fixtures/Oracles/caldav-subtasks): a task nested under another in its note names it in
/// RELATED-TO (RELTYPE=PARENT); a new to-do that names a parent becomes a line nested under the
/// parent's, after its other subtasks, indented as they are and in the parent's notation.
@Suite struct CalDAVSubtasksTests {
  @Test func aSubtaskNamesItsParentAndANewOneGoesUnderIt() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: ["VAULT_TODAY": "2026-11-23"])
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/caldav-subtasks").path
    let output = try Oracle.run(
      "python3", [oracle, server.address("CalDAV"), "Plan the Lisbon trip", "Book the apartment"])
    let seen = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
    let parent = try #require(seen["parentUID"] as? String)
    #expect(seen["childRelated"] as? [[String]] == [[parent, "PARENT"]])
    let saved = seen["saved"] as? [[Any]] ?? []
    #expect(saved.map { $0.first as? String } == ["Check the passport's photo", "Renew the travel insurance"])
    #expect(saved.map { $0.last as? [[String]] } == [[[parent, "PARENT"]], [[parent, "PARENT"]]])

    // In the note: under the trip, after its subtasks, indented as they are, with their ids.
    // (The listing gave the trip's subtasks their ids, as it gives every listed task one.)
    let lines = try Fixture.text(folder, "Tasks.md").components(separatedBy: "\n").map {
      $0.replacingOccurrences(of: #" 🆔 [a-z0-9]{6}(?= )"#, with: "", options: .regularExpression)
    }
    let trip = try #require(lines.firstIndex { $0.hasPrefix("- [ ] Plan the Lisbon trip") })
    #expect(
      Array(lines[(trip + 1)...(trip + 5)]) == [
        "    - [x] Book flights ✅ 2026-11-02", "    - [ ] Book the apartment 📅 2026-11-26",
        "    - [ ] Make a packing list 🔽", "    - [ ] Check the passport's photo 🆔 subtask-0",
        "    - [ ] Renew the travel insurance 🆔 subtask-1",
      ])
    // vault reads them as the trip's subtasks, as the Tasks plugin does.
    let shown = try CLI.run(
      ["show", "Tasks.md"], in: folder,
      environment: ["VAULT_TODAY": "2026-11-23", "VAULT_INDEX": folder.path + "-2.sqlite", "COLUMNS": "160"])
    #expect(shown.stdout.contains("\n    [ ] Renew the travel insurance  line 17"), "\(shown.stdout)")
  }
}
