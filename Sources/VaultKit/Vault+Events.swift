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

extension Vault {
  /// What the web view's form changes of an event (nil: left as it is; an empty text removes).
  public struct EventChanges: Sendable, Equatable {
    public var title: String?
    public var startTime: LocalTime??
    public var endTime: LocalTime??
    public var location: String?
    public var category: String?

    public init(
      title: String? = nil, startTime: LocalTime?? = nil, endTime: LocalTime?? = nil, location: String? = nil,
      category: String? = nil
    ) {
      self.title = title
      self.startTime = startTime
      self.endTime = endTime
      self.location = location
      self.category = category
    }
  }

  /// Changes an event's title, times, place and category as `vault set` writes them, each in the key
  /// the note says it with: a time in `time:` (or its span `09:30-10:30`) when the note uses
  /// it, else `startTime`/`endTime` (with `allDay: false` when it was all day); the title in
  /// `title`; the place in `location` (or `place`). Returns the keys written.
  @discardableResult
  public func editEvent(_ located: Located<Event>, _ changes: EventChanges) throws(EventWriteFailure) -> [String] {
    let note = note(at: located.path)
    func has(_ key: String) -> Bool { note.properties.contains { $0.key == key } }
    func text(_ key: String) -> String? { note.properties.first { $0.key == key }?.value.text }
    let event = located.value
    var values: [(key: String, value: String?)] = []
    if let title = changes.title?.trimmingSpaces(), title != ViewWords.title(event), title != event.title {
      guard !title.isEmpty else { throw .asked(field: "title", problem: "an event needs a title") }
      values.append(("title", SingleLine.joined(title)))
    }
    if changes.startTime != nil || changes.endTime != nil {
      let start = changes.startTime ?? event.startTime
      let end = changes.endTime ?? event.endTime
      if let start, let end, end < start, event.dayCount <= 1 {
        throw .asked(field: "end", problem: "\(end.hourMinute) is before the start, \(start.hourMinute)")
      }
      if start == nil && end != nil { throw .asked(field: "time", problem: "an end time needs a start time") }
      let written = { (time: LocalTime?) in time.map(\.hourMinute) }
      if has("time") && !has("startTime") {
        // The plain `time:` key: a span when it had one or gets an end.
        let span = text("time").map { $0.contains("-") || $0.contains("–") } ?? false
        let value = start.map { start in
          (span || (end != nil && !has("endTime"))) && end != nil
            ? "\(start.hourMinute)-\(end?.hourMinute ?? "")" : start.hourMinute
        }
        values.append(("time", value))
        if has("endTime") { values.append(("endTime", written(end))) }
      } else {
        values.append(("startTime", written(start)))
        values.append(("endTime", written(end)))
        if start != nil, event.allDay || has("allDay") { values.append(("allDay", "false")) }
        if start == nil, has("allDay") { values.append(("allDay", "true")) }
      }
    }
    if let location = changes.location?.trimmingSpaces(), location != (event.location ?? "") {
      values.append((has("place") && !has("location") ? "place" : "location", location.isEmpty ? nil : location))
    }
    if let category = changes.category?.trimmingSpaces(), category != (event.category ?? "") {
      values.append(("category", category.isEmpty ? nil : category))
    }
    // Only what differs from the note as it is.
    values.removeAll { text($0.key) == $0.value }
    guard !values.isEmpty else { return [] }
    do {
      _ = try setProperties(values, in: located.path)
    } catch {
      throw .vault(error)
    }
    return values.map(\.key)
  }
}
