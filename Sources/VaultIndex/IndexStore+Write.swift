import Foundation
import GRDB
import GRDBSQLite
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
  /// The text after the front matter, as valid UTF-8, and the file line where it starts. Bytes,
  /// not a `String`: they go to SQLite as they are, and a `String` of every body (validated and
  /// copied once more) cost 7% of a cold index's parsing.
  public var body: ArraySlice<UInt8>
  public var bodyLine: Int
  /// Why its file could not be read (no permission, a network file system's error), nil when
  /// it was: a refresh then keeps what the index read of it before.
  public var unreadable: String?

  public init(stamp: FileStamp, note: Note, body: ArraySlice<UInt8>, bodyLine: Int, unreadable: String? = nil) {
    self.stamp = stamp
    self.note = note
    self.body = body
    self.bodyLine = bodyLine
    self.unreadable = unreadable
  }
}

extension IndexStore {
  /// What a refresh compares with the vault, in one read: every stamp, and whether the index
  /// can be refreshed in place (`isCurrent`).
  public func stampsIfCurrent(
    settings fingerprint: String
  ) throws(IndexError) -> (stamps: StampTable, isCurrent: Bool) {
    do {
      return try database.reading { db in (try Self.stamps(db), try Self.isCurrent(db, settings: fingerprint)) }
    } catch {
      throw IndexError(error)
    }
  }

  /// Every indexed path with its stamp. Every no-change refresh reads all of these: from the
  /// snapshot the index keeps of them (`StampSnapshot`), else from `files`.
  static func stamps(_ db: Database) throws -> StampTable {
    try StampSnapshot.read(db) ?? rowStamps(db)
  }

  /// Every indexed path with its stamp, from `files`: through SQLite's C API (`RowReader`),
  /// into a `StampTable`.
  static func rowStamps(_ db: Database) throws -> StampTable {
    var table = StampTable(capacity: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM files") ?? 0)
    try RowReader.forEach(db, sql: "SELECT path, size, mtime, inode FROM files") { table.add(stampOf: $0) }
    return table
  }

  /// Whether the index was built with the settings of `fingerprint` and its search file holds
  /// what it does: what a command needs to trust it, in one read (each read of its own costs
  /// four statements more).
  public func isCurrent(settings fingerprint: String) throws(IndexError) -> Bool {
    do {
      return try database.reading { db in try Self.isCurrent(db, settings: fingerprint) }
    } catch {
      throw IndexError(error)
    }
  }

  static func isCurrent(_ db: Database, settings fingerprint: String) throws -> Bool {
    try String.fetchOne(db, sql: "SELECT value FROM main.meta WHERE key = 'settings'") == fingerprint
      && Self.searchIsInStep(db)
  }

  /// The stamps of the given paths and of every path under the given folders: what a refresh
  /// of a few changed places compares against, through the unique index on `path` (never a
  /// scan of `files`).
  public func stamps(
    of paths: some Sequence<String> & Sendable, under folders: some Sequence<String> & Sendable
  )
    throws(IndexError) -> StampTable
  {
    do {
      return try database.reading { db in try Self.stamps(db, of: paths, under: folders) }
    } catch {
      throw IndexError(error)
    }
  }

  static func stamps(
    _ db: Database, of paths: some Sequence<String>, under folders: some Sequence<String>
  ) throws
    -> StampTable
  {
    var result = StampTable()
    let read = { (row: RowReader) in result.add(stampOf: row) }
    for path in paths {
      // Prepared once for all the paths.
      try RowReader.forEach(
        db, sql: "SELECT path, size, mtime, inode FROM files WHERE path = ?", arguments: [path], cached: true, read)
    }
    for folder in folders {
      // `folder/` up to `folder0` ('0' follows '/'): every path in the folder, by the index.
      try RowReader.forEach(
        db, sql: "SELECT path, size, mtime, inode FROM files WHERE path > ? AND path < ?",
        arguments: [folder + "/", folder + "0"], read)
    }
    return result
  }

  /// A value that changes with every write to the index (the token of its last commit): a
  /// reader that kept something built from the index builds it again when this changed.
  public func writeToken() throws(IndexError) -> String? {
    try meta(IndexWriter.searchToken)
  }

  /// A value of the `meta` table.
  public func meta(_ key: String) throws(IndexError) -> String? {
    do {
      return try database.reading { db in
        try String.fetchOne(db, sql: "SELECT value FROM main.meta WHERE key = ?", arguments: [key])
      }
    } catch {
      throw IndexError(error)
    }
  }

  /// Whether the search file holds what the index does: false after a crash between their
  /// commits (`SearchFeed`); the refresh then reads every file again.
  public func searchIsInStep() throws(IndexError) -> Bool {
    do {
      return try database.reading { db in try Self.searchIsInStep(db) }
    } catch {
      throw IndexError(error)
    }
  }

  /// Writes the search rows still in the search file's backlog (`Schema.searchTables`) into
  /// its full-text table, before a search reads it; with no backlog, this is one read. The
  /// transaction locks the index file, then the search file, as every write does, and changes
  /// the search file only: its token, and what the index holds, stay.
  public func writeSearchBacklog() throws(IndexError) {
    do {
      let waiting = try database.reading { db in
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM fts.backlog)") ?? false
      }
      guard waiting else { return }
      try Self.markingWrite(path) {
        try database.writeWithoutTransaction { db in
          // Immediate: SQLite locks each file in the order they were attached, the index first.
          try db.inTransaction(.immediate) {
            try SearchFeed.writeBacklog(on: db, in: "fts")
            return .commit
          }
        }
      }
      var changes = IndexChanges()
      changes.rows(of: "search")
      written.mutate { [changes] in $0 = ($0.writes + 1, changes) }
    } catch {
      throw IndexError(error)
    }
  }

