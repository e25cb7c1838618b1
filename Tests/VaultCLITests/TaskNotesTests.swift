import Foundation
import TestSupport
import Testing

/// A task's notes (the lines indented under it that are not list items, a planner's
/// "description") are read with it: in `vault show`, in `--json` as `notes`, on its web page,
/// and as the DESCRIPTION of its to-do over CalDAV. Its subtasks and the lines after a blank line
/// are not its notes.
@Suite struct TaskNotesTests {
  static let note = """
    # Errands

    - [ ] Renew passport 📅 2026-11-20 🆔 pass01
        Bring two photos
    \tand the old passport.
        - [ ] Book the appointment
    - [ ] Post the parcel 📅 2026-11-21

        Not its notes: after a blank line.

    """

  @Test func aTasksIndentedLinesAreItsNotes() throws {
    let folder = try Fixture.copy("ExampleVault")
    try Self.note.write(to: folder.appendingPathComponent("Errands.md"), atomically: true, encoding: .utf8)
    let json = try CLI.run(["tasks", "--json", "--all"], inVault: folder, today: "2026-11-23")
    let tasks = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    let errands = tasks.filter { $0["path"] as? String == "Errands.md" }
    func notes(_ text: String) -> Any? {
      (errands.first { ($0["task"] as? [String: Any])?["description"] as? String == text }?["task"] as? [String: Any])?[
        "notes"]
    }
    #expect(
      notes("Renew passport") as? String == "Bring two photos\nand the old passport.", "\(json.stdout.prefix(500))")
    #expect(notes("Book the appointment") is NSNull)
    #expect(notes("Post the parcel") is NSNull)
    let show = try CLI.run(["show", "Errands.md"], inVault: folder, today: "2026-11-23")
    #expect(
      show.stdout.contains("emoji format\n      Bring two photos\n      and the old passport.\n"), "\(show.stdout)")

    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let id = try #require(
      (errands.first { ($0["task"] as? [String: Any])?["description"] as? String == "Renew passport" })?["fullID"]
        as? String)
    let page = try HTTP.request(server.base + "/task?id=" + id).body
    #expect(
      page.contains("<p class=\"task-notes\">Bring two photos\nand the old passport.</p>"), "\(page.prefix(1500))")
    let todo = try HTTP.request(server.base + "/dav/calendars/tasks/pass01.ics")
    #expect(
      todo.status == 200 && todo.body.contains("DESCRIPTION:Bring two photos\\nand the old passport.\r\n"),
      "\(todo.body)")
  }
}
