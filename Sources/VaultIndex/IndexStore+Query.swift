import GRDB
import VaultCore

/// A file that matched a query. As JSON (`vault list`): path, title, kind, date, properties.
public struct FileMatch: Sendable, Encodable {
  public var path: String
  public var title: String
  public var kind: String
  public var date: String?
  /// The file line where the body (after the front matter) starts.
  public var bodyLine: Int
  /// The text after the front matter, when asked for (to find lines and snippets).
  public var body: String?
  /// bm25 relevance when the query has words: lower is better, as SQLite gives it.
  public var score: Double?
  /// The values of the properties a query's conditions named, by key, as text.
  public var properties: [String: [String]]

  enum CodingKeys: String, CodingKey { case path, title, kind, date, properties }

  // Written out so a missing date is null, not left out (docs/JSON.md).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(path, forKey: .path)
    try c.encode(title, forKey: .title)
    try c.encode(kind, forKey: .kind)
    try c.encode(date, forKey: .date)
    try c.encode(properties, forKey: .properties)
  }
}

/// A task line that matched a query.
public struct TaskMatch: Sendable, Encodable {
  public var path: String
  public var line: Int
  /// The checkbox's symbol: ` `, `x`, `-`, `/`, ...
  public var statusSymbol: String
  public var statusType: String
  public var description: String
  public var priority: String
  public var due: String?
  public var scheduled: String?
  public var start: String?
  public var done: String?
  public var recurrence: String?

  enum CodingKeys: String, CodingKey {
    case path, line, statusSymbol = "status", statusType, description, priority, due, scheduled, start, done
    case recurrence
  }

  // Written out so missing dates are null, not left out (docs/JSON.md).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(path, forKey: .path)
    try c.encode(line, forKey: .line)
    try c.encode(statusSymbol, forKey: .statusSymbol)
    try c.encode(statusType, forKey: .statusType)
    try c.encode(description, forKey: .description)
    try c.encode(priority, forKey: .priority)
    try c.encode(due, forKey: .due)
    try c.encode(scheduled, forKey: .scheduled)
    try c.encode(start, forKey: .start)
    try c.encode(done, forKey: .done)
    try c.encode(recurrence, forKey: .recurrence)
  }
}

/// How `files(matching:)` orders files that have no relevance score.
public enum FileOrder: String, Sendable, CaseIterable {
  case date, path, title, kind
  /// The `created` property (a date or a date-time); notes without one last.
  case created
}