  static func searchIsInStep(_ db: Database) throws -> Bool {
    try Bool.fetchOne(
      db,
      sql: "SELECT (SELECT value FROM main.meta WHERE key = ?1) IS (SELECT value FROM fts.meta WHERE key = ?1)",
      arguments: [IndexWriter.searchToken]) ?? false
  }

  /// Runs `body` in one write transaction of each file: other processes see all of its
  /// changes or none. The full-text rows are written beside the others, from a second
  /// connection (`SearchFeed`), and committed just before them. A first build is then put in
  /// place (`publishFirstBuild`); when another process put its own there first, `body` runs
  /// again, on that index.
  ///
  /// `changing` is how many notes the caller means to store or drop, when it knows: up to
  /// `inlineSearchLimit`, the full-text rows are written on this connection instead
  /// (`SearchFeed.init(inline:)`).
  public func update(changing count: Int? = nil, _ body: (IndexWriter) throws -> Void) throws(IndexError) {
    do {
      try Self.markingWrite(path) {
        let inline = aside == nil && count.map { $0 <= Self.inlineSearchLimit } == true
        try write(inline: inline, body)
        if aside != nil, try !publishFirstBuild() { try write(inline: false, body) }
      }
    } catch let error as IndexError {
      throw error
    } catch {
      throw IndexError(error)
    }
  }

  /// The most notes whose full-text rows an update writes on the index's own connection.
  static let inlineSearchLimit = 64

  private func write(inline: Bool, _ body: (IndexWriter) throws -> Void) throws {
    let token = UUID().uuidString
    // Unknown until committed: a write that fails may have changed anything.
    var changes: IndexChanges?
    defer { written.mutate { $0 = ($0.writes + 1, changes) } }
    try database.writeWithoutTransaction { db in
      // Deferred, then a write: this takes the index file's lock only. The search file's is
      // taken after it, by the feed, so two processes never wait for each other crosswise.
      try db.inTransaction(.deferred) {
        try db.execute(
          sql: "INSERT OR REPLACE INTO main.meta(key, value) VALUES (?, ?)",
          arguments: [IndexWriter.searchToken, token])
        let feed = inline ? SearchFeed(inline: db, token: token) : SearchFeed(opening: searchWriter(), token: token)
        do {
          let writer = IndexWriter(db: db, feed: feed)
          try body(writer)
          try writer.finish()
          try feed.finish()
          changes = writer.changes
        } catch {
          feed.cancel()
          throw error
        }
        return .commit
      }
    }
  }
}

