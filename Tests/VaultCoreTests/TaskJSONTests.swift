import Foundation
import Testing
import VaultCore

/// `vault tasks --json` writes its tasks with `JSONBytes`, not `JSONEncoder`: each task must
/// come out byte for byte as the encoder writes it (the documented JSON), whatever its fields
/// hold: every key set and unset, quotes, backslashes, control characters, slashes, CJK and
/// emoji, empty and full lists, negative and large numbers.
@Suite struct TaskJSONTests {
  static let texts = [
    "Call Mum", "say \"hi\" \\ back", "tab\there", "line\u{1}\u{1F}\u{7F}end", "a/b//c", "日本語のメモ 🦄",
    "cr\r\nlf", "\u{8}\u{C}", "",
  ]

  static func tasks() -> [Located<TaskItem>] {
    var tasks: [Located<TaskItem>] = []
    for (index, text) in texts.enumerated() {
      var task = TaskItem(
        line: index * 1_000, byteRange: (index * 7)..<(index * 7 + 50), indentation: index % 2 == 0 ? "" : "\t  ",
        marker: ["-", "*", "1."][index % 3],
        status: TaskStatus(
          symbol: ["x", " ", "/", "-"][index % 4], type: [.done, .todo, .inProgress, .cancelled][index % 4]),
        description: text + (index % 3 == 0 ? " [energy:: high] [duration:: 1h30m] [difficulty:: 4] [mood:: 6]" : ""))
      if index % 2 == 0 {
        task.tags = ["#home", "#日本/deep"]
        task.created = LocalDate(year: 2026, month: 1, day: index + 1)
        task.start = LocalDate(year: 2026, month: 2, day: index + 1)
        task.scheduled = LocalDate(year: 2026, month: 3, day: index + 1)
        task.scheduledIsInferred = true
        task.due = LocalDate(year: 2026, month: 4, day: index + 1)
        task.done = LocalDate(year: 2026, month: 5, day: index + 1)
        task.cancelled = LocalDate(year: 2026, month: 6, day: index + 1)
        task.recurrence = "every week on " + text
        task.onCompletion = "delete"
        task.id = "abc\(index)"
        task.dependsOn = ["x1", text]
        task.blockLink = "^block-\(index)"
        task.format = .dataview
        task.parentLine = index - 3
        task.fields = [InlineField(key: "energy", value: text, line: index, column: -index)]
        task.priority = .highest
      }
      tasks.append(
        Located(path: "Notes/\(text.isEmpty ? "empty" : "n\(index)")/Tasks.md", title: text, line: index, value: task))
    }
    return tasks
  }

  @Test func eachTaskIsWhatTheEncoderWrites() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    for task in Self.tasks() {
      let listing = TaskListing(task)
      var written = JSONBytes()
      listing.writeJSON(to: &written)
      let expected = try encoder.encode(listing)
      #expect(
        String(decoding: written.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
        "\(task.value.description)")
    }
  }
}
