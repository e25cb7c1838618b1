import GRDB
import GRDBSQLite

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
        "fields", "duplicate",
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

  /// The rows stored for the file `id`, in the order they were inserted, each with its rowid.
  /// Every table is searched by its `file_id` index (or is keyed by it).
  func storedRows(_ db: Database, of id: Int64) throws -> [(rowid: Int64, values: [ColumnValue])] {
    var rows: [(rowid: Int64, values: [ColumnValue])] = []
    let count = Int32(columns.count)
    try RowReader.forEach(
      db,
      sql: "SELECT \(columns.joined(separator: ", ")), rowid FROM main.\(rawValue) WHERE file_id = ? ORDER BY rowid",
      arguments: [id]
    ) { row in
      rows.append((sqlite3_column_int64(row.handle, count), (0..<count).map(row.value)))
    }
    return rows
  }
}

/// A value as SQLite stores it. Text compares by its bytes: two spellings of "é" that Swift's
/// `String` calls equal are different notes to the index.
enum ColumnValue: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text([UInt8])
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
