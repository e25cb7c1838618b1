import GRDB
import VaultCore

/// What the index remembers of a file to tell whether it changed.
public struct FileStamp: Hashable, Sendable {
  public var size: Int
  /// Nanoseconds since 1970.
  public var modified: Int64
  public var inode: UInt64

  public init(size: Int, modified: Int64, inode: UInt64) {
    self.size = size
    self.modified = modified
    self.inode = inode
  }
}

/// A parsed file ready to be stored: its stamp, the note, and its body text for search.
public struct IndexRecord: Sendable {
  public var stamp: FileStamp
  public var note: Note
  public var body: String

  public init(stamp: FileStamp, note: Note, body: String) {
    self.stamp = stamp
    self.note = note
    self.body = body
  }
}

extension IndexStore {
  /// Every indexed path with its stamp.
  public func stamps() throws(IndexError) -> [String: FileStamp] {
    do {
      return try pool.read { db in
        var result: [String: FileStamp] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT path, size, mtime, inode FROM files")
        while let row = try rows.next() {
          result[row[0]] = FileStamp(size: row[1], modified: row[2], inode: UInt64(bitPattern: row[3]))
        }
        return result
      }
    } catch {
      throw .failed("\(error)")
    }
  }

  /// A value of the `meta` table.
  public func meta(_ key: String) throws(IndexError) -> String? {
    do {
      return try pool.read { db in
        try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key])
      }
    } catch {
      throw .failed("\(error)")
    }
  }

  /// Runs `body` in one write transaction: other processes see all of its changes or none.
  public func update(_ body: (IndexWriter) throws -> Void) throws(IndexError) {
    do {
      try pool.write { db in try body(IndexWriter(db: db)) }
    } catch let error as IndexError {
      throw error
    } catch {
      throw .failed("\(error)")
    }
  }
}

/// Writes inside one transaction of `IndexStore.update`.
public struct IndexWriter {
  let db: Database

  /// Statements are prepared once per transaction and reused: preparing each insert anew cost
  /// most of a cold index (5.5 s of 10,200 notes before, measured with `vault index --rebuild`).
  func execute(sql: String, arguments: StatementArguments) throws {
    try db.cachedStatement(sql: sql).execute(arguments: arguments)
  }

  public func setMeta(_ key: String, _ value: String) throws {
    try db.execute(sql: "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", arguments: [key, value])
  }

  /// Forgets every file: the next refresh reads them all.
  public func removeAll() throws {
    try db.execute(sql: "DELETE FROM search; DELETE FROM files; DELETE FROM meta;")
  }

