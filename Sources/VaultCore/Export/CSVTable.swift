/// A table as CSV (RFC 4180): a header row, fields quoted when they hold a comma, a quote, a
/// line break or spaces at either end, quotes doubled, CRLF after every record, UTF-8.
public struct CSVTable: Sendable {
  public var header: [String]
  public var rows: [[String]]

  public init(header: [String], rows: [[String]] = []) {
    self.header = header
    self.rows = rows
  }

  public var text: String {
    ([header] + rows).map { row in row.map(Self.field).joined(separator: ",") + "\r\n" }.joined()
  }

  static func field(_ value: String) -> String {
    let needsQuotes =
      value.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
      || value.first == " " || value.last == " "
    guard needsQuotes else { return value }
    return "\"" + value.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
  }
}

/// The tables `vault export csv` writes, one row per item, dates ISO 8601, lists joined with `;`
/// (docs/FORMAT.md, "CSV").
public enum CSVExport {
  public enum Kind: String, Sendable, CaseIterable {
    case tasks, events, goals, journal, mood
  }

  public static func tasks(_ tasks: [Located<TaskItem>]) -> CSVTable {
    var table = CSVTable(header: [
      "id", "path", "line", "status", "description", "priority", "created", "start", "scheduled", "due", "done",
      "cancelled", "recurrence", "tags", "difficulty", "duration_minutes", "energy", "mood", "category",
    ])
    for task in tasks {
      let item = task.value
      let attributes = item.attributes
      table.rows.append([
        task.shortID, task.path, String(task.line), item.status.type.rawValue, item.text,
        item.priority.rawValue, text(item.created), text(item.start), text(item.scheduled), text(item.due),
        text(item.done), text(item.cancelled), item.recurrence ?? "", list(item.tags),
        text(attributes.difficulty), text(attributes.duration), attributes.energy?.rawValue ?? "",
        text(attributes.mood), attributes.category ?? "",
      ])
    }
    return table
  }

  public static func events(_ events: [Located<Event>]) -> CSVTable {
    var table = CSVTable(header: [
      "path", "title", "emoji", "start", "end", "all_day", "start_time", "end_time", "timezone", "category",
      "location", "recurrence", "recurrence_end", "skip_dates", "remind", "tags",
    ])
    for event in events {
      let item = event.value
      table.rows.append([
        event.path, item.title, item.emoji ?? "", text(item.start), text(item.end), item.allDay ? "true" : "false",
        item.startTime?.hourMinute ?? "", item.endTime?.hourMinute ?? "", item.timeZone ?? "", item.category ?? "",
        item.location ?? "", item.recurrence?.description ?? "", text(item.recurrenceEnd),
        list(item.skipDates.map(\.description)), list(item.remind), list(event.tags),
      ])
    }
    return table
  }

  public static func goals(_ goals: [Located<Goal>]) -> CSVTable {
    var table = CSVTable(header: [
      "path", "title", "progress_percent", "target", "status", "done", "done_on", "priority",
    ])
    for goal in goals {
      let item = goal.value
      table.rows.append([
        goal.path, goal.title, item.progress.map(Goal.percentText) ?? "", text(item.target), item.status ?? "",
        item.isDone ? "true" : "false", text(item.doneOn), item.priority?.rawValue ?? "",
      ])
    }
    return table
  }

  public static func journal(_ days: [JournalDay]) -> CSVTable {
    var table = CSVTable(header: ["date", "path", "mood", "mood_tags", "words", "first_line"])
    for day in days {
      table.rows.append([
        day.date.description, day.path, text(day.mood), list(day.moodTags), String(day.words), day.firstLine,
      ])
    }
    return table
  }

  public static func mood(_ days: [JournalDay]) -> CSVTable {
    var table = CSVTable(header: ["date", "mood", "mood_tags"])
    for day in days where day.mood != nil {
      table.rows.append([day.date.description, text(day.mood), list(day.moodTags)])
    }
    return table
  }

  static func text(_ date: LocalDate?) -> String { date?.description ?? "" }
  static func text(_ number: Int?) -> String { number.map(String.init) ?? "" }
  static func list(_ values: [String]) -> String { values.joined(separator: ";") }
}
