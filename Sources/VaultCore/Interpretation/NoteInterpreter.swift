/// Decides what a parsed note is (its kind) and reads what that kind means from its
/// properties and body: an event's dates and times, a goal's progress, a day's mood.
///
/// The kind is decided by, in order: the `type` property; being the personal code note; the
/// Full Calendar event schema; a task note's `status` with `due` or `scheduled`; `categories`
/// such as `[[Events]]`; the folder configured for a kind; being a daily note. Everything
/// else is a note.
public struct NoteInterpreter: Sendable {
  public let settings: VaultSettings
  /// What `classify` compares every note's path with, made once: the folders of kinds
  /// (lower-cased, with their `/`, in `ItemKind.allCases` order) and the personal code note's
  /// path (lower-cased, with `.md`).
  private let kindFolders: [(kind: ItemKind, prefix: String, folder: String)]
  private let personalCodePath: String

  public init(settings: VaultSettings) {
    self.settings = settings
    kindFolders = ItemKind.allCases.compactMap { kind in
      guard let folder = settings.folders[kind]?.trimming("/"), !folder.isEmpty else { return nil }
      return (kind, folder.lowercased() + "/", folder)
    }
    var code = settings.personalCode.trimming("/")
    if !code.hasMarkdownExtension { code += ".md" }
    personalCodePath = code.lowercased()
  }

  public func interpret(_ note: inout Note) {
    PropertyTyping.apply(settings.propertyTypes, to: &note)
    // The Tasks plugin's own statuses (`statusSettings`), such as `[>]` forwarded or `[?]` on hold.
    if !settings.tasks.statuses.isEmpty || settings.tasks.coreCheckboxes {
      for index in note.tasks.indices {
        note.tasks[index].status.type = settings.tasks.statusType(of: note.tasks[index].status.symbol)
      }
    }
    var reader = PropertyReader(properties: note.properties, path: note.path)
    readTags(&note, &reader)
    if let title = reader.text("title") { note.title = title }
    // A template is a plain note with no tasks or dates: its `{{date}}` placeholders are
    // filled when it is used, so only errors (broken YAML) are reported, not values.
    if settings.isTemplate(note.path) {
      (note.kind, note.kindReason) = (.note, "template")
      note.tasks = []
      note.diagnostics.removeAll { $0.severity != .error }
      return
    }
    (note.kind, note.kindReason) = classify(note, &reader)
    if note.kind != .journal && note.kind != .event {
      note.date = reader.date("date")
    }
    switch note.kind {
    case .event:
      note.event = EventReader.read(note, &reader)
      // Without `title:`, the event's title (the file name without its date prefix) is the
      // note's, in `show`, `list` and `search` as in the views.
      if let title = note.event?.title { note.title = title }
      note.event?.description = note.summary.isEmpty ? nil : note.summary
      note.date = note.event?.yearUnknown == true ? nil : note.event?.start
    case .goal:
      note.goal = readGoal(note, &reader)
    case .journal:
      readJournal(&note, &reader)
    case .insight:
      note.insight = Insight(
        text: reader.text("quote", "text") ?? (note.summary.isEmpty ? note.title : note.summary),
        source: reader.text("source").map(Self.linkText), author: reader.text("author").map(Self.linkText))
      note.insight?.created = reader.date("created", "date_created", "dateCreated")
    case .principle:
      if isPersonalCode(note.path) {
        let entries = note.listEntries.filter { $0.depth == 0 }
        note.principles =
          entries.isEmpty
          ? note.headings.filter { $0.level >= 2 }.map { Principle(text: $0.text, line: $0.line) }
          : entries.map { Principle(text: $0.text, line: $0.line) }
      } else {
        let text = note.summary.isEmpty ? note.title : note.summary
        note.principles = [Principle(text: text, line: note.frontMatter == nil ? 1 : 2)]
      }
    case .task:
      note.tasks.insert(readTaskNote(note, &reader), at: 0)
    case .note:
      break
    }
    // With the Tasks plugin's global filter (such as `#task`), only the checkboxes holding it
    // are tasks, as in Obsidian; a goal's progress above still counts all of its checkboxes.
    if let filter = settings.tasks.globalFilter, !filter.isEmpty {
      note.tasks.removeAll { $0.format != .note && !$0.description.contains(filter) }
      // As in the plugin (`Task.fromLine`), a filter that is a tag is not one of the task's
      // tags; it stays in the description as written, and `#task/sub` stays a tag.
      if filter.hasPrefix("#") {
        let name = filter.dropFirst()
        for index in note.tasks.indices { note.tasks[index].tags.removeAll { $0 == name } }
      }
    }
    // The Tasks plugin's `useFilenameAsScheduledDate`: an undated task in `2026-11-22.md` is
    // scheduled that day.
    if let day = settings.tasks.filenameDate(forPath: note.path) {
      for index in note.tasks.indices
      where note.tasks[index].start == nil && note.tasks[index].scheduled == nil && note.tasks[index].due == nil {
        note.tasks[index].scheduled = day
        note.tasks[index].scheduledIsInferred = true
      }
    }
    var seen: [String: Int] = [:]
    for index in note.tasks.indices {
      let text = note.tasks[index].description
      note.tasks[index].duplicate = seen[text, default: 0]
      seen[text, default: 0] += 1
    }
    note.diagnostics += reader.diagnostics
  }

