import GRDB
import VaultCore

/// Which task lines to read for a view; every part set must hold.
public struct TaskSelection: Sendable {
  /// Empty: any status.
  public var statuses: [TaskStatus.Kind] = []
  /// Some date (due, scheduled or start) on or before this day; with `datedFrom`, some date
  /// from that day through this one.
  public var datedThrough: LocalDate?
  /// Some date (due, scheduled or start) on or after this day.
  public var datedFrom: LocalDate?
  /// Done (or cancelled) on or after this day.
  public var closedFrom: LocalDate?
  /// Done (or cancelled) before this day.
  public var closedBefore: LocalDate?
  /// Due before this day.
  public var dueBefore: LocalDate?
  /// The task's own tag, or a nested one (`work` matches `#work/meetings`).
  public var tag: String?
  /// Words the description holds, ignoring case.
  public var text: String?
  /// `highest` … `lowest`.
  public var priority: TaskPriority?
  /// Open tasks that belong on this day's list: due on or before it, scheduled on or
  /// before it, or starting that day (what `Agenda.TaskEntry(_:on:)` accepts).
  public var actionableOn: LocalDate?
  /// Tasks that may remind in a span of days (`Vault.reminders`): a reminder on the line (`⏰`,
  /// `(@`), or, with `due`, due in the span. The schedule checks each; this only keeps the
  /// rest out of it (at 10,000 notes, 60 of 13,000 open tasks).
  public var reminding: (span: ClosedRange<LocalDate>, due: Bool)?
  /// Only tasks with inline fields on their line (`[energy:: low]`).
  public var withFields = false
  /// Only these rows of the task table.
  var rowIDs: [Int]?
  /// Only tasks with one of these ids (`🆔`).
  public var ids: [String]?
  /// The tasks a calendar client's task list holds: the open ones with a date, or in `inbox`,
  /// or with an id; and those with an id closed on or after `closedFrom`.
  public var taskList: (inbox: String, closedFrom: LocalDate)?

  public init() {}

  /// The parts of a selection a narrow read may answer alone.
  enum Part: Hashable {
    case datedFrom, datedThrough, closedFrom, closedBefore, dueBefore, tag, text, priority, actionableOn
    case reminding, withFields, rowIDs, ids, taskList
  }

  /// Which parts are set, the statuses aside: a read that answers some of them only (the
  /// summaries, a span's covering indexes) checks that nothing else is asked. A new part of
  /// the selection belongs here too.
  var parts: Set<Part> {
    var parts = Set<Part>()
    if datedFrom != nil { parts.insert(.datedFrom) }
    if datedThrough != nil { parts.insert(.datedThrough) }
    if closedFrom != nil { parts.insert(.closedFrom) }
    if closedBefore != nil { parts.insert(.closedBefore) }
    if dueBefore != nil { parts.insert(.dueBefore) }
    if tag != nil { parts.insert(.tag) }
    if text != nil { parts.insert(.text) }
    if priority != nil { parts.insert(.priority) }
    if actionableOn != nil { parts.insert(.actionableOn) }
    if reminding != nil { parts.insert(.reminding) }
    if withFields { parts.insert(.withFields) }
    if rowIDs != nil { parts.insert(.rowIDs) }
    if ids != nil { parts.insert(.ids) }
    if taskList != nil { parts.insert(.taskList) }
    return parts
  }
}

extension IndexStore {
  /// Every event, with its note's tags.
  public func events() throws(IndexError) -> [Located<Event>] {
    try events(withTags: true, where: "1")
  }

  /// The notes with `type: <type>` or under `folder` (vault-relative, no slash at the end).
  public func notePaths(ofType type: String, orUnder folder: String) throws(IndexError) -> [String] {
    try read { db in
      var paths: [String] = []
      try RowReader.forEach(
        db,
        // Each half through an index: the folder as a range of paths, the key in each of its
        // spellings (property keys are matched ignoring case) through `properties_key`.
        sql: """
          SELECT path FROM files WHERE skipped = 0 AND path > ?1 || '/' AND path < ?1 || '0'
          UNION
          SELECT files.path FROM properties p CROSS JOIN files ON files.id = p.file_id
            WHERE p.key IN (\(Self.spellings("type").map { "'\($0)'" }.joined(separator: ", ")))
            AND lower(p.text) = lower(?2) AND files.skipped = 0
          ORDER BY path
          """, arguments: [folder, type]
      ) { row in paths.append(row.text(0)) }
      return paths
    }
  }

  /// Every spelling of an ASCII word in upper and lower case (`type`, `Type`, … `TYPE`).
  static func spellings(_ word: String) -> [String] {
    word.reduce([""]) { spelled, letter in
      let cases = Set([letter.lowercased(), letter.uppercased()])
      return spelled.flatMap { prefix in cases.sorted().map { prefix + $0 } }
    }
  }

