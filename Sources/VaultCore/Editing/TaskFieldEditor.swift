/// Changes chosen fields of a task line — its text, due, scheduled and start dates, priority and
/// recurrence — and nothing else: a field already on the line keeps its place and notation
/// (`📅 2026-12-01` or `[due:: 2026-12-01]`) and only its value changes; a new field is written
/// in the line's notation, a priority or a rule before the dates (the plugin's order), a date at
/// the end (before a block link); a removed field goes with the space before it. `vault task` and `vault postpone` use it.
public enum TaskFieldEditor {
  /// What to change; nil leaves a field alone.
  public struct Changes: Sendable, Equatable {
    /// `.some(nil)` removes the date.
    public var due: LocalDate??
    public var scheduled: LocalDate??
    public var start: LocalDate??
    public var priority: TaskPriority?
    /// `.some(nil)` removes the rule.
    public var recurrence: String??
    public var text: String?
    /// The task's id (`🆔`): set in place, or added first among the fields, where the plugin
    /// writes it.
    public var id: String?
    /// Dataview fields on the line (the planning attributes: `difficulty`, `duration`, `energy`, `mood`):
    /// set in place, added after the text, or removed (nil).
    public var inlineFields: [String: String?] = [:]

    public init() {}
  }

  public enum Failure: Error, Equatable, CustomStringConvertible {
    case notATask
    case textNotFound
    case badText(String)
    case badRule(String)

    public var description: String {
      switch self {
      case .notATask: return "the line is not a task"
      case .textNotFound: return "the task's text could not be told apart from its fields"
      case .badText(let reason): return reason
      case .badRule(let rule):
        return "'\(rule)' is not a rule the Tasks plugin reads (such as 'every week on Monday')"
      }
    }
  }

  /// Every emoji that starts a field, where a recurrence rule's words end.
  static let fieldEmoji: Set<Unicode.Scalar> = {
    let dated: [TaskLineEditor.Field] = [.done, .cancelled, .due, .scheduled, .start, .created, .id, .dependsOn]
    let emoji = dated.flatMap(\.emoji) + TaskPriority.allCases.compactMap(\.emoji) + ["🔁", "🏁"]
    return Set(emoji.compactMap(\.unicodeScalars.first))
  }()

  public static func edit(
    _ line: String, task: TaskItem, changes: Changes, settings: TasksPluginSettings
  ) -> Result<String, Failure> {
    guard let checkbox = TaskLineParser.checkbox(line) else { return .failure(.notATask) }
    let head = String(line.dropLast(checkbox.text.count))
    guard checkbox.text.hasPrefix(task.description) else { return .failure(.textNotFound) }
    var description = task.description
    var fields = String(checkbox.text.dropFirst(task.description.count))
    // Dataview fields that are not task fields stay in the description (as the plugin keeps
    // them); new text replaces only the words before them.
    let kept = keptFields(of: task).map { " " + $0 } ?? ""
    let notation = TaskLineEditor.notation(of: task, settings)
    if let text = changes.text {
      // Line breaks are joined as everywhere vault writes a line (`SingleLine`).
      let trimmed = SingleLine.joined(text).trimmingSpaces()
      guard !trimmed.isEmpty else { return .failure(.badText("the task's text cannot be empty")) }
      description = trimmed + kept
    }
    for key in changes.inlineFields.keys.sorted() {
      description = setInlineField(key, to: changes.inlineFields[key] ?? nil, in: description)
    }
    let dates: [(TaskLineEditor.Field, LocalDate??)] = [
      (.start, changes.start), (.scheduled, changes.scheduled), (.due, changes.due),
    ]
    for (field, change) in dates {
      guard let change else { continue }
      fields = set(field, to: change?.description, in: fields, notation: notation)
    }
    if let priority = changes.priority { fields = setPriority(priority, in: fields, notation: notation) }
    if let id = changes.id {
      if TaskLineEditor.fieldRange(.id, in: fields) != nil {
        fields = set(.id, to: id, in: fields, notation: notation, anyValue: true)
      } else {
        fields = (notation == .dataview ? "  [id:: \(id)]" : " 🆔 \(id)") + fields
      }
    }
    if let recurrence = changes.recurrence {
      if let rule = recurrence, RecurrenceRule.parse(tasksRule: rule) == nil { return .failure(.badRule(rule)) }
      fields = setRecurrence(recurrence, in: fields, notation: notation)
    }
    return .success(head + description + fields)
  }

  /// Where the Dataview fields that are not task fields begin in a task's description
  /// (`[category:: money]`); nil without any.
  static func keptFieldsStart(of task: TaskItem) -> String.Index? {
    task.fields.compactMap { field in
      ["[", "("].compactMap { task.description.firstRange(of: $0 + field.key + "::")?.lowerBound }.min()
    }.min()
  }

