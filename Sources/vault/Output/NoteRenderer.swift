import VaultCore
import VaultKit

/// The text of `vault show`: one section per part of the note, left out when empty.
struct NoteRenderer {
  let terminal: Terminal
  let vault: Vault
  /// The day a task list's expected finish counts from.
  var today: LocalDate?

  func render(_ note: Note) -> String {
    var lines: [String] = [terminal.heading(note.path)]
    var head: [(String, String)] = [
      ("kind", "\(note.kind.rawValue) (\(note.kindReason))"), ("title", note.title),
    ]
    if let date = note.date { head.append(("date", "\(date) \(date.weekday.name.capitalized)")) }
    // What the note says in its own words: a task note's, an insight's or a plain note's first
    // paragraph (events and goals show theirs with their fields).
    if note.event == nil, note.goal == nil, !note.summary.isEmpty { head.append(("text", note.summary)) }
    if note.encoding.hasBOM || note.encoding.lineEnding == .crlf {
      head.append(
        (
          "encoding",
          [note.encoding.hasBOM ? "BOM" : nil, note.encoding.lineEnding == .crlf ? "CRLF" : nil]
            .compactMap { $0 }.joined(separator: ", ")
        ))
    }
    lines += terminal.table(head.map { [$0.0, $0.1] }, flexible: 1)

    section(
      "Properties", into: &lines,
      note.properties.map { property in
        [property.key, property.type.rawValue, property.value.text, "line \(property.location.line)"]
      }, flexible: 2, trailing: 1)
    if let event = note.event { section("Event", into: &lines, describe(event).map { [$0.0, $0.1] }) }
    if let goal = note.goal { section("Goal", into: &lines, describe(goal).map { [$0.0, $0.1] }) }
    if let journal = note.journal {
      var rows = [["date", journal.date.description]]
      rows.append(["mood", journal.mood.map(vault.settings.moods.short) ?? "not set"])
      if !journal.moodTags.isEmpty { rows.append(["mood tags", journal.moodTags.joined(separator: ", ")]) }
      section("Journal", into: &lines, rows)
    }
    if let insight = note.insight {
      var rows = [["text", insight.text]]
      if let author = insight.author { rows.append(["author", author]) }
      if let source = insight.source { rows.append(["source", source]) }
      section("Insight", into: &lines, rows)
    }
    section("Principles", into: &lines, note.principles.map { ["\($0.line)", $0.text] }, flexible: 1)
    if !note.tags.isEmpty {
      lines += ["", terminal.heading("Tags"), "  " + note.uniqueTags.map { "#" + $0 }.joined(separator: " ")]
    }
    section(
      "Links", into: &lines,
      note.links.map { link in
        [describe(link), "line \(link.line)"]
      }, flexible: 0, trailing: 1)
    section(
      "Headings", into: &lines,
      note.headings.map { heading in
        [String(repeating: "#", count: heading.level) + " " + heading.text, "line \(heading.line)"]
      }, flexible: 0, trailing: 1)
    section(
      "Fields", into: &lines, note.fields.map { ["\($0.key)::", $0.value, "line \($0.line)"] }, flexible: 1,
      trailing: 1)
    if !note.tasks.isEmpty {
      lines += ["", terminal.heading("Tasks")]
      // Its expected finish, at the pace its tasks were done lately.
      if let today, let finish = GoalForecast.finishText(note.tasks, today: today) {
        let room = max((terminal.width ?? 1_000) - 2, 20)
        lines += ViewText.wrap(finish, room).map { terminal.dim("  " + $0) }
      }
      for task in note.tasks { lines += describe(task, in: note) }
    }
    if !note.diagnostics.isEmpty {
      lines += ["", terminal.heading("Problems")]
      lines += note.diagnostics.map { "  " + terminal.diagnostic($0) }
    }
    return lines.joined(separator: "\n")
  }

  /// A titled section of aligned rows that fits the terminal: column `flexible` (the text) is
  /// wrapped first, the last `trailing` (where it is) go under it when the row does not fit.
  func section(
    _ title: String, into lines: inout [String], _ rows: [[String]], flexible: Int = 1, trailing: Int = 0
  ) {
    guard !rows.isEmpty else { return }
    lines += ["", terminal.heading(title)]
    lines += terminal.table(rows, flexible: flexible, trailing: trailing)
  }