  // MARK: Kind

  func classify(_ note: Note, _ reader: inout PropertyReader) -> (ItemKind, String) {
    if let property = reader.property("type"), case .text(let type) = property.value {
      if ["single", "recurring", "rrule"].contains(type.lowercased()) {
        return (.event, "Full Calendar type: \(type)")
      }
      if let kind = ItemKind(naming: type) { return (kind, "type: \(type)") }
    }
    let lowered = note.path.lowercased()
    if lowered == personalCodePath { return (.principle, "personal code note") }
    let fullCalendar =
      (reader.has("date") && (reader.has("allDay") || reader.has("startTime")))
      || reader.has("daysOfWeek") || (reader.has("rrule") && reader.has("startDate"))
    if fullCalendar { return (.event, "Full Calendar event properties") }
    if reader.has("status") && (reader.has("due") || reader.has("scheduled")) {
      return (.task, "task note (status with due or scheduled)")
    }
    for category in reader.list("categories", "category") {
      let isLink = category.hasPrefix("[[")
      if let kind = ItemKind(naming: category), isLink || kind != .note {
        return (kind, "categories: \(category)")
      }
    }
    for (kind, prefix, folder) in kindFolders where lowered.hasPrefix(prefix) {
      return (kind, "folder \(folder)/")
    }
    if settings.dailyNotes.date(forPath: note.path) != nil {
      return (.journal, "daily note (\(settings.dailyNotes.format))")
    }
    return (.note, "default")
  }

  /// A property that links a note (`[[Marcus Aurelius]]`, `[[people/Ana|Ana]]`) as the
  /// link reads: its alias, else the note's name; other text as it is.
  static func linkText(_ text: String) -> String {
    guard text.hasPrefix("[["), text.hasSuffix("]]") else { return text }
    let inner = text.dropFirst(2).dropLast(2)
    if let bar = inner.firstIndex(of: "|") { return String(inner[inner.index(after: bar)...]) }
    let target = inner.split(separator: "#").first.map(String.init) ?? String(inner)
    return String(target.split(separator: "/").last ?? Substring(target))
  }

  func isPersonalCode(_ path: String) -> Bool {
    path.lowercased() == personalCodePath
  }

  // MARK: Tags

  /// The `tags` property (a list, or a text of names separated by commas or spaces) joins the
  /// body's tags, at the property's line.
  func readTags(_ note: inout Note, _ reader: inout PropertyReader) {
    guard let property = reader.property("tags", "tag") else { return }
    var fromProperty: [TagOccurrence] = []
    for element in property.value.elements {
      let names = element.text.split(whereSeparator: { $0 == "," || $0 == " " })
      for raw in names {
        let name = raw.hasPrefix("#") ? raw.dropFirst() : raw
        guard !name.isEmpty else { continue }
        if TagSyntax.isValid(name) {
          fromProperty.append(
            TagOccurrence(
              name: String(name), line: property.location.line,
              column: property.location.column))
        } else {
          reader.warn(property, "'\(raw)' is not a valid tag")
        }
      }
    }
    note.tags = fromProperty + note.tags
  }

  // MARK: Task notes

  /// The task a task note is (TaskNotes' form): its title, `status`, `priority`, `due`,
  /// `scheduled`, `completedDate`, `recurrence` and tags, at the note's first line.
  func readTaskNote(_ note: Note, _ reader: inout PropertyReader) -> TaskItem {
    let statusText = reader.text("status") ?? "open"
    var task = TaskItem(line: 1, marker: "", status: TaskNoteReader.status(statusText), description: note.title)
    task.format = .note
    task.due = reader.date("due")
    task.scheduled = reader.date("scheduled")
    task.start = reader.date("start")
    task.created = reader.date("dateCreated", "created")
    if let done = reader.date("completedDate", "completed") {
      if task.status.type == .cancelled { task.cancelled = done } else { task.done = done }
    }
    if let property = reader.property("priority"), property.value != .null {
      if let priority = TaskNoteReader.priority(property.value.text) {
        task.priority = priority
      } else if property.value.text.lowercased() != "none" {
        reader.warn(property, "priority should be low, normal or high, found '\(property.value.text)'")
      }
    }
    task.recurrence = reader.text("recurrence")
    task.tags = note.uniqueTags
    // Difficulty, duration, energy and mood as properties: the task's fields, so
    // they read as on a task line; a value they cannot have is reported at its line.
    for key in TaskAttributes.keys {
      guard let property = reader.property(key), property.value != .null else { continue }
      if let problem = TaskAttributes.problem(key: key, value: property.value.text) {
        reader.warn(property, problem)
        continue
      }
      task.fields.append(
        InlineField(
          key: key, value: property.value.text, line: property.location.line, column: property.location.column))
    }
    return task
  }

