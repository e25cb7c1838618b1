import Foundation
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// The dashboard's counts come from the index without reading what they count. Task counts
/// are sums of `task_days`, which triggers keep as task rows come and go: each must equal
/// counting the rows, after a first build, after notes are edited, added and removed, and the
/// table must be what a rebuild makes of the same files. The journal streak is probed day by
/// day: it must be the days in a row, however long.
@Suite struct DashboardCountsTests {
  /// Tasks with every mix of dates and statuses the counts tell apart: due, scheduled and
  /// start alone or together, in either order or on one day; open, in progress, on hold, done,
  /// cancelled, closed with the other status's date or none.
  static func note(_ seed: Int, lines: Int = 40) -> String {
    let boxes = [" ", " ", "/", "x", "-", " ", "x"]
    var text: [String] = []
    for index in 0..<lines {
      let s = seed * 37 + index * 11
      let day = { (offset: Int) in String(format: "2026-11-%02d", 1 + (s + offset) % 9) }
      var line = "- [\(boxes[s % boxes.count])] Task \(index)"
      if s % 2 == 0 { line += " 📅 \(day(0))" }
      // Some dates on the same day as another (a day the agenda lists the task on once).
      if s % 3 == 0 { line += " ⏳ \(day(s % 6 == 0 ? 0 : 3))" }
      if s % 5 < 2 { line += " 🛫 \(day([0, 3, 5][s % 3]))" }
      if s % 4 == 0 { line += " ✅ \(day(1))" }
      if s % 7 == 0 { line += " ❌ \(day(2))" }
      text.append(line)
    }
    return text.joined(separator: "\n") + "\n"
  }

  func expectSummariesMatchTheRows(_ store: IndexStore, _ comment: Comment) throws {
    let open: [TaskStatus.Kind] = [.todo, .inProgress, .onHold]
    let statusSets: [[TaskStatus.Kind]] = [[], [.todo], [.todo, .inProgress], open, [.done, .cancelled]]
    let first = LocalDate(year: 2026, month: 10, day: 30) ?? LocalDate(dayNumber: 0)
    for offset in 0..<14 {
      let day = first.adding(days: offset)
      for statuses in statusSets {
        var actionable = TaskSelection()
        actionable.statuses = statuses
        actionable.actionableOn = day
        var due = TaskSelection()
        due.statuses = statuses
        due.dueBefore = day
        for selection in [actionable, due] {
          let summed = try #require(try store.read { db in try store.summaryCount(selection, db) })
          #expect(summed == (try store.rowCount(selection)), "\(comment): \(day) \(statuses)")
        }
      }
      // The tasks the agenda lists on the day, of every status.
      var listed = TaskSelection()
      listed.statuses = []
      listed.datedFrom = day
      listed.datedThrough = day
      let listedRows = try store.rowCount(listed)
      #expect(
        try store.read { db in
          try Int.fetchOne(db.cachedStatement(sql: IndexStore.dayCountSQL), arguments: ["day": day.description])
        }
          == listedRows, "\(comment): listed on \(day)")
      let week = (from: day, before: day.adding(days: 3))
      let closed = try store.closedCounts(from: week.from, before: week.before)
      var done = 0
      var cancelled = 0
      var every = TaskSelection()
      every.statuses = []
      for task in try store.tasks(every) {
        let item = task.value
        let inWeek = { (date: LocalDate?) in date.map { $0 >= week.from && $0 < week.before } ?? false }
        if item.status.type == .cancelled {
          if inWeek(item.cancelled ?? item.done) { cancelled += 1 }
        } else if item.status.type == .done, inWeek(item.done ?? item.cancelled) {
          done += 1
        }
      }
      #expect(closed.done == done && closed.cancelled == cancelled, "\(comment): closed from \(day)")
    }
  }

  @Test func theSummedCountsAreTheRowsCountsAsNotesChange() throws {
    var files: [String: String] = [:]
    for number in 0..<6 { files["Lists/List \(number).md"] = Self.note(number) }
    let folder = try TemporaryVault(files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    try expectSummariesMatchTheRows(store, "first build")

    try folder.write("Lists/List 1.md", Self.note(17), secondsLater: 2)
    try folder.write("Lists/List 9.md", Self.note(23, lines: 15), secondsLater: 2)
    try folder.remove("Lists/List 2.md")
    try vault.refresh(store)
    try expectSummariesMatchTheRows(store, "after edits")

    // Every open task of a note ticked off: its days' counts move from open to done.
    let ticked = try folder.read("Lists/List 3.md").replacingOccurrences(of: "- [ ]", with: "- [x]")
    try folder.write("Lists/List 3.md", ticked, secondsLater: 3)
    try vault.refresh(store)
    try expectSummariesMatchTheRows(store, "after ticking")

    let kept = try store.dump().filter { $0.hasPrefix("task_days: ") || $0.hasPrefix("journal_days: ") }
    #expect(!kept.isEmpty)
    #expect(!kept.contains { $0.hasSuffix(" | 0") }, "a count of 0 stays in the table")
    let rebuilt = try TemporaryVault([:])
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder.root.path) where path.hasSuffix(".md") {
      try rebuilt.write(path, try folder.read(path))
    }
    let fresh = try rebuilt.store()
    try rebuilt.vault().refresh(fresh)
    #expect(try fresh.dump().filter { $0.hasPrefix("task_days: ") || $0.hasPrefix("journal_days: ") } == kept)
  }

  @Test func theJournalStreakCountsEveryDayInARowHoweverLong() throws {
    let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(dayNumber: 0)
    var files: [String: String] = [:]
    // 500 days in a row up to yesterday, a gap, then 3 more.
    for back in 1...500 { files["\(today.adding(days: -back)).md"] = "---\nmood: 5\n---\n" }
    for back in 502...504 { files["\(today.adding(days: -back)).md"] = "---\nmood: 5\n---\n" }
    let folder = try TemporaryVault(files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    #expect(try store.journalStreak(endingOn: today) == 0)
    #expect(try store.journalStreak(endingOn: today.adding(days: -1)) == 500)
    #expect(try store.journalStreak(endingOn: today.adding(days: -502)) == 3)
    // Ending on each day of the long run: every length across the spans it is counted in.
    let lengths = try (1...500).map { back in try store.journalStreak(endingOn: today.adding(days: -back)) }
    #expect(lengths == (1...500).map { 501 - $0 })
    // Today's entry unwritten: the streak runs to yesterday; written, it counts too.
    #expect(try vault.dashboard(in: store, today: today, limit: 3).stats.journalStreak == 500)
    try folder.write("\(today).md", "---\nmood: 7\n---\n")
    try vault.refresh(store)
    #expect(try vault.dashboard(in: store, today: today, limit: 3).stats.journalStreak == 501)
    // A day taken out breaks the run there.
    try folder.remove("\(today.adding(days: -250)).md")
    try vault.refresh(store)
    #expect(try store.journalStreak(endingOn: today) == 250)
    #expect(try store.journalStreak(endingOn: today.adding(days: -251)) == 250)
  }
}