  func describe(_ event: Event) -> [(String, String)] {
    var rows: [(String, String)] = []
    var when = event.start.map { "\($0) \($0.weekday.name.capitalized)" } ?? "no date"
    if let end = event.end { when += " to \(end) \(end.weekday.name.capitalized) (\(event.dayCount) days)" }
    rows.append(("when", when))
    if event.allDay {
      rows.append(("time", "all day"))
    } else if let start = event.startTime {
      rows.append(("time", event.endTime.map { "\(start)–\($0)" } ?? start.description))
    }
    if let emoji = event.emoji { rows.append(("emoji", emoji)) }
    if let category = event.category { rows.append(("category", category)) }
    if let location = event.location { rows.append(("location", location)) }
    if let zone = event.timeZone { rows.append(("time zone", zone)) }
    if let recurrence = event.recurrence { rows.append(("repeats", recurrence.description)) }
    if let end = event.recurrenceEnd { rows.append(("until", end.description)) }
    if !event.skipDates.isEmpty { rows.append(("skips", event.skipDates.map(\.description).joined(separator: ", "))) }
    if !event.remind.isEmpty { rows.append(("remind", event.remind.joined(separator: ", "))) }
    if event.archived { rows.append(("archived", "yes")) }
    if let completed = event.completed { rows.append(("completed", completed ? "yes" : "no")) }
    if let color = event.color { rows.append(("colour", color)) }
    if event.yearUnknown { rows.append(("year", "unknown (no age shown)")) }
    if let leapDay = event.leapDay { rows.append(("leap day", leapDay.rawValue)) }
    if let description = event.description { rows.append(("description", description)) }
    return rows
  }

  func describe(_ goal: Goal) -> [(String, String)] {
    var rows: [(String, String)] = []
    if let progress = goal.progress {
      rows.append(("progress", "\(Int((progress * 100).rounded()))% (\(goal.progressSource ?? ""))"))
    }
    if let target = goal.target { rows.append(("target", target.description)) }
    if let priority = goal.priority {
      rows.append(("priority", (priority.emoji.map { $0 + " " } ?? "") + priority.rawValue))
    }
    if let status = goal.status { rows.append(("status", status)) }
    if goal.isDone { rows.append(("done", goal.doneOn.map { "yes, \($0)" } ?? "yes")) }
    if let description = goal.description { rows.append(("description", description)) }
    return rows
  }

  func describe(_ link: Link) -> String {
    switch link.style {
    case .markdown:
      return "[\(link.alias ?? "")](\(link.target)\(link.subpath.map { "#" + $0 } ?? ""))"
    case .wikilink, .embed:
      var inner = link.target
      if let subpath = link.subpath { inner += "#" + subpath }
      if let alias = link.alias { inner += "|" + alias }
      return (link.style == .embed ? "!" : "") + "[[\(inner)]]"
    }
  }

  func describe(_ task: TaskItem, in note: Note) -> [String] {
    let depth = task.parentLine == nil ? 0 : depthOf(task, in: note)
    let indent = String(repeating: "  ", count: depth + 1)
    let description = vault.settings.tasks.shown(task.text)
    let place = "line \(task.line)"
    var lines = ViewText.wrapped(
      "\(indent)[\(task.status.symbol)] \(description)  \(place)", width: terminal.width, indent: indent.count + 4)
    // Where it is, dimmed, as the other sections say it.
    if let last = lines.last, last.hasSuffix(place) {
      lines[lines.count - 1] = String(last.dropLast(place.count)) + terminal.dim(place)
    }
    var fields: [String] = ["status \(task.status.type.rawValue)"]
    if task.priority != .normal { fields.append("priority \(task.priority.rawValue)") }
    let dates: [(String, LocalDate?)] = [
      ("created", task.created), ("start", task.start), ("scheduled", task.scheduled), ("due", task.due),
      ("done", task.done), ("cancelled", task.cancelled),
    ]
    fields += dates.compactMap { name, date in
      date.map { "\(name) \($0)" + (name == "scheduled" && task.scheduledIsInferred ? " (from the file name)" : "") }
    }
    if let recurrence = task.recurrence { fields.append("repeats \(recurrence)") }
    if let onCompletion = task.onCompletion { fields.append("on completion \(onCompletion)") }
    if let id = task.id { fields.append("id \(id)") }
    if !task.dependsOn.isEmpty { fields.append("depends on \(task.dependsOn.joined(separator: ","))") }
    if let block = task.blockLink { fields.append("^\(block)") }
    if task.format != .none { fields.append("\(task.format.rawValue) format") }
    fields += task.fields.map { "\($0.key):: \($0.value)" }
    lines += ViewText.joined(fields, by: " · ", indent: indent.count + 4, width: terminal.width).map {
      terminal.dim($0)
    }
    // Its notes, the lines indented under it, as they are written.
    let pad = String(repeating: " ", count: indent.count + 4)
    for line in task.notes?.split(separator: "\n") ?? [] {
      lines += ViewText.wrap(String(line), max((terminal.width ?? 1_000) - pad.count, 20)).map { pad + $0 }
    }
    return lines
  }

  func depthOf(_ task: TaskItem, in note: Note) -> Int {
    var depth = 0
    var parent = task.parentLine
    while let line = parent, depth < 32 {
      depth += 1
      parent = note.tasks.first { $0.line == line }?.parentLine
    }
    return depth
  }
}