extension IndexStore {
  /// Files matching every part of `query`, best first when it has words, else by `order`;
  /// at most `limit`, with the count of all matches.
  public func files(
    matching query: Query, order: FileOrder = .path, reverse: Bool = false, limit: Int? = nil,
    withBody: Bool = false
  ) throws(IndexError) -> (matches: [FileMatch], total: Int) {
    // The full-text table is read for the words and the bodies: it holds every note first.
    if !query.terms.isEmpty || withBody { try writeSearchBacklog() }
    var filter = SQLFilter()
    if !query.kinds.isEmpty {
      filter.add(
        "files.kind IN (\(query.kinds.map { _ in "?" }.joined(separator: ", ")))", query.kinds.map(\.rawValue))
    }
    for tag in query.tags {
      filter.add(
        "files.id IN (SELECT file_id FROM tags WHERE tag = ? OR substr(tag, 1, ?) = ?)",
        [tag, tag.count + 1, tag + "/"])
    }
    for path in query.paths {
      filter.add("files.path LIKE ? ESCAPE '\\'", [Self.likePrefix(path)])
    }
    for condition in query.conditions { filter.add(Self.propertyCondition(condition)) }
    let keys = Array(Set(query.conditions.map(\.key))).sorted()
    let direction = reverse ? "DESC" : "ASC"
    let orderBy: String
    if !query.terms.isEmpty {
      orderBy = "score \(direction), files.path"
    } else {
      // Pinned notes (`pinned: true`) first, whatever the order.
      let pinned =
        "NOT EXISTS (SELECT 1 FROM properties p WHERE p.file_id = files.id AND p.key = 'pinned' AND p.text = 'true'), "
      // By the moment: a date-time's time counts, a date is its day's start.
      let created =
        "(SELECT COALESCE(\(Self.propertyMoment), p.text) FROM properties p WHERE p.file_id = files.id AND p.key = 'created')"
      switch order {
      case .date: orderBy = pinned + "files.date IS NULL, files.date \(direction), files.path"
      case .path: orderBy = pinned + "files.path \(direction)"
      case .title: orderBy = pinned + "files.title COLLATE NOCASE \(direction), files.path"
      case .kind: orderBy = pinned + "files.kind \(direction), files.path"
      case .created: orderBy = pinned + "\(created) IS NULL, \(created) \(direction), files.path"
      }
    }
    // With words, the full-text matches are the rows, scored once each; ranking them with a
    // correlated subquery per file ran a full MATCH per file (minutes at 100,000 notes).
    let source =
      query.terms.isEmpty
      ? "files"
      : "(SELECT rowid AS id, bm25(search, 10.0, 1.0) AS score FROM search WHERE search MATCH ?) AS hit "
        + "JOIN files ON files.id = hit.id"
    let score = query.terms.isEmpty ? "NULL" : "hit.score"
    var arguments = StatementArguments()
    if !query.terms.isEmpty { arguments += [Self.matchExpression(query.terms)] }
    arguments += filter.arguments
    let sql = """
      SELECT files.id, files.path, files.title, files.kind, files.date, files.body_line, \(score) AS score
      FROM \(source) WHERE files.skipped = 0 AND \(filter.sql)
      ORDER BY \(orderBy) \(limit.map { "LIMIT \($0)" } ?? "")
      """
    do {
      return try database.reading { db in
        let total = try Int.fetchOne(
          reusing: db, sql: "SELECT COUNT(*) FROM \(source) WHERE files.skipped = 0 AND \(filter.sql)",
          arguments: arguments)
        var matches: [FileMatch] = []
        for row in try Row.fetchAll(reusing: db, sql: sql, arguments: arguments) {
          var properties: [String: [String]] = [:]
          if !keys.isEmpty {
            let id: Int64 = row[0]
            for key in keys {
              properties[key] = try String.fetchAll(
                reusing: db, sql: "SELECT text FROM properties WHERE file_id = ? AND key = ? ORDER BY rowid",
                arguments: [id, key])
            }
          }
          // Bodies only for the rows shown, after the limit.
          let body =
            withBody
            ? try String.fetchOne(reusing: db, sql: "SELECT body FROM search WHERE rowid = ?", arguments: [row[0]])
            : nil
          matches.append(
            FileMatch(
              path: row[1], title: row[2], kind: row[3], date: row[4], bodyLine: row[5], body: body,
              score: row[6], properties: properties))
        }
        return (matches, total ?? matches.count)
      }
    } catch {
      throw IndexError(error)
    }
  }

  /// Task lines matching `query`: its tags are the task's own (or nested), its conditions
  /// name task fields (`due`, `scheduled`, `start`, `created`, `done`, `cancelled`,
  /// `priority`, `status`, `description`) or else properties of the task's note. Sorted by
  /// due date (none last), then path and line.
  public func tasks(matching query: Query, limit: Int? = nil) throws(IndexError) -> (matches: [TaskMatch], total: Int) {
    var filter = SQLFilter()
    for term in query.terms {
      filter.add("tasks.description LIKE ? ESCAPE '\\'", ["%" + Self.escapeLike(term.text) + "%"])
    }
    for tag in query.tags {
      filter.add(
        "(',' || lower(tasks.tags) || ',' LIKE ? ESCAPE '\\' OR ',' || lower(tasks.tags) || ',' LIKE ? ESCAPE '\\')",
        ["%," + Self.escapeLike(tag) + ",%", "%," + Self.escapeLike(tag) + "/%"])
    }
    for path in query.paths { filter.add("files.path LIKE ? ESCAPE '\\'", [Self.likePrefix(path)]) }
    for condition in query.conditions {
      if let column = Self.taskColumns[condition.key] {
        filter.add(Self.taskCondition(condition, column: column))
      } else {
        filter.add(Self.propertyCondition(condition))
      }
    }
    let sql = """
      SELECT files.path, tasks.line, tasks.status_symbol, tasks.status_type, tasks.description, tasks.priority,
        tasks.due, tasks.scheduled, tasks.start, tasks.done, tasks.recurrence
      FROM tasks JOIN files ON files.id = tasks.file_id
      WHERE \(filter.sql)
      ORDER BY COALESCE(tasks.due, tasks.scheduled, tasks.start) IS NULL,
        COALESCE(tasks.due, tasks.scheduled, tasks.start), files.path, tasks.line \(limit.map { "LIMIT \($0)" } ?? "")
      """
    do {
      return try database.reading { db in
        let total = try Int.fetchOne(
          reusing: db, sql: "SELECT COUNT(*) FROM tasks JOIN files ON files.id = tasks.file_id WHERE \(filter.sql)",
          arguments: filter.arguments)
        let matches = try Row.fetchAll(reusing: db, sql: sql, arguments: filter.arguments).map { row in
          TaskMatch(
            path: row[0], line: row[1], statusSymbol: row[2], statusType: row[3], description: row[4],
            priority: row[5], due: row[6], scheduled: row[7], start: row[8], done: row[9], recurrence: row[10])
        }
        return (matches, total ?? matches.count)
      }
    } catch {
      throw IndexError(error)
    }
  }

