/// Completing, cancelling and reopening one task line, as the Obsidian Tasks plugin does it.
///
/// Works on the text of the line alone (without its line ending): the status symbol and the
/// fields it adds or removes change, every other character stays where it was. Which notation a
/// field is written in follows the line (a Dataview-format task gets `[completion:: …]`), else
/// `format`.
public enum TaskLineEditor {
  /// What changing a task gives: its line, and for a recurring task the next instance.
  public struct Result: Equatable, Sendable {
    /// The line that replaces the task's line; nil when it goes (`🏁 delete`).
    public var line: String?
    /// The next instance of a recurring task, to insert above (or below) the line.
    public var nextInstance: String?
    /// Why a recurring task got no next instance.
    public var warning: String?

    public init(line: String?, nextInstance: String?, warning: String? = nil) {
      self.line = line
      self.nextInstance = nextInstance
      self.warning = warning
    }
  }

  public enum Failure: Error, Equatable, CustomStringConvertible {
    case notATask
    case alreadyClosed(String)
    case notClosed
    case unreadableRepeat(String)

    public var description: String {
      switch self {
      case .notATask: return "the line is not a task"
      case .alreadyClosed(let state): return "the task is already \(state)"
      case .notClosed: return "the task is not done or cancelled: nothing to undo"
      case .unreadableRepeat(let rule): return "cannot read the repeat rule '\(rule)'"
      }
    }
  }

  /// `[x]` with the done date; for a recurring task the next instance with its dates moved on
  /// by the rule (from today for `when done`), without its id and dependencies. `settings` are
  /// the Tasks plugin's: the notation of new fields, whether to write the date, the next
  /// instance's created and scheduled dates.
  public static func complete(
    _ line: String, task: TaskItem, on today: LocalDate, settings: TasksPluginSettings
  ) -> Swift.Result<Result, Failure> {
    close(
      line, task: task, symbol: settings.doneSymbol(from: task.status.symbol),
      field: settings.setDoneDate ? .done : nil,
      on: today, settings: settings)
  }

  /// `[-]` with the cancelled date; a recurring task gets its next instance, as when done.
  public static func cancel(
    _ line: String, task: TaskItem, on today: LocalDate, settings: TasksPluginSettings
  ) -> Swift.Result<Result, Failure> {
    close(
      line, task: task, symbol: settings.symbol(for: .cancelled), field: settings.setCancelledDate ? .cancelled : nil,
      on: today,
      settings: settings)
  }

  /// `[ ]` again (the first todo symbol of the plugin's statuses), without the done or
  /// cancelled date.
  public static func reopen(
    _ line: String, task: TaskItem, settings: TasksPluginSettings
  ) -> Swift.Result<String, Failure> {
    guard task.status.type == .done || task.status.type == .cancelled else { return .failure(.notClosed) }
    guard var text = setSymbol(settings.symbol(for: .todo), in: line) else { return .failure(.notATask) }
    text = removing(.done, from: text)
    text = removing(.cancelled, from: text)
    return .success(text)
  }

  // MARK: - Fields

  enum Field {
    case done, cancelled, due, scheduled, start, created, id, dependsOn

    var emoji: [String] {
      switch self {
      case .done: return ["✅"]
      case .cancelled: return ["❌"]
      case .due: return ["📅", "📆", "🗓"]
      case .scheduled: return ["⏳", "⌛"]
      case .start: return ["🛫"]
      case .created: return ["➕"]
      case .id: return ["🆔"]
      case .dependsOn: return ["⛔"]
      }
    }

    var dataviewKey: String {
      switch self {
      case .done: return "completion"
      case .cancelled: return "cancelled"
      case .due: return "due"
      case .scheduled: return "scheduled"
      case .start: return "start"
      case .created: return "created"
      case .id: return "id"
      case .dependsOn: return "dependsOn"
      }
    }
  }

