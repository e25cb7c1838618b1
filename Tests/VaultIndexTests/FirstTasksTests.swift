import Foundation
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// The web view's task list reads only the first tasks it shows (`firstTasks`), and its
/// calendar only the days an open task is due (`openDueDays`): each must give exactly what
/// reading every task and sorting them as `vault tasks` does gives.
@Suite struct FirstTasksTests {
  /// Tasks with every kind of tie: priorities, due dates shared across notes, scheduled or
  /// starting only, undated, closed ones, notes whose paths sort differently from their order.
  static let files: [String: String] = {
    var files: [String: String] = [:]
    let priorities = ["", " 🔺", " ⏫", " 🔼", " 🔽", " ⏬"]
    for note in 0..<7 {
      var lines: [String] = []
      for index in 0..<30 {
        let seed = note * 31 + index * 7
        let day = String(format: "2026-11-%02d", 1 + seed % 6)
        let dates = [" 📅 \(day)", " ⏳ \(day)", " 🛫 \(day)", "", " 📅 \(day) ⏳ 2026-11-02"][seed % 5]
        let box = seed % 11 == 0 ? "x" : seed % 13 == 0 ? "-" : " "
        lines.append("- [\(box)] Task \(index)\(priorities[seed % 6])\(dates)")
      }
      // Names whose order differs from the order they were written in.
      files["\(["b", "A", "c", "a", "ä", "B", "z"][note]) notes/List \(note).md"] = lines.joined(separator: "\n") + "\n"
    }
    return files
  }()

  @Test func theFirstTasksAreTheFirstOfTheFullSort() throws {
    let folder = try TemporaryVault(Self.files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    // Notes changed since they were first read: their rows no longer follow the paths' order.
    for path in ["A notes/List 1.md", "a notes/List 3.md"] {
      try folder.write(path, try folder.read(path) + "- [ ] Task added 🔺 📅 2026-11-01\n", secondsLater: 2)
    }
    try vault.refresh(store)
    var selections: [String: TaskSelection] = [:]
    var open = TaskSelection()
    open.statuses = [.todo, .inProgress, .onHold]
    selections["open"] = open
    var overdue = open
    overdue.dueBefore = LocalDate(year: 2026, month: 11, day: 4)
    selections["overdue"] = overdue
    // A span of days: read as a union of each date's index (`IndexStore.spanUnion`).
    var span = open
    span.datedFrom = LocalDate(year: 2026, month: 11, day: 2)
    span.datedThrough = LocalDate(year: 2026, month: 11, day: 5)
    selections["span"] = span
    var everything = TaskSelection()
    everything.statuses = []
    selections["all"] = everything
    for (name, selection) in selections {
      let sorted = try store.tasks(selection).sorted(by: TaskFilter.order).map(\.location)
      #expect(sorted.count > 20, "\(name)")
      // `vault tasks --json` streams them in this order.
      var streamed: [String] = []
      try store.forEachTask(selection) { streamed.append($0.location) }
      #expect(streamed == sorted, "\(name)")
      for limit in [1, 2, 5, 17, 40, sorted.count, sorted.count + 5] {
        let (first, total) = try store.firstTasks(selection, limit: limit)
        #expect(total == sorted.count, "\(name)")
        #expect(first.map(\.location) == Array(sorted.prefix(limit)), "\(name), limit \(limit)")
      }
    }
  }

  /// The dashboard reads the first few tasks of tomorrow and the last few done, not all of them.
  @Test func theDashboardsTomorrowAndRecentlyDoneAreTheFirstOfTheFullLists() throws {
    var files = Self.files
    files["Done.md"] = (0..<9).map { "- [x] Done \($0) ✅ 2026-11-0\(1 + $0 % 3)" }.joined(separator: "\n") + "\n"
    let folder = try TemporaryVault(files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    for day in 1...6 {
      let today = LocalDate(year: 2026, month: 11, day: day) ?? LocalDate(dayNumber: 0)
      let tomorrow = today.adding(days: 1)
      var dated = TaskSelection()
      dated.statuses = [.todo, .inProgress, .onHold]
      dated.datedFrom = tomorrow
      dated.datedThrough = tomorrow
      let full = try store.tasks(dated).compactMap { Agenda.TaskEntry(exactly: $0, on: tomorrow) }
        .sorted(by: Agenda.TaskEntry.order)
      for limit in [1, 3, 10] {
        let dashboard = try vault.dashboard(in: store, today: today, limit: limit)
        #expect(dashboard.tomorrowTasks.map(\.task.location) == full.prefix(limit).map(\.task.location), "\(today)")
        // The latest done first: nothing done later is left out for something done earlier.
        let done = dashboard.recently.tasksDone.compactMap(\.value.done)
        #expect(done == done.sorted(by: >), "\(today)")
        var closed = TaskSelection()
        closed.statuses = [.done]
        closed.closedFrom = today.adding(days: -1)
        closed.closedBefore = today.adding(days: 1)
        let all = try store.tasks(closed)
        #expect(done.count == min(limit, all.count), "\(today)")
        if let oldest = done.last {
          #expect(all.filter { ($0.value.done ?? oldest) > oldest }.count <= done.count, "\(today)")
        }
      }
    }
  }

  @Test func theDaysAnOpenTaskIsDueAreTheCalendarsMarks() throws {
    let folder = try TemporaryVault(Self.files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let from = LocalDate(year: 2026, month: 10, day: 29) ?? LocalDate(dayNumber: 0)
    let through = from.adding(days: 13)
    let full = CalendarGrid(try vault.agenda(in: store, from: from, through: through), weekStart: .monday)
    let (days, due) = try vault.calendarDays(in: store, from: from, through: through)
    let narrow = CalendarGrid(days, weekStart: .monday, openDueDays: due)
    #expect(!due.isEmpty)
    #expect(
      full.weeks.flatMap { $0.days.map { $0?.marks ?? [] } } == narrow.weeks.flatMap { $0.days.map { $0?.marks ?? [] } }
    )
  }
}
