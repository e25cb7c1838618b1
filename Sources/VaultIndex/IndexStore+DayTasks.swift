import GRDB
import VaultCore

/// The few tasks a day of the agenda shows, and how many it has in all: a day of a large vault
/// holds thousands (3,300 a day at 100,000 synthetic notes), and an agenda that printed them all
/// cost what it printed, not what a person reads.
extension IndexStore {
  /// The tasks due, scheduled or starting on `day` (any status): the first `limit` in the
  /// agenda's order (`Agenda.TaskEntry.order`: open before closed, highest priority, earliest
  /// due date, then path and line), and how many there are.
  ///
  /// Within one date's index (`tasks_due`, `tasks_scheduled`, `tasks_start`), tasks of one
  /// status, priority and due date share their place in that order up to the path. So the day
  /// is first read as those groups and their sizes, from the indexes alone; then only the rows of
  /// the groups that come first (the limit, and the rest of the group it falls in) are read with
  /// their paths and put in order. The day's other tasks are counted, never read.
  public func tasks(on day: LocalDate, limit: Int) throws(IndexError) -> (tasks: [Located<TaskItem>], total: Int) {
    var rows: [Int] = []
    var total = 0
    try read { db in
      var groups: [DayGroup] = []
      try RowReader.forEach(db, sql: Self.dayGroupsSQL, arguments: ["day": day.description], cached: true) { row in
        groups.append(
          DayGroup(
            index: row.int(0), status: row.text(1), priority: row.text(2), due: row.optionalText(3), count: row.int(4)))
      }
      total = groups.reduce(0) { $0 + $1.count }
      // The groups in the agenda's order; those before the limit, and the one it falls in.
      groups.sort { $0.precedes($1) }
      var chosen: [DayGroup] = []
      var taken = 0
      var index = 0
      while index < groups.count, taken < limit {
        // Groups of the same place (one status or another that is open alike) go together.
        var end = index + 1
        while end < groups.count, !groups[index].precedes(groups[end]) { end += 1 }
        chosen += groups[index..<end]
        taken += groups[index..<end].reduce(0) { $0 + $1.count }
        index = end
      }
      guard !chosen.isEmpty else { return }
      // One seek of its index for each group (an OR of them would read the whole day).
      var arguments: StatementArguments = ["day": day.description]
      let parts = chosen.map { group -> String in
        arguments += [group.status, group.priority, group.due]
        let column = Self.dateColumns[group.index]
        return """
          SELECT rowid FROM tasks INDEXED BY tasks_\(column)
          WHERE \(Self.dayCondition(column)) AND status_type = ? AND priority = ? AND due IS ?
          """
      }
      let sql = """
        SELECT t.rowid FROM tasks t CROSS JOIN files f ON f.id = t.file_id
        WHERE t.rowid IN (\(parts.joined(separator: " UNION ALL ")))
        ORDER BY NOT (\(Self.openTasks("t"))), \(Self.orderKey("t", by: .due)), f.path, t.line LIMIT \(max(0, limit))
        """
      try RowReader.forEach(db, sql: sql, arguments: arguments) { row in rows.append(row.int(0)) }
    }
    return (try tasks(atRows: rows), total)
  }

  /// Tasks of one status, priority and due date in one date's index, on the day asked.
  struct DayGroup {
    /// Which of `dateColumns` they were read from.
    var index: Int
    var status: String
    var priority: String
    var due: String?
    var count: Int
    /// Open (an unknown status is not, as in `Schema.openTasks`).
    let isOpen: Bool
    /// The priority (an unknown one is normal, as in `Schema.priorityRank`).
    let rank: TaskPriority

    init(index: Int, status: String, priority: String, due: String?, count: Int) {
      (self.index, self.status, self.priority, self.due, self.count) = (index, status, priority, due, count)
      isOpen = TaskStatus.Kind(rawValue: status)?.isOpen ?? false
      rank = TaskPriority(rawValue: priority) ?? .normal
    }

    /// The keys the agenda sorts by before the path: open first, the highest priority, the
    /// earliest due date, none last.
    func precedes(_ other: DayGroup) -> Bool {
      if isOpen != other.isOpen { return isOpen }
      if rank != other.rank { return rank < other.rank }
      guard let due, let otherDue = other.due else { return due != nil && other.due == nil }
      return due < otherDue
    }
  }

  /// The dates a task is on a day's list by, each with its covering index; a task is counted
  /// under the first of them it has on that day.
  static let dateColumns = ["due", "scheduled", "start"]

  /// A task on `:day` by `column` and by no date before it in `dateColumns`.
  static func dayCondition(_ column: String) -> String {
    let earlier = dateColumns.prefix { $0 != column }
    return (["\(column) = :day"] + earlier.map { "\($0) IS NOT :day" }).joined(separator: " AND ")
  }

  /// The groups of a day's tasks (`DayGroup`) with their sizes: index, status, priority, due
  /// date, count. Each is one run of its index, which holds these columns.
  static let dayGroupsSQL: String = dateColumns.enumerated().map { position, column in
    """
    SELECT \(position), status_type, priority, due, COUNT(*) FROM tasks INDEXED BY tasks_\(column)
    WHERE \(dayCondition(column)) GROUP BY status_type, priority, due
    """
  }.joined(separator: " UNION ALL ")

  /// `Schema.openTasks` with its columns named through `table`.
  static func openTasks(_ table: String) -> String {
    TaskStatus.Kind.allCases.filter(\.isOpen).map { "\(table).status_type = '\($0.rawValue)'" }
      .joined(separator: " OR ")
  }
}
