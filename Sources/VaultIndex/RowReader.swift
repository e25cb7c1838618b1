import GRDB
import GRDBSQLite

/// Steps through a query's rows with SQLite's C API, reading columns by index.
///
/// GRDB's `Row` copies every value into an existential and decodes it generically; for the
/// hundreds of rows a view reads (every event, the stored stamps of every file) that cost
/// more than SQLite's own work. GRDB still prepares, binds, owns and finalizes the statement.
struct RowReader {
  let handle: OpaquePointer

  /// Calls `body` for each row of `sql` run with `arguments`. `cached`: the statement is
  /// prepared once per connection and kept, for one asked many times in a row (GRDB's
  /// authorizer looks at every column of a statement as it is prepared).
  static func forEach(
    _ db: Database, sql: String, arguments: StatementArguments = [], cached: Bool = true,
    _ body: (RowReader) throws -> Void
  ) throws {
    let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
    IndexStore.recordRead(statement)
    try statement.setArguments(arguments)
    // GRDB finalizes the statement when it is released: keep it alive while it steps.
    try withExtendedLifetime(statement) {
      let handle = statement.sqliteStatement
      defer { sqlite3_reset(handle) }
      while true {
        let step = sqlite3_step(handle)
        guard step == SQLITE_ROW else {
          if step == SQLITE_DONE { return }
          throw DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_extended_errcode(db.sqliteConnection)),
            message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        try body(RowReader(handle: handle))
      }
    }
  }

  func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

  func text(_ column: Int32) -> String {
    sqlite3_column_text(handle, column).map { String(cString: $0) } ?? ""
  }

  func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

  func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

  func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

  func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }

  func optionalBool(_ column: Int32) -> Bool? { isNull(column) ? nil : bool(column) }

  func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : sqlite3_column_double(handle, column) }
}

/// Reads whose statements are prepared once per connection and kept (GRDB's statement cache),
/// keyed by their SQL. Preparing is most of what a small view's query costs: GRDB's authorizer
/// looks at every table and column of a statement as SQLite compiles it, about 50 µs a
/// statement. A command that reads the dashboard twice (after storing a changed note) prepared
/// its 27 statements twice: 1.6 ms at 10,000 notes (docs/PERFORMANCE.md). A process that
/// keeps the index open for days forgets them now and then (`IndexStore.forgetStatements`).
extension Row {
  static func fetchAll(
    reusing db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws
    -> [Row]
  {
    try Row.fetchAll(db.recordedStatement(sql), arguments: arguments)
  }

  static func fetchOne(
    reusing db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws
    -> Row?
  {
    try Row.fetchOne(db.recordedStatement(sql), arguments: arguments)
  }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible {
  static func fetchAll(
    reusing db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws
    -> [Self]
  {
    try fetchAll(db.recordedStatement(sql), arguments: arguments)
  }

  static func fetchOne(
    reusing db: Database, sql: String, arguments: StatementArguments = StatementArguments()
  ) throws
    -> Self?
  {
    try fetchOne(db.recordedStatement(sql), arguments: arguments)
  }
}

extension Database {
  /// The cached statement of `sql`, its region added to the part being read (`IndexStore.part`).
  fileprivate func recordedStatement(_ sql: String) throws -> Statement {
    let statement = try cachedStatement(sql: sql)
    IndexStore.recordRead(statement)
    return statement
  }
}
