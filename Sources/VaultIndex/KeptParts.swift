import Foundation
import GRDB

/// What a write changed in the index, table by table, to tell which reads made before it
/// still hold (`IndexStore.part`).
public struct IndexChanges: Sendable {
  /// Per table (lowercased), the columns updated in place; nil when rows were inserted or
  /// deleted.
  private(set) var tables: [String: Set<String>?] = [:]
  /// Everything may have changed (the index erased and filled again).
  private(set) var everything = false

  /// Rows of `table` inserted or deleted. Rows of `tasks` and `journal` change their summaries
  /// too (`Schema`'s triggers).
  mutating func rows(of table: String) {
    let table = table.lowercased()
    tables[table] = .some(nil)
    if table == "tasks" { tables["task_days"] = .some(nil) }
    if table == "journal" { tables["journal_days"] = .some(nil) }
  }

  /// Columns of rows of `table` updated in place.
  mutating func columns(_ columns: some Sequence<String>, of table: String) {
    let table = table.lowercased()
    switch tables[table] {
    case .some(.none): return
    case .some(.some(let known)): tables[table] = .some(known.union(columns))
    case .none: tables[table] = .some(Set(columns))
    }
  }

  mutating func all() { everything = true }

  /// Whether a read of `region` may answer differently after these changes.
  func touch(_ region: DatabaseRegion) -> Bool {
    if everything || region.isFullDatabase { return true }
    return tables.contains { table, columns in
      if let columns {
        return !columns.isEmpty && region.isModified(byEventsOfKind: .update(tableName: table, columnNames: columns))
      }
      return region.isModified(byEventsOfKind: .insert(tableName: table))
    }
  }
}

/// The tables and columns the statements of one read looked at (GRDB's `databaseRegion` of
/// each statement, as SQLite compiled it).
final class ReadRecord: @unchecked Sendable {
  var region = DatabaseRegion()
}

/// A part of a view read before a write, kept with what it read and when.
struct KeptPart: @unchecked Sendable {
  let value: any Sendable
  let region: DatabaseRegion
  /// The store's write count and the files' `data_version` when it was read.
  let writes: Int
  let version: [Int]
}

extension IndexStore {
  /// The part `name` of a view (with `key`, what else it depends on: the day, the limit),
  /// read by `body` inside `reading`; kept, and answered again without reading when nothing it
  /// read has changed since: no other process has committed to the index (`data_version`),
  /// and this store has written at most once, changing none of the tables and columns it read
  /// (`IndexChanges`).
  ///
  /// A command that stores a changed note reads its view again; with one note changed, most
  /// parts of the dashboard read nothing that changed (docs/PERFORMANCE.md). `body` must read
  /// the index only, through this store's queries (each records what its statement reads), and
  /// depend on nothing but `key`.
  public func part<Value: Sendable>(_ name: String, key: String, _ body: () throws -> Value) throws -> Value {
    guard let open = Self.openRead, open.store == ObjectIdentifier(self) else { return try body() }
    let version = try open.version()
    let id = name + "\u{1F}" + key
    let (writes, changes) = written.value
    if let part = kept.value[id], part.version == version, let value = part.value as? Value {
      if part.writes == writes { return value }
      if part.writes + 1 == writes, let changes, !changes.touch(part.region) {
        // Still as read: it holds until the next write, too.
        kept.mutate { $0[id] = KeptPart(value: value, region: part.region, writes: writes, version: version) }
        return value
      }
    }
    let record = ReadRecord()
    partsRead.mutate { $0 += 1 }
    let value = try Self.$recording.withValue(record) { try body() }
    kept.mutate { $0[id] = KeptPart(value: value, region: record.region, writes: writes, version: version) }
    return value
  }

  /// What the reads of the part being read (`part`) look at, on its thread.
  @TaskLocal static var recording: ReadRecord?

  /// Adds what `statement` reads to the part being read, if any.
  static func recordRead(_ statement: Statement) {
    recording?.region.formUnion(statement.databaseRegion)
  }

  /// Both files' `data_version`: it changes when another connection commits to the file.
  /// Read inside the read transaction, once it has its snapshot.
  static func dataVersion(_ db: Database) throws -> [Int] {
    try RowReader.forEach(db, sql: "SELECT 1 FROM main.meta LIMIT 1") { _ in }
    return [
      try Int.fetchOne(db.cachedStatement(sql: "PRAGMA main.data_version")) ?? -1,
      try Int.fetchOne(db.cachedStatement(sql: "PRAGMA fts.data_version")) ?? -1,
    ]
  }
}