  // MARK: - SQL pieces

  /// Task fields a condition may name, and their columns.
  static let taskColumns = [
    "due": "tasks.due", "scheduled": "tasks.scheduled", "start": "tasks.start", "created": "tasks.created",
    "done": "tasks.done", "completion": "tasks.done", "cancelled": "tasks.cancelled",
    "priority": "tasks.priority", "status": "tasks.status_type", "description": "tasks.description",
  ]

  static func taskCondition(_ condition: Query.Condition, column: String) -> (String, StatementArguments) {
    let op = condition.op == .notEqual ? "<>" : condition.op.rawValue
    if column == "tasks.priority", case .text(let text) = condition.value,
      let rank = ["lowest", "low", "normal", "medium", "high", "highest"].firstIndex(of: text.lowercased())
    {
      return ("\(Schema.priorityRank) \(op) ?", [rank + 1])
    }
    switch condition.value {
    case .date(let date): return ("(\(column) IS NOT NULL AND \(column) \(op) ?)", [date.description])
    // A task's dates are days: a moment compares with the start of its day.
    case .dateTime(let moment):
      return ("(\(column) IS NOT NULL AND \(column) || 'T00:00' \(op) ?)", [Self.momentText(moment)])
    case .number(let number): return ("\(column) \(op) ?", [number])
    case .text(let text):
      if condition.op == .equal || condition.op == .notEqual {
        return ("lower(\(column)) \(op) lower(?)", [text])
      }
      return ("\(column) \(op) ?", [text])
    }
  }

  /// A property condition on the file in `files`: some element of the property satisfies it
  /// (`!=`: no element equals the value).
  static func propertyCondition(_ condition: Query.Condition) -> (String, StatementArguments) {
    let (comparison, value): (String, DatabaseValueConvertible) =
      switch (condition.value, condition.op) {
      case (.date(let date), .notEqual): ("p.date = ?", date.description)
      case (.date(let date), let op): ("p.date \(op.rawValue) ?", date.description)
      case (.dateTime(let moment), .notEqual): ("\(Self.propertyMoment) = ?", Self.momentText(moment))
      case (.dateTime(let moment), let op): ("\(Self.propertyMoment) \(op.rawValue) ?", Self.momentText(moment))
      case (.number(let number), .notEqual): ("p.number = ?", number)
      case (.number(let number), let op): ("p.number \(op.rawValue) ?", number)
      case (.text(let text), .equal), (.text(let text), .notEqual): ("lower(p.text) = lower(?)", text)
      case (.text(let text), let op): ("p.text \(op.rawValue) ?", text)
      }
    let exists = "EXISTS (SELECT 1 FROM properties p WHERE p.file_id = files.id AND p.key = ? AND \(comparison))"
    // `date` is also the date an item has without the property: a journal day's, from its name.
    if condition.key == "date", case .date(let date) = condition.value, condition.op != .notEqual {
      return (
        "\(exists) OR (NOT EXISTS (SELECT 1 FROM properties p WHERE p.file_id = files.id AND p.key = 'date') "
          + "AND files.date \(condition.op.rawValue) ?)",
        [condition.key, value, date.description]
      )
    }
    return (condition.op == .notEqual ? "NOT " + exists : exists, [condition.key, value])
  }

