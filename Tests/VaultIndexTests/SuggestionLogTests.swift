import Foundation
import Testing
import VaultCore
import VaultKit

/// The suggestion log is read once while it stays as it was, and read again as soon as it
/// changed: a dashboard read twice in one command, or answered by a watcher again and again,
/// never suggests from a log older than the file.
@Suite struct SuggestionLogTests {
  let day = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(dayNumber: 0)

  func line(_ template: TaskTemplate, at hour: Int) -> String {
    Suggestions.logLine(
      LocalDateTime(date: day, time: LocalTime(hour: hour, minute: 0) ?? .midnight), "shown 1", template.id, mood: 3)
  }

  /// Writes the log in place, and waits until it is old enough to be kept once read
  /// (`Vault.suggestionHistory` keeps no file written in the last tenth of a second).
  func writeLog(_ folder: TemporaryVault, _ text: String) throws {
    try folder.write(Vault.suggestionLog, text)
    Thread.sleep(forTimeInterval: 0.2)
  }

  @Test func aLogAppendedToSinceItWasReadIsReadAgain() throws {
    let (first, second) = (TaskTemplate.builtIn[0], TaskTemplate.builtIn[1])
    let folder = try TemporaryVault(["Note.md": "# Note\n"])
    try writeLog(folder, line(first, at: 9) + "\n")
    let vault = try folder.vault()
    #expect(vault.suggestionHistory().lastShown[day]?.map(\.id) == [first.id])
    let handle = try FileHandle(forWritingTo: folder.root.appendingPathComponent(Vault.suggestionLog))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data((line(second, at: 10) + "\n").utf8))
    try handle.close()
    #expect(vault.suggestionHistory().lastShown[day]?.map(\.id) == [second.id])
  }

  @Test func aLogRewrittenInPlaceToTheSameSizeIsReadAgain() throws {
    // Two templates whose lines are as long as each other.
    let pair = TaskTemplate.builtIn.indices.lazy.flatMap { first in
      TaskTemplate.builtIn.indices.lazy.filter { $0 > first }.map { (first, $0) }
    }.first { TaskTemplate.builtIn[$0.0].id.utf8.count == TaskTemplate.builtIn[$0.1].id.utf8.count }
    let (first, second) = try #require(pair.map { (TaskTemplate.builtIn[$0.0], TaskTemplate.builtIn[$0.1]) })
    let folder = try TemporaryVault(["Note.md": "# Note\n"])
    try writeLog(folder, line(first, at: 9) + "\n")
    let vault = try folder.vault()
    #expect(vault.suggestionHistory().lastShown[day]?.map(\.id) == [first.id])
    try writeLog(folder, line(second, at: 9) + "\n")
    #expect(vault.suggestionHistory().lastShown[day]?.map(\.id) == [second.id])
  }
}