/// Writes inside one transaction of `IndexStore.update`.
public final class IndexWriter {
  let db: Database
  let feed: SearchFeed
  /// The `meta` key of the token both files commit (`SearchFeed`).
  static let searchToken = "search_token"
  private var inserters: [String: RowInserter] = [:]
  private var bulk = false
  /// What this transaction changed, for the parts of views read before it (`IndexStore.part`).
  private(set) var changes = IndexChanges()
  /// The stamps this transaction changed, nil for a file removed (`StampSnapshot`).
  private var stampChanges: [String: FileStamp?] = [:]
  /// Whether the index was filled anew: the stamps' snapshot is made again at the end.
  private var filledAnew = false

  init(db: Database, feed: SearchFeed) {
    self.db = db
    self.feed = feed
  }

  /// The prepared insert into `table`, made on first use and reused for the transaction.
  /// Every table but `files`, whose new row's id is read at once, takes its rows in batches
  /// (`RowInserter`): a cold index of 10,000 notes took 1.79 s, 1.68 s with 16 rows a
  /// statement, 1.62 s with 32, and as long with 64 but for 5 MB more (docs/PERFORMANCE.md).
  private func into(_ table: String, _ columns: [String]) throws -> RowInserter {
    if let inserter = inserters[table] { return inserter }
    let inserter = try RowInserter(db, table: table, columns: columns, rows: table == "files" ? 1 : batchRows)
    inserters[table] = inserter
    return inserter
  }

  /// Rows per statement of the batched inserts.
  static let batchRows = 32

  /// Rows per statement of this transaction's inserts: one when it stores a few notes (the
  /// search rows go inline then, `SearchFeed.isInline`), whose few rows do not pay for
  /// preparing a statement of 32 rows of placeholders.
  private var batchRows: Int { feed.isInline ? 1 : Self.batchRows }

  /// Inserts the rows still queued in the batched inserts.
  private func flushRows() throws {
    for inserter in inserters.values { try inserter.flush() }
  }

  /// Every indexed path with its stamp, as this transaction sees it: another process may have
  /// stored some of the changes a refresh found before it began.
  public func stamps() throws -> StampTable {
    // Stamps changed in this transaction are recorded at its end (`finish`).
    try stampChanges.isEmpty && !filledAnew ? IndexStore.stamps(db) : IndexStore.rowStamps(db)
  }

  /// The stamps of the given paths and of every path under the given folders, as this
  /// transaction sees them (`IndexStore.stamps(of:under:)`).
  public func stamps(
    of paths: some Sequence<String>, under folders: some Sequence<String>
  ) throws -> StampTable {
    try IndexStore.stamps(db, of: paths, under: folders)
  }

  public func setMeta(_ key: String, _ value: String) throws {
    try db.execute(sql: "INSERT OR REPLACE INTO main.meta(key, value) VALUES (?, ?)", arguments: [key, value])
    changes.rows(of: "meta")
  }

  /// Forgets every file, and leaves the sorted secondary indexes out until `finish()`: a bulk
  /// load then builds them once instead of updating them row by row (which, with the rows of
  /// every table of a note stored in turn, made a cold index half again as long).
  public func removeAll() throws {
    try flushRows()
    inserters = [:]
    changes.all()
    try Schema.erase(db)
    try Schema.createTables(db)
    try setMeta(Self.searchToken, feed.token)
    feed.send(.clear)
    bulk = true
    filledAnew = true
    stampChanges = [:]
  }

  /// Ends the writes, after the body of `IndexStore.update`: inserts the rows still queued, and
  /// builds the sorted secondary indexes after `removeAll()`. The search file's writer gets no
  /// more rows and commits meanwhile, on its own thread.
  func finish() throws {
    try flushRows()
    feed.endInput()
    if bulk {
      try Schema.createSortedIndexes(db)
      try Schema.createSummaries(db)
    }
    bulk = false
    try StampSnapshot.write(stampChanges, remake: filledAnew, db)
    stampChanges = [:]
    filledAnew = false
  }

  /// Forgets a file and everything found in it.
  public func remove(_ path: String) throws {
    // The rows still queued belong to other files, never to this one: they need not be
    // flushed first.
    guard let id = try storedFile(path)?.id else { return }
    feed.send(.remove(id: id))
    try db.cachedStatement(sql: "DELETE FROM files WHERE id = ?").execute(arguments: [id])
    stampChanges[path] = .some(nil)
    changes.rows(of: "files")
    changes.rows(of: "search")
    for table in NoteTable.allCases { changes.rows(of: table.rawValue) }
  }

