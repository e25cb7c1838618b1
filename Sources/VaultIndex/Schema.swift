import GRDB
import VaultCore

/// The tables of the index. One row in `files` per Markdown file; everything else hangs off it
/// and goes with it (`ON DELETE CASCADE`).
enum Schema {
  static let tables = [
    "files", "properties", "tags", "links", "headings", "tasks", "journal", "events", "goals", "insights",
    "principles", "diagnostics", "task_days", "journal_days", "stamp_snapshot", "stamp_changes", "meta",
  ]

  /// Drops the index's tables (and the full-text table of schema 4 and earlier, which lived in
  /// the same file), never those of the attached search file. `files` goes last: dropped
  /// first, with foreign keys on, it was deleted row by row with each row's cascade into the
  /// other tables, which made a rebuild at 10,000 notes 3.6 s against 2.4 s for a first index.
  static func erase(_ db: Database) throws {
    for table in tables.reversed() + ["search"] { try db.execute(sql: "DROP TABLE IF EXISTS main.\(table)") }
  }

  /// The search file's tables, made anew (dropped first) in the schema `schema`: the full-text table over titles and
  /// bodies, whose rowid is `files.id`; the token of its last commit (`SearchFeed`); and the
  /// search rows of a few changed notes not yet written into the full-text table (`backlog`:
  /// a title and body to store, or none for a row to remove), written there before the
  /// next search (`IndexStore.writeSearchBacklog`).
  ///
  /// FTS5 gathers new terms in memory and writes them out as a segment when they pass
  /// `hashsize` (1 MB by default), then merges segments in fours (`automerge`). A cold index
  /// wrote and merged many small segments: with 16 MB and merges of 16, a cold index of
  /// 100,000 notes took 24 s instead of 29.5 s (docs/PERFORMANCE.md), and searches were as fast.
  static func searchTables(in schema: String) -> String {
    """
    DROP TABLE IF EXISTS \(schema).search;
    DROP TABLE IF EXISTS \(schema).meta;
    DROP TABLE IF EXISTS \(schema).backlog;
    CREATE TABLE \(schema).meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE \(schema).backlog (id INTEGER PRIMARY KEY, title TEXT, body TEXT);
    CREATE VIRTUAL TABLE \(schema).search USING fts5(title, body, tokenize = 'unicode61 remove_diacritics 2');
    INSERT INTO \(schema).search(search, rank) VALUES ('hashsize', 16777216), ('automerge', 16);
    """
  }

  /// A priority as a number, 6 for highest to 1 for lowest (normal 3): what task queries sort
  /// and compare by, and what the index `tasks_rank` holds, written the same in both.
  static let priorityRank = rank(ofPriority: "priority")
  /// Every value `priorityRank` takes, lowest to highest.
  static let priorityRanks = 1...6

  /// `priorityRank` of the priority in `column` (`g.priority` for goals).
  static func rank(ofPriority column: String) -> String {
    "(CASE \(column) WHEN 'lowest' THEN 1 WHEN 'low' THEN 2 WHEN 'normal' THEN 3 WHEN 'medium' THEN 4 "
      + "WHEN 'high' THEN 5 WHEN 'highest' THEN 6 ELSE 3 END)"
  }

  /// The task statuses still to be done (`TaskStatus.Kind.isOpen`), as the `WHERE` of the two
  /// task indexes that hold open tasks only: the dashboard and `vault tasks` ask about those,
  /// and done tasks, most of a vault with years of them, would only make the indexes longer to
  /// build and to keep. SQLite uses a partial index only for a query whose `WHERE` holds the
  /// same term, written out: `IndexStore.taskFilter` adds it when every status asked is open.
  /// `=` joined by `OR`: with `IN` and three values, SQLite built each index in 88 ms instead
  /// of 51 ms (10,000 notes), more than the 72 ms of an index over every task.
  static let openTasks = openTasks(of: nil)

  /// `openTasks` with the column named through `table` (`t.status_type`), for a query that
  /// joins tables.
  static func openTasks(of table: String?) -> String {
    let column = table.map { "\($0).status_type" } ?? "status_type"
    return TaskStatus.Kind.allCases.filter(\.isOpen).map { "\(column) = '\($0.rawValue)'" }.joined(separator: " OR ")
  }

