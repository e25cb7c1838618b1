import GRDB
import GRDBSQLite
import VaultCore

/// The tables that hold what was found in a note, one row or more per note, each with the
/// columns `IndexWriter` fills, in the order it fills them.
enum NoteTable: String, CaseIterable {
  case properties, tags, links, headings, tasks, journal, events, goals, insights, principles, diagnostics

  var columns: [String] {
    switch self {
    case .properties: return ["file_id", "key", "type", "text", "number", "date", "line"]
    case .tags: return ["file_id", "tag", "name", "line"]
    case .links: return ["file_id", "target", "subpath", "alias", "style", "line"]
    case .headings: return ["file_id", "level", "text", "line"]
    case .tasks:
      return [
        "file_id", "line", "byte_start", "byte_end", "indentation", "marker", "status_symbol", "status_type",
        "description", "tags", "priority", "created", "start", "scheduled", "scheduled_inferred", "due", "done",
        "cancelled", "recurrence", "on_completion", "task_id", "depends_on", "block_link", "format", "parent_line",
        "fields", "duplicate", "notes",
      ]
    case .journal: return ["file_id", "date", "mood", "mood_tags"]
    case .events:
      return [
        "file_id", "title", "emoji", "start", "end", "all_day", "start_time", "end_time", "category", "location",
        "time_zone", "recurrence_kind", "recurrence_rule", "recurrence_end", "skip_dates", "remind", "archived",
        "completed", "description", "color", "leap_day", "year_unknown", "extra_dates", "floating", "cancelled",
      ]
    case .goals:
      return [
        "file_id", "progress", "progress_source", "target", "status", "done", "done_on", "priority", "description",
      ]
    case .insights: return ["file_id", "text", "source", "author", "created"]
    case .principles: return ["file_id", "text", "line"]
    case .diagnostics: return ["file_id", "line", "column", "severity", "message"]
    }
  }

  /// The rows stored for the file `id` in every table, by table, in the order they were
  /// inserted, each with its rowid: one statement for all tables (eleven statements cost half
  /// a millisecond more to prepare than one). Every table is searched by its `file_id` index
  /// (or is keyed by it).
  static func storedRows(_ db: Database, of id: Int64) throws -> [NoteTable: [(rowid: Int64, values: [ColumnValue])]] {
    var rows: [NoteTable: [(rowid: Int64, values: [ColumnValue])]] = [:]
    try RowReader.forEach(db, sql: storedRowsSQL, arguments: [id]) { row in
      let table = allCases[Int(sqlite3_column_int64(row.handle, 0))]
      let values = (0..<Int32(table.columns.count)).map { row.value($0 + 2) }
      rows[table, default: []].append((sqlite3_column_int64(row.handle, 1), values))
    }
    return rows
  }

  /// A digest of a note's rows in every table, in order (`IndexWriter.restore`): 64-bit
  /// FNV-1a (`StableHash`) over each table's row count and each value's type, length and bytes. Equal rows
  /// give equal digests in every process (Swift's `Hasher` is seeded anew in each).
  static func digest(of collected: [NoteTable: RowCollector]) -> Int64 {
    var hash = StableHash.FNV1a()
    for table in allCases {
      let rows = collected[table]?.rows ?? []
      hash.add(UInt64(rows.count))
      for row in rows {
        hash.add(UInt64(row.count))
        for value in row {
          switch value {
          case .null: hash.add(UInt8(0))
          case .integer(let number):
            hash.add(UInt8(1))
            hash.add(UInt64(bitPattern: number))
          case .real(let number):
            hash.add(UInt8(2))
            hash.add(number.bitPattern)
          case .text(let bytes):
            hash.add(UInt8(3))
            hash.add(UInt64(bytes.count))
            hash.add(bytes)
          }
        }
      }
    }
    return Int64(bitPattern: hash.value)
  }

  /// `storedRows`' statement: each table's columns after its number and the rowid, padded with
  /// NULLs to the widest.
  static let storedRowsSQL: String = {
    let width = allCases.map(\.columns.count).max() ?? 0
    return allCases.enumerated().map { number, table in
      let padding = Array(repeating: "NULL", count: width - table.columns.count)
      return "SELECT \(number), rowid, \((table.columns + padding).joined(separator: ", ")) "
        + "FROM main.\(table.rawValue) WHERE file_id = ?1"
    }.joined(separator: " UNION ALL ") + " ORDER BY 1, 2"
  }()
}

/// A value as SQLite stores it. Text compares by its bytes: two spellings of "é" that Swift's
/// `String` calls equal are different notes to the index.
enum ColumnValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text([UInt8])

  /// The value as GRDB binds it (text as a `String` of the same bytes: they are valid UTF-8).
  var databaseValue: DatabaseValue {
    switch self {
    case .null: return .null
    case .integer(let number): return number.databaseValue
    case .real(let number): return number.databaseValue
    case .text(let bytes): return String(decoding: bytes, as: UTF8.self).databaseValue
    }
  }
}

extension RowReader {
  /// The column as stored (a blob reads as its bytes, like text).
  func value(_ column: Int32) -> ColumnValue {
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
    case SQLITE_NULL: return .null
    default: return .text(Array(bytes(column)))
    }
  }
}

/// Where `IndexWriter` puts a note's rows: into SQLite at once (`RowInserter`), or into a list
/// to compare with what the index holds (`RowCollector`).
protocol RowTarget: AnyObject {
  func insert(_ bind: (Self) -> Void) throws
  func add(_ value: Int64?)
  func add(_ value: Double?)
  func add(_ value: String?)
  func add(_ utf8: ArraySlice<UInt8>)
}

extension RowTarget {
  func add(_ value: Int?) { add(value.map(Int64.init)) }

  func add(_ value: Bool?) { add(value.map { $0 ? Int64(1) : 0 }) }
}

/// The rows of one table that one note gives, as SQLite would store them from a
/// `RowInserter` (a number that is not finite is NULL there too).
final class RowCollector: RowTarget {
  private(set) var rows: [[ColumnValue]] = []

  func insert(_ bind: (RowCollector) -> Void) throws {
    rows.append([])
    bind(self)
  }

  func add(_ value: Int64?) { rows[rows.count - 1].append(value.map(ColumnValue.integer) ?? .null) }

  func add(_ value: Double?) {
    rows[rows.count - 1].append(value.flatMap { $0.isFinite ? ColumnValue.real($0) : nil } ?? .null)
  }

  func add(_ value: String?) { rows[rows.count - 1].append(value.map { .text(Array($0.utf8)) } ?? .null) }

  func add(_ utf8: ArraySlice<UInt8>) { rows[rows.count - 1].append(.text(Array(utf8))) }
}

extension RowInserter: RowTarget {
  /// Binds a value read back from the index (`NoteTable.storedRows`) or collected.
  func add(_ value: ColumnValue) {
    switch value {
    case .null: add(Int64?.none)
    case .integer(let number): add(number)
    case .real(let number): add(number)
    case .text(let bytes): add(bytes[...])
    }
  }
}