  static func close(
    _ line: String, task: TaskItem, symbol: Character, field: Field?, on today: LocalDate,
    settings: TasksPluginSettings
  ) -> Swift.Result<Result, Failure> {
    var line = line
    var task = task
    switch task.status.type {
    case .done: return .failure(.alreadyClosed("done"))
    case .cancelled where settings.statusType(of: symbol) != .done: return .failure(.alreadyClosed("cancelled"))
    case .cancelled:
      // Done after all: the cancelled date goes, and a recurring task gets its next instance, as
      // the plugin's `handleNewStatus` does ("cancelled recurring task set to DONE").
      line = removing(.cancelled, from: line)
      task.cancelled = nil
    case .nonTask: return .failure(.notATask)
    case .todo, .inProgress, .onHold: break
    }
    guard let marked = setSymbol(symbol, in: line) else { return .failure(.notATask) }
    let closed =
      field.map { appending($0, today.description, to: marked, notation: notation(of: task, settings)) } ?? marked
    // `🏁 delete`: a task that is done goes, recurring or not; a cancelled one stays (the
    // plugin's `handleOnCompletion` acts only on done).
    let deleted = task.onCompletion?.lowercased() == "delete" && settings.statusType(of: symbol) == .done
    guard task.recurrence != nil else { return .success(Result(line: deleted ? nil : closed, nextInstance: nil)) }
    switch nextInstance(line, closedWith: symbol, on: today, settings: settings) {
    case .failure(let failure): return .failure(failure)
    case .success(let (next, warning)):
      return .success(Result(line: deleted ? nil : closed, nextInstance: next, warning: warning))
    }
  }

  /// The line with another status symbol in its checkbox.
  static func setSymbol(_ symbol: Character, in line: String) -> String? {
    guard let checkbox = TaskLineParser.checkbox(line) else { return nil }
    let prefix = checkbox.indentation + checkbox.marker
    guard let open = line[line.index(line.startIndex, offsetBy: prefix.count)...].firstIndex(of: "[") else {
      return nil
    }
    let symbolIndex = line.index(after: open)
    guard symbolIndex < line.endIndex else { return nil }
    var result = line
    result.replaceSubrange(symbolIndex...symbolIndex, with: String(symbol))
    return result
  }

  /// The field added where the Tasks plugin writes it: at the end, before a `^block-id`.
  /// A Markdown hard break (two spaces or more at the end) stays at the end, as the plugin's
  /// toggle keeps it (`ToggleDone.test.ts`); one trailing space goes.
  static func appending(_ field: Field, _ value: String, to line: String, notation: TaskFormat) -> String {
    appending(
      notation == .dataview ? "  [\(field.dataviewKey):: \(value)]" : " \(field.emoji[0]) \(value)", to: line)
  }