  /// The secondary indexes whose keys follow the order rows are stored in (a file's id, which
  /// only grows; a journal's date, which mostly follows the daily notes' paths, and is one row
  /// a day anyway): made with the tables and kept up row by row even in a bulk load, where each
  /// row lands at the end of the index. That costs about what building them after the load did,
  /// but not at its end, when the main connection builds the others while the second core has
  /// little left to do (docs/PERFORMANCE.md).
  static let appendedIndexes = [
    "CREATE INDEX properties_file ON properties(file_id);",
    "CREATE INDEX tags_file ON tags(file_id);",
    "CREATE INDEX links_file ON links(file_id);",
    "CREATE INDEX headings_file ON headings(file_id);",
    "CREATE INDEX tasks_file ON tasks(file_id);",
    "CREATE INDEX journal_date ON journal(date);",
    "CREATE INDEX principles_file ON principles(file_id);",
    "CREATE INDEX diagnostics_file ON diagnostics(file_id);",
  ]

  /// The secondary indexes in another order than the rows': a bulk load builds them after its
  /// rows are in (`IndexWriter.finish()`), since sorting once is cheaper than inserting row by
  /// row at random places.
  static let sortedIndexes = [
    "CREATE INDEX files_kind ON files(kind, date);",
    // Dated notes of a span (the agenda) and the notes changed lately (the dashboard).
    "CREATE INDEX files_date ON files(date) WHERE date IS NOT NULL;",
    "CREATE INDEX files_mtime ON files(mtime);",
    "CREATE INDEX properties_key ON properties(key, text);",
    "CREATE INDEX tags_tag ON tags(tag);",
    "CREATE INDEX links_target ON links(target COLLATE NOCASE);",
    // Covers the dashboard's questions about open tasks (what is due, scheduled, starting, by
    // priority) without reading the wide rows: 25 ms → 5 ms at 10,000 notes (file_id and line for ordering).
    "CREATE INDEX tasks_dates ON tasks(status_type, due, scheduled, start, priority, file_id, line) WHERE \(openTasks);",
    // Open tasks by each of their dates: a span of days (tomorrow, an agenda's weeks) is read
    // through these, one range each, instead of scanning every open task.
    // (Partial on the date, not on open tasks: SQLite reads an OR of ranges through several
    // indexes only when each index's condition follows from its own range.)
    // Each covers what the first tasks of a span are sorted by (`IndexStore.spanUnion`), and
    // `tasks_start` what the dashboard's count of tasks to act on today asks of a task
    // starting that day (`IndexStore.summaryCount`): those read no row.
    "CREATE INDEX tasks_due ON tasks(due, status_type, priority) WHERE due IS NOT NULL;",
    "CREATE INDEX tasks_scheduled ON tasks(scheduled, status_type, priority, due) WHERE scheduled IS NOT NULL;",
    "CREATE INDEX tasks_start ON tasks(start, status_type, due, scheduled, priority) WHERE start IS NOT NULL;",
    // The tasks with inline fields, which suggestions weigh: few among many.
    "CREATE INDEX tasks_fields ON tasks(file_id) WHERE fields != '';",
    // The dashboard's best tasks, read in order: it stops after a few rows.
    "CREATE INDEX tasks_rank ON tasks(status_type, \(priorityRank) DESC, due IS NULL, due) WHERE \(openTasks);",
    // The week's closed tasks (`done >= ?` implies `done IS NOT NULL`, so SQLite uses these):
    // only the rows that have the date, which for `cancelled` is few.
    // With the status, so that the week's counts are read from these alone (at 100,000 notes
    // the synthetic week has 68,000 closed tasks: 107 ms from the rows).
    "CREATE INDEX tasks_done ON tasks(done, status_type) WHERE done IS NOT NULL;",
    "CREATE INDEX tasks_cancelled ON tasks(cancelled, status_type) WHERE cancelled IS NOT NULL;",
    // The events a span shows (`IndexStore.eventIDs`): the recurring ones, the one-off ones by
    // their first day, and the one-off ones of several days by their last.
    "CREATE INDEX events_recurring ON events(file_id) WHERE recurrence_kind IS NOT NULL OR extra_dates != '';",
    "CREATE INDEX events_start ON events(start) WHERE recurrence_kind IS NULL AND extra_dates = '';",
    "CREATE INDEX events_end ON events(end) WHERE recurrence_kind IS NULL AND extra_dates = '' AND end IS NOT NULL;",
  ]

  static func createSortedIndexes(_ db: Database) throws {
    for index in sortedIndexes { try db.execute(sql: index) }
  }

  static func create(_ db: Database) throws {
    try createTables(db)
    try createSortedIndexes(db)
    try createSummaries(db)
  }