  // MARK: Goals and journal

  func readGoal(_ note: Note, _ reader: inout PropertyReader) -> Goal {
    var goal = Goal()
    goal.target = reader.date("target", "deadline", "due", "target_date", "targetDate")
    goal.status = reader.text("status")
    if let property = reader.property("progress"), property.value != .null {
      if let fraction = Self.progressFraction(property.value) {
        goal.progress = min(1, max(0, fraction))
        goal.progressSource = "progress property"
        if fraction > 1 || fraction < 0 {
          reader.warn(property, "progress must be from 0% to 100%, found '\(property.value.text)'")
        }
      } else {
        reader.warn(
          property, "progress should be a percentage such as 40 or 40%, found '\(property.value.text)'")
      }
    }
    if goal.progress == nil {
      let counted = note.tasks.filter { $0.status.type != .cancelled && $0.status.type != .nonTask }
      if !counted.isEmpty {
        let done = counted.filter { $0.status.type == .done }.count
        goal.progress = Double(done) / Double(counted.count)
        goal.progressSource = "checkboxes (\(done)/\(counted.count))"
      }
    }
    let status = goal.status?.lowercased() ?? ""
    var completed = false
    if let property = reader.property("completed", "done"), property.value != .null {
      if case .date(let day) = property.value {
        completed = true
        goal.doneOn = day
      } else if case .dateTime(let moment) = property.value {
        completed = true
        goal.doneOn = moment.date
      } else {
        completed = reader.bool("completed", "done") ?? false
      }
    }
    if goal.doneOn == nil { goal.doneOn = reader.date("completed_date", "completedDate", "done_date") }
    goal.isDone =
      ["done", "completed", "complete", "achieved"].contains(status) || completed || (goal.progress ?? 0) >= 1
    if let property = reader.property("priority"), property.value != .null {
      goal.priority = TaskNoteReader.priority(property.value.text)
      if goal.priority == nil {
        reader.warn(
          property, "priority should be highest, high, medium, normal, low or lowest, found '\(property.value.text)'")
      }
    }
    goal.description = note.summary.isEmpty ? nil : note.summary
    return goal
  }

  /// `40`, `40%`, `0.4`, `4/10` → 0.4 (see `Goal.progress(fromText:)`).
  static func progressFraction(_ value: PropertyValue) -> Double? {
    switch value {
    case .number(let number): return Goal.progress(fromNumber: number)
    case .text(let text): return Goal.progress(fromText: text)
    default: return nil
    }
  }

  func readJournal(_ note: inout Note, _ reader: inout PropertyReader) {
    let date =
      settings.dailyNotes.date(forPath: note.path) ?? reader.date("date")
      ?? DateParsing.validDate(note.title.prefix(10))
    guard let date else {
      note.diagnostics.append(
        .warning(
          "journal entry has no date: name it as the daily-note format \(settings.dailyNotes.format) says, or add a date property",
          at: .start, in: note.path))
      note.kind = .note
      note.kindReason += ", no date"
      return
    }
    var entry = JournalEntry(date: date)
    if let property = reader.property("mood"), property.value != .null {
      if let mood = Self.mood(property.value) {
        entry.mood = mood
      } else {
        reader.error(property, "mood must be a whole number from 1 to 10, found '\(property.value.text)'")
      }
    }
    entry.moodTags = reader.list("mood_tags", "moodTags", "mood-tags").map {
      $0.hasPrefix("#") ? String($0.dropFirst()) : $0
    }
    note.journal = entry
    note.date = date
  }

  /// 1...10 as a number, or a text `7` / `7/10`.
  static func mood(_ value: PropertyValue) -> Int? {
    var number: Double?
    switch value {
    case .number(let value): number = value
    case .text(let text):
      let trimmed = text.trimmingSpaces()
      let head = trimmed.hasSuffix("/10") ? String(trimmed.dropLast(3)) : trimmed
      number = Double(head.trimmingSpaces())
    default: break
    }
    guard let number, number.rounded() == number, (1...10).contains(number) else { return nil }
    return Int(number)
  }
}