  /// Stores a file, replacing what was known of it (`isNew`: known not to be stored yet).
  public func store(_ record: IndexRecord, isNew: Bool = false) throws {
    let note = record.note
    stampChanges[note.path] = record.stamp
    if !isNew, let (id, stored, digest) = try storedFile(note.path) {
      try restore(record, id: id, stored: stored, rowsDigest: digest)
      return
    }
    try into("files", Self.fileColumns).insert {
      $0.add(note.path)
      addFileValues(record, to: $0)
    }
    let id = db.lastInsertedRowID
    feed.send(.store(id: id, title: note.title, body: record.body))
    try addRows(of: note, id: id) { table in
      changes.rows(of: table.rawValue)
      return try into(table.rawValue, table.columns)
    }
    changes.rows(of: "files")
    changes.rows(of: "search")
  }

  /// The columns of `files` that `store` fills, `path` first.
  static let fileColumns = ["path", "size", "mtime", "inode", "kind", "title", "date", "body_line", "skipped"]

  /// The values of `files` after the path.
  private func addFileValues<Target: RowTarget>(_ record: IndexRecord, to row: Target) {
    let note = record.note
    row.add(record.stamp.size)
    row.add(record.stamp.modified)
    row.add(Int64(bitPattern: record.stamp.inode))
    row.add(note.kind.rawValue)
    row.add(note.title)
    row.add(note.date?.description)
    row.add(record.bodyLine)
    row.add(note.isSkipped)
  }

  /// The id of the stored file at `path`, its other columns of `files` (`fileColumns` after
  /// the path) and the digest of its rows (`NoteTable.digest`), if it is stored. Prepared once
  /// per connection: preparing (and GRDB's authorizer) was a tenth of storing a thousand
  /// changed notes.
  private func storedFile(_ path: String) throws -> (id: Int64, values: [ColumnValue], rowsDigest: Int64?)? {
    var found: (id: Int64, values: [ColumnValue], rowsDigest: Int64?)?
    let count = Int32(Self.fileColumns.count)
    try RowReader.forEach(
      db,
      sql: "SELECT id, \(Self.fileColumns.dropFirst().joined(separator: ", ")), rows_digest FROM files WHERE path = ?",
      arguments: [path]
    ) { row in
      found = (
        sqlite3_column_int64(row.handle, 0), (1..<count).map(row.value),
        row.isNull(count) ? nil : sqlite3_column_int64(row.handle, count)
      )
    }
    return found
  }

