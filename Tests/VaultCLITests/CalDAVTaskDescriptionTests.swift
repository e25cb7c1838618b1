import Foundation
import TestSupport
import Testing

/// A to-do's DESCRIPTION is its task's notes, the lines indented under it: a phone that writes,
/// changes or clears it changes those lines and nothing else of the note; a text those lines
/// cannot hold (a blank line, a line that reads as a list item) is kept beside the note and
/// given back as sent. The note's line endings stay as they are.
@Suite struct CalDAVTaskDescriptionTests {
  static let before = """
    # Errands

    - [ ] Call the plumber 📅 2026-12-03 🆔 plumb1
    - [ ] Buy paint 🆔 paint1
      Ask for the eggshell finish
      two litres
        - [ ] Pick a colour 🆔 colour1
    - [ ] Last one 🆔 last1
    """

  func setUp() throws -> (URL, ServedVault) {
    let folder = try Fixture.copy("ExampleVault")
    try Data(Self.before.utf8).write(to: folder.appendingPathComponent("Errands.md"))
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    return (folder, server)
  }

  func put(_ server: ServedVault, _ uid: String, description: String?, from got: String) throws -> HTTP.Answer {
    var lines = got.components(separatedBy: "\r\n").filter { !$0.hasPrefix("DESCRIPTION:") && !$0.hasPrefix(" ") }
    if let description, let at = lines.firstIndex(where: { $0.hasPrefix("SUMMARY:") }) {
      let escaped = description.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
        .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: ";", with: "\\;")
      lines.insert("DESCRIPTION:" + escaped, at: at + 1)
    }
    return try HTTP.request(
      server.base + "/dav/calendars/tasks/\(uid).ics", method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: lines.joined(separator: "\r\n"))
  }

  func errands(_ folder: URL) throws -> String {
    try String(contentsOf: folder.appendingPathComponent("Errands.md"), encoding: .utf8)
  }

  @Test func aDescriptionFromAPhoneBecomesTheTasksNotesAndOnlyThose() throws {
    let (folder, server) = try setUp()
    defer { _ = server.stop() }
    let plumber = try HTTP.request(server.base + "/dav/calendars/tasks/plumb1.ics")
    #expect(plumber.status == 200 && !plumber.body.contains("DESCRIPTION"))
    // Written where there were none: under the task's text.
    #expect(
      try put(server, "plumb1", description: "Leak under the sink, call before 9", from: plumber.body).status == 204)
    var expected = Self.before.replacingOccurrences(
      of: "🆔 plumb1\n", with: "🆔 plumb1\n  Leak under the sink, call before 9\n")
    #expect(try errands(folder) == expected)
    // Changed: the old lines give way, indented as they were; the subtask stays.
    let paint = try HTTP.request(server.base + "/dav/calendars/tasks/paint1.ics")
    #expect(paint.body.contains("DESCRIPTION:Ask for the eggshell finish\\ntwo litres"), "\(paint.body)")
    #expect(try put(server, "paint1", description: "Matt finish\nthree litres, white", from: paint.body).status == 204)
    expected = expected.replacingOccurrences(
      of: "  Ask for the eggshell finish\n  two litres\n", with: "  Matt finish\n  three litres, white\n")
    #expect(try errands(folder) == expected)
    let again = try HTTP.request(server.base + "/dav/calendars/tasks/paint1.ics")
    #expect(again.body.contains("DESCRIPTION:Matt finish\\nthree litres\\, white"), "\(again.body)")
    // Cleared on the phone: the lines go, nothing else.
    #expect(try put(server, "paint1", description: nil, from: again.body).status == 204)
    expected = expected.replacingOccurrences(of: "  Matt finish\n  three litres, white\n", with: "")
    #expect(try errands(folder) == expected)
  }

  @Test func aDescriptionTheLinesCannotHoldIsKeptAsSent() throws {
    let (folder, server) = try setUp()
    defer { _ = server.stop() }
    let last = try HTTP.request(server.base + "/dav/calendars/tasks/last1.ics")
    let text = "First paragraph\n\n- not a subtask"
    #expect(try put(server, "last1", description: text, from: last.body).status == 204)
    #expect(try errands(folder) == Self.before)
    let back = try HTTP.request(server.base + "/dav/calendars/tasks/last1.ics")
    #expect(back.body.contains("DESCRIPTION:First paragraph\\n\\n- not a subtask"), "\(back.body)")
  }

  /// A note with Windows line endings keeps them, and its other bytes, when the notes change.
  @Test func notesWrittenIntoANoteWithWindowsLineEndingsKeepThem() throws {
    let folder = try Fixture.copy("ExampleVault")
    let crlf = Self.before.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n"
    try Data(crlf.utf8).write(to: folder.appendingPathComponent("Errands.md"))
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let paint = try HTTP.request(server.base + "/dav/calendars/tasks/paint1.ics")
    #expect(try put(server, "paint1", description: "Matt finish", from: paint.body).status == 204)
    let expected = crlf.replacingOccurrences(
      of: "  Ask for the eggshell finish\r\n  two litres\r\n", with: "  Matt finish\r\n")
    #expect(try Data(contentsOf: folder.appendingPathComponent("Errands.md")) == Data(expected.utf8))
  }
}