  /// The days `task_days` counts a task under (its `kind`).
  enum TaskDay: Int {
    /// The first date to act on it: the earlier of its due and scheduled dates.
    case toAct = 1
    case due = 2
    /// The day it was closed: a cancelled task's cancelled date, any other's done date
    /// (either, when the line has only the other).
    case closed = 3
    /// Each day the agenda lists it on: its due, scheduled and start dates, a day once.
    case listed = 4
  }

  /// Each `TaskDay` of the row `row` (`NEW` or `OLD`) of a trigger, as SQL.
  /// `createSummaries` counts the same from the indexes.
  static func taskDays(_ row: String) -> [(kind: Int, day: String)] {
    [
      (
        TaskDay.toAct.rawValue,
        "CASE WHEN \(row).due IS NULL OR \(row).scheduled < \(row).due THEN \(row).scheduled ELSE \(row).due END"
      ),
      (TaskDay.due.rawValue, "\(row).due"),
      (
        TaskDay.closed.rawValue,
        "CASE WHEN \(row).status_type = 'cancelled' THEN COALESCE(\(row).cancelled, \(row).done) "
          + "ELSE COALESCE(\(row).done, \(row).cancelled) END"
      ),
      (TaskDay.listed.rawValue, "\(row).due"),
      (TaskDay.listed.rawValue, "CASE WHEN \(row).scheduled IS NOT \(row).due THEN \(row).scheduled END"),
      (
        TaskDay.listed.rawValue,
        "CASE WHEN \(row).start IS NOT \(row).due AND \(row).start IS NOT \(row).scheduled THEN \(row).start END"
      ),
    ]
  }

