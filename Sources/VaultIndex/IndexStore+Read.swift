import GRDB
import VaultCore

extension IndexStore {
  /// Items by kind, counted as `vault check` counts them: each read note by its kind (a
  /// principle note by its principles), plus every task (a task note's own task is a row of
  /// `tasks`, so the note is not counted again).
  public func itemCounts() throws(IndexError) -> [ItemKind: Int] {
    do {
      return try database.reading { db in
        var counts: [ItemKind: Int] = [:]
        let rows = try Row.fetchAll(
          db,
          sql: "SELECT kind, COUNT(*) FROM files WHERE skipped = 0 AND kind NOT IN ('principle', 'task') GROUP BY kind"
        )
        for row in rows {
          if let kind = ItemKind(rawValue: row[0]) { counts[kind] = row[1] }
        }
        counts[.task, default: 0] += try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM tasks") ?? 0
        counts[.principle, default: 0] +=
          try Int.fetchOne(
            db, sql: "SELECT COUNT(*) FROM principles JOIN files ON files.id = file_id WHERE files.kind = 'principle'")
          ?? 0
        return counts
      }
    } catch {
      throw IndexError(error)
    }
  }

  /// How many problems the notes have, by severity (`vault index` prints the counts alone).
  public func diagnosticCounts() throws(IndexError) -> [Diagnostic.Severity: Int] {
    do {
      return try database.reading { db in
        var counts: [Diagnostic.Severity: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT severity, COUNT(*) FROM diagnostics GROUP BY severity") {
          counts[Diagnostic.Severity(rawValue: row[0]) ?? .error, default: 0] += row[1]
        }
        return counts
      }
    } catch {
      throw IndexError(error)
    }
  }

  /// How many files the index holds.
  public func fileCount() throws(IndexError) -> Int {
    do {
      return try database.reading { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM files") ?? 0 }
    } catch {
      throw IndexError(error)
    }
  }

  /// Every row of every table as text, files named by path instead of id, sorted: two indexes
  /// of the same vault give the same dump however they were built (an incremental refresh, a
  /// watcher, a rebuild).
  public func dump() throws(IndexError) -> [String] {
    do {
      return try database.reading { db in
        var lines: [String] = []
        // The stamps' snapshot and changes (`StampSnapshot`) say again what `files` says.
        for table in Schema.tables where !["meta", "stamp_snapshot", "stamp_changes"].contains(table) {
          let columns = try Row.fetchAll(db, sql: "PRAGMA main.table_info(\(table))").map { $0["name"] as String }
          // `rows_digest` stands for the rows, which are dumped: it is known once a note is
          // stored again (`IndexWriter.restore`), so a rebuild has none.
          let shown = columns.filter { $0 != "id" && $0 != "rows_digest" }.map { column in
            column == "file_id" ? "(SELECT path FROM main.files WHERE id = file_id)" : column
          }
          for row in try Row.fetchAll(db, sql: "SELECT \(shown.joined(separator: ", ")) FROM main.\(table)") {
            lines.append(table + ": " + row.databaseValues.map(\.description).joined(separator: " | "))
          }
        }
        return lines.sorted()
      }
    } catch {
      throw IndexError(error)
    }
  }
}
