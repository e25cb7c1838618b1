import GRDB
import GRDBSQLite

/// One prepared `INSERT`, bound and stepped through SQLite's C API.
///
/// GRDB's `execute(arguments:)` builds a `StatementArguments` of existentials and looks the
/// statement up by its SQL for every row; with a few hundred thousand rows in a cold index
/// that overhead was larger than SQLite's own work, so rows are bound directly here. GRDB
/// still prepares, owns and finalizes the statement.
final class RowInserter {
  private let statement: Statement
  private let handle: OpaquePointer
  private let connection: OpaquePointer?
  private var column: Int32 = 0

  /// `orReplace`: a row with the same key (rowid) is replaced.
  init(_ db: Database, table: String, columns: [String], orReplace: Bool = false) throws {
    statement = try db.makeStatement(
      sql:
        "INSERT \(orReplace ? "OR REPLACE " : "")INTO \(table)(\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
    )
    handle = statement.sqliteStatement
    connection = db.sqliteConnection
  }

  /// Binds the values `bind` gives, in column order, and inserts the row.
  func insert(_ bind: (RowInserter) -> Void) throws {
    column = 0
    bind(self)
    let result = sqlite3_step(handle)
    sqlite3_reset(handle)
    guard result == SQLITE_DONE else {
      throw IndexError.failed(String(cString: sqlite3_errmsg(connection)) + " (\(statement.sql))")
    }
  }

  func add(_ value: Int64?) {
    column += 1
    if let value { sqlite3_bind_int64(handle, column, value) } else { sqlite3_bind_null(handle, column) }
  }

  func add(_ value: Int?) { add(value.map(Int64.init)) }

  func add(_ value: Bool?) { add(value.map { $0 ? Int64(1) : 0 }) }

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
    value.withUTF8 { bytes in
      _ = sqlite3_bind_text(handle, column, bytes.baseAddress, Int32(bytes.count), transient)
    }
  }
}

/// SQLITE_TRANSIENT: SQLite copies the bytes before `bind` returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
