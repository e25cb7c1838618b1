import Foundation
import Testing

/// `vault task Q --move-before/--move-after/--move-to-top/--move-to-bottom` puts a task in one's
/// own order within its list, with its subtasks; the note changes only by that move, and the
/// views list tasks of the same priority and date in that order.
@Suite struct TasksInYourOwnOrderTests {
  func run(_ arguments: [String], in folder: URL) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: "2026-11-23")
  }

  @Test func aTaskMovesWithItsSubtasksWithinItsList() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.text(folder, "Tasks.md")
    let top = try run(["task", "plan the lisbon trip", "--move-to-top"], in: folder)
    #expect(top.status == 0, "\(top.stderr)")
    #expect(top.stdout == "Tasks.md:6  - [ ] Plan the Lisbon trip 📅 2026-12-01\nmoved from line 12\n")
    let block =
      "- [ ] Plan the Lisbon trip 📅 2026-12-01\n    - [x] Book flights ✅ 2026-11-02\n"
      + "    - [ ] Book the apartment 📅 2026-11-26\n    - [ ] Make a packing list 🔽\n"
    #expect(
      try Fixture.text(folder, "Tasks.md")
        == before.replacingOccurrences(of: block, with: "").replacingOccurrences(
          of: "## Home\n", with: "## Home\n" + block))

    // A subtask among its siblings, found by words; then back where it was.
    let packing = try run(["task", "packing list", "--move-before", "book flights"], in: folder)
    #expect(packing.status == 0, "\(packing.stderr)")
    #expect(packing.stdout.hasPrefix("Tasks.md:7  "))
    let back = try run(["task", "packing list", "--move-to-bottom"], in: folder)
    #expect(back.stdout.hasSuffix("moved from line 7\n"))
    let bottom = try run(["task", "plan the lisbon trip", "--move-after", "sell the old bike"], in: folder)
    #expect(bottom.status == 0, "\(bottom.stderr)")
    #expect(try Fixture.text(folder, "Tasks.md") == before, "moved back, the note is as it was")
    let again = try run(["task", "plan the lisbon trip", "--move-after", "sell the old bike"], in: folder)
    #expect(again.stdout.hasSuffix("already there: nothing moved\n"))
  }

  @Test func aChangeAndAMoveAtOnce() throws {
    let folder = try Fixture.copy("ExampleVault")
    let result = try run(["task", "electricity bill", "--due", "2026-11-30", "--move-to-top"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "Tasks.md:6  - [ ] Pay the electricity bill 🔼 📅 2026-11-30\nmoved from line 7\n")
    #expect(try Fixture.text(folder, "Tasks.md").contains("## Home\n- [ ] Pay the electricity bill 🔼 📅 2026-11-30\n"))
  }

  @Test func aTaskStaysInItsListAndNoteAndSaysWhy() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.text(folder, "Tasks.md")
    let otherList = try run(["task", "clean out the garage", "--move-before", "renew passport"], in: folder)
    #expect(otherList.status != 0)
    #expect(otherList.stderr.contains("is not in the same list"), "\(otherList.stderr)")
    let otherNote = try run(["task", "renew passport", "--move-after", "lemon tree"], in: folder)
    #expect(otherNote.status != 0)
    #expect(otherNote.stderr.contains("Projects/Garden.md:10 is in another note"), "\(otherNote.stderr)")
    let two = try run(["task", "renew passport", "--move-to-top", "--move-to-bottom"], in: folder)
    #expect(two.status != 0)
    #expect(two.stderr.contains("give one of --move-before"), "\(two.stderr)")
    #expect(try Fixture.text(folder, "Tasks.md") == before)
  }

  /// Two undated tasks of one priority: `vault tasks` lists them in the list's order.
  @Test func theViewsFollowTheListsOrder() throws {
    let folder = try Fixture.copy("ExampleVault")
    try "# Errands\n\n- [ ] Buy stamps #errand\n- [ ] Post the parcel #errand\n".write(
      to: folder.appendingPathComponent("Errands.md"), atomically: true, encoding: .utf8)
    func order() throws -> [String] {
      let listed = try run(["tasks", "--tag", "errand", "--json"], in: folder)
      let tasks = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
      return tasks.compactMap { ($0["task"] as? [String: Any])?["description"] as? String }
    }
    #expect(try order() == ["Buy stamps #errand", "Post the parcel #errand"])
    #expect(try run(["task", "post the parcel", "--move-to-top"], in: folder).status == 0)
    #expect(try order() == ["Post the parcel #errand", "Buy stamps #errand"])
  }
}