  /// The events of the notes at `paths`, with their notes' tags.
  public func events(atPaths paths: [String]) throws(IndexError) -> [Located<Event>] {
    guard !paths.isEmpty else { return [] }
    // Paths are data: each is a quoted SQL literal (a quote doubled), never SQL.
    let list = paths.map {
      "'" + $0.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "''") + "'"
    }.joined(separator: ", ")
    // Through the index of paths: `files.path IN` beside the join, whose order is events
    // first, would read every event (30 ms at 20,000 events, each PUT).
    return try events(withTags: true, where: "files.id IN (SELECT f.id FROM files f WHERE f.path IN (\(list)))")
  }

  /// For each event note: its `uid` property, its category and its file's stamp (size, modification time in
  /// nanoseconds, inode), by path — what a calendar server's ETags and sync tokens are made of.
  public func eventNoteStamps() throws(IndexError) -> [String: (uid: String?, category: String?, stamp: FileStamp)] {
    try eventNoteStamps(where: "1", arguments: [])
  }

  /// The same for the event notes whose `uid` is `uid`, or `uid/…` (its changed occurrences),
  /// through the index of property keys and values: a CalDAV request for one object reads those.
  public func eventNoteStamps(
    uid: String
  ) throws(IndexError) -> [String: (
    uid: String?, category: String?, stamp: FileStamp
  )] {
    let keys = Self.spellings("uid").map { "'\($0)'" }.joined(separator: ", ")
    return try eventNoteStamps(
      where: """
        files.id IN (SELECT p.file_id FROM properties p WHERE p.key IN (\(keys))
          AND (p.text = ?1 OR (p.text > ?1 || '/' AND p.text < ?1 || '0')))
        """, arguments: [uid])
  }

  /// The same for the event notes at some paths (an object whose UID vault made from its
  /// note's path, `vault-…@vault`, is that note).
  public func eventNoteStamps(
    paths: [String]
  ) throws(IndexError) -> [String: (
    uid: String?, category: String?, stamp: FileStamp
  )] {
    guard !paths.isEmpty else { return [:] }
    let marks = paths.indices.map { "?\($0 + 1)" }.joined(separator: ", ")
    return try eventNoteStamps(
      where: "files.id IN (SELECT f.id FROM files f WHERE f.path IN (\(marks)))", arguments: paths)
  }

  private func eventNoteStamps(
    where condition: String, arguments: [String]
  ) throws(IndexError) -> [String: (uid: String?, category: String?, stamp: FileStamp)] {
    try read { db in
      var facts: [String: (uid: String?, category: String?, stamp: FileStamp)] = [:]
      try RowReader.forEach(
        db,
        sql: """
          SELECT files.path, files.size, files.mtime, files.inode,
            (SELECT p.text FROM properties p WHERE p.file_id = files.id AND lower(p.key) = 'uid' LIMIT 1), e.category
          FROM events e CROSS JOIN files ON files.id = e.file_id WHERE files.skipped = 0 AND \(condition)
          """, arguments: StatementArguments(arguments)
      ) { row in
        facts[row.text(0)] = (
          row.optionalText(4), row.optionalText(5),
          FileStamp(size: row.int(1), modified: Int64(row.int(2)), inode: UInt64(bitPattern: Int64(row.int(3))))
        )
      }
      return facts
    }
  }

  /// For each event note: its `uid` property and its modification time (seconds since 1970),
  /// by path — what an iCalendar export needs beside the events.
  public func eventNoteFacts() throws(IndexError) -> [String: (uid: String?, modified: Int)] {
    try read { db in
      var facts: [String: (uid: String?, modified: Int)] = [:]
      try RowReader.forEach(
        db,
        sql: """
          SELECT files.path, files.mtime,
            (SELECT p.text FROM properties p WHERE p.file_id = files.id AND lower(p.key) = 'uid' LIMIT 1)
          FROM events e CROSS JOIN files ON files.id = e.file_id WHERE files.skipped = 0
          """
      ) { row in
        facts[row.text(0)] = (row.optionalText(2), row.int(1) / 1_000_000_000)
      }
      return facts
    }
  }

  /// The events a dashboard for `today` can show, without tags: the recurring ones, the one-off
  /// ones around today, and the one-off ones starting next, through the `upcoming + 2`th start
  /// (ties included). A day of margin either side covers events a time zone moves. Archived
  /// events and done task-events are left out. (Reading all 800 events of 10,000 notes was
  /// the largest part of `vault today`.)
  public func events(around today: LocalDate, upcoming: Int) throws(IndexError) -> [Located<Event>] {
    let (from, to) = (today.adding(days: -1).description, today.adding(days: 1).description)
    let shown = "e.archived = 0 AND (e.completed IS NULL OR e.completed = 0)"
    let next = """
      (SELECT e.start FROM events AS e INDEXED BY events_start
        WHERE e.recurrence_kind IS NULL AND e.extra_dates = '' AND \(shown) AND e.cancelled = 0
        AND e.start >= '\(from)'
        ORDER BY e.start LIMIT 1 OFFSET \(upcoming + 1))
      """
    // (A cancelled event has no countdown, so it does not count among the next few.)
    // The yearly events whose next day comes after the `upcoming + 2`th that surely comes
    // (a plain yearly rule, no end, no day skipped, begun) cannot be among the next few.
    let first = today.adding(days: -2)
    let day = "substr(e.start, 6, 5)"
    let fromDay = String(first.description.dropFirst(5))
    let sure = """
      \(Self.plainYearly) AND \(shown) AND e.cancelled = 0 AND e.recurrence_end IS NULL AND e.skip_dates = ''
        AND e.extra_dates = '' AND e.start <= '\(first)' AND (e.end IS NULL OR e.end = e.start) AND \(day) != '02-29'
      """
    let boundary = try read { db in
      try String.fetchOne(
        reusing: db,
        sql:
          """
          SELECT \(day) FROM events AS e INDEXED BY events_recurring
          WHERE (e.recurrence_kind IS NOT NULL OR e.extra_dates != '') AND \(sure)
          ORDER BY \(day) < '\(fromDay)', \(day) LIMIT 1 OFFSET \(upcoming + 1)
          """
      )
    }
    var later = "0"
    if let boundary, let month = Int(boundary.prefix(2)), let dayOfMonth = Int(boundary.suffix(2)) {
      let year = boundary < fromDay ? first.year + 1 : first.year
      // 29 February of a common year is a day later (1 March), at most.
      let date =
        LocalDate(year: year, month: month, day: dayOfMonth) ?? LocalDate(year: year, month: 3, day: 1) ?? first
      later = Self.yearlyElsewhere(first, date.adding(days: 2))
    }
    let ids = Self.eventIDs(
      recurring: "NOT COALESCE(\(later), 0)", from: from, through: "MAX('\(to)', COALESCE(\(next), '9999-12-31'))",
      shown: shown)
    return try events(withTags: false, where: "e.file_id IN (\(ids))")
  }

  /// The ids of the events a span from `from` can show, each read through its index: the
  /// recurring ones (that meet `recurring`), the one-off ones starting from `from` through
  /// `through` (SQL), and the one-off ones begun before `from` and ending on or after it; all
  /// that meet `shown`. (Every event row was read, 6 ms at 100,000 notes.)
  static func eventIDs(recurring: String, from: String, through: String, shown: String = "1") -> String {
    """
    SELECT e.file_id FROM events AS e INDEXED BY events_recurring
      WHERE (e.recurrence_kind IS NOT NULL OR e.extra_dates != '') AND \(shown) AND (\(recurring))
    UNION ALL
    SELECT e.file_id FROM events AS e INDEXED BY events_start
      WHERE e.recurrence_kind IS NULL AND e.extra_dates = '' AND \(shown) AND e.start >= '\(from)' AND e.start <= \(through)
    UNION ALL
    SELECT e.file_id FROM events AS e INDEXED BY events_end
      WHERE e.recurrence_kind IS NULL AND e.extra_dates = '' AND e.end IS NOT NULL AND \(shown)
        AND e.end >= '\(from)' AND e.start < '\(from)'
    """
  }

  /// The events that can have an occurrence from `from` through `through`: every recurring
  /// one, and the others whose days meet the span widened by two days on each side (an event
  /// in another time zone can land on a neighbouring day in the vault's).
  public func events(from: LocalDate, through: LocalDate) throws(IndexError) -> [Located<Event>] {
    let (first, last) = (from.adding(days: -2), through.adding(days: 2))
    let ids = Self.eventIDs(
      recurring: "e.extra_dates != '' OR NOT COALESCE(\(Self.yearlyElsewhere(first, last)), 0)",
      from: first.description, through: "'\(last)'")
    return try events(withTags: true, where: "e.file_id IN (\(ids))")
  }

  /// For an event row `e`: true when it comes back each year on its start's day (a plain
  /// yearly rule, one day long) and that day of the year is not from `first` through `last`,
  /// so it cannot occur then; false or null for any other event. A vault's birthdays are most
  /// of its recurring events (800 at 100,000 synthetic notes), and a month's agenda reads the
  /// few of that month. Conservative: longer events and every other rule are kept; the span
  /// the caller asks is two days wider on each side than the days shown, which holds a 29
  /// February birthday moved to a common year's 28 February or 1 March, and a day moved by a
  /// time zone.
  static func yearlyElsewhere(_ first: LocalDate, _ last: LocalDate) -> String {
    // A span of a year or more holds every day of the year.
    guard last < LocalDate(year: first.year + 1, month: first.month, day: 1) ?? first else { return "0" }
    let (from, through) = (String(first.description.dropFirst(5)), String(last.description.dropFirst(5)))
    let day = "substr(e.start, 6, 5)"
    let inSpan =
      from <= through ? "\(day) BETWEEN '\(from)' AND '\(through)'" : "(\(day) >= '\(from)' OR \(day) <= '\(through)')"
    return "\(plainYearly) AND e.start IS NOT NULL AND (e.end IS NULL OR e.end = e.start) AND NOT (\(inSpan))"
  }

  /// For an event row `e`: a yearly rule with nothing more (it comes back on its start's day).
  static let plainYearly = """
    ((e.recurrence_kind = 'phrase' AND lower(trim(e.recurrence_rule)) IN ('yearly', 'annually', 'every year')) \
    OR (e.recurrence_kind = 'rrule' AND upper(trim(e.recurrence_rule)) IN ('FREQ=YEARLY', 'RRULE:FREQ=YEARLY')))
    """

  private func events(withTags: Bool, where condition: String) throws(IndexError) -> [Located<Event>] {
    let tags = withTags ? "(SELECT group_concat(name, ',') FROM tags WHERE tags.file_id = files.id)" : "NULL"
    return try read { db in
      let sql = """
        SELECT files.path, files.title, e.title, e.emoji, e.start, e.end, e.all_day, e.start_time, e.end_time,
          e.category, e.location, e.time_zone, e.recurrence_kind, e.recurrence_rule, e.recurrence_end,
          e.skip_dates, e.remind, e.archived, e.completed, \(tags), e.description, e.color, e.leap_day,
          e.year_unknown, e.extra_dates, e.floating, e.cancelled
        FROM events e CROSS JOIN files ON files.id = e.file_id
        WHERE files.skipped = 0 AND \(condition)
        ORDER BY files.path
        """
      var events: [Located<Event>] = []
      try RowReader.forEach(db, sql: sql) { row in
        var event = Event(title: row.text(2))
        event.emoji = row.optionalText(3)
        event.start = Self.date(row.optionalText(4))
        event.end = Self.date(row.optionalText(5))
        event.allDay = row.bool(6)
        event.startTime = row.optionalText(7).flatMap { DateParsing.time($0) }
        event.endTime = row.optionalText(8).flatMap { DateParsing.time($0) }
        event.category = row.optionalText(9)
        event.location = row.optionalText(10)
        event.timeZone = row.optionalText(11)
        event.recurrence = Self.recurrence(kind: row.optionalText(12), rule: row.optionalText(13))
        event.recurrenceEnd = Self.date(row.optionalText(14))
        event.skipDates = Self.list(row.optionalText(15)).compactMap { DateParsing.validDate($0) }
        event.remind = Self.list(row.optionalText(16))
        event.archived = row.bool(17)
        event.completed = row.optionalBool(18)
        event.description = row.optionalText(20)
        event.color = row.optionalText(21)
        event.leapDay = row.optionalText(22).flatMap(LeapDay.init(rawValue:))
        event.yearUnknown = row.bool(23)
        for text in Self.list(row.optionalText(24)) {
          if case .value(let moment) = DateParsing.dateTime(Substring(text)) {
            event.extraDates.append(moment.date)
            event.extraTimes[moment.date] = moment.time
          } else if let day = DateParsing.validDate(text) {
            event.extraDates.append(day)
          }
        }
        event.floating = row.bool(25)
        event.cancelled = row.bool(26)
        events.append(
          Located(path: row.text(0), title: row.text(1), tags: Self.list(row.optionalText(19)), value: event))
      }
      return events
    }
  }

  /// Task lines chosen by `selection`, in file order; the first `limit` of them when given.
  public func tasks(_ selection: TaskSelection, limit: Int? = nil) throws(IndexError) -> [Located<TaskItem>] {
    try taskRows(selection, limit: limit).map(\.task)
  }

  /// Task lines with their row ids.
  func taskRows(
    _ selection: TaskSelection, limit: Int? = nil
  ) throws(IndexError) -> [(rowID: Int, task: Located<TaskItem>)] {
    var tasks: [(rowID: Int, task: Located<TaskItem>)] = []
    try forEachTaskRow(selection, order: "files.path, t.line", limit: limit) { tasks.append(($0, $1)) }
    return tasks
  }

  /// Every task line `selection` chooses, one at a time, in the order of `vault tasks`
  /// (`TaskFilter.order`: priority, the due date else the scheduled else the start date,
  /// undated last, then path and line; `FirstTasksTests` compares them): a listing of 125,000
  /// tasks never holds them all (`vault tasks --json`: 241 MB when it sorted them itself).
  public func forEachTask(
    _ selection: TaskSelection, _ body: (Located<TaskItem>) -> Void
  ) throws(IndexError) {
    try forEachTaskRow(selection, order: "\(Self.orderKey("t", by: .sortDate)), files.path, t.line") { body($1) }
  }

  /// The order of tasks without its path and line: priority (highest first), then the date
  /// (`dates`), undated last; the columns of `table`.
  static func orderKey(_ table: String, by dates: TaskOrderDate) -> String {
    let date = dates == .sortDate ? "COALESCE(\(table).due, \(table).scheduled, \(table).start)" : "\(table).due"
    return "-\(Schema.priorityRank), \(date) IS NULL, COALESCE(\(date), '')"
  }

  private func forEachTaskRow(
    _ selection: TaskSelection, order: String, limit: Int? = nil, _ body: (Int, Located<TaskItem>) -> Void
  ) throws(IndexError) {
    let filter = Self.taskFilter(selection)
    let sql = """
      SELECT files.path, files.title, t.line, t.byte_start, t.byte_end, t.indentation, t.marker, t.status_symbol,
        t.description, t.tags, t.priority, t.created, t.start, t.scheduled, t.due, t.done, t.cancelled,
        t.recurrence, t.on_completion, t.task_id, t.depends_on, t.block_link, t.format, t.parent_line, t.rowid,
        t.scheduled_inferred, t.status_type, t.fields, t.duplicate, t.notes
      FROM tasks t JOIN files ON files.id = t.file_id
      WHERE \(filter.sql)
      ORDER BY \(order)\(limit.map { " LIMIT \(max(0, $0))" } ?? "")
      """
    try read { db in
      try RowReader.forEach(db, sql: sql, arguments: filter.arguments) { row in
        var task = TaskItem(
          line: row.int(2), byteRange: row.int(3)..<max(row.int(3), row.int(4)), indentation: row.text(5),
          marker: row.text(6),
          status: TaskStatus(symbol: row.text(7).first ?? " ", type: TaskStatus.Kind(rawValue: row.text(26))),
          description: row.text(8))
        task.tags = Self.list(row.optionalText(9))
        task.priority = TaskPriority(rawValue: row.text(10)) ?? .normal
        task.created = Self.date(row.optionalText(11))
        task.start = Self.date(row.optionalText(12))
        task.scheduled = Self.date(row.optionalText(13))
        task.scheduledIsInferred = row.int(25) != 0
        task.due = Self.date(row.optionalText(14))
        task.done = Self.date(row.optionalText(15))
        task.cancelled = Self.date(row.optionalText(16))
        task.recurrence = row.optionalText(17)
        task.onCompletion = row.optionalText(18)
        task.id = row.optionalText(19)
        task.dependsOn = Self.list(row.optionalText(20))
        task.blockLink = row.optionalText(21)
        task.format = TaskFormat(rawValue: row.text(22)) ?? .none
        task.parentLine = row.optionalInt(23)
        task.fields = Self.fields(row.text(27), line: row.int(2))
        task.duplicate = row.int(28)
        task.notes = row.optionalText(29)
        body(row.int(24), Located(path: row.text(0), title: row.text(1), line: row.int(2), value: task))
      }
    }
  }

  /// The first `limit` task lines `selection` chooses, highest priority first, then the
  /// earliest due date (none last), ties in the order they were stored; and how many it
  /// chooses in all. Each status is read in the order of the index `tasks_rank`, which stops
  /// after `limit` rows (13,000 open tasks at 10,000 notes: 0.1 ms instead of a scan and sort
  /// of 8 ms); only the count reads them all.
  public func topTasks(
    _ selection: TaskSelection, limit: Int
  ) throws(IndexError) -> (
    tasks: [Located<TaskItem>], total: Int
  ) {
    let statuses = selection.statuses.isEmpty ? TaskStatus.Kind.allCases : selection.statuses
    var kept: [(rank: Int, due: String?, row: Int)] = []
    for status in statuses {
      var one = selection
      one.statuses = [status]
      let filter = Self.taskFilter(one)
      try read { db in
        try RowReader.forEach(
          db,
          sql: Self.bestTasksSQL(filter, limit: limit), arguments: filter.arguments
        ) { row in kept.append((row.int(1), row.optionalText(2), row.int(0))) }
      }
    }
    // The statuses' best rows merged: the same order, ties by storage order.
    kept.sort { a, b in
      if a.rank != b.rank { return a.rank > b.rank }
      if a.due != b.due {
        guard let dueA = a.due else { return false }
        guard let dueB = b.due else { return true }
        return dueA < dueB
      }
      return a.row < b.row
    }
    let chosenRows = Array(kept.prefix(limit).map(\.row))
    let total = try taskCount(selection)
    return (try tasks(atRows: chosenRows), total)
  }

  /// The date after the priority in an order of tasks.
  public enum TaskOrderDate: Sendable {
    /// The due date, else the scheduled, else the start date (`vault tasks`: `TaskFilter.order`).
    case sortDate
    /// The due date alone (the agenda and the dashboard: `Agenda.TaskEntry.order`).
    case due
  }

  /// The first `limit` task lines `selection` chooses in the order of `vault tasks`
  /// (`TaskFilter.order`: highest priority first, then the due date, else the scheduled, else
  /// the start date, undated last, then path and line; with `.due`, the due date alone), and how
  /// many it chooses in all: a page that shows the first few never reads the rest (101,000
  /// overdue tasks at 100,000 notes).
  /// `counting: false` leaves the total out (0), for a list that does not show it.
  public func firstTasks(
    _ selection: TaskSelection, limit: Int, by dates: TaskOrderDate = .sortDate, counting: Bool = true
  ) throws(IndexError) -> (
    tasks: [Located<TaskItem>], total: Int
  ) {
    if let overdue = try firstOverdue(selection, limit: limit, counting: counting) { return overdue }
    let filter = Self.taskFilter(selection)
    // Sorting every match by path reads each one's file row (42 ms for 101,000 overdue tasks
    // at 100,000 notes). The key without the path comes from the task rows alone (the covering
    // index `tasks_dates`): the limit-th match's key first, then only the matches up to it (the
    // limit and those tied with the last) are read with their paths and put in order.
    let key = { (table: String) in Self.orderKey(table, by: dates) }
    var chosenRows: [Int] = []
    try read { db in
      // A span of days and statuses alone (the dashboard's tomorrow): the tasks of each date
      // come from that date's covering index, and their union is sorted, where SQLite would
      // read every task of the span from the table (4,000 a day at 100,000 notes: 18 ms).
      let span = Self.spanUnion(selection, by: dates)
      let (matches, matchKey) =
        span.map { ("(\($0.sql)) span", "span.k1, span.k2, span.k3") } ?? ("tasks t WHERE \(filter.sql)", key("t"))
      let last = try Row.fetchOne(
        reusing: db,
        sql: "SELECT \(matchKey) FROM \(matches) ORDER BY \(matchKey) LIMIT 1 OFFSET \(max(0, limit - 1))",
        arguments: span?.arguments ?? filter.arguments)
      var arguments = span?.arguments ?? filter.arguments
      var upTo = ""
      if let last {
        upTo = " AND (\(matchKey)) <= (?, ?, ?)"
        arguments += [last[0] as Int, last[1] as Int, last[2] as String]
      }
      let chosen =
        span.map { "t.rowid IN (SELECT span.id FROM (\($0.sql)) span WHERE 1\(upTo))" } ?? "\(filter.sql)\(upTo)"
      let sql = """
        SELECT t.rowid FROM tasks t CROSS JOIN files f ON f.id = t.file_id WHERE \(chosen)
        ORDER BY \(key("t")), f.path, t.line LIMIT \(limit)
        """
      try RowReader.forEach(db, sql: sql, arguments: arguments) { row in chosenRows.append(row.int(0)) }
    }
    let total = counting ? try taskCount(selection) : 0
    return (try tasks(atRows: chosenRows), total)
  }

  /// `firstTasks` of open tasks due before a day (`vault tasks --overdue`), and nothing else:
  /// their order up to the path is the index `tasks_rank`'s (each has a due date, so it is the
  /// sort date), read a status and a priority at a time and stopped after `limit` rows; then the tasks tied
  /// with the last of the first `limit` (one priority, one due date) are read through
  /// `tasks_due`, and only these candidates with their paths are put in order. At 100,000
  /// notes the 100,000 overdue tasks were read twice (28 ms). Nil for any other selection.
  func firstOverdue(
    _ selection: TaskSelection, limit: Int, counting: Bool
  ) throws(IndexError) -> (tasks: [Located<TaskItem>], total: Int)? {
    guard selection.parts == [.dueBefore], !selection.statuses.isEmpty, selection.statuses.allSatisfy(\.isOpen),
      let before = selection.dueBefore, limit > 0
    else { return nil }
    var kept: [(rank: Int, due: String, row: Int, priority: String)] = []
    var chosen: [Int] = []
    try read { db in
      for status in selection.statuses {
        // A priority at a time, highest first, each in order of due date: a range of
        // `tasks_rank` stopped after `limit` rows. Left to itself SQLite reads every overdue
        // task through `tasks_dates` and sorts them (98,651 at 100,000 notes: 22 ms).
        // The status is written out, not bound: SQLite must see that it is an open one to use
        // the partial index. It is one of a few fixed words (`TaskStatus.Kind`), never a note's text.
        var found = 0
        for rank in Schema.priorityRanks.reversed() where found < limit {
          let sql = """
            SELECT t.rowid, t.due, t.priority FROM tasks t INDEXED BY tasks_rank
            WHERE t.status_type = '\(status.rawValue)' AND \(Schema.priorityRank) = ? AND (t.due IS NULL) = 0
              AND t.due < ?
            ORDER BY t.due LIMIT \(limit - found)
            """
          try RowReader.forEach(db, sql: sql, arguments: [rank, before.description]) { row in
            kept.append((rank, row.text(1), row.int(0), row.text(2)))
            found += 1
          }
        }
      }
      kept.sort { $0.rank != $1.rank ? $0.rank > $1.rank : $0.due < $1.due }
      var candidates = kept.map(\.row)
      if kept.count >= limit {
        let last = kept[limit - 1]
        candidates = kept.filter { $0.rank > last.rank || ($0.rank == last.rank && $0.due < last.due) }.map(\.row)
        let statuses = selection.statuses.map { "'\($0.rawValue)'" }.joined(separator: ", ")
        try RowReader.forEach(
          db,
          sql: """
            SELECT rowid FROM tasks INDEXED BY tasks_due
            WHERE due = ? AND status_type IN (\(statuses)) AND priority = ? AND due < ?
            """,
          arguments: [last.due, last.priority, before.description]
        ) { row in candidates.append(row.int(0)) }
      }
      let sql = """
        SELECT t.rowid FROM tasks t CROSS JOIN files f ON f.id = t.file_id
        WHERE t.rowid IN (\(candidates.map(String.init).joined(separator: ", ")))
        ORDER BY \(Self.orderKey("t", by: .due)), f.path, t.line LIMIT \(limit)
        """
      try RowReader.forEach(db, sql: sql) { row in chosen.append(row.int(0)) }
    }
    return (try tasks(atRows: chosen), counting ? try taskCount(selection) : 0)
  }

  /// For a selection of a span of days (`datedFrom` through `datedThrough`) and statuses, and
  /// nothing else: the matching tasks' ids (`id`) and the three parts of their sort key
  /// (`k1`, `k2`, `k3`, as `firstTasks` sorts) as a union of one range of each date's
  /// covering index (`tasks_due`, `tasks_scheduled`, `tasks_start`). Each part's key names
  /// only the columns its index holds: where the due date is set it is the sort date, and so on.
  static func spanUnion(
    _ selection: TaskSelection, by dates: TaskOrderDate
  ) -> (sql: String, arguments: StatementArguments)? {
    guard selection.parts == [.datedFrom, .datedThrough], let from = selection.datedFrom?.description,
      let through = selection.datedThrough?.description
    else { return nil }
    let statuses = selection.statuses.map(\.rawValue)
    let status = statuses.isEmpty ? "" : " AND status_type IN (\(statuses.map { _ in "?" }.joined(separator: ", ")))"
    var arguments = StatementArguments()
    let sortDates = ["due": "due", "scheduled": "COALESCE(due, scheduled)", "start": "COALESCE(due, scheduled, start)"]
    let parts = ["due", "scheduled", "start"].map { column in
      arguments += StatementArguments([from, through] + statuses)
      let date = dates == .sortDate ? sortDates[column] ?? "due" : "due"
      return """
        SELECT rowid AS id, -\(Schema.priorityRank) AS k1, \(date) IS NULL AS k2, COALESCE(\(date), '') AS k3
        FROM tasks INDEXED BY tasks_\(column) WHERE \(column) >= ? AND \(column) <= ?\(status)
        """
    }
    return (parts.joined(separator: " UNION "), arguments)
  }

  /// The last `limit` tasks done from `from` up to `before`: the latest day first, and on one
  /// day the task read last (the note written last) first. Read backwards through the index of
  /// done dates: a busy day closes thousands (79 ms at 100,000 notes in path order).
  public func recentlyDone(from: LocalDate, before: LocalDate, limit: Int) throws(IndexError) -> [Located<TaskItem>] {
    var rows: [Int] = []
    try read { db in
      let sql = """
        SELECT t.rowid FROM tasks t WHERE t.status_type = 'done' AND t.done >= ? AND t.done < ?
        ORDER BY t.done DESC, t.rowid DESC LIMIT \(max(0, limit))
        """
      try RowReader.forEach(db, sql: sql, arguments: [from.description, before.description]) { row in
        rows.append(row.int(0))
      }
    }
    return try tasks(atRows: rows)
  }

  /// The task lines with these row ids, in their order (the narrow reads choose rows first).
  func tasks(atRows rows: [Int]) throws(IndexError) -> [Located<TaskItem>] {
    guard !rows.isEmpty else { return [] }
    var chosen = TaskSelection()
    chosen.statuses = []
    chosen.rowIDs = rows
    let byRow = Dictionary(uniqueKeysWithValues: try taskRows(chosen).map { ($0.rowID, $0) })
    return rows.compactMap { byRow[$0]?.task }
  }

  /// The best `limit` rows of one status (`topTasks`), in the order of the index `tasks_rank`.
  static func bestTasksSQL(_ filter: SQLFilter, limit: Int) -> String {
    """
    SELECT t.rowid, \(Schema.priorityRank), t.due, t.priority FROM tasks t WHERE \(filter.sql)
    ORDER BY \(Schema.priorityRank) DESC, t.due IS NULL, t.due LIMIT \(limit)
    """
  }

  /// How many task lines `selection` chooses (its limit and order aside). A skipped file has
  /// no task rows, so tasks need no look at `files` unless a filter names it.
  /// The dashboard's counts come from the summaries (`summaryCount`).
  public func taskCount(_ selection: TaskSelection) throws(IndexError) -> Int {
    let filter = Self.taskFilter(selection)
    return try read { db in
      if let summed = try summaryCount(selection, db) { return summed }
      return try Int.fetchOne(reusing: db, sql: Self.taskCountSQL(filter), arguments: filter.arguments) ?? 0
    }
  }

  /// `taskCount` from the rows, never the summaries (what tests compare the summaries with).
  func rowCount(_ selection: TaskSelection) throws(IndexError) -> Int {
    let filter = Self.taskFilter(selection)
    return try read { db in
      try Int.fetchOne(reusing: db, sql: Self.taskCountSQL(filter), arguments: filter.arguments) ?? 0
    }
  }

  /// The statement `taskCount` counts with (for open tasks, from the covering index `tasks_dates`).
  static func taskCountSQL(_ filter: SQLFilter) -> String { "SELECT COUNT(*) FROM tasks t WHERE \(filter.sql)" }

  /// For each goal note (path and title), its checkboxes and the task lines elsewhere that
  /// link to it (`[[Learn Spanish]]`, any case): how many are done, of how many not cancelled.
  public func taskProgress(
    ofGoals goals: [(path: String, title: String)]
  ) throws(IndexError)
    -> [String: (done: Int, total: Int)]
  {
    guard !goals.isEmpty else { return [:] }
    let values = goals.map { _ in "(?, ?, ?)" }.joined(separator: ", ")
    var arguments = StatementArguments()
    for goal in goals {
      let name = goal.path.hasSuffix(".md") ? String(goal.path.dropLast(3)) : goal.path
      arguments += [goal.path, goal.title, name]
    }
    let sql = """
      WITH g(path, title, name) AS (VALUES \(values))
      SELECT path, SUM(status_type = 'done'), COUNT(*) FROM (
        SELECT g.path, t.rowid AS task, t.status_type FROM g JOIN files f ON f.path = g.path
          JOIN tasks t ON t.file_id = f.id
        UNION
        SELECT g.path, t.rowid AS task, t.status_type FROM g
          JOIN links l ON l.target = g.title COLLATE NOCASE OR l.target = g.name COLLATE NOCASE
          JOIN tasks t ON t.file_id = l.file_id AND t.line = l.line)
      WHERE status_type NOT IN ('cancelled', 'non_task')
      GROUP BY path
      """
    return try read { db in
      var result: [String: (done: Int, total: Int)] = [:]
      for row in try Row.fetchAll(reusing: db, sql: sql, arguments: arguments) {
        result[row[0]] = (done: row[1], total: row[2])
      }
      return result
    }
  }

  /// Notes whose file was written from `from` up to `before` (nanoseconds since 1970), most
  /// recent first, at most `limit`: through the index on `mtime`, reading only those.
  public func filesChanged(
    since from: Int64, before: Int64, limit: Int
  ) throws(IndexError) -> [(
    path: String, title: String, kind: ItemKind, modified: Int64
  )] {
    try read { db in
      try Row.fetchAll(
        reusing: db,
        sql: """
          SELECT path, title, kind, mtime FROM files WHERE skipped = 0 AND mtime >= ? AND mtime < ?
          ORDER BY mtime DESC, path LIMIT ?
          """, arguments: [from, before, limit]
      ).map { row in
        (row[0], row[1], ItemKind(rawValue: row[2]) ?? .note, row[3])
      }
    }
  }

  /// Notes with `pinned: true`, by title.
  public func pinnedNotes() throws(IndexError) -> [Located<String>] {
    try read { db in
      try Row.fetchAll(
        reusing: db,
        sql: """
          SELECT files.path, files.title FROM files JOIN properties p ON p.file_id = files.id
          WHERE files.skipped = 0 AND p.key = 'pinned' AND p.text = 'true'
          ORDER BY files.title COLLATE NOCASE, files.path
          """
      ).map { row in Located(path: row[0], title: row[1], value: row[1]) }
    }
  }

  /// Goals done (as the index knows: by property or checkboxes, not linked tasks), and all goals.
  public func goalCounts() throws(IndexError) -> (done: Int, total: Int) {
    try read { db in
      let row = try Row.fetchOne(
        reusing: db,
        sql: """
          SELECT COALESCE(SUM(g.done), 0), COUNT(*) FROM goals g CROSS JOIN files ON files.id = g.file_id
          WHERE files.skipped = 0
          """)
      return (row?[0] ?? 0, row?[1] ?? 0)
    }
  }

  /// Goals, with their note's tags when `withTags` (the dashboard needs none).
  /// `openFirst`: only that many open goals, the nearest target first (as `GoalProgress.open`
  /// orders them), for the dashboard.
  public func goals(withTags: Bool = true, openFirst: Int? = nil) throws(IndexError) -> [Located<Goal>] {
    let tags = withTags ? "(SELECT group_concat(name, ',') FROM tags WHERE tags.file_id = files.id)" : "NULL"
    let choice =
      openFirst.map {
        "AND g.done = 0 ORDER BY \(Schema.rank(ofPriority: "g.priority")) DESC, "
          + "g.target IS NULL, g.target, lower(files.title) LIMIT \($0)"
      }
      ?? "ORDER BY files.path"
    return try read { db in
      let sql = """
        SELECT files.path, files.title, g.progress, g.progress_source, g.target, g.status, g.done, \(tags),
          g.done_on, g.priority, g.description
        FROM goals g CROSS JOIN files ON files.id = g.file_id WHERE files.skipped = 0 \(choice)
        """
      var goals: [Located<Goal>] = []
      try RowReader.forEach(db, sql: sql) { row in
        var goal = Goal()
        goal.progress = row.optionalDouble(2)
        goal.progressSource = row.optionalText(3)
        goal.target = Self.date(row.optionalText(4))
        goal.status = row.optionalText(5)
        goal.isDone = row.bool(6)
        goal.doneOn = Self.date(row.optionalText(8))
        goal.priority = row.optionalText(9).flatMap(TaskPriority.init(rawValue:))
        goal.description = row.optionalText(10)
        goals.append(Located(path: row.text(0), title: row.text(1), tags: Self.list(row.optionalText(7)), value: goal))
      }
      return goals
    }
  }

  /// Journal entries from `from` through `through`, by date.
  public func journal(from: LocalDate, through: LocalDate) throws(IndexError) -> [Located<JournalEntry>] {
    try read { db in
      let sql = """
        SELECT files.path, files.title, j.date, j.mood, j.mood_tags
        FROM journal j CROSS JOIN files ON files.id = j.file_id
        WHERE files.skipped = 0 AND j.date >= ? AND j.date <= ? ORDER BY j.date, files.path
        """
      var entries: [Located<JournalEntry>] = []
      try RowReader.forEach(db, sql: sql, arguments: [from.description, through.description]) { row in
        guard let date = Self.date(row.optionalText(2)) else { return }
        entries.append(
          Located(
            path: row.text(0), title: row.text(1),
            value: JournalEntry(date: date, mood: row.optionalInt(3), moodTags: Self.list(row.optionalText(4)))))
      }
      return entries
    }
  }

  /// Every journal entry's note with its day, its `uid` property and its file's stamp, by path:
  /// what a CalDAV listing of the journal needs, without reading the notes.
  public func journalNoteStamps() throws(IndexError) -> [String: (date: LocalDate, uid: String?, stamp: FileStamp)] {
    try read { db in
      var facts: [String: (date: LocalDate, uid: String?, stamp: FileStamp)] = [:]
      try RowReader.forEach(
        db,
        sql: """
          SELECT files.path, files.size, files.mtime, files.inode, j.date,
            (SELECT p.text FROM properties p WHERE p.file_id = files.id AND lower(p.key) = 'uid' LIMIT 1)
          FROM journal j CROSS JOIN files ON files.id = j.file_id WHERE files.skipped = 0
          """, arguments: []
      ) { row in
        guard let date = Self.date(row.optionalText(4)) else { return }
        facts[row.text(0)] = (
          date, row.optionalText(5),
          FileStamp(size: row.int(1), modified: Int64(row.int(2)), inode: UInt64(bitPattern: Int64(row.int(3))))
        )
      }
      return facts
    }
  }

  /// The plain notes under `folder` (all of them when it is empty) that have a `uid` property,
  /// with its value, their date (`date:`) and their file's stamp, by path: the notes a journal
  /// app wrote (jtx Board's), as the CalDAV journal lists them, without reading the notes.
  public func noteStampsWithUID(
    under folder: String
  ) throws(IndexError) -> [String: (uid: String, date: LocalDate?, stamp: FileStamp)] {
    try read { db in
      var facts: [String: (uid: String, date: LocalDate?, stamp: FileStamp)] = [:]
      let prefix = folder.isEmpty ? "" : folder + "/"
      try RowReader.forEach(
        db,
        sql: """
          SELECT files.path, files.size, files.mtime, files.inode, p.text, files.date
          FROM files CROSS JOIN properties p ON p.file_id = files.id
          WHERE files.skipped = 0 AND files.kind = 'note' AND substr(files.path, 1, ?) = ?
            AND lower(p.key) = 'uid' AND p.text IS NOT NULL AND p.text <> ''
          """, arguments: [prefix.unicodeScalars.count, prefix]
      ) { row in
        guard facts[row.text(0)] == nil else { return }
        facts[row.text(0)] = (
          row.text(4), Self.date(row.optionalText(5)),
          FileStamp(size: row.int(1), modified: Int64(row.int(2)), inode: UInt64(bitPattern: Int64(row.int(3))))
        )
      }
      return facts
    }
  }

  /// How many days in a row end on `day` with a journal entry each (0 when `day` has none).
  /// Counted in spans that double, each in `journal_days` (the days with an entry, each once:
  /// a full span holds as many as it has days); only the span with the gap is read day by
  /// day. A streak of 20,000 days took 14 ms probed a day at a time, 5 ms counting distinct
  /// dates of `journal` in spans, 1 ms so.
  public func journalStreak(endingOn day: LocalDate) throws(IndexError) -> Int {
    try read { db in
      var streak = 0
      var span = 32
      while true {
        let (newest, oldest) = (day.adding(days: -streak), day.adding(days: -(streak + span - 1)))
        let arguments: StatementArguments = [oldest.description, newest.description]
        let dates =
          try Int.fetchOne(
            reusing: db, sql: "SELECT COUNT(*) FROM journal_days WHERE day >= ? AND day <= ?", arguments: arguments)
          ?? 0
        if dates == span {
          streak += span
          span *= 2
          continue
        }
        var expected = newest
        try RowReader.forEach(
          db, sql: "SELECT day FROM journal_days WHERE day >= ? AND day <= ? ORDER BY day DESC",
          arguments: arguments
        ) { row in
          guard Self.date(row.optionalText(0)) == expected else { return }
          streak += 1
          expected = expected.adding(days: -1)
        }
        return streak
      }
    }
  }

  /// Insights by path; with `pick`, only the one at the index it gives for their count.
  public func insights(pick: ((Int) -> Int)? = nil) throws(IndexError) -> [Located<Insight>] {
    try read { db in
      let from = "FROM insights i CROSS JOIN files ON files.id = i.file_id WHERE files.skipped = 0"
      let window = try Self.window(db, table: "insights", pick: pick)
      // With a pick, the one row is chosen by its path alone; the text and tags are read for
      // it only (sorting every insight's whole row: 3 ms at 100,000 notes).
      let chosen =
        window.isEmpty
        ? "" : " AND i.file_id = (SELECT i.file_id \(from) ORDER BY files.path \(window))"
      return try Row.fetchAll(
        reusing: db,
        sql:
          """
          SELECT files.path, files.title, i.text, i.source, i.author, i.created,
            (SELECT group_concat(name, ',') FROM tags WHERE tags.file_id = files.id)
          \(from)\(chosen) ORDER BY files.path
          """
      ).map { row in
        var insight = Insight(text: row[2], source: row[3], author: row[4])
        insight.created = Self.date(row[5])
        return Located(path: row[0], title: row[1], tags: Self.list(row[6]), value: insight)
      }
    }
  }

  /// The principles of the personal code, in file and line order; with `pick`, only the one
  /// at the index it gives for their count.
  public func principles(pick: ((Int) -> Int)? = nil) throws(IndexError) -> [Located<Principle>] {
    try read { db in
      let from = "FROM principles p CROSS JOIN files ON files.id = p.file_id WHERE files.skipped = 0"
      let window = try Self.window(db, table: "principles", pick: pick)
      return try Row.fetchAll(
        reusing: db, sql: "SELECT files.path, files.title, p.text, p.line \(from) ORDER BY files.path, p.line \(window)"
      ).map { row in
        Located(path: row[0], title: row[1], line: row[3], value: Principle(text: row[2], line: row[3]))
      }
    }
  }

  /// The days from `from` through `through` on which an open task is due: one probe of the
  /// due-date index per day, however many tasks each day has (a month at 100,000 notes has
  /// 69,000 of them: 6 ms instead of reading them).
  public func openDueDays(from: LocalDate, through: LocalDate) throws(IndexError) -> Set<LocalDate> {
    try read { db in
      let sql = """
        WITH RECURSIVE days(d) AS (SELECT ? UNION ALL SELECT date(d, '+1 day') FROM days WHERE d < ?)
        SELECT d FROM days WHERE EXISTS (SELECT 1 FROM tasks WHERE (\(Schema.openTasks)) AND due = d)
        """
      var days = Set<LocalDate>()
      try RowReader.forEach(db, sql: sql, arguments: [from.description, through.description]) { row in
        if let day = Self.date(row.optionalText(0)) { days.insert(day) }
      }
      return days
    }
  }

  /// Notes with a date (not events, not daily notes) from `from` through `through`.
  public func datedNotes(from: LocalDate, through: LocalDate) throws(IndexError) -> [Located<LocalDate>] {
    try read { db in
      try Row.fetchAll(
        reusing: db,
        sql: """
          SELECT path, title, date FROM files
          WHERE skipped = 0 AND kind NOT IN ('event', 'journal') AND date >= ? AND date <= ? ORDER BY date, path
          """, arguments: [from.description, through.description]
      ).compactMap { row in
        Self.date(row[2]).map { Located(path: row[0], title: row[1], value: $0) }
      }
    }
  }

  /// The tags of each of these notes, as written, in line order.
  public func tags(ofPaths paths: [String]) throws(IndexError) -> [String: [String]] {
    guard !paths.isEmpty else { return [:] }
    return try read { db in
      var result: [String: [String]] = [:]
      try RowReader.forEach(
        db,
        sql: """
          SELECT files.path, group_concat(tags.name, ',') FROM files JOIN tags ON tags.file_id = files.id
          WHERE files.path IN (\(paths.map { _ in "?" }.joined(separator: ", "))) GROUP BY files.path
          """, arguments: StatementArguments(paths)
      ) { row in result[row.text(0)] = Self.list(row.optionalText(1)) }
      return result
    }
  }

  /// Every tag with how many notes carry it exactly and it or one nested under it (`TagCount`),
  /// its parents included.
  public func tagCounts() throws(IndexError) -> [TagCount] {
    let tagged = try read { db in
      try Row.fetchAll(
        reusing: db,
        sql: """
          SELECT DISTINCT tags.file_id, tags.tag, tags.name FROM tags JOIN files ON files.id = tags.file_id
          WHERE files.skipped = 0
          """
      ).map { (note: $0[0] as Int64, tag: $0[1] as String, name: $0[2] as String) }
    }
    return TagCount.counting(tagged)
  }

  static func taskFilter(_ selection: TaskSelection) -> SQLFilter {
    var filter = SQLFilter()
    // With a narrower question (a span of days, a closing span, tasks with fields, given
    // rows), that one picks the index: the status, which two thirds of the tasks share, is
    // kept from it (SQLite's unary `+`), else it reads every open task through `tasks_dates`.
    let narrow =
      (selection.datedFrom != nil && selection.datedThrough != nil) || selection.closedFrom != nil
      || selection.closedBefore != nil || selection.withFields || selection.rowIDs != nil
    if !selection.statuses.isEmpty {
      filter.add(
        "\(narrow ? "+" : "")t.status_type IN (\(selection.statuses.map { _ in "?" }.joined(separator: ", ")))",
        selection.statuses.map(\.rawValue))
      // Open tasks only: the term the indexes of open tasks are made with (`Schema.openTasks`).
      if !narrow && selection.statuses.allSatisfy(\.isOpen) { filter.add(Schema.openTasks, []) }
    }
    if selection.withFields { filter.add("t.fields != ''", []) }
    switch (selection.datedFrom?.description, selection.datedThrough?.description) {
    case (let from?, let through?):
      // One range per date, each read through its own index of open tasks.
      filter.add(
        "(t.due >= ? AND t.due <= ?) OR (t.scheduled >= ? AND t.scheduled <= ?) OR (t.start >= ? AND t.start <= ?)",
        [from, through, from, through, from, through])
    case (let from?, nil): filter.add("t.due >= ? OR t.scheduled >= ? OR t.start >= ?", [from, from, from])
    case (nil, let through?): filter.add("t.due <= ? OR t.scheduled <= ? OR t.start <= ?", [through, through, through])
    case (nil, nil): break
    }
    if let day = selection.closedFrom?.description { filter.add("t.done >= ? OR t.cancelled >= ?", [day, day]) }
    if let day = selection.closedBefore?.description { filter.add("t.done < ? OR t.cancelled < ?", [day, day]) }
    if let day = selection.dueBefore?.description { filter.add("t.due < ?", [day]) }
    if let tag = selection.tag?.lowercased() {
      let escaped = Self.escapeLike(tag.hasPrefix("#") ? String(tag.dropFirst()) : tag)
      filter.add(
        "',' || lower(t.tags) || ',' LIKE ? ESCAPE '\\' OR ',' || lower(t.tags) || ',' LIKE ? ESCAPE '\\'",
        ["%," + escaped + ",%", "%," + escaped + "/%"])
    }
    if let text = selection.text {
      for word in text.split(separator: " ") {
        filter.add("t.description LIKE ? ESCAPE '\\'", ["%" + Self.escapeLike(String(word)) + "%"])
      }
    }
    if let priority = selection.priority { filter.add("t.priority = ?", [priority.rawValue]) }
    if let (span, due) = selection.reminding {
      filter.add(
        "t.description LIKE '%⏰%' OR t.description LIKE '%(@%'" + (due ? " OR (t.due >= ? AND t.due <= ?)" : ""),
        due ? [span.lowerBound.description, span.upperBound.description] : [])
    }
    if let rows = selection.rowIDs { filter.add("t.rowid IN (\(rows.map(String.init).joined(separator: ", ")))", []) }
    if let ids = selection.ids {
      filter.add("t.task_id IN (\(ids.map { _ in "?" }.joined(separator: ", ")))", ids)
    }
    if let (inbox, closedFrom) = selection.taskList {
      let open = "t.status_type IN ('todo', 'in_progress', 'on_hold')"
      filter.add(
        """
        (\(open) AND (t.task_id IS NOT NULL OR t.due IS NOT NULL OR t.scheduled IS NOT NULL OR t.start IS NOT NULL
          OR files.path = ?))
        OR (t.task_id IS NOT NULL AND (t.done >= ? OR t.cancelled >= ?))
        """, [inbox, closedFrom.description, closedFrom.description])
    }
    if let day = selection.actionableOn?.description {
      filter.add(
        "t.status_type IN ('todo', 'in_progress') AND (t.due <= ? OR t.scheduled <= ? OR t.start = ?)", [day, day, day])
    }
    return filter
  }

  /// `LIMIT 1 OFFSET n` for the row `pick` chooses among the rows of `table`; empty without
  /// `pick`. (A skipped file has no rows there, so counting needs no join.)
  static func window(_ db: Database, table: String, pick: ((Int) -> Int)?) throws -> String {
    guard let pick else { return "" }
    let count = try Int.fetchOne(reusing: db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
    return "LIMIT 1 OFFSET \(count == 0 ? 0 : pick(count))"
  }

  func read<T>(_ body: (Database) throws -> T) throws(IndexError) -> T {
    do {
      // Inside `reading`, its transaction.
      if let open = Self.openRead, open.store == ObjectIdentifier(self) { return try body(open.db) }
      return try database.reading(body)
    } catch {
      throw IndexError(error)
    }
  }

  /// Runs `body`, whose reads of this store all share one read transaction: they see the same
  /// index, and a view that asks twenty questions opens one transaction, not twenty (each with
  /// its statements to begin and end it, about a millisecond of `vault today` in all).
  public func reading<T>(_ body: () throws -> T) throws -> T {
    if let open = Self.openRead, open.store == ObjectIdentifier(self) { return try body() }
    return try database.reading { db in
      try Self.$openRead.withValue(OpenRead(store: ObjectIdentifier(self), db: db)) { try body() }
    }
  }

  /// The read transaction `reading` holds, for the reads inside it (on its thread).
  @TaskLocal static var openRead: OpenRead?

  struct OpenRead: @unchecked Sendable {
    let store: ObjectIdentifier
    /// Used only on the thread that runs `reading`'s body, while it runs.
    let db: Database
    /// The files' `data_version` in this transaction, read by the first `part` that asks.
    private let versionRead = Locked<[Int]?>(nil)

    init(store: ObjectIdentifier, db: Database) {
      self.store = store
      self.db = db
    }

    func version() throws -> [Int] {
      if let version = versionRead.value { return version }
      let version = try IndexStore.dataVersion(db)
      versionRead.set(version)
      return version
    }
  }

  static func date(_ text: String?) -> LocalDate? { text.flatMap { DateParsing.validDate($0) } }

  /// The Dataview fields of a task (`IndexWriter.fieldsText`), on its line.
  static func fields(_ text: String, line: Int) -> [InlineField] {
    guard !text.isEmpty else { return [] }
    return text.split(separator: "\u{1E}", omittingEmptySubsequences: false).compactMap { field in
      let parts = field.split(separator: "\u{1F}", omittingEmptySubsequences: false)
      guard parts.count == 3 else { return nil }
      return InlineField(key: String(parts[0]), value: String(parts[1]), line: line, column: Int(parts[2]) ?? 1)
    }
  }

  static func list(_ text: String?) -> [String] {
    guard let text, !text.isEmpty else { return [] }
    return text.split(separator: ",").map(String.init)
  }

  /// The recurrence as `IndexWriter.recurrenceRule` stored it.
  static func recurrence(kind: String?, rule: String?) -> Recurrence? {
    guard let kind, let rule else { return nil }
    switch kind {
    case "phrase": return .phrase(rule)
    case "rrule": return .rrule(rule)
    case "weekdays":
      return .weekdays(rule.split(separator: ",").compactMap { name in Weekday.allCases.first { $0.name == name } })
    case "monthDay":
      let parts = rule.split(separator: "/").compactMap { Int($0) }
      return parts.first.map { .monthDay(day: $0, month: parts.count > 1 ? parts[1] : nil) }
    default: return nil
    }
  }
}