  /// `added` (a field as written, with its leading space) placed as `appending(_:_:to:notation:)`
  /// places a field.
  static func appending(_ added: String, to line: String) -> String {
    let trailing = line.reversed().prefix { $0 == " " }.count
    let hardBreak = trailing >= 2 ? String(repeating: " ", count: trailing) : ""
    var body = Substring(line.dropLast(trailing))
    var blockLink = ""
    if let caret = body.lastIndex(of: "^"), caret > body.startIndex,
      body[body.index(before: caret)] == " ",
      body[body.index(after: caret)...].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }),
      body.index(after: caret) < body.endIndex
    {
      blockLink = String(body[body.index(before: caret)...])
      body = body[..<body.index(before: caret)]
    }
    while let last = body.last, last == " " || last == "\t" { body.removeLast() }
    return String(body) + added + blockLink + hardBreak
  }

  /// The notation a new field on this task's line is written in: the line's, else the vault's.
  static func notation(of task: TaskItem, _ settings: TasksPluginSettings) -> TaskFormat {
    task.format == .dataview || (task.format == .none && settings.format == .dataview) ? .dataview : .emoji
  }

  /// The line without a field (emoji or Dataview form) and the space before it.
  static func removing(_ field: Field, from line: String) -> String {
    var text = line
    while let range = fieldRange(field, in: text) { text.removeSubrange(range) }
    return text
  }

  /// Where a field stands, with its leading whitespace: `␠✅ 2026-11-22`, `␠␠[completion:: 2026-11-22]`.
  /// An emoji is matched with or without its variation selector (U+FE0F).
  static func fieldRange(_ field: Field, in line: String) -> Range<String.Index>? {
    let scalars = Set(field.emoji.compactMap(\.unicodeScalars.first))
    // From the end, as fields are read: the same emoji in the description is left alone.
    if let index = line.indices.last(where: { line[$0].unicodeScalars.first.map(scalars.contains) ?? false }) {
      var end = line.index(after: index)
      while end < line.endIndex, line[end] == " " { end = line.index(after: end) }
      var valueEnd = end
      while valueEnd < line.endIndex, !line[valueEnd].isWhitespace { valueEnd = line.index(after: valueEnd) }
      var start = index
      while start > line.startIndex, line[line.index(before: start)] == " " { start = line.index(before: start) }
      return start..<valueEnd
    }
    for (open, close) in [("[", "]"), ("(", ")")] {
      guard let found = line.firstRange(of: open + field.dataviewKey + "::"),
        let closing = line[found.upperBound...].firstIndex(of: Character(close))
      else { continue }
      var start = found.lowerBound
      while start > line.startIndex, line[line.index(before: start)] == " " { start = line.index(before: start) }
      return start..<line.index(after: closing)
    }
    return nil
  }

  // MARK: - Recurrence

  /// The next instance as the plugin writes it (`Task.createNextOccurrence`, then its
  /// serializer): the status that follows `closed` (`recurrenceSymbol(after:)`), the
  /// description as written (trailing spaces and a hard break not copied), then the fields in
  /// the plugin's order (priority, the rule in the plugin's words, on-completion, created,
  /// start, scheduled, due), without id, dependencies, done and cancelled dates or block link.
  /// Every date moves by the distance from the reference date (due, else scheduled, else start;
  /// start before scheduled with `removeScheduledDateOnRecurrence`) to its next occurrence,
  /// counted from today for `when done`. A task with no dates gets an instance with none.
  /// When the reference date does not exist (`📅 2022-02-30`), there is no next instance, as in
  /// the plugin, and the warning says so.
  static func nextInstance(
    _ line: String, closedWith closed: Character, on today: LocalDate, settings: TasksPluginSettings
  ) -> Swift.Result<(String?, String?), Failure> {
    guard let checkbox = TaskLineParser.checkbox(line) else { return .failure(.notATask) }
    var task = TaskItem(line: 1, indentation: checkbox.indentation, marker: checkbox.marker)
    let problems = TaskLineParser.readFields(checkbox.text, into: &task)
    guard let text = task.recurrence else { return .success((nil, nil)) }
    guard let rule = RecurrenceRule.parse(tasksRule: text) else { return .failure(.unreadableRepeat(text)) }
    let impossible = Set(problems.compactMap(\.field))
    let order: [(String, LocalDate?)] =
      settings.removeScheduledDateOnRecurrence
      ? [("due", task.due), ("start", task.start), ("scheduled", task.scheduled)]
      : [("due", task.due), ("scheduled", task.scheduled), ("start", task.start)]
    var next = task
    next.done = nil
    next.cancelled = nil
    next.id = nil
    next.dependsOn = []
    next.blockLink = nil
    next.created = settings.setCreatedDate ? today : nil
    if let (name, date) = order.first(where: { $0.1 != nil || impossible.contains($0.0) }) {
      guard let reference = date else {
        return .success((nil, "its \(name) date does not exist: no next instance (as in the Tasks plugin)"))
      }
      guard let nextReference = nextDate(rule, after: rule.whenDone ? today : reference) else {
        // A rule with an end day (`until January 5, 2027`) past it: the last instance is done.
        if rule.until != nil { return .success((nil, nil)) }
        return .failure(.unreadableRepeat(text))
      }
      // A date that does not exist gets the reference's next date, as in the plugin.
      func moved(_ date: LocalDate?, _ field: String) -> LocalDate? {
        if let date { return nextReference.adding(days: reference.days(until: date)) }
        return impossible.contains(field) ? nextReference : nil
      }
      next.due = moved(task.due, "due")
      next.start = moved(task.start, "start")
      next.scheduled =
        settings.removeScheduledDateOnRecurrence && (next.due != nil || next.start != nil)
        ? nil : moved(task.scheduled, "scheduled")
    }
    next.recurrence = rule.tasksText
    next.status = TaskStatus(symbol: settings.recurrenceSymbol(after: closed))
    return .success((serialized(next, notation: notation(of: task, settings)), nil))
  }

  /// A task line in the plugin's order of fields (`TaskLayoutComponent`): description, id,
  /// depends on, priority, recurrence, on completion, created, start, scheduled, due,
  /// cancelled, done, block link; Dataview fields with two spaces before each, as the plugin.
  static func serialized(_ task: TaskItem, notation: TaskFormat) -> String {
    var fields: [(emoji: String, key: String, value: String)] = []
    if let id = task.id { fields.append(("🆔", "id", id)) }
    if !task.dependsOn.isEmpty { fields.append(("⛔", "dependsOn", task.dependsOn.joined(separator: ","))) }
    if task.priority != .normal, let emoji = task.priority.emoji {
      fields.append((emoji, "priority", task.priority.rawValue))
    }
    if let recurrence = task.recurrence { fields.append(("🔁", "repeat", recurrence)) }
    if let onCompletion = task.onCompletion { fields.append(("🏁", "onCompletion", onCompletion)) }
    let dates: [(String, String, LocalDate?)] = [
      ("➕", "created", task.created), ("🛫", "start", task.start), ("⏳", "scheduled", task.scheduled),
      ("📅", "due", task.due), ("❌", "cancelled", task.cancelled), ("✅", "completion", task.done),
    ]
    for (emoji, key, date) in dates { if let date { fields.append((emoji, key, date.description)) } }
    let written = fields.map { field -> String in
      if notation == .dataview { return "  [\(field.key):: \(field.value)]" }
      return field.key == "priority" ? " " + field.emoji : " \(field.emoji) \(field.value)"
    }
    return task.indentation + task.marker + " [\(task.status.symbol)] " + task.description.trimmingSpaces()
      + written.joined() + (task.blockLink.map { " ^" + $0 } ?? "")
  }

  /// The next date after `day` by the rule, counted from `day`. As the Tasks plugin does it, a
  /// plain `every month` (or year) from a day the next month lacks moves to its last day
  /// (Jan 31 → Feb 28) instead of skipping it.
  static func nextDate(_ rule: RecurrenceRule, after day: LocalDate) -> LocalDate? {
    let plain = rule.byDay.isEmpty && rule.byMonthDay.isEmpty && rule.byMonth.isEmpty && rule.bySetPos.isEmpty
    if plain && (rule.frequency == .monthly || rule.frequency == .yearly) {
      let months = rule.frequency == .monthly ? rule.interval : 12 * rule.interval
      let total = day.year * 12 + day.month - 1 + months
      let (year, month) = (total / 12, total % 12 + 1)
      guard
        let next = LocalDate(year: year, month: month, day: min(day.day, LocalDate.daysIn(month: month, year: year)))
      else { return nil }
      return rule.until.map { next <= $0 } ?? true ? next : nil
    }
    return rule.next(after: day, start: day)
  }
}

