import GRDB
import VaultCore

/// Which task lines to read for a view; every part set must hold.
public struct TaskSelection: Sendable {
  /// Empty: any status.
  public var statuses: [TaskStatus.Kind] = []
  /// Some date (due, scheduled or start) on or before this day.
  public var datedThrough: LocalDate?
  /// Some date (due, scheduled or start) on or after this day.
  public var datedFrom: LocalDate?
  /// Done (or cancelled) on or after this day.
  public var closedFrom: LocalDate?
  /// Due before this day.
  public var dueBefore: LocalDate?
  /// The task's own tag, or a nested one (`work` matches `#work/meetings`).
  public var tag: String?
  /// Words the description holds, ignoring case.
  public var text: String?
  /// `highest` … `lowest`.
  public var priority: TaskPriority?
  /// Tasks linking to this note's title (`[[Learn Spanish]]`), or in it.
  public var linkedTo: (path: String, title: String)?

  public init() {}
}

extension IndexStore {
  /// Every event, with its note's tags.
  public func events() throws(IndexError) -> [Located<Event>] {
    try read { db in
      let sql = """
        SELECT files.path, files.title, e.title, e.emoji, e.start, e.end, e.all_day, e.start_time, e.end_time,
          e.category, e.location, e.time_zone, e.recurrence_kind, e.recurrence_rule, e.recurrence_end,
          e.skip_dates, e.remind, e.archived, e.completed,
          (SELECT group_concat(name, ',') FROM tags WHERE tags.file_id = files.id)
        FROM events e JOIN files ON files.id = e.file_id
        WHERE files.skipped = 0
        ORDER BY files.path
        """
      return try Row.fetchAll(db, sql: sql).map { row in
        var event = Event(title: row[2])
        event.emoji = row[3]
        event.start = Self.date(row[4])
        event.end = Self.date(row[5])
        event.allDay = row[6]
        event.startTime = (row[7] as String?).flatMap { DateParsing.time($0) }
        event.endTime = (row[8] as String?).flatMap { DateParsing.time($0) }
        event.category = row[9]
        event.location = row[10]
        event.timeZone = row[11]
        event.recurrence = Self.recurrence(kind: row[12], rule: row[13])
        event.recurrenceEnd = Self.date(row[14])
        event.skipDates = Self.list(row[15]).compactMap { DateParsing.validDate($0) }
        event.remind = Self.list(row[16])
        event.archived = row[17]
        event.completed = row[18]
        return Located(path: row[0], title: row[1], tags: Self.list(row[19]), value: event)
      }
    }
  }

  /// Task lines chosen by `selection`, in file order.
  public func tasks(_ selection: TaskSelection) throws(IndexError) -> [Located<TaskItem>] {
    var filter = SQLFilter()
    if !selection.statuses.isEmpty {
      filter.add(
        "t.status_type IN (\(selection.statuses.map { _ in "?" }.joined(separator: ", ")))",
        selection.statuses.map(\.rawValue))
    }
    if let day = selection.datedThrough?.description {
      filter.add("t.due <= ? OR t.scheduled <= ? OR t.start <= ?", [day, day, day])
    }
    if let day = selection.datedFrom?.description {
      filter.add("t.due >= ? OR t.scheduled >= ? OR t.start >= ?", [day, day, day])
    }
    if let day = selection.closedFrom?.description { filter.add("t.done >= ? OR t.cancelled >= ?", [day, day]) }
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
    if let (path, title) = selection.linkedTo {
      filter.add(
        "files.path = ? OR EXISTS (SELECT 1 FROM links WHERE links.file_id = t.file_id AND links.line = t.line "
          + "AND lower(links.target) IN (lower(?), lower(?)))",
        [path, title, String(path.dropLast(path.hasSuffix(".md") ? 3 : 0))])
    }
    let sql = """
      SELECT files.path, files.title, t.line, t.byte_start, t.byte_end, t.indentation, t.marker, t.status_symbol,
        t.description, t.tags, t.priority, t.created, t.start, t.scheduled, t.due, t.done, t.cancelled,
        t.recurrence, t.on_completion, t.task_id, t.depends_on, t.block_link, t.format, t.parent_line
      FROM tasks t JOIN files ON files.id = t.file_id
      WHERE files.skipped = 0 AND \(filter.sql)
      ORDER BY files.path, t.line
      """
    return try read { db in
      try Row.fetchAll(db, sql: sql, arguments: filter.arguments).map { row in
        var task = TaskItem(
          line: row[2], byteRange: (row[3] as Int)..<(row[4] as Int), indentation: row[5], marker: row[6],
          status: TaskStatus(symbol: (row[7] as String).first ?? " "), description: row[8])
        task.tags = Self.list(row[9])
        task.priority = TaskPriority(rawValue: row[10]) ?? .normal
        task.created = Self.date(row[11])
        task.start = Self.date(row[12])
        task.scheduled = Self.date(row[13])
        task.due = Self.date(row[14])
        task.done = Self.date(row[15])
        task.cancelled = Self.date(row[16])
        task.recurrence = row[17]
        task.onCompletion = row[18]
        task.id = row[19]
        task.dependsOn = Self.list(row[20])
        task.blockLink = row[21]
        task.format = TaskFormat(rawValue: row[22]) ?? .none
        task.parentLine = row[23]
        return Located(path: row[0], title: row[1], line: row[2], value: task)
      }
    }
  }