  /// Those fields, from the first on, as the description holds them; nil without any.
  static func keptFields(of task: TaskItem) -> String? {
    keptFieldsStart(of: task).map { task.description[$0...].trimmingSpaces() }
  }

  /// A task's words: its description without those fields, what a new text replaces (and what a
  /// calendar app shows as the to-do's SUMMARY).
  public static func words(of task: TaskItem) -> String {
    guard let start = keptFieldsStart(of: task) else { return task.description }
    return task.description[..<start].trimmingSpaces()
  }

  /// `[key:: value]` in a task's description set in place (the key as written), added at its
  /// end, or removed with the space before it (nil).
  static func setInlineField(_ key: String, to value: String?, in description: String) -> String {
    let opening = "[" + key.lowercased() + "::"
    var found: (Range<String.Index>, String.Index)?
    var index = description.startIndex
    while index < description.endIndex {
      if description[index] == "[",
        let keyEnd = description.index(index, offsetBy: opening.count, limitedBy: description.endIndex),
        description[index..<keyEnd].lowercased() == opening,
        let close = description[keyEnd...].firstIndex(of: "]")
      {
        found = (index..<description.index(after: close), keyEnd)
        break
      }
      index = description.index(after: index)
    }
    guard let (range, keyEnd) = found else {
      guard let value else { return description }
      return description + " [\(key):: \(value)]"
    }
    var result = description
    guard let value else {
      var from = range.lowerBound
      if from > result.startIndex, result[result.index(before: from)] == " " { from = result.index(before: from) }
      result.removeSubrange(from..<range.upperBound)
      return result
    }
    // The key as written, the new value.
    result.replaceSubrange(range, with: description[range.lowerBound..<keyEnd] + " \(value)]")
    return result
  }

  /// `fields` with a date field set in place, added, or removed (nil).
  static func set(
    _ field: TaskLineEditor.Field, to value: String?, in fields: String, notation: TaskFormat, anyValue: Bool = false
  ) -> String {
    guard let range = TaskLineEditor.fieldRange(field, in: fields) else {
      guard let value else { return fields }
      return TaskLineEditor.appending(field, value, to: fields, notation: notation)
    }
    var result = fields
    guard let value else {
      result.removeSubrange(range)
      return result
    }
    // Only the date changes: the emoji (or key) and the spacing stay as written.
    var written = String(fields[range])
    if anyValue {
      // The value follows `::` (Dataview), else the emoji, and runs to the end or the bracket.
      let end =
        written.hasSuffix("]") || written.hasSuffix(")") ? written.index(before: written.endIndex) : written.endIndex
      var from = written.firstRange(of: "::")?.upperBound ?? written.startIndex
      if written.firstRange(of: "::") == nil {
        while from < end, written[from] == " " { from = written.index(after: from) }
        if from < end { from = written.index(after: from) }
      }
      while from < end, written[from] == " " { from = written.index(after: from) }
      written.replaceSubrange(from..<end, with: value)
      result.replaceSubrange(range, with: written)
      return result
    }
    guard let date = dateRange(in: written) else { return fields }
    written.replaceSubrange(date, with: value)
    result.replaceSubrange(range, with: written)
    return result
  }

  /// The first `YYYY-MM-DD` in `text`.
  static func dateRange(in text: String) -> Range<String.Index>? {
    var index = text.startIndex
    while index < text.endIndex {
      if let end = text.index(index, offsetBy: 10, limitedBy: text.endIndex),
        DateParsing.validDate(text[index..<end]) != nil
      {
        return index..<end
      }
      index = text.index(after: index)
    }
    return nil
  }

  static func setPriority(_ priority: TaskPriority, in fields: String, notation: TaskFormat) -> String {
    let emojis = Set(TaskPriority.allCases.compactMap { $0.emoji?.unicodeScalars.first })
    var text = fields
    if let index = text.indices.last(where: { text[$0].unicodeScalars.first.map(emojis.contains) ?? false }) {
      guard let emoji = priority.emoji else {
        // Normal: the emoji goes with the space before it.
        text.removeSubrange(withSpacesBefore(index..<text.index(after: index), in: text))
        return text
      }
      text.replaceSubrange(index...index, with: emoji)
      return text
    }
    if let found = text.firstRange(of: "[priority::"), let close = text[found.upperBound...].firstIndex(of: "]") {
      if priority == .normal {
        text.removeSubrange(withSpacesBefore(found.lowerBound..<text.index(after: close), in: text))
      } else {
        text.replaceSubrange(found.upperBound..<close, with: " " + priority.rawValue)
      }
      return text
    }
    guard let emoji = priority.emoji else { return text }
    return notation == .dataview
      ? TaskLineEditor.appending("  [priority:: \(priority.rawValue)]", to: text) : beforeDates(" " + emoji, in: text)
  }

