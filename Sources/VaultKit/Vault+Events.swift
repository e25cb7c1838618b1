import VaultCore
import VaultIndex

/// Why an event cannot be written as asked: what the person sent is wrong (`asked`, said as the
/// command's or the form's field), or the vault refused the write.
public enum EventWriteFailure: Error, CustomStringConvertible {
  case asked(field: String, problem: String)
  case vault(VaultError)

  public var description: String {
    switch self {
    case .asked(let field, let problem): "\(field): \(problem)"
    case .vault(let error): error.description
    }
  }
}

extension Vault {
  /// The note of a new event, as `vault add event` and the web view's form write it: in Full
  /// Calendar's form (`NewNote.EventFields`), named as Full Calendar names it, in the events'
  /// folder with the category the vault files events by (`filing`), with `created` when the
  /// vault writes it. Returns its path.
  public func addEvent(
    _ event: NewNote.EventFields, notes: String?, now: LocalDateTime, filing: Filing
  ) throws(EventWriteFailure) -> String {
    if let end = event.end, end < event.date {
      throw .asked(field: "end", problem: "\(end) is before the first day, \(event.date)")
    }
    var properties: [(String, String)]
    switch event.properties() {
    case .success(let written): properties = written
    case .failure(let problem): throw .asked(field: "repeat", problem: "\(problem)")
    }
    if let created = createdProperty(at: now) { properties.append(created) }
    if let category = filing.property { properties.insert(category, at: 0) }
    do {
      return try createNote(
        named: NewNote.eventName(date: event.date, title: event.title, properties: properties), in: filing.folder,
        text: NewNote.text(properties: properties, body: notes))
    } catch {
      throw .vault(error)
    }
  }

  /// How the vault files new events: its events folder, and the category its event notes share.
  public func eventFiling(in store: IndexStore) throws(VaultError) -> Filing {
    let items: [Filing.Item]
    do {
      items = try store.filingItems(.event)
    } catch {
      throw VaultError(indexFailure: error)
    }
    return Filing.detect(.event, items: items, settings: settings)
  }

  /// Moves a one-off event to another day, its last day (`endDate`) by as many days, as `vault
  /// set date …` would; a repeating event is moved in its note (its rule says its days).
  public func moveEvent(_ located: Located<Event>, to day: LocalDate) throws(EventWriteFailure) {
    let event = located.value
    guard event.recurrence == nil else {
      throw .asked(
        field: "date", problem: "a repeating event's days are its rule's: change the rule in its note")
    }
    let note = note(at: located.path)
    guard note.properties.contains(where: { $0.key == "date" }) else {
      throw .asked(
        field: "date", problem: "\(located.path) says its day in a key other than date: change it in the note")
    }
    guard let start = event.start else {
      throw .asked(field: "date", problem: "\(located.path) has no day to move")
    }
    let shift = start.days(until: day)
    guard shift != 0 else { return }
    var values: [(key: String, value: String?)] = [("date", day.description)]
    if let end = event.end, note.properties.contains(where: { $0.key == "endDate" }) {
      values.append(("endDate", end.adding(days: shift).description))
    }
    do {
      _ = try setProperties(values, in: located.path)
    } catch {
      throw .vault(error)
    }
  }
}