  /// Stores a file already in the index by its differences: its `files` row is updated in
  /// place, a table's rows for it are replaced from the first one that changed, and its search
  /// text only when it changed.
  /// A note edited in one place usually changes one table or none besides `files`; deleting
  /// and inserting all of its rows rewrote every index of `tasks` for it (87 pages of 16 KB
  /// for a line added to a note of 13 tasks, against 5: docs/PERFORMANCE.md). Its rows keep
  /// the order in which they were found, as a rebuild inserts them.
  ///
  /// The rows stored are read only when their digest (`rowsDigest`, kept in `files` by each
  /// store of this kind) differs from the note's: reading every table's rows for the note was
  /// 1.2 ms of the 30 of a `vault today` that stored one note edited in its text, whose rows
  /// had not changed (docs/PERFORMANCE.md). A note not stored this way since the index was
  /// built has no digest yet.
  private func restore(_ record: IndexRecord, id: Int64, stored: [ColumnValue], rowsDigest: Int64?) throws {
    let note = record.note
    var collected: [NoteTable: RowCollector] = [:]
    try addRows(of: note, id: id) { table in
      if let collector = collected[table] { return collector }
      let collector = RowCollector()
      collected[table] = collector
      return collector
    }
    let digest = NoteTable.digest(of: collected)
    // Rows still queued in the inserters belong to other files (each file is stored once in a
    // transaction): neither the reads nor the deletes below see them.
    let values = RowCollector()
    try values.insert { addFileValues(record, to: $0) }
    let update = try db.cachedStatement(
      sql: "UPDATE files SET \(Self.fileColumns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")), "
        + "rows_digest = ? WHERE id = ?")
    try update.execute(
      arguments: StatementArguments(values.rows[0].map(\.databaseValue) + [digest.databaseValue, id.databaseValue]))
    changes.columns(
      zip(Self.fileColumns.dropFirst(), zip(stored, values.rows[0])).filter { $1.0 != $1.1 }.map(\.0), of: "files")
    if try !searchTextIsStored(record, id: id) {
      feed.send(.store(id: id, title: note.title, body: record.body))
      changes.rows(of: "search")
    }
    guard digest != rowsDigest else { return }
    let storedRows = try NoteTable.storedRows(db, of: id)
    for table in NoteTable.allCases {
      let rows = collected[table]?.rows ?? []
      let stored = storedRows[table] ?? []
      // The rows before the first difference stay; the rest are replaced, so that the rows
      // keep the order of the note (a task added at the end is one row inserted).
      let kept = zip(stored, rows).prefix { $0.values == $1 }.count
      guard kept < max(stored.count, rows.count) else { continue }
      changes.rows(of: table.rawValue)
      if kept < stored.count {
        try db.cachedStatement(sql: "DELETE FROM main.\(table.rawValue) WHERE file_id = ? AND rowid >= ?")
          .execute(arguments: [id, stored[kept].rowid])
      }
      let inserter = try into(table.rawValue, table.columns)
      for row in rows[kept...] {
        try inserter.insert { target in
          for value in row { target.add(value) }
        }
      }
    }
  }

  /// Whether the search file holds this title and body for the file `id` already, byte for
  /// byte (a note saved again unchanged, or touched by `git checkout`): in its backlog, or else
  /// in the full-text table.
  private func searchTextIsStored(_ record: IndexRecord, id: Int64) throws -> Bool {
    var stored = false
    try RowReader.forEach(
      db,
      sql: """
        SELECT title, body FROM fts.backlog WHERE id = ?1
        UNION ALL SELECT c0, c1 FROM fts.search_content WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM fts.backlog WHERE id = ?1)
        """,
      arguments: [id], cached: true
    ) { row in
      stored =
        !row.isNull(0) && row.bytes(0).elementsEqual(record.note.title.utf8) && row.bytes(1).elementsEqual(record.body)
    }
    return stored
  }

  /// Gives `target(table)` the rows of each table that `note`, stored as the file `id`, has.
  private func addRows<Target: RowTarget>(
    of note: Note, id: Int64, into target: (NoteTable) throws -> Target
  ) throws {
    try addProperties(of: note, id: id, into: target(.properties))
    let tags = try target(.tags)
    for tag in note.tags {
      try tags.insert {
        $0.add(id)
        $0.add(TagSyntax.normalized(tag.name))
        $0.add(tag.name)
        $0.add(tag.line)
      }
    }
    let links = try target(.links)
    for link in note.links {
      try links.insert {
        $0.add(id)
        $0.add(link.target)
        $0.add(link.subpath)
        $0.add(link.alias)
        $0.add(link.style.rawValue)
        $0.add(link.line)
      }
    }
    let headings = try target(.headings)
    for heading in note.headings {
      try headings.insert {
        $0.add(id)
        $0.add(heading.level)
        $0.add(heading.text)
        $0.add(heading.line)
      }
    }
    if !note.tasks.isEmpty {
      let tasks = try target(.tasks)
      for task in note.tasks { try Self.addTask(task, id, to: tasks) }
    }
    if let journal = note.journal {
      try target(.journal).insert {
        $0.add(id)
        $0.add(journal.date.description)
        $0.add(journal.mood)
        $0.add(journal.moodTags.joined(separator: ","))
      }
    }
    if let event = note.event { try Self.addEvent(event, id, to: target(.events)) }
    if let goal = note.goal {
      try target(.goals).insert {
        $0.add(id)
        $0.add(goal.progress)
        $0.add(goal.progressSource)
        $0.add(goal.target?.description)
        $0.add(goal.status)
        $0.add(goal.isDone)
        $0.add(goal.doneOn?.description)
        $0.add(goal.priority?.rawValue)
        $0.add(goal.description)
      }
    }
    if let insight = note.insight {
      try target(.insights).insert {
        $0.add(id)
        $0.add(insight.text)
        $0.add(insight.source)
        $0.add(insight.author)
        $0.add(insight.created?.description)
      }
    }
    let principles = try target(.principles)
    for principle in note.principles {
      try principles.insert {
        $0.add(id)
        $0.add(principle.text)
        $0.add(principle.line)
      }
    }
    let diagnostics = try target(.diagnostics)
    for diagnostic in note.diagnostics {
      try diagnostics.insert {
        $0.add(id)
        $0.add(diagnostic.line)
        $0.add(diagnostic.column)
        $0.add(diagnostic.severity.rawValue)
        $0.add(diagnostic.message)
      }
    }
  }

  /// One row per scalar: a list property gives a row per element, so `tags=x` and
  /// `category=music` match elements.
  private func addProperties<Target: RowTarget>(of note: Note, id: Int64, into properties: Target) throws {
    for property in note.properties {
      let key = property.key.lowercased()
      for value in property.value.elements {
        var number: Double?
        var date: String?
        switch value {
        case .number(let value): number = value
        case .date(let value): date = value.description
        case .dateTime(let value): date = value.date.description
        case .bool(let value): number = value ? 1 : 0
        default: break
        }
        try properties.insert {
          $0.add(id)
          $0.add(key)
          $0.add(property.type.rawValue)
          $0.add(value.text)
          $0.add(number)
          $0.add(date)
          $0.add(property.location.line)
        }
      }
    }
  }

  private static func addTask<Target: RowTarget>(_ task: TaskItem, _ id: Int64, to tasks: Target) throws {
    try tasks.insert {
      $0.add(id)
      $0.add(task.line)
      $0.add(task.byteRange.lowerBound)
      $0.add(task.byteRange.upperBound)
      $0.add(task.indentation)
      $0.add(task.marker)
      $0.add(String(task.status.symbol))
      $0.add(task.status.type.rawValue)
      $0.add(task.description)
      $0.add(task.tags.joined(separator: ","))
      $0.add(task.priority.rawValue)
      $0.add(task.created?.description)
      $0.add(task.start?.description)
      $0.add(task.scheduled?.description)
      $0.add(task.scheduledIsInferred)
      $0.add(task.due?.description)
      $0.add(task.done?.description)
      $0.add(task.cancelled?.description)
      $0.add(task.recurrence)
      $0.add(task.onCompletion)
      $0.add(task.id)
      $0.add(task.dependsOn.joined(separator: ","))
      $0.add(task.blockLink)
      $0.add(task.format.rawValue)
      $0.add(task.parentLine)
      $0.add(Self.fieldsText(task.fields))
      $0.add(task.duplicate)
      $0.add(task.notes)
    }
  }

  /// A task's Dataview fields in one column: `key US value US column`, joined by RS.
  static func fieldsText(_ fields: [InlineField]) -> String {
    fields.map { "\($0.key)\u{1F}\($0.value)\u{1F}\($0.column)" }.joined(separator: "\u{1E}")
  }

  private static func addEvent<Target: RowTarget>(_ event: Event, _ id: Int64, to events: Target) throws {
    try events.insert {
      $0.add(id)
      $0.add(event.title)
      $0.add(event.emoji)
      $0.add(event.start?.description)
      $0.add(event.end?.description)
      $0.add(event.allDay)
      $0.add(event.startTime?.description)
      $0.add(event.endTime?.description)
      $0.add(event.category)
      $0.add(event.location)
      $0.add(event.timeZone)
      $0.add(event.recurrence.map(Self.recurrenceKind))
      $0.add(event.recurrence.map(Self.recurrenceRule))
      $0.add(event.recurrenceEnd?.description)
      $0.add(event.skipDates.map(\.description).joined(separator: ","))
      $0.add(event.remind.joined(separator: ","))
      $0.add(event.archived)
      $0.add(event.completed)
      $0.add(event.description)
      $0.add(event.color)
      $0.add(event.leapDay?.rawValue)
      $0.add(event.yearUnknown)
      $0.add(
        event.extraDates.map { day in event.extraTimes[day].map { "\(day)T\($0)" } ?? day.description }
          .joined(separator: ","))
      $0.add(event.floating)
      $0.add(event.cancelled)
    }
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