  /// Forgets a file and everything found in it.
  public func remove(_ path: String) throws {
    guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM files WHERE path = ?", arguments: [path]) else {
      return
    }
    try db.execute(sql: "DELETE FROM search WHERE rowid = ?", arguments: [id])
    try db.execute(sql: "DELETE FROM files WHERE id = ?", arguments: [id])
  }

  /// Stores a file, replacing what was known of it.
  /// Stores a file, replacing what was known of it (`isNew`: known not to be stored yet).
  public func store(_ record: IndexRecord, isNew: Bool = false) throws {
    let note = record.note
    if !isNew { try remove(note.path) }
    try execute(
      sql: "INSERT INTO files(path, size, mtime, inode, kind, title, date, skipped) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      arguments: [
        note.path, record.stamp.size, record.stamp.modified, Int64(bitPattern: record.stamp.inode),
        note.kind.rawValue, note.title, note.date?.description, note.isSkipped,
      ])
    let id = db.lastInsertedRowID
    try execute(
      sql: "INSERT INTO search(rowid, title, body) VALUES (?, ?, ?)", arguments: [id, note.title, record.body])
    try storeProperties(note, id)
    for tag in note.tags {
      try execute(
        sql: "INSERT INTO tags(file_id, tag, name, line) VALUES (?, ?, ?, ?)",
        arguments: [id, TagSyntax.normalized(tag.name), tag.name, tag.line])
    }
    for link in note.links {
      try execute(
        sql: "INSERT INTO links(file_id, target, subpath, alias, style, line) VALUES (?, ?, ?, ?, ?, ?)",
        arguments: [id, link.target, link.subpath, link.alias, link.style.rawValue, link.line])
    }
    for heading in note.headings {
      try execute(
        sql: "INSERT INTO headings(file_id, level, text, line) VALUES (?, ?, ?, ?)",
        arguments: [id, heading.level, heading.text, heading.line])
    }
    for task in note.tasks { try storeTask(task, id) }
    if let journal = note.journal {
      try execute(
        sql: "INSERT INTO journal(file_id, date, mood, mood_tags) VALUES (?, ?, ?, ?)",
        arguments: [id, journal.date.description, journal.mood, journal.moodTags.joined(separator: ",")])
    }
    if let event = note.event { try storeEvent(event, id) }
    if let goal = note.goal {
      try execute(
        sql: "INSERT INTO goals(file_id, progress, progress_source, target, status, done) VALUES (?, ?, ?, ?, ?, ?)",
        arguments: [id, goal.progress, goal.progressSource, goal.target?.description, goal.status, goal.isDone])
    }
    if let insight = note.insight {
      try execute(
        sql: "INSERT INTO insights(file_id, text, source, author) VALUES (?, ?, ?, ?)",
        arguments: [id, insight.text, insight.source, insight.author])
    }
    for principle in note.principles {
      try execute(
        sql: "INSERT INTO principles(file_id, text, line) VALUES (?, ?, ?)",
        arguments: [id, principle.text, principle.line])
    }
    for diagnostic in note.diagnostics {
      try execute(
        sql: "INSERT INTO diagnostics(file_id, line, column, severity, message) VALUES (?, ?, ?, ?, ?)",
        arguments: [id, diagnostic.line, diagnostic.column, diagnostic.severity.rawValue, diagnostic.message])
    }
  }

  /// One row per scalar: a list property gives a row per element, so `tags=x` and
  /// `category=music` match elements.
  func storeProperties(_ note: Note, _ id: Int64) throws {
    for property in note.properties {
      for value in property.value.elements {
        var number: Double?
        var date: String?
        switch value {
        case .number(let value): number = value.isFinite ? value : nil
        case .date(let value): date = value.description
        case .dateTime(let value): date = value.date.description
        case .bool(let value): number = value ? 1 : 0
        default: break
        }
        try execute(
          sql: "INSERT INTO properties(file_id, key, type, text, number, date, line) VALUES (?, ?, ?, ?, ?, ?, ?)",
          arguments: [
            id, property.key.lowercased(), property.type.rawValue, value.text, number, date, property.location.line,
          ])
      }
    }
  }

  func storeTask(_ task: TaskItem, _ id: Int64) throws {
    let values: [(any DatabaseValueConvertible)?] = [
      id, task.line, task.byteRange.lowerBound, task.byteRange.upperBound, task.indentation, task.marker,
      String(task.status.symbol), task.status.type.rawValue, task.description, task.tags.joined(separator: ","),
      task.priority.rawValue, task.created?.description, task.start?.description, task.scheduled?.description,
      task.due?.description, task.done?.description, task.cancelled?.description, task.recurrence,
      task.onCompletion, task.id, task.dependsOn.joined(separator: ","), task.blockLink, task.format.rawValue,
      task.parentLine,
    ]
    try execute(
      sql: """
        INSERT INTO tasks(file_id, line, byte_start, byte_end, indentation, marker, status_symbol, status_type,
          description, tags, priority, created, start, scheduled, due, done, cancelled, recurrence, on_completion,
          task_id, depends_on, block_link, format, parent_line)
        VALUES (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))
        """,
      arguments: StatementArguments(values))
  }

  func storeEvent(_ event: Event, _ id: Int64) throws {
    let values: [(any DatabaseValueConvertible)?] = [
      id, event.title, event.emoji, event.start?.description, event.end?.description, event.allDay,
      event.startTime?.description, event.endTime?.description, event.category, event.location, event.timeZone,
      event.recurrence.map(Self.recurrenceKind), event.recurrence.map(Self.recurrenceRule),
      event.recurrenceEnd?.description,
      event.skipDates.map(\.description).joined(separator: ","), event.remind.joined(separator: ","),
      event.archived, event.completed,
    ]
    try execute(
      sql: """
        INSERT INTO events(file_id, title, emoji, start, end, all_day, start_time, end_time, category, location,
          time_zone, recurrence_kind, recurrence_rule, recurrence_end, skip_dates, remind, archived, completed)
        VALUES (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))
        """,
      arguments: StatementArguments(values))
  }
}

extension IndexWriter {
  /// `phrase`, `weekdays`, `monthDay` or `rrule`: with `recurrenceRule`, the whole recurrence.
  static func recurrenceKind(_ recurrence: Recurrence) -> String {
    switch recurrence {
    case .phrase: return "phrase"
    case .weekdays: return "weekdays"
    case .monthDay: return "monthDay"
    case .rrule: return "rrule"
    }
  }

  /// `every 2 weeks`; `monday,friday`; `15` or `15/6` (day/month); `FREQ=...`.
  static func recurrenceRule(_ recurrence: Recurrence) -> String {
    switch recurrence {
    case .phrase(let text), .rrule(let text): return text
    case .weekdays(let days): return days.map(\.name).joined(separator: ",")
    case .monthDay(let day, let month): return month.map { "\(day)/\($0)" } ?? String(day)
    }
  }
}
