import Foundation
import TestSupport
import Testing

/// vdirsyncer (Debian's) keeps a local folder of `.ics` files in step with vault's CalDAV
/// calendars, both ways (Fixtures/Oracles/vdirsyncer-round-trip): 200 events, 200 tasks and the
/// journal (two days' entries and a note without a day) arrive; a SUMMARY changed and a to-do
/// ticked off in the folder, an event added there, a journal entry rewritten and a note without a
/// day added (as jtx Board makes one), reach the notes; a title changed in an editor reaches the folder; syncs with nothing new change
/// nothing on either side; and every note the sync did not touch keeps its bytes.
@Suite struct CalDAVSyncClientTests {
  /// A vault of 200 event notes, 200 tasks with ids in the inbox, and a note of other things.
  static func makeVault() throws -> URL {
    let folder = try Fixture.copy("ExampleVault").deletingLastPathComponent().appendingPathComponent("Synced")
    let files = FileManager.default
    try files.createDirectory(at: folder.appendingPathComponent("Events"), withIntermediateDirectories: true)
    try files.createDirectory(at: folder.appendingPathComponent(".obsidian"), withIntermediateDirectories: true)
    for number in 0..<200 {
      let day = String(format: "2026-12-%02d", 1 + number % 28)
      let timed = number % 3 == 0 ? "allDay: false\nstartTime: \"10:00\"\nendTime: \"11:30\"\n" : "allDay: true\n"
      try "---\ntitle: Event \(number)\ntype: single\ndate: \(day)\n\(timed)---\nNotes of event \(number).\n".write(
        to: folder.appendingPathComponent("Events/\(day) Event \(number).md"), atomically: true, encoding: .utf8)
    }
    let tasks = (0..<200).map { number in
      "- [ ] Task \(number) 🆔 task\(number) 📅 " + String(format: "2026-12-%02d", 1 + number % 28)
    }
    try ("# Tasks\n\n" + tasks.joined(separator: "\n") + "\n").write(
      to: folder.appendingPathComponent("Tasks.md"), atomically: true, encoding: .utf8)
    try "# Ideas\n\n- [ ] Undated, outside the inbox: no to-do\n".write(
      to: folder.appendingPathComponent("Ideas.md"), atomically: true, encoding: .utf8)
    // The journal: two daily notes (at the root, Obsidian's default) and a note the phone sees.
    try "---\nmood: 7\n---\nWalked to the lake.\n".write(
      to: folder.appendingPathComponent("2026-11-22.md"), atomically: true, encoding: .utf8)
    try "# A slow Monday\n\nRead all afternoon.\n".write(
      to: folder.appendingPathComponent("2026-11-23.md"), atomically: true, encoding: .utf8)
    try files.createDirectory(at: folder.appendingPathComponent("Notes"), withIntermediateDirectories: true)
    try "---\nuid: packing-list\n---\n- passport\n- charger\n".write(
      to: folder.appendingPathComponent("Notes/Packing list.md"), atomically: true, encoding: .utf8)
    return folder
  }

  static func contents(_ folder: URL) throws -> [String: String] {
    var files: [String: String] = [:]
    for path in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []
    where path.hasSuffix(".md") {
      files[path] = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }
    return files
  }

  @Test func vdirsyncerKeepsAFolderOfICSFilesInStepBothWays() throws {
    let folder = try Self.makeVault()
    let before = try Self.contents(folder)
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/vdirsyncer-round-trip").path
    let work = folder.deletingLastPathComponent().appendingPathComponent("vdirsyncer").path
    let output = try Oracle.run("python3", [oracle, server.base + "/dav/", folder.path, work])
    let seen = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    #expect(seen["first"] as? [String: Int] == ["events": 200, "tasks": 200, "journal": 3], "\(output.prefix(2000))")
    #expect(seen["afterPhone"] as? [String: Int] == ["events": 201, "tasks": 200, "journal": 4])
    #expect(seen["editorArrived"] as? Bool == true)
    #expect(seen["idleVaultSame"] as? Bool == true)
    #expect(seen["idleLocalSame"] as? Bool == true, "\(seen["idleOutput"] ?? "")")

    let after = try Self.contents(folder)
    let moved = after["Events/2026-12-08 Event 7.md"] ?? ""
    // The title changed, and nothing else.
    #expect(
      moved
        == before["Events/2026-12-08 Event 7.md"]?.replacingOccurrences(
          of: "title: Event 7\n", with: "title: Event 7 (moved to the big room)\n"), "\(moved)")
    #expect(
      after["Tasks.md"]
        == before["Tasks.md"]?.replacingOccurrences(
          of: "- [ ] Task 12 🆔 task12 📅 2026-12-13\n", with: "- [x] Task 12 🆔 task12 📅 2026-12-13 ✅ 2026-11-24\n"))
    let made = after["Events/2026-12-30 Made on the phone.md"] ?? ""
    #expect(made.contains("uid: made-on-the-phone\n") && made.contains("allDay: true\n"), "\(made)")
    // The entry's text changed, its mood stayed; the note arrived under its SUMMARY.
    #expect(after["2026-11-22.md"] == "---\nmood: 7\n---\nWalked to the lake and back.\nCold but bright.\n")
    #expect(
      after["Notes/Book ideas.md"] == "---\nuid: note-from-the-phone@at.techbee.jtx\n---\nA novel set in Lisbon\n",
      "\(after["Notes/Book ideas.md"] ?? "")")
    // Every other note keeps its bytes.
    let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }
    #expect(
      changed
        == [
          "Events/2026-12-08 Event 7.md", "Events/2026-12-20 Event 19.md", "Tasks.md",
          "Events/2026-12-30 Made on the phone.md", "2026-11-22.md", "Notes/Book ideas.md",
        ], "\(changed.sorted())")
  }
}
