import Foundation
import GRDB
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// The views read only the rows they show: every statement a view runs is planned through an
/// index, never a full scan of a table that grows with the vault (files, tasks, properties,
/// tags, links, headings, journal), nor every open task through the status alone. Tables
/// that hold a few rows per vault (events, goals, insights, principles, meta) may be read
/// whole.
@Suite struct ViewQueryPlanTests {
  static let large = ["files", "tasks", "properties", "tags", "links", "headings", "journal"]

  static let files: [String: String] = {
    var files = [
      "Tasks.md": "- [ ] Renew passport 📅 2026-11-20\n- [ ] Call 🛫 2026-11-24\n- [x] Paid ✅ 2026-11-22\n",
      "Events/Dentist.md": "---\ndate: 2026-11-25\nstartTime: \"09:00\"\n---\n",
      "Events/Weekly.md": "---\ntype: recurring\ndaysOfWeek: [M]\nstartRecur: 2026-01-05\n---\n",
      "Goals/Run.md": "---\ntype: goal\nprogress: 40\n---\n",
      "Personal Code.md": "# Code\n- Be kind\n",
      // A day with more tasks than the agenda lists (its first few are chosen by groups).
      "Chores.md": "- [ ] Sweep ⏫ 📅 2026-11-25\n- [ ] Mop 📅 2026-11-25\n- [x] Dust 📅 2026-11-25\n"
        + "- [ ] Iron ⏳ 2026-11-25 📅 2026-11-27\n",
    ]
    for day in 1...40 {
      let date = LocalDate(year: 2026, month: 10, day: 1)?.adding(days: day) ?? LocalDate(dayNumber: 0)
      files["Journal/\(date).md"] = "---\nmood: \(day % 10 + 1)\n---\n- [ ] Daily \(day) ⏳ \(date) #home\n"
    }
    return files
  }()

  /// Every statement `body` runs on the store's connection.
  func statements(_ store: IndexStore, _ body: () throws -> Void) throws -> [String] {
    let captured = Captured()
    store.database.inDatabase { db in
      db.trace(options: .statement) { event in
        if case .statement(let statement) = event { captured.append(statement.expandedSQL) }
      }
    }
    defer { store.database.inDatabase { db in db.trace(options: [], nil) } }
    try body()
    return captured.values
  }

  /// The steps of a query's plan (none for a statement that is not a query).
  func plan(_ sql: String, _ store: IndexStore) throws -> [String] {
    guard sql.uppercased().hasPrefix("SELECT") || sql.uppercased().hasPrefix("WITH") else { return [] }
    return try store.database.read { db in
      try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
    }
  }

  /// The full scans of large tables in a statement's plan.
  func scans(_ sql: String, _ store: IndexStore) throws -> [String] {
    try plan(sql, store).filter { detail in
      // Every open task by status alone, reading the wide rows: a scan in all but name (two
      // thirds of the tasks are open). Counting them through the covering index is cheap.
      if detail.contains("USING INDEX tasks_dates (status_type=?)") { return true }
      guard detail.hasPrefix("SCAN ") else { return false }
      let table = detail.dropFirst(5).split(separator: " ").first.map(String.init) ?? ""
      return Self.large.contains(table) || Self.large.contains { detail.contains("SCAN \($0) ") }
        || ["t", "f"].contains(table) && !detail.contains("USING INDEX")
    }
  }

