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
  /// The count is a sum of `task_days`. Within one date's index (`tasks_due`,
  /// `tasks_scheduled`, `tasks_start`), tasks of one status, priority and due date share their
  /// place in the order up to the path: the day's groups are counted in the indexes alone, a
  /// place (open or not, a priority) at a time, until the limit is reached; then only the rows
  /// of the groups that come first (the limit, and the rest of the group it falls in) are read
  /// with their paths and put in order. The day's other tasks are never read.
  public func tasks(on day: LocalDate, limit: Int) throws(IndexError) -> (tasks: [Located<TaskItem>], total: Int) {
    try firstTasks(eachDayFrom: day, through: day, limit: limit)[day] ?? ([], 0)
  }

  /// `tasks(on:limit:)` for each day from `from` through `through`, in one read, the tasks of
  /// all days fetched together.
  public func firstTasks(
    eachDayFrom from: LocalDate, through: LocalDate, limit: Int
  ) throws(IndexError) -> [LocalDate: (tasks: [Located<TaskItem>], total: Int)] {
    var chosenRows: [LocalDate: (rows: [Int], total: Int)] = [:]
    try read { db in
      for offset in 0..<max(0, from.days(until: through) + 1) {
        let day = from.adding(days: offset)
        chosenRows[day] = try Self.firstRows(on: day, limit: limit, db)
      }
    }
    let rows = Array(Set(chosenRows.values.flatMap(\.rows)))
    var chosen = TaskSelection()
    chosen.statuses = []
    chosen.rowIDs = rows
    let byRow = rows.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: try taskRows(chosen).map { ($0.rowID, $0.task) })
    return chosenRows.mapValues { day in (day.rows.compactMap { byRow[$0] }, day.total) }
  }

  /// The row ids of the first `limit` tasks of `day` and how many it has.
  private static func firstRows(on day: LocalDate, limit: Int, _ db: Database) throws -> (rows: [Int], total: Int) {
    let date: StatementArguments = ["day": day.description]
    let total = try Int.fetchOne(reusing: db, sql: dayCountSQL, arguments: date) ?? 0
    guard limit > 0, total > 0 else { return ([], total) }
    guard total > limit else {
      var rows: [Int] = []
      try RowReader.forEach(db, sql: dayRowsSQL, arguments: date, cached: true) { row in rows.append(row.int(0)) }
      return (rows, total)
    }
    // The day's groups, a place in the order at a time (open or not, then the priority), until
    // the limit is reached: each place is a few seeks of the indexes, and the places after the
    // limit are never read.
    var chosen: [DayGroup] = []
    var taken = 0
    for (open, priority) in dayPlaces where taken < limit {
      var groups: [DayGroup] = []
      try RowReader.forEach(
        db, sql: open ? openGroupsSQL : closedGroupsSQL, arguments: ["day": day.description, "priority": priority],
        cached: true
      ) { row in
        groups.append(
          DayGroup(
            index: row.int(0), status: row.text(1), priority: row.text(2), due: row.optionalText(3), count: row.int(4)))
      }
      // In the agenda's order: within a place, by the due date. Groups of the same due date
      // (one status or another that is open alike) go together.
      groups.sort { $0.precedes($1) }
      var index = 0
      while index < groups.count, taken < limit {
        var end = index + 1
        while end < groups.count, !groups[index].precedes(groups[end]) { end += 1 }
        chosen += groups[index..<end]
        taken += groups[index..<end].reduce(0) { $0 + $1.count }
        index = end
      }
    }
    // One seek of its index for each group (an OR of them would read the whole day).
    var arguments: StatementArguments = ["day": day.description]
    let parts = chosen.map { group -> String in
      arguments += [group.status, group.priority, group.due]
      let column = dateColumns[group.index]
      return """
        SELECT rowid FROM tasks INDEXED BY tasks_\(column)
        WHERE \(dayCondition(column)) AND status_type = ? AND priority = ? AND due IS ?
        """
    }
    let sql = """
      SELECT t.rowid FROM tasks t CROSS JOIN files f ON f.id = t.file_id
      WHERE t.rowid IN (\(parts.joined(separator: " UNION ALL ")))
      ORDER BY NOT (\(Schema.openTasks(of: "t"))), \(orderKey("t", by: .due)), f.path, t.line LIMIT \(max(0, limit))
      """
    var rows: [Int] = []
    // Prepared once for each shape of groups (GRDB looks at every column as it prepares).
    try RowReader.forEach(db, sql: sql, arguments: arguments, cached: true) { row in rows.append(row.int(0)) }
    return (rows, total)
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

  /// The places of the agenda's order before the path and the due date: open tasks first,
  /// then closed ones, each from the highest priority to the lowest.
  static let dayPlaces: [(open: Bool, priority: String)] = [true, false].flatMap { open in
    TaskPriority.allCases.map { (open, $0.rawValue) }
  }

  /// How many tasks are on `:day`: a sum of the counts `task_days` keeps, a seek for each status.
  static let dayCountSQL = """
    SELECT COALESCE(SUM(count), 0) FROM task_days WHERE kind = \(Schema.TaskDay.listed.rawValue)
      AND status_type IN (\(TaskStatus.Kind.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))) AND day = :day
    """

  /// The row ids of the tasks on `:day`.
  static let dayRowsSQL = dateColumns.map { "SELECT rowid FROM tasks INDEXED BY tasks_\($0) WHERE \(dayCondition($0))" }
    .joined(separator: " UNION ALL ")

  /// The groups (`DayGroup`: index, status, priority, due date, count) of the tasks on `:day`
  /// of priority `:priority` and an open status; `closedGroupsSQL` of the other statuses.
  static let openGroupsSQL = groupsSQL(TaskStatus.Kind.allCases.filter(\.isOpen))
  static let closedGroupsSQL = groupsSQL(TaskStatus.Kind.allCases.filter { !$0.isOpen })

  /// Each is a seek of its index for each status (an index holds these columns).
  private static func groupsSQL(_ statuses: [TaskStatus.Kind]) -> String {
    let list = statuses.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    return dateColumns.enumerated().map { position, column in
      """
      SELECT \(position), status_type, priority, due, COUNT(*) FROM tasks INDEXED BY tasks_\(column)
      WHERE \(dayCondition(column)) AND status_type IN (\(list)) AND priority = :priority
      GROUP BY status_type, due
      """
    }.joined(separator: " UNION ALL ")
  }
}
