import Foundation
import Testing
import VaultCore
import VaultIndex
import VaultKit

/// `vault agenda --json` writes its days with `JSONBytes` (the tasks by hand, the rest as the
/// encoder's own documents set in at their level), not `JSONEncoder` over the whole agenda: each
/// day must come out byte for byte as the encoder writes it (the documented JSON), for every
/// shape a day holds: events all-day, timed, zoned, floating, recurring and several days long;
/// tasks due, scheduled and overdue with quotes, backslashes, control characters, slashes, CJK,
/// emoji and every field; a journal entry with a mood; notes of the day; and empty days.
@Suite struct AgendaJSONTests {
  static let texts = [
    "Call Mum", "say \"hi\" \\ back", "tab\there", "a/b//c", "日本語のメモ 🦄", "ctrl \u{1}\u{1F} end",
  ]

  static let files: [String: String] = {
    var files: [String: String] = [
      "Events/Dentist.md": "---\ntitle: Dentist\ndate: 2026-11-24\ntime: \"09:30\"\nendTime: \"10:00\"\n---\n",
      "Events/Call.md":
        "---\ntitle: \"Sync \\\"call\\\"\"\ndate: 2026-10-05\nstartTime: \"09:00\"\nendTime: \"10:00\"\n"
        + "timeZone: America/New_York\nrepeat: weekly\nlocation: a/b \\\\ room\n---\nAgenda: 日本語 🦄\n",
      "Events/Trip.md": "---\ntitle: Trip\ndate: 2026-11-25\nendDate: 2026-11-28\nallDay: true\n---\n",
      "Events/Birthday.md": "---\ntitle: Birthday\ndate: 1990-11-26\nrepeat: yearly\nremind: 1d\n---\n",
      "Events/Standup.md":
        "---\ntitle: Standup\ndate: 2026-11-01\nstartTime: \"08:00\"\nfloating: true\nrepeat: daily\n"
        + "skipDates: [2026-11-27]\n---\n",
      "Journal/2026-11-24.md": "---\ntype: journal\ndate: 2026-11-24\nmood: 7\n---\nA good day.\n",
      "Notes/Plan 2026-11-25.md": "---\ndate: 2026-11-25\n---\nPlans.\n",
    ]
    var tasks = ""
    for (index, text) in texts.enumerated() {
      let day = 22 + index
      tasks += "- [ ] \(text) #home/日本 📅 2026-11-\(day)\n"
      tasks += "\t- [/] \(text) later ⏳ 2026-11-\(day) 🛫 2026-11-20 ➕ 2026-11-01 🔺 🆔 t\(index) ⛔ x1,y2\n"
      tasks += "- [ ] \(text) [due:: 2026-11-\(day - 3)] [energy:: high] [duration:: 1h30m] 🔁 every week\n"
    }
    files["Notes/Tasks.md"] = "---\ntags: [work, \"a/b\"]\n---\n" + tasks
    return files
  }()

  @Test func eachDayIsWhatTheEncoderWrites() throws {
    let folder = try TemporaryVault(Self.files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Empty days in September, before the first event; then two weeks with everything.
    let quiet = try #require(DateParsing.validDate("2026-09-10"))
    let from = try #require(DateParsing.validDate("2026-11-20"))
    let days =
      try vault.agenda(in: store, from: quiet, through: quiet.adding(days: 2))
      + vault.agenda(in: store, from: from, through: from.adding(days: 13))
    #expect(days.contains { !$0.events.isEmpty } && days.contains { !$0.tasks.isEmpty })
    #expect(days.contains { $0.journal != nil } && days.contains { !$0.notes.isEmpty })
    #expect(days.contains { $0.events.isEmpty && $0.tasks.isEmpty })
    for level in [0, 1, 3] {
      for day in days {
        var written = JSONBytes(level: level)
        try day.writeJSON(to: &written) { Array(try encoder.encode($0)) }
        // The encoder's document of the day, each line after the first at `level`.
        let document = String(decoding: try encoder.encode(day), as: UTF8.self)
        let indent = String(repeating: "  ", count: level)
        let expected = document.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
          .map { $0.offset == 0 || $0.element.isEmpty ? String($0.element) : indent + $0.element }
          .joined(separator: "\n")
        #expect(String(decoding: written.bytes, as: UTF8.self) == expected, "\(day.date) at level \(level)")
      }
    }
  }
}