  /// The counts of tasks by status and day that the dashboard sums instead of counting rows
  /// (`IndexStore+Summaries.swift`): at 100,000 notes, the open tasks to act on today were
  /// 100,000 rows read through three indexes (38 ms), now a sum of a few hundred counts.
  /// Filled from the rows once they are in (a bulk load adds them without the triggers), then
  /// kept by triggers as rows come and go; a count that reaches 0 goes, so that the table is
  /// the same however the index was built (`IndexStore.dump`). `count` has no `NOT NULL`:
  /// the triggers run inside the task rows' batched inserts, which must hold no check that
  /// could abort them halfway (`IncrementalTests`), and they never write a null.
  static func createSummaries(_ db: Database) throws {
    // From the sorted indexes, each read in its order so that grouping needs no sort of the
    // table's rows (counting these over the rows took 84 ms of a cold index of
    // 10,000 notes, this 9 ms). `toAct` is each due date's count, less the tasks scheduled
    // before their due date, which count under that day instead.
    let (toAct, due, closed) = (TaskDay.toAct.rawValue, TaskDay.due.rawValue, TaskDay.closed.rawValue)
    let listed = TaskDay.listed.rawValue
    try db.execute(
      sql: """
        INSERT INTO task_days(kind, status_type, day, count)
        SELECT kind, status_type, day, SUM(n) FROM (
          SELECT \(due) AS kind, status_type, due AS day, COUNT(*) AS n FROM tasks INDEXED BY tasks_due
            WHERE due IS NOT NULL GROUP BY due, status_type
          UNION ALL
          SELECT \(toAct), status_type, due, COUNT(*) FROM tasks INDEXED BY tasks_due
            WHERE due IS NOT NULL GROUP BY due, status_type
          UNION ALL
          SELECT \(toAct), status_type, due, -COUNT(*) FROM tasks INDEXED BY tasks_scheduled
            WHERE scheduled IS NOT NULL AND scheduled < due GROUP BY due, status_type
          UNION ALL
          SELECT \(toAct), status_type, scheduled, COUNT(*) FROM tasks INDEXED BY tasks_scheduled
            WHERE scheduled IS NOT NULL AND (due IS NULL OR scheduled < due) GROUP BY scheduled, status_type
          UNION ALL
          SELECT \(closed), status_type, done, COUNT(*) FROM tasks INDEXED BY tasks_done
            WHERE done IS NOT NULL AND status_type != 'cancelled' GROUP BY done, status_type
          UNION ALL
          SELECT \(closed), status_type, cancelled, COUNT(*) FROM tasks INDEXED BY tasks_cancelled
            WHERE cancelled IS NOT NULL AND (status_type = 'cancelled' OR done IS NULL) GROUP BY cancelled, status_type
          UNION ALL
          SELECT \(closed), status_type, done, COUNT(*) FROM tasks INDEXED BY tasks_done
            WHERE done IS NOT NULL AND status_type = 'cancelled' AND cancelled IS NULL GROUP BY done, status_type
          UNION ALL
          SELECT \(listed), status_type, due, COUNT(*) FROM tasks INDEXED BY tasks_due
            WHERE due IS NOT NULL GROUP BY due, status_type
          UNION ALL
          SELECT \(listed), status_type, scheduled, COUNT(*) FROM tasks INDEXED BY tasks_scheduled
            WHERE scheduled IS NOT NULL AND scheduled IS NOT due GROUP BY scheduled, status_type
          UNION ALL
          SELECT \(listed), status_type, start, COUNT(*) FROM tasks INDEXED BY tasks_start
            WHERE start IS NOT NULL AND start IS NOT due AND start IS NOT scheduled GROUP BY start, status_type
        ) GROUP BY kind, status_type, day HAVING SUM(n) != 0;
        """)
    let inserted = taskDays("NEW").map { kind, day in
      """
      INSERT INTO task_days(kind, status_type, day, count) SELECT \(kind), NEW.status_type, \(day), 1
        WHERE \(day) IS NOT NULL ON CONFLICT DO UPDATE SET count = count + 1;
      """
    }
    let deleted = taskDays("OLD").map { kind, day in
      """
      UPDATE task_days SET count = count - 1 WHERE kind = \(kind) AND status_type = OLD.status_type AND day = \(day);
      DELETE FROM task_days WHERE kind = \(kind) AND status_type = OLD.status_type AND day = \(day) AND count = 0;
      """
    }
    // The days with a journal entry, each once however many entries it has: the streak counts
    // them in spans (`IndexStore.journalStreak`) without the `DISTINCT` of reading `journal`
    // (a 20,000-day streak: 5 of the 12 ms of `vault today`'s SQL at 100,000 notes).
    try db.execute(
      sql: """
        INSERT INTO journal_days(day, count) SELECT date, COUNT(*) FROM journal INDEXED BY journal_date GROUP BY date;
        CREATE TRIGGER journal_days_inserted AFTER INSERT ON journal BEGIN
        INSERT INTO journal_days(day, count) VALUES (NEW.date, 1) ON CONFLICT DO UPDATE SET count = count + 1;
        END;
        CREATE TRIGGER journal_days_deleted AFTER DELETE ON journal BEGIN
        UPDATE journal_days SET count = count - 1 WHERE day = OLD.date;
        DELETE FROM journal_days WHERE day = OLD.date AND count = 0;
        END;
        CREATE TRIGGER journal_days_updated AFTER UPDATE ON journal BEGIN
        UPDATE journal_days SET count = count - 1 WHERE day = OLD.date;
        DELETE FROM journal_days WHERE day = OLD.date AND count = 0;
        INSERT INTO journal_days(day, count) VALUES (NEW.date, 1) ON CONFLICT DO UPDATE SET count = count + 1;
        END;
        """)
    try db.execute(
      sql: """
        CREATE TRIGGER task_days_inserted AFTER INSERT ON tasks BEGIN
        \(inserted.joined(separator: "\n"))
        END;
        CREATE TRIGGER task_days_deleted AFTER DELETE ON tasks BEGIN
        \(deleted.joined(separator: "\n"))
        END;
        CREATE TRIGGER task_days_updated AFTER UPDATE ON tasks BEGIN
        \(deleted.joined(separator: "\n"))
        \(inserted.joined(separator: "\n"))
        END;
        """)
  }

  /// How a row points at its file: it goes when the file's row goes, and the check that the
  /// file exists waits for the commit. Checked at once, a missing file would have to undo half
  /// of a statement that inserts several rows (`RowInserter`'s batches), and for that SQLite
  /// copies every page such a statement touches into a statement journal first: 300 MB in a
  /// cold index of 10,000 notes, about 0.1 core-seconds (docs/PERFORMANCE.md).
  static let fileReference = "REFERENCES files(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED"

