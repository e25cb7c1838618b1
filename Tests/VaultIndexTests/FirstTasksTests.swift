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

  /// A crowded day of the agenda lists its first tasks (`tasks(on:limit:)`): they are the
  /// first of all the day's tasks in the agenda's order, and the count is of them all.
  @Test func aDaysFirstTasksAreTheFirstOfItsFullList() throws {
    let folder = try TemporaryVault(Self.files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    // Rows no longer in the paths' order, as after edits.
    try folder.write(
      "z notes/List 6.md", try folder.read("z notes/List 6.md") + "- [ ] Late 📅 2026-11-03\n", secondsLater: 2)
    try vault.refresh(store)
    var everything = TaskSelection()
    everything.statuses = []
    let all = try store.tasks(everything)
    for dayOfMonth in 0...7 {
      let day =
        LocalDate(year: 2026, month: 10 + (dayOfMonth == 0 ? 0 : 1), day: dayOfMonth == 0 ? 31 : dayOfMonth)
        ?? LocalDate(dayNumber: 0)
      let full = all.compactMap { Agenda.TaskEntry(exactly: $0, on: day) }.sorted(by: Agenda.TaskEntry.order)
        .map(\.task.location)
      #expect(full.count > 20 || dayOfMonth == 0 || dayOfMonth == 7, "\(day)")
      // Limits within the open tasks, just past them (into the closed ones), and past all.
      let open = all.filter { $0.value.isOpen && Agenda.TaskEntry(exactly: $0, on: day) != nil }.count
      for limit in [1, 3, 10, 17, open, open + 1, open + 2, full.count, full.count + 4] where limit > 0 {
        let (first, total) = try store.tasks(on: day, limit: limit)
        #expect(total == full.count, "\(day)")
        #expect(first.map(\.location).sorted() == Array(full.prefix(limit)).sorted(), "\(day), limit \(limit)")
      }
      // The agenda puts them in its order and says how many more there are.
      let agenda = try vault.agenda(in: store, from: day, through: day, tasksPerDay: 10)
      #expect(agenda.first?.tasks.map(\.task.location) == Array(full.prefix(10)), "\(day)")
      #expect(agenda.first?.moreTasks == max(0, full.count - 10), "\(day)")
    }
    let from = LocalDate(year: 2026, month: 11, day: 2) ?? LocalDate(dayNumber: 0)
    let through = from.adding(days: 3)
    let openDue = all.filter { task in
      task.value.isOpen && task.value.due.map { from <= $0 && $0 <= through } == true
    }
    #expect(try vault.openDue(in: store, from: from, through: through).count == openDue.count)
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
