import VaultCore
import VaultKit

/// The values of the rows the pages share: a task with its buttons, an event on a day.
extension WebSite {
  func taskRow(_ task: Located<TaskItem>, when: String?, overdue: Bool = false, back: String) -> [String: Any] {
    let item = task.value
    let settings = vault.settings
    var row: [String: Any] = [
      "id": task.fullID, "shortID": task.shortID, "text": settings.tasks.shown(item.text),
      "priority": item.priority.rawValue, "open": item.isOpen, "closed": !item.isOpen,
      "box": "[\(item.status.symbol)]", "back": back, "title": task.title, "href": Self.noteAddress(task.path),
      "location": task.location, "overdue": overdue, "due": item.due?.description ?? "",
      "scheduled": item.scheduledIsInferred ? "" : item.scheduled?.description ?? "",
      "start": item.start?.description ?? "",
    ]
    if let when { row["when"] = when }
    row["parts"] = textParts(settings.tasks.shown(item.text))
    let facts = item.fields.isEmpty ? [] : item.attributes.facts
    var extras = facts
    if let emoji = item.priority.emoji { extras.insert(emoji, at: 0) }
    if let recurrence = item.recurrence { extras.append("🔁 " + recurrence) }
    if !extras.isEmpty { row["extras"] = extras.joined(separator: " · ") }
    return row
  }

  /// What a task list says of a task's dates: `overdue 3 days`, `due today`, `done 2026-11-20`.
  static func when(_ task: TaskItem, today: LocalDate) -> (text: String?, overdue: Bool) {
    if let done = task.done { return ("done \(done)", false) }
    if let cancelled = task.cancelled { return ("cancelled \(cancelled)", false) }
    if let due = task.due {
      let days = today.days(until: due)
      if days < 0 { return ("overdue " + ViewWords.count(-days, "day"), task.isOpen) }
      return (days == 0 ? "due today" : days == 1 ? "due tomorrow" : "due \(due)", false)
    }
    if let scheduled = task.scheduled { return ("scheduled \(scheduled)", false) }
    if let start = task.start { return ("starts \(start)", false) }
    return (nil, false)
  }

  func eventRow(_ occurrence: EventOccurrence, on day: LocalDate) -> [String: Any] {
    let event = occurrence.event.value
    var row: [String: Any] = [
      "title": ViewWords.title(event), "time": ViewWords.time(event, on: day, occurrence: occurrence),
      "href": Self.eventAddress(occurrence.event.path), "cancelled": event.cancelled,
    ]
    if let (workspace, _) = WorkspaceOverlay.unmark(occurrence.event.path) { row["workspace"] = workspace }
    let details = ViewWords.details(occurrence, on: day)
    if !details.isEmpty { row["extra"] = details }
    if let years = occurrence.years, years > 0 { row["extra"] = "turns \(years)" }
    if let color = color(of: event) { row["color"] = color }
    return row
  }

  /// An event's colour (its own, else its category's).
  func color(of event: Event) -> String? {
    Self.cssColor(event.color ?? event.category.flatMap { vault.settings.categoryColors[$0.lowercased()] })
  }

  /// `color` when CSS can only read it as a colour (`#3a7` or a name), else nil: it goes into a
  /// `style` attribute.
  static func cssColor(_ color: String?) -> String? {
    guard let color, !color.isEmpty, color.count <= 32 else { return nil }
    let body = color.hasPrefix("#") ? color.dropFirst() : Substring(color)
    let fits = color.hasPrefix("#") ? body.allSatisfy(\.isHexDigit) : body.allSatisfy { $0.isLetter && $0.isASCII }
    return fits && !body.isEmpty ? color : nil
  }

  /// A task's text as runs of words, its labels' tags (`labels:` in .vault/config.yml) apart with
  /// their emoji and colour, as the terminal shows them.
  func textParts(_ text: String) -> [[String: Any]] {
    let labels = vault.settings.labels
    guard !labels.isEmpty, text.contains("#") else { return [["word": text, "label": false]] }
    let byName = Dictionary(labels.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    var parts: [[String: Any]] = []
    var plain: [Substring] = []
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      guard word.hasPrefix("#"), let label = byName[word.dropFirst().lowercased()] else {
        plain.append(word)
        continue
      }
      if !plain.isEmpty { parts.append(["word": plain.joined(separator: " ") + " ", "label": false]) }
      plain = [""]
      var part: [String: Any] = ["word": String(word), "label": true, "emoji": label.emoji.map { $0 + " " } ?? ""]
      if let color = Self.cssColor(label.color) { part["style"] = "--label: \(color)" }
      parts.append(part)
    }
    if !plain.isEmpty, plain != [""] { parts.append(["word": plain.joined(separator: " "), "label": false]) }
    return parts
  }

  /// `6/10 🙂 Fine`.
  func moodText(_ mood: Int?) -> String? {
    mood.map { mood in vault.settings.moods.entries[mood].map { "\(mood)/10 \($0.emoji) \($0.name)" } ?? "\(mood)/10" }
  }
}