  static func setRecurrence(_ rule: String?, in fields: String, notation: TaskFormat) -> String {
    var text = fields
    let repeatScalar: Unicode.Scalar = "🔁"
    if let index = text.indices.last(where: { text[$0].unicodeScalars.first == repeatScalar }) {
      // The rule's words run to the next field's emoji, or a block link, or the end.
      var end = text.index(after: index)
      while end < text.endIndex, !(text[end].unicodeScalars.first.map(fieldEmoji.contains) ?? false),
        !(text[end] == "^" && text[text.index(before: end)] == " ")
      {
        end = text.index(after: end)
      }
      while end > index, text[text.index(before: end)] == " " { end = text.index(before: end) }
      guard let rule else {
        text.removeSubrange(withSpacesBefore(index..<end, in: text))
        return text
      }
      text.replaceSubrange(text.index(after: index)..<end, with: " " + rule)
      return text
    }
    for key in ["repeat", "recurrence"] {
      guard let found = text.firstRange(of: "[\(key)::"), let close = text[found.upperBound...].firstIndex(of: "]")
      else { continue }
      guard let rule else {
        text.removeSubrange(withSpacesBefore(found.lowerBound..<text.index(after: close), in: text))
        return text
      }
      text.replaceSubrange(found.upperBound..<close, with: " " + rule)
      return text
    }
    guard let rule else { return text }
    return notation == .dataview
      ? TaskLineEditor.appending("  [repeat:: \(rule)]", to: text) : beforeDates(" 🔁 " + rule, in: text)
  }

  /// `added` before the first date field (➕ 🛫 ⏳ 📅 ❌ ✅), where the plugin's order puts
  /// priority and recurrence; at the end when there is none.
  static func beforeDates(_ added: String, in fields: String) -> String {
    let dateFields: [TaskLineEditor.Field] = [.created, .start, .scheduled, .due, .cancelled, .done]
    let dates = Set(dateFields.flatMap(\.emoji).compactMap(\.unicodeScalars.first))
    guard let index = fields.firstIndex(where: { $0.unicodeScalars.first.map(dates.contains) ?? false }) else {
      return TaskLineEditor.appending(added, to: fields)
    }
    let start = withSpacesBefore(index..<index, in: fields).lowerBound
    return String(fields[..<start]) + added + String(fields[start...])
  }

  /// `range` of `text` widened to the spaces before it: a field goes with them.
  static func withSpacesBefore(_ range: Range<String.Index>, in text: String) -> Range<String.Index> {
    var start = range.lowerBound
    while start > text.startIndex, text[text.index(before: start)] == " " { start = text.index(before: start) }
    return start..<range.upperBound
  }

  // MARK: Postpone

  /// Which date `postpone` moves, as the Tasks plugin's Postponer picks it: due, else
  /// scheduled, else start; nil for a task without dates.
  public static func postponedField(of task: TaskItem) -> (name: String, date: LocalDate)? {
    if let due = task.due { return ("due", due) }
    if let scheduled = task.scheduled, !task.scheduledIsInferred { return ("scheduled", scheduled) }
    if let start = task.start { return ("start", start) }
    return nil
  }

  /// The date moved by an amount as the plugin moves it (`TasksDate.postpone`): from the date
  /// when it is today or later, else from today. Months and years keep the day, or take the
  /// month's last day.
  public static func postpone(_ date: LocalDate, by amount: Int, _ unit: DateUnit, today: LocalDate) -> LocalDate {
    let from = date < today ? today : date
    switch unit {
    case .day: return from.adding(days: amount)
    case .week: return from.adding(days: 7 * amount)
    case .month, .year:
      let months = unit == .month ? amount : 12 * amount
      let total = from.year * 12 + from.month - 1 + months
      let (year, month) = (total / 12, total % 12 + 1)
      return LocalDate(year: year, month: month, day: min(from.day, LocalDate.daysIn(month: month, year: year)))
        ?? from
    }
  }

  public enum DateUnit: Sendable {
    case day, week, month, year
  }

  /// `1d`, `2w`, `3m`, `1y`, `+2d`, `2 days`, `1 week`: an amount to postpone by; nil otherwise.
  public static func amount(_ text: String) -> (Int, DateUnit)? {
    var rest = Substring(text.trimmingSpaces().lowercased())
    if rest.hasPrefix("+") { rest = rest.dropFirst() }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, let amount = Int(digits), amount > 0, amount < 100_000 else { return nil }
    let unit = rest.dropFirst(digits.count).trimmingSpaces()
    switch unit {
    case "d", "day", "days": return (amount, .day)
    case "w", "week", "weeks": return (amount, .week)
    case "m", "month", "months": return (amount, .month)
    case "y", "year", "years": return (amount, .year)
    default: return nil
    }
  }
}