  /// The tables and their `appendedIndexes`, without the `sortedIndexes`.
  static func createTables(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE stamp_snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), files INTEGER NOT NULL, data BLOB NOT NULL);
        CREATE TABLE stamp_changes (path TEXT PRIMARY KEY, size INTEGER, mtime INTEGER, inode INTEGER) WITHOUT ROWID;
        CREATE TABLE files (
          id INTEGER PRIMARY KEY,
          path TEXT NOT NULL UNIQUE,
          size INTEGER NOT NULL,
          mtime INTEGER NOT NULL,
          inode INTEGER NOT NULL,
          kind TEXT NOT NULL,
          title TEXT NOT NULL,
          date TEXT,
          body_line INTEGER NOT NULL,
          skipped INTEGER NOT NULL,
          rows_digest INTEGER
        );
        CREATE TABLE properties (
          file_id INTEGER NOT NULL \(fileReference),
          key TEXT NOT NULL,
          type TEXT NOT NULL,
          text TEXT,
          number REAL,
          date TEXT,
          line INTEGER NOT NULL
        );
        CREATE TABLE tags (
          file_id INTEGER NOT NULL \(fileReference),
          tag TEXT NOT NULL,
          name TEXT NOT NULL,
          line INTEGER NOT NULL
        );
        CREATE TABLE links (
          file_id INTEGER NOT NULL \(fileReference),
          target TEXT NOT NULL,
          subpath TEXT,
          alias TEXT,
          style TEXT NOT NULL,
          line INTEGER NOT NULL
        );
        CREATE TABLE headings (
          file_id INTEGER NOT NULL \(fileReference),
          level INTEGER NOT NULL,
          text TEXT NOT NULL,
          line INTEGER NOT NULL
        );
        CREATE TABLE tasks (
          file_id INTEGER NOT NULL \(fileReference),
          line INTEGER NOT NULL,
          byte_start INTEGER NOT NULL,
          byte_end INTEGER NOT NULL,
          indentation TEXT NOT NULL,
          marker TEXT NOT NULL,
          status_symbol TEXT NOT NULL,
          status_type TEXT NOT NULL,
          description TEXT NOT NULL,
          tags TEXT NOT NULL,
          priority TEXT NOT NULL,
          created TEXT, start TEXT, scheduled TEXT, scheduled_inferred INTEGER NOT NULL DEFAULT 0, due TEXT,
          done TEXT, cancelled TEXT,
          recurrence TEXT,
          on_completion TEXT,
          task_id TEXT,
          depends_on TEXT NOT NULL,
          block_link TEXT,
          format TEXT NOT NULL,
          parent_line INTEGER,
          fields TEXT NOT NULL DEFAULT '',
          duplicate INTEGER NOT NULL DEFAULT 0,
          notes TEXT
        );
        CREATE TABLE journal (
          file_id INTEGER PRIMARY KEY \(fileReference),
          date TEXT NOT NULL,
          mood INTEGER,
          mood_tags TEXT NOT NULL
        );
        CREATE TABLE task_days (
          kind INTEGER NOT NULL,
          status_type TEXT NOT NULL,
          day TEXT NOT NULL,
          count INTEGER,
          PRIMARY KEY (kind, status_type, day)
        ) WITHOUT ROWID;
        CREATE TABLE journal_days (
          day TEXT NOT NULL PRIMARY KEY,
          count INTEGER
        ) WITHOUT ROWID;
        CREATE TABLE events (
          file_id INTEGER PRIMARY KEY \(fileReference),
          title TEXT NOT NULL,
          emoji TEXT,
          start TEXT,
          end TEXT,
          all_day INTEGER NOT NULL,
          start_time TEXT,
          end_time TEXT,
          category TEXT,
          location TEXT,
          time_zone TEXT,
          recurrence_kind TEXT,
          recurrence_rule TEXT,
          recurrence_end TEXT,
          skip_dates TEXT NOT NULL,
          remind TEXT NOT NULL,
          archived INTEGER NOT NULL,
          completed INTEGER,
          description TEXT,
          color TEXT,
          leap_day TEXT,
          year_unknown INTEGER NOT NULL DEFAULT 0,
          extra_dates TEXT NOT NULL DEFAULT '',
          floating INTEGER NOT NULL DEFAULT 0,
          cancelled INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE goals (
          file_id INTEGER PRIMARY KEY \(fileReference),
          progress REAL,
          progress_source TEXT,
          target TEXT,
          status TEXT,
          done INTEGER NOT NULL,
          done_on TEXT,
          priority TEXT,
          description TEXT
        );
        CREATE TABLE insights (
          file_id INTEGER PRIMARY KEY \(fileReference),
          text TEXT NOT NULL,
          source TEXT,
          author TEXT,
          created TEXT
        );
        CREATE TABLE principles (
          file_id INTEGER NOT NULL \(fileReference),
          text TEXT NOT NULL,
          line INTEGER NOT NULL
        );
        CREATE TABLE diagnostics (
          file_id INTEGER NOT NULL \(fileReference),
          line INTEGER NOT NULL,
          column INTEGER NOT NULL,
          severity TEXT NOT NULL,
          message TEXT NOT NULL
        );
        """)
    for index in appendedIndexes { try db.execute(sql: index) }
  }
}
