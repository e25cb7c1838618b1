import GRDB
import VaultCore

/// Counts the dashboard shows, summed from `task_days` (`Schema.createSummaries`), which
/// triggers keep as task rows come and go, instead of counted from the rows: at 100,000 notes
/// the open tasks to act on today alone were 100,000 rows.
extension IndexStore {
  /// How many tasks `selection` chooses, from the summaries, when it asks only what they
  /// know: open statuses with `actionableOn` or `dueBefore`, nothing else. Nil otherwise
  /// (`taskCount` then counts the rows). The answers are the same as the rows' count
  /// (`DashboardCountsTests` compares them).
  func summaryCount(_ selection: TaskSelection, _ db: Database) throws -> Int? {
    guard [[.actionableOn], [.dueBefore]].contains(selection.parts) else { return nil }
    var statuses = selection.statuses.isEmpty ? TaskStatus.Kind.allCases : selection.statuses
    switch (selection.actionableOn, selection.dueBefore) {
    case (let day?, nil):
      // Due or scheduled by then (the earlier of the two), or starting that very day
      // with neither date by then: those few are read from the index `tasks_start` alone.
      statuses = statuses.filter { $0 == .todo || $0 == .inProgress }
      guard !statuses.isEmpty else { return 0 }
      let byDate = try Self.summed(db, .toAct, statuses: statuses, through: day)
      let starting =
        try Int.fetchOne(
          reusing: db,
          sql: """
            SELECT COUNT(*) FROM tasks t INDEXED BY tasks_start
            WHERE t.start = ? AND t.status_type IN (\(Self.placeholders(statuses.count)))
              AND (t.due IS NULL OR t.due > ?) AND (t.scheduled IS NULL OR t.scheduled > ?)
            """,
          arguments: StatementArguments(
            [day.description] + statuses.map(\.rawValue) + [day.description, day.description])
        ) ?? 0
      return byDate + starting
    case (nil, let day?):
      return try Self.summed(db, .due, statuses: statuses, through: day.adding(days: -1))
    default:
      return nil
    }
  }

  /// Tasks closed from `from` up to `before`: done ones by their done date, cancelled ones by
  /// their cancelled date (either, when a line has only the other).
  public func closedCounts(from: LocalDate, before: LocalDate) throws(IndexError) -> (done: Int, cancelled: Int) {
    try read { db in
      var counts: [String: Int] = [:]
      try RowReader.forEach(
        db,
        sql: """
          SELECT status_type, SUM(count) FROM task_days
          WHERE kind = \(Schema.TaskDay.closed.rawValue) AND status_type IN ('done', 'cancelled') AND day >= ? AND day < ? GROUP BY status_type
          """,
        arguments: [from.description, before.description]
      ) { row in counts[row.text(0)] = row.int(1) }
      return (counts["done"] ?? 0, counts["cancelled"] ?? 0)
    }
  }

  /// How many open tasks are due from `from` through `through`.
  public func openDueCount(from: LocalDate, through: LocalDate) throws(IndexError) -> Int {
    let open = TaskStatus.Kind.allCases.filter(\.isOpen)
    return try read { db in
      try Int.fetchOne(
        reusing: db,
        sql: """
          SELECT COALESCE(SUM(count), 0) FROM task_days
          WHERE kind = \(Schema.TaskDay.due.rawValue) AND status_type IN (\(Self.placeholders(open.count)))
            AND day >= ? AND day <= ?
          """,
        arguments: StatementArguments(open.map(\.rawValue) + [from.description, through.description])) ?? 0
    }
  }

  /// The sum of the counts of `kind` for these statuses on days through `through`.
  private static func summed(
    _ db: Database, _ kind: Schema.TaskDay, statuses: [TaskStatus.Kind], through: LocalDate
  ) throws -> Int {
    try Int.fetchOne(
      reusing: db,
      sql: """
        SELECT COALESCE(SUM(count), 0) FROM task_days
        WHERE kind = \(kind.rawValue) AND status_type IN (\(placeholders(statuses.count))) AND day <= ?
        """,
      arguments: StatementArguments(statuses.map(\.rawValue) + [through.description])) ?? 0
  }

  private static func placeholders(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
  }
}
