import Foundation
import GRDB
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// `vault today` reads only the events that can show (`events(around:upcoming:)`);
/// for every day of a year it must show what reading every event shows.
@Suite struct DashboardReadTests {
  static let files: [String: String] = {
    var files = [
      ".vault/config.yml": "timezone: Europe/Berlin\n",
      "Events/Weekly.md": "---\ntype: recurring\ndaysOfWeek: [W]\nstartRecur: 2026-01-07\n---\n",
      "Events/Birthday.md": "---\ndate: 1990-02-28\nrepeat: yearly\ncategory: birthday\n---\n",
      "Events/Last Friday.md": "---\ntype: rrule\nstartDate: 2026-01-30\nrrule: FREQ=MONTHLY;BYDAY=-1FR\n---\n",
      "Events/Tokyo.md": "---\ndate: 2026-06-01\nstartTime: \"08:00\"\ntimezone: Asia/Tokyo\n---\n",
      "Events/Archived.md": "---\ndate: 2026-06-03\narchived: true\n---\n",
      "Events/Done Task.md": "---\ndate: 2026-06-04\ncompleted: 2026-06-01\n---\n",
    ]
    // One-off events, some multi-day, some sharing a start day.
    for index in 0..<40 {
      let start =
        LocalDate(year: 2026, month: 1, day: 1)?.adding(days: index * 9 - (index % 3)) ?? LocalDate(dayNumber: 0)
      let end = index % 4 == 0 ? "endDate: \(start.adding(days: 3))\n" : ""
      files["Events/Event \(index).md"] = "---\ndate: \(start)\n\(end)---\n"
    }
    return files
  }()

  @Test func theNarrowReadShowsWhatTheFullReadShows() throws {
    let folder = try TemporaryVault(Self.files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let all = try store.events()
    var day = LocalDate(year: 2026, month: 1, day: 1) ?? LocalDate(dayNumber: 0)
    for _ in 0..<380 {
      for limit in [1, 3] {
        let narrow = try vault.dashboard(in: store, today: day, limit: limit)
        var input = Dashboard.Input()
        input.events = try vault.events(in: store)
        let full = Dashboard(input, today: day, limit: limit)
        #expect(narrow.events.map(\.event.path) == full.events.map(\.event.path), "\(day)")
        #expect(
          narrow.countdowns.map { "\($0.occurrence.event.path) \($0.occurrence.start)" }
            == full.countdowns.map { "\($0.occurrence.event.path) \($0.occurrence.start)" }, "\(day) limit \(limit)")
      }
      day = day.adding(days: 1)
    }
    #expect(all.count == 46)
  }
}

/// The indexes `tasks_dates` and `tasks_rank` hold open tasks only (`Schema.openTasks`), and
/// SQLite uses them only for a statement whose `WHERE` holds the same term.
@Suite struct OpenTaskIndexTests {
  /// The indexes SQLite's plan for `sql` names.
  func indexes(_ store: IndexStore, _ sql: String, _ arguments: StatementArguments) throws -> String {
    try store.database.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
        .joined(separator: "; ")
    }
  }

  @Test func theDashboardsTaskQueriesUseTheIndexesOfOpenTasks() throws {
    let folder = try TemporaryVault([
      "Tasks.md": "- [ ] a 📅 2026-11-20\n- [/] b ⏫ 📅 2026-11-21\n- [x] c ✅ 2026-11-19\n- [-] d\n- [ ] e ⏳ 2026-11-22\n",
      // With the Tasks plugin `[/]` is in progress (core Obsidian would read it as checked).
      ".obsidian/plugins/obsidian-tasks-plugin/data.json": "{}",
    ])
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(dayNumber: 0)
    // As `Vault.dashboard` and `vault tasks` ask.
    var actionable = TaskSelection()
    actionable.actionableOn = today
    actionable.statuses = [.todo, .inProgress]
    var dueThisWeek = TaskSelection()
    dueThisWeek.statuses = [.todo, .inProgress, .onHold]
    dueThisWeek.dueBefore = today.adding(days: 7)
    // Its counts, from the covering index.
    for selection in [actionable, dueThisWeek] {
      let count = IndexStore.taskFilter(selection)
      #expect(
        try indexes(store, IndexStore.taskCountSQL(count), count.arguments).contains("COVERING INDEX tasks_dates"))
    }
    // Its best tasks, a status at a time, in the order of `tasks_rank`.
    for status in actionable.statuses {
      var one = actionable
      one.statuses = [status]
      let best = IndexStore.taskFilter(one)
      let plan = try indexes(store, IndexStore.bestTasksSQL(best, limit: 3), best.arguments)
      #expect(plan.contains("INDEX tasks_rank") && !plan.contains("ORDER BY"), "\(status): \(plan)")
    }
    #expect(try store.topTasks(actionable, limit: 3).tasks.map(\.value.description) == ["b", "a", "e"])
    #expect(try store.taskCount(dueThisWeek) == 2)
    // Closed tasks are not in them, and are still found.
    var done = TaskSelection()
    done.statuses = [.done]
    #expect(try store.topTasks(done, limit: 3).tasks.map(\.value.description) == ["c"])
    let closed = IndexStore.taskFilter(done)
    #expect(!(try indexes(store, IndexStore.taskCountSQL(closed), closed.arguments)).contains("tasks_dates"))
  }
}