  /// A property's value as a moment, `YYYY-MM-DDTHH:MM`, to compare with one: a date-time's own
  /// (`2026-11-23T10:05`, `2026-11-23 10:05`), a date's start; NULL for any other value.
  static let propertyMoment = """
    CASE WHEN p.date IS NULL THEN NULL \
    WHEN length(p.text) >= 16 AND substr(p.text, 11, 1) IN ('T', ' ') THEN p.date || 'T' || substr(p.text, 12, 5) \
    ELSE p.date || 'T00:00' END
    """

  /// `2026-11-23T08:00`.
  static func momentText(_ moment: LocalDateTime) -> String { moment.date.description + "T" + moment.time.hourMinute }

  /// FTS5 syntax for the terms, every one required: `"garden" "plan"* "exact phrase"`.
  static func matchExpression(_ terms: [Query.Term]) -> String {
    terms.map { term in
      let quoted = "\"" + term.text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
      if case .prefix = term { return quoted + "*" }
      return quoted
    }.joined(separator: " ")
  }

  static func escapeLike(_ text: String) -> String {
    var result = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { result.append("\\") }
      result.append(character)
    }
    return result
  }

  /// `Journal/` as a LIKE pattern for paths starting with it; a leading `/` is ignored.
  static func likePrefix(_ path: String) -> String {
    escapeLike(path.hasPrefix("/") ? String(path.dropFirst()) : path) + "%"
  }

}

/// A conjunction of SQL conditions with their arguments.
struct SQLFilter {
  private var parts: [String] = []
  private(set) var arguments = StatementArguments()

  mutating func add(_ sql: String, _ values: [DatabaseValueConvertible]) {
    parts.append(sql)
    arguments += StatementArguments(values)
  }

  mutating func add(_ piece: (String, StatementArguments)) {
    parts.append(piece.0)
    arguments += piece.1
  }

  var sql: String { parts.isEmpty ? "1" : parts.map { "(\($0))" }.joined(separator: " AND ") }
}

extension IndexStore {
  /// What a note can be called: its path, its title (from `title:`, an event's title, else the
  /// file name) and its `aliases`, for naming notes by what the views print.
  public func noteNames() throws(IndexError) -> [NoteName] {
    do {
      return try database.reading { db in
        var aliases: [Int64: [String]] = [:]
        for row in try Row.fetchAll(
          reusing: db,
          sql: "SELECT file_id, text FROM properties WHERE key IN ('aliases', 'alias') AND text IS NOT NULL")
        {
          aliases[row[0], default: []].append(row[1])
        }
        return try Row.fetchAll(reusing: db, sql: "SELECT id, path, title FROM files ORDER BY path").map { row in
          NoteName(path: row[1], title: row[2], aliases: aliases[row[0]] ?? [])
        }
      }
    } catch {
      throw IndexError(error)
    }
  }
}

extension IndexStore {
  /// The items of `kind` with their `categories` (or `category`) entries, for `Filing.detect`.
  public func filingItems(_ kind: ItemKind) throws(IndexError) -> [Filing.Item] {
    do {
      return try database.reading { db in
        var items: [String: [String]] = [:]
        let sql = """
          SELECT files.path, properties.text FROM files
          LEFT JOIN properties ON properties.file_id = files.id AND properties.key IN ('categories', 'category')
          WHERE files.kind = ?
          """
        for row in try Row.fetchAll(reusing: db, sql: sql, arguments: [kind.rawValue]) {
          let path: String = row[0]
          let text: String? = row[1]
          items[path, default: []] += text.map { [$0] } ?? []
        }
        return items.map { Filing.Item(path: $0.key, categories: $0.value) }.sorted { $0.path < $1.path }
      }
    } catch {
      throw IndexError(error)
    }
  }
}

extension IndexStore {
  /// Whether some note holds a date under `key` (lower-cased), so a query compares it as one.
  public func holdsDates(_ key: String) throws(IndexError) -> Bool {
    do {
      return try database.reading { db in
        try Bool.fetchOne(
          reusing: db, sql: "SELECT EXISTS (SELECT 1 FROM properties WHERE key = ? AND date IS NOT NULL)",
          arguments: [key])
          ?? false
      }
    } catch {
      throw IndexError(error)
    }
  }
}