  @Test(arguments: [
    "today", "agenda", "agenda, every task", "calendar", "overdue tasks", "overdue tasks, the first",
    "tomorrow's tasks",
    "journal", "suggestions",
  ])
  func aViewReadsThroughIndexes(view: String) throws {
    let folder = try TemporaryVault(Self.files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let today = LocalDate(year: 2026, month: 11, day: 23) ?? LocalDate(dayNumber: 0)
    let run: () throws -> Void
    switch view {
    case "today": run = { _ = try vault.dashboard(in: store, today: today, limit: 3) }
    // As the text shows them: each day's first tasks (2, so that a day has more).
    case "agenda":
      run = { _ = try vault.agenda(in: store, from: today, through: today.adding(days: 29), tasksPerDay: 2) }
    case "agenda, every task": run = { _ = try vault.agenda(in: store, from: today, through: today.adding(days: 29)) }
    case "calendar":
      run = {
        let (from, through) = (today.adding(days: -22), today.adding(days: 19))
        _ = try vault.agenda(in: store, from: from, through: through, tasksPerDay: 2)
        _ = try vault.openDue(in: store, from: from, through: through)
      }
    case "overdue tasks, the first":
      run = {
        var selection = TaskSelection()
        selection.statuses = [.todo, .inProgress, .onHold]
        selection.dueBefore = today.adding(days: 5)
        _ = try vault.firstTasks(in: store, selection, limit: 1)
      }
    case "overdue tasks":
      run = {
        var selection = TaskSelection()
        selection.statuses = [.todo, .inProgress, .onHold]
        selection.dueBefore = today
        _ = try vault.tasks(in: store, selection)
      }
    case "tomorrow's tasks":
      run = {
        var selection = TaskSelection()
        selection.statuses = [.todo, .inProgress, .onHold]
        selection.datedFrom = today.adding(days: 1)
        selection.datedThrough = today.adding(days: 1)
        _ = try vault.tasks(in: store, selection)
      }
    case "suggestions": run = { _ = try vault.suggestionCandidates(in: store) }
    default: run = { _ = try vault.journal(in: store, from: today.adding(days: -6), through: today) }
    }
    let sql = try statements(store, run)
    #expect(!sql.isEmpty)
    for statement in sql {
      let found = try scans(statement, store)
      #expect(found.isEmpty, "\(view): \(found) in \(statement)")
    }
    // The first few overdue tasks are read in the order they are shown, not found by sorting
    // every overdue task (most open tasks, in a vault of long-forgotten ones).
    if view == "overdue tasks, the first" {
      for statement in sql {
        let steps = try plan(statement, store)
        let sortsARange = steps.contains { $0.contains("due<?") } && steps.contains { $0.contains("TEMP B-TREE") }
        #expect(!sortsARange, "every overdue task sorted: \(steps) in \(statement)")
      }
    }
  }

  /// A calendar server reads one object (a GET, a PUT, its ETag) by its notes' paths or by its
  /// UID: through the index of paths or of property values, never by every event (a calendar
  /// of 20,000 events made each PUT take 30 ms).
  @Test func aCalendarObjectIsReadByItsPathsOrUIDNotThroughEveryEvent() throws {
    var files = Self.files
    for number in 1...30 {
      files["Events/Event \(number).md"] = "---\ndate: 2026-12-0\(number % 9 + 1)\nuid: e\(number)\n---\n"
    }
    let folder = try TemporaryVault(files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let paths = ["Events/Event 3.md", "Events/Dentist.md"]
    var found: [[String]] = []
    let sql = try statements(store) {
      found.append(try store.events(atPaths: paths).map(\.path).sorted())
      found.append(try store.eventNoteStamps(paths: paths).keys.sorted())
      found.append(try store.eventNoteStamps(uid: "e3").keys.sorted())
    }
    #expect(found == [paths.sorted(), paths.sorted(), ["Events/Event 3.md"]])
    #expect(sql.filter { $0.hasPrefix("SELECT") }.count >= 3)
    for statement in sql {
      let steps = try plan(statement, store)
      #expect(!steps.contains { $0.hasPrefix("SCAN e") || $0.hasPrefix("SCAN files") }, "\(steps) in \(statement)")
    }
  }
}

/// Statements heard by a trace, from whichever thread runs them.
private final class Captured: @unchecked Sendable {
  private let lock = NSLock()
  private var list: [String] = []
  var values: [String] { lock.withLock { list } }
  func append(_ sql: String) { lock.withLock { list.append(sql) } }
}
