import Foundation
import Testing

/// The other `add` commands, `progress` and `principle add`: exact new files, safe
/// names, no overwrite, and what they wrote reads back through the parser.
@Suite struct AddCommandTests {
  func run(_ arguments: [String], in folder: URL) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: "2026-11-24")
  }

  @Test func anEventInFullCalendarsFormWithASafeNameThatNeverOverwrites() throws {
    let folder = try Fixture.copy("ExampleVault")
    let arguments = [
      "add", "event", "Radiohead: Live", "--date", "dec 5", "--time", "7:30pm", "--end-time", "23:00", "--emoji", "🎸",
      "--category", "music", "--location", "Uber Arena, Berlin", "--tag", "music", "--notes", "Bring earplugs.",
    ]
    let first = try run(arguments, in: folder)
    #expect(first.stdout == "Events/2026-12-05 Radiohead Live.md\n")
    #expect(
      try Fixture.text(folder, "Events/2026-12-05 Radiohead Live.md")
        == """
        ---
        title: "Radiohead: Live"
        type: single
        date: 2026-12-05
        endDate: null
        allDay: false
        startTime: "19:30"
        endTime: "23:00"
        emoji: 🎸
        category: music
        location: Uber Arena, Berlin
        tags: [music]
        created: 2026-11-24T09:00
        ---
        Bring earplugs.

        """)
    #expect(try run(arguments, in: folder).stdout == "Events/2026-12-05 Radiohead Live 1.md\n")
    let show = try run(["show", "Events/2026-12-05 Radiohead Live.md", "--json"], in: folder)
    let note = try #require(try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any])
    let event = try #require(note["event"] as? [String: Any])
    #expect(event["startTime"] as? String == "19:30")
    #expect(event["start"] as? String == "2026-12-05")
    #expect((note["diagnostics"] as? [Any])?.isEmpty == true)
  }

  /// A weekly event is named as Full Calendar names it, `(Every F) Yoga.md`; others by their day.
  @Test(arguments: [
    (
      ["--repeat", "weekly", "--time", "7am"], "(Every F) Yoga",
      "type: recurring\ndaysOfWeek: [F]\nstartRecur: 2026-11-27\nallDay: false\nstartTime: \"07:00\"\n"
    ),
    (
      ["--repeat", "FREQ=WEEKLY;BYDAY=MO,WE"], "(Every M,W) Yoga",
      "type: recurring\ndaysOfWeek: [M, W]\nstartRecur: 2026-11-27\nallDay: true\n"
    ),
    (
      ["--repeat", "FREQ=MONTHLY;BYDAY=-1FR"], "2026-11-27 Yoga",
      "type: rrule\nstartDate: 2026-11-27\nrrule: FREQ=MONTHLY;BYDAY=-1FR\nallDay: true\n"
    ),
    (
      ["--repeat", "yearly"], "2026-11-27 Yoga",
      "type: rrule\nstartDate: 2026-11-27\nrrule: FREQ=YEARLY\nallDay: true\n"
    ),
  ])
  func recurringEvents(options: [String], name: String, frontMatter: String) throws {
    let folder = try Fixture.copy("TaskLists")
    #expect(try run(["add", "event", "Yoga", "--date", "fri"] + options, in: folder).status == 0)
    #expect(
      try Fixture.text(folder, "Events/\(name).md") == "---\ntitle: Yoga\n" + frontMatter
        + "created: 2026-11-24T09:00\n---\n")
  }

  @Test func goalsProgressInsightsNotesAndPrinciples() throws {
    let folder = try Fixture.copy("ExampleVault")
    #expect(try run(["add", "goal", "Run 1000 km", "--target", "dec 31", "--tag", "health"], in: folder).status == 0)
    #expect(try run(["progress", "Run 1000 km", "40%"], in: folder).stdout == "Goals/Run 1000 km.md  progress: 40%\n")
    #expect(
      try Fixture.text(folder, "Goals/Run 1000 km.md")
        == "---\ntarget: 2026-12-31\nstatus: active\nprogress: 40%\ntags: [health]\ncreated: 2026-11-24T09:00\n---\n"
        + "\n## Progress\n\n- 2026-11-24: 40%\n")
    #expect(try run(["goals"], in: folder).stdout.contains("Run 1000 km          ██████░░░░░░░░░░   40%"))
    let insight = try run(["add", "insight", "The obstacle is the way.", "--author", "Marcus Aurelius"], in: folder)
    #expect(insight.stdout == "Insights/The obstacle is the way.md\n")
    #expect(
      try Fixture.text(folder, "Insights/The obstacle is the way.md")
        == "---\nauthor: Marcus Aurelius\ncreated: 2026-11-24T09:00\n---\nThe obstacle is the way.\n")
    #expect(try run(["add", "note", "Meeting notes", "--date", "today"], in: folder).stdout == "Meeting notes.md\n")
    #expect(
      try Fixture.text(folder, "Meeting notes.md")
        == "---\ndate: 2026-11-24\ncreated: 2026-11-24T09:00\n---\n# Meeting notes\n")
    let principle = try run(["principle", "add", "Sleep before midnight."], in: folder)
    #expect(principle.stdout == "Personal Code.md:15  8. Sleep before midnight.\n")
    #expect(try run(["align"], in: folder).stdout.hasSuffix("8/8  Sleep before midnight.\n"))
  }

  @Test func aRepeatingEventOfSeveralDaysKeepsItsEnd() throws {
    let folder = try Fixture.copy("ExampleVault")
    let added = try run(
      ["add", "event", "Festival", "--date", "2026-12-10", "--end", "2026-12-12", "--repeat", "yearly"], in: folder)
    #expect(added.status == 0, "\(added.stderr)")
    #expect(
      try Fixture.text(folder, "Events/2026-12-10 Festival.md").contains("rrule: FREQ=YEARLY\nendDate: 2026-12-12\n"))
    let agenda = try run(["agenda", "--from", "2027-12-10", "--days", "3"], in: folder)
    #expect(agenda.stdout.contains("Festival  day 3 of 3"), "\(agenda.stdout)")
  }

  @Test func aPrincipleWithoutWordsIsRefusedAndTheCodeStaysAsItWas() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.text(folder, "Personal Code.md")
    for arguments in [["principle", "add", ""], ["principle", "add", "  "], ["principle", "edit", "2", ""]] {
      let refused = try run(arguments, in: folder)
      #expect(refused.status != 0, "\(arguments)")
      #expect(refused.stderr.contains("a principle needs words"), "\(arguments): \(refused.stderr)")
    }
    #expect(try Fixture.text(folder, "Personal Code.md") == before)
  }

  @Test func newNotesTakeTheVaultsLineEnding() throws {
    let folder = try Fixture.copy("TaskLists")
    try Data("# Tasks\r\n".utf8).write(to: folder.appendingPathComponent("Tasks.md"))
    #expect(try run(["add", "goal", "Windows goal", "--target", "dec 31"], in: folder).status == 0)
    #expect(
      try Fixture.text(folder, "Goals/Windows goal.md")
        == "---\r\ntarget: 2026-12-31\r\nstatus: active\r\nprogress: 0%\r\ncreated: 2026-11-24T09:00\r\n---\r\n")
    let json = try run(["add", "note", "Listed", "--json"], in: folder)
    let note = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(note["path"] as? String == "Listed.md")
    #expect((note["encoding"] as? [String: Any])?["lineEnding"] as? String == "crlf")
  }

  @Test(arguments: [
    (
      ["add", "event", "X", "--date", "fri", "--end", "thu"],
      "vault: error: --end 2026-11-26 is before --date 2026-11-27"
    ),
    (
      ["add", "event", "X", "--date", "fri", "--repeat", "FREQ=HOURLY"],
      "vault: error: --repeat: FREQ=HOURLY is not supported"
    ),
    (["progress", "Chores", "lots"], "vault: error: 'lots' is not a progress: use 40%, 40, 0.4 or 4/10"),
  ])
  func refusalsWriteNothing(arguments: [String], message: String) throws {
    let folder = try Fixture.copy("TaskLists")
    let before = try Fixture.contents(of: folder)
    let result = try run(arguments, in: folder)
    #expect(result.status != 0)
    #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    #expect(try Fixture.contents(of: folder) == before)
  }

  /// An event, goal, note or insight needs a title: an empty or blank one is refused and
  /// nothing is written, as `add task` refuses a task without text.
  @Test(arguments: [
    (["add", "event", "", "--date", "tomorrow"], "the event needs a title"),
    (["add", "event", "   ", "--date", "tomorrow"], "the event needs a title"),
    (["add", "goal", "", "--target", "2027-01-01"], "the goal needs a title"),
    (["add", "note", " "], "the note needs a title"),
    (["add", "insight", ""], "the insight needs some text"),
  ])
  func aBlankTitleIsRefused(arguments: [String], message: String) throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.contents(of: folder)
    let result = try run(arguments, in: folder)
    #expect(result.status != 0 && result.stderr.contains(message), "\(result.stderr)")
    #expect(try Fixture.contents(of: folder) == before)
  }
}