  /// Goals, with their note's tags.
  public func goals() throws(IndexError) -> [Located<Goal>] {
    try read { db in
      let sql = """
        SELECT files.path, files.title, g.progress, g.progress_source, g.target, g.status, g.done,
          (SELECT group_concat(name, ',') FROM tags WHERE tags.file_id = files.id)
        FROM goals g JOIN files ON files.id = g.file_id WHERE files.skipped = 0 ORDER BY files.path
        """
      return try Row.fetchAll(db, sql: sql).map { row in
        var goal = Goal()
        goal.progress = row[2]
        goal.progressSource = row[3]
        goal.target = Self.date(row[4])
        goal.status = row[5]
        goal.isDone = row[6]
        return Located(path: row[0], title: row[1], tags: Self.list(row[7]), value: goal)
      }
    }
  }

  /// Journal entries from `from` through `through`, by date.
  public func journal(from: LocalDate, through: LocalDate) throws(IndexError) -> [Located<JournalEntry>] {
    try read { db in
      let sql = """
        SELECT files.path, files.title, j.date, j.mood, j.mood_tags
        FROM journal j JOIN files ON files.id = j.file_id
        WHERE files.skipped = 0 AND j.date >= ? AND j.date <= ? ORDER BY j.date, files.path
        """
      return try Row.fetchAll(db, sql: sql, arguments: [from.description, through.description]).compactMap { row in
        guard let date = Self.date(row[2]) else { return nil }
        return Located(
          path: row[0], title: row[1], value: JournalEntry(date: date, mood: row[3], moodTags: Self.list(row[4])))
      }
    }
  }

  /// Every insight, by path.
  public func insights() throws(IndexError) -> [Located<Insight>] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT files.path, files.title, i.text, i.source, i.author FROM insights i JOIN files ON files.id = i.file_id
          WHERE files.skipped = 0 ORDER BY files.path
          """
      ).map { row in
        Located(path: row[0], title: row[1], value: Insight(text: row[2], source: row[3], author: row[4]))
      }
    }
  }

  /// The principles of the personal code, in file and line order.
  public func principles() throws(IndexError) -> [Located<Principle>] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT files.path, files.title, p.text, p.line FROM principles p JOIN files ON files.id = p.file_id
          WHERE files.skipped = 0 ORDER BY files.path, p.line
          """
      ).map { row in
        Located(path: row[0], title: row[1], line: row[3], value: Principle(text: row[2], line: row[3]))
      }
    }
  }

  /// Notes with a date (not events, not daily notes) from `from` through `through`.
  public func datedNotes(from: LocalDate, through: LocalDate) throws(IndexError) -> [Located<LocalDate>] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT path, title, date FROM files
          WHERE skipped = 0 AND kind NOT IN ('event', 'journal') AND date >= ? AND date <= ? ORDER BY date, path
          """, arguments: [from.description, through.description]
      ).compactMap { row in
        Self.date(row[2]).map { Located(path: row[0], title: row[1], value: $0) }
      }
    }
  }

  /// Tags with how many notes and task lines carry each, as written first (any case).
  public func tagCounts() throws(IndexError) -> [(tag: String, name: String, count: Int)] {
    try read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT tag, MIN(name), COUNT(*) FROM (
            SELECT DISTINCT tags.file_id, tags.tag, tags.name FROM tags JOIN files ON files.id = tags.file_id
            WHERE files.skipped = 0)
          GROUP BY tag ORDER BY tag
          """
      ).map { (tag: $0[0], name: $0[1], count: $0[2]) }
    }
  }

  private func read<T>(_ body: (Database) throws -> T) throws(IndexError) -> T {
    do {
      return try database.read(body)
    } catch {
      throw .failed(Self.describe(error))
    }
  }

  static func date(_ text: String?) -> LocalDate? { text.flatMap { DateParsing.validDate($0) } }

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
