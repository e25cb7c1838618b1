// `vault agenda --json` written by `JSONBytes`: the same bytes as the `Encodable` conformances in
// Views+Encodable.swift, keys in sorted order. The tasks, thousands a day in a large vault, are
// written here; the few events, notes and journal entries of a day are the encoder's own
// documents, given by `encoded` and set in at their level. A week of the agenda at 10,000 notes
// (3,000 tasks) spent most of its time in the encoder. A key added to a task's or a day's
// conformance must be added here (`AgendaJSONTests` fails until it is).

extension Agenda.Day {
  public func writeJSON(to out: inout JSONBytes, encoded: (any Encodable) throws -> [UInt8]) rethrows {
    out.openObject()
    out.key("date", first: true)
    out.date(date)
    out.key("events")
    try out.array(events) { out, event in out.document(try encoded(event)) }
    out.key("journal")
    if let journal { out.document(try encoded(journal)) } else { out.null() }
    out.key("notes")
    try out.array(notes) { out, note in out.document(try encoded(note)) }
    out.key("tasks")
    out.array(tasks) { out, entry in entry.writeJSON(to: &out) }
    out.closeObject()
  }
}

extension Agenda.TaskEntry {
  func writeJSON(to out: inout JSONBytes) {
    out.openObject()
    out.key("date", first: true)
    out.date(date)
    out.key("id")
    out.string(task.shortID)
    out.key("reason")
    out.string(reason.rawValue)
    out.key("task")
    task.writeJSON(to: &out)
    out.closeObject()
  }
}

extension Located where Value == TaskItem {
  /// As `Located`'s conformance writes it.
  func writeJSON(to out: inout JSONBytes) {
    out.openObject()
    out.key("item", first: true)
    value.writeJSON(to: &out)
    out.key("line")
    out.int(line)
    out.key("path")
    out.string(path)
    out.key("tags")
    out.array(tags) { $0.string($1) }
    out.key("title")
    out.string(title)
    out.closeObject()
  }
}