/// A new task line, written as the Tasks plugin writes one: its fields in the plugin's order
/// (description, id, priority, repeat, start, scheduled, due), in the vault's notation.
public struct NewTask: Sendable {
  public var description: String
  /// `🆔`: the Tasks plugin's id, written first among the fields (a to-do's UID from a calendar app).
  public var id: String?
  public var priority: TaskPriority = .normal
  public var recurrence: String?
  public var start: LocalDate?
  public var scheduled: LocalDate?
  public var due: LocalDate?
  /// `➕`: written when the Tasks plugin's `setCreatedDate` is on.
  public var created: LocalDate?
  public var tags: [String] = []
  /// Difficulty, duration, energy, mood: Dataview fields after the text.
  public var attributes = TaskAttributes()

  public init(description: String) { self.description = description }

  /// `- [ ] Call Mum #family ⏫ 🔁 every week 📅 2026-11-27`; with a global filter such as `#task`
  /// at the start of the description when it is not there yet.
  public func line(format: TaskFormat, globalFilter: String? = nil) -> String {
    var text = description.trimmingSpaces()
    if let globalFilter, !globalFilter.isEmpty, !text.split(separator: " ").contains(Substring(globalFilter)) {
      text = globalFilter + " " + text
    }
    if !attributes.fieldsText.isEmpty { text += " " + attributes.fieldsText }
    for tag in tags {
      let name = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
      if !text.split(separator: " ").contains(Substring("#" + name)) { text += " #" + name }
    }
    var fields: [(emoji: String, key: String, value: String)] = []
    if let id { fields.append(("🆔", "id", id)) }
    if priority != .normal, let emoji = priority.emoji { fields.append((emoji, "priority", priority.rawValue)) }
    if let recurrence { fields.append(("🔁", "repeat", recurrence)) }
    if let created { fields.append(("➕", "created", created.description)) }
    if let start { fields.append(("🛫", "start", start.description)) }
    if let scheduled { fields.append(("⏳", "scheduled", scheduled.description)) }
    if let due { fields.append(("📅", "due", due.description)) }
    let written =
      format == .dataview
      ? fields.map { "  [\($0.key):: \($0.value)]" }.joined()
      : fields.map { " " + ($0.key == "priority" ? $0.emoji : "\($0.emoji) \($0.value)") }.joined()
    return "- [ ] " + text + written
  }
}
