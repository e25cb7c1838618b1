import GRDB
import GRDBSQLite

/// One prepared `INSERT`, bound and stepped through SQLite's C API.
///
/// GRDB's `execute(arguments:)` builds a `StatementArguments` of existentials and looks the
/// statement up by its SQL for every row; with a few hundred thousand rows in a cold index
/// that overhead was larger than SQLite's own work, so rows are bound directly here. GRDB
/// still prepares, owns and finalizes the statement.
///
/// With `rows` above 1, the inserter binds that many rows into one statement before it steps
/// it (`INSERT … SELECT * FROM (VALUES (…), (…), …) LIMIT ?`): SQLite's work per statement
/// (opening the cursors, finding the table's last rowid, ending the statement) is then paid
/// once for them all. Rows wait until the statement is full or `flush()` is called: a caller
/// must flush before it reads or deletes what it inserted.
///
/// A batch is `INSERT OR FAIL`: a row that breaks a constraint ends the statement and keeps the
/// rows before it (the caller's transaction is rolled back anyway). With the default, `ABORT`,
/// SQLite must be able to undo the statement's earlier rows, so it first copies every page the
/// statement touches into a statement journal: a cold index of 10,000 notes wrote 300 MB to a
/// temporary file that way. The foreign keys wait for the commit for the same reason
/// (`Schema.fileReference`).
final class RowInserter {
  private let statement: Statement
  private let handle: OpaquePointer
  private let connection: OpaquePointer?
  private let rows: Int
  private let columns: Int32
  /// Rows bound and not yet inserted.
  private var pending: Int32 = 0
  private var column: Int32 = 0
  /// The bytes of the text values bound since the statement last ran, where SQLite reads them
  /// (`SQLITE_STATIC`). Bound with `SQLITE_TRANSIENT`, SQLite copied each value into memory it
  /// allocated and freed: 0.04 core-seconds of a cold index of 10,000 notes. A buffer
  /// outgrown is kept (`outgrown`) until the inserter goes, since the rows after a short last
  /// batch's `LIMIT` stay bound to it.
  private var text: UnsafeMutableRawBufferPointer
  private var textUsed = 0
  private var outgrown: [UnsafeMutableRawBufferPointer] = []

  /// `orReplace`: a row with the same key (rowid) is replaced.
  init(_ db: Database, table: String, columns: [String], rows: Int = 1, orReplace: Bool = false) throws {
    precondition(rows >= 1)
    let placeholders = "(" + columns.map { _ in "?" }.joined(separator: ", ") + ")"
    let conflict = orReplace ? "OR REPLACE " : rows > 1 ? "OR FAIL " : ""
    let head = "INSERT \(conflict)INTO \(table)(\(columns.joined(separator: ", ")))"
    // Kept by the connection (`cachedStatement`): the next transaction's inserter of the same
    // table does not prepare it again. Preparing is the costly part of a small write, as GRDB
    // asks SQLite's authorizer about every column the statement reads or writes: 11 % of a
    // CalDAV PUT's processor time went there (docs/PERFORMANCE.md).
    statement = try db.cachedStatement(
      sql: rows == 1
        ? "\(head) VALUES \(placeholders)"
        : "\(head) SELECT * FROM (VALUES \(Array(repeating: placeholders, count: rows).joined(separator: ", "))) LIMIT ?"
    )
    handle = statement.sqliteStatement
    connection = db.sqliteConnection
    self.rows = rows
    self.columns = Int32(columns.count)
    text = .allocate(byteCount: 4096 * rows, alignment: 1)
  }

  deinit {
    // The statement outlives this inserter in the connection's cache: no value stays bound
    // to the buffers freed here.
    sqlite3_clear_bindings(handle)
    text.deallocate()
    for buffer in outgrown { buffer.deallocate() }
  }

  /// The statement's SQL, for tests that read its program (`EXPLAIN`).
  var sql: String { statement.sql }

  /// Binds the values `bind` gives, in column order, and inserts the row (or, when the
  /// inserter takes several rows at once, queues it).
  func insert(_ bind: (RowInserter) -> Void) throws {
    column = pending * columns
    bind(self)
    pending += 1
    if pending == rows { try flush() }
  }

  /// Inserts the queued rows.
  func flush() throws {
    guard pending > 0 else { return }
    if rows > 1 { sqlite3_bind_int64(handle, Int32(rows) * columns + 1, Int64(pending)) }
    pending = 0
    let result = sqlite3_step(handle)
    sqlite3_reset(handle)
    textUsed = 0
    guard result == SQLITE_DONE else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: sqlite3_extended_errcode(connection)),
        message: String(cString: sqlite3_errmsg(connection)) + " (\(statement.sql))")
    }
  }

  func add(_ value: Int64?) {
    column += 1
    if let value { sqlite3_bind_int64(handle, column, value) } else { sqlite3_bind_null(handle, column) }
  }

  func add(_ value: Double?) {
    column += 1
    if let value, value.isFinite {
      sqlite3_bind_double(handle, column, value)
    } else {
      sqlite3_bind_null(handle, column)
    }
  }

  func add(_ value: String?) {
    column += 1
    guard var value else {
      sqlite3_bind_null(handle, column)
      return
    }
    value.withUTF8 { bind(UnsafeRawBufferPointer($0)) }
  }

  /// Text given as its UTF-8 bytes.
  func add(_ utf8: ArraySlice<UInt8>) {
    column += 1
    // An empty slice may have no address, which would bind NULL.
    guard !utf8.isEmpty else {
      sqlite3_bind_text(handle, column, "", 0, transient)
      return
    }
    utf8.withUnsafeBufferPointer { bind(UnsafeRawBufferPointer($0)) }
  }

  /// Binds text to the current column from a copy in `text`, which lasts until the statement
  /// has run.
  private func bind(_ bytes: UnsafeRawBufferPointer) {
    if textUsed + bytes.count > text.count {
      outgrown.append(text)
      text = .allocate(byteCount: max(2 * text.count, bytes.count), alignment: 1)
      textUsed = 0
    }
    guard let base = text.baseAddress else { return }
    let start = base + textUsed
    if let source = bytes.baseAddress { start.copyMemory(from: source, byteCount: bytes.count) }
    textUsed += bytes.count
    sqlite3_bind_text(handle, column, start.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil)
  }
}

/// SQLITE_TRANSIENT: SQLite copies the bytes before `bind` returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
