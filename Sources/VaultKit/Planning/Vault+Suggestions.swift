import VaultCore
import VaultIndex
import VaultMarkdown

/// A suggestion as shown: its place in the list, and its score's parts.
public struct Suggestion: Sendable, Encodable {
  public var number: Int
  public var id: String
  public var title: String
  public var category: String
  public var labels: [String]
  public var attributes: TaskAttributes
  public var timeOfDay: String
  public var score: Double
  public var mood: Double
  public var time: Double
  public var history: Double
  public var energy: Double
}

extension Vault {
  /// The history of suggestions, in the vault so it survives the index and merges under git.
  public static let suggestionLog = ".vault/suggestions.log"
  /// Where task templates live (also any note with `type: task-template`).
  public static let templateFolder = "Task Templates"

  /// The vault's task templates, or the built-in set when it has none.
  public func taskTemplates(in store: IndexStore) throws(VaultError) -> [TaskTemplate] {
    let paths: [String]
    do {
      paths = try store.notePaths(ofType: "task-template", orUnder: Self.templateFolder)
    } catch {
      throw VaultError(error)
    }
    let templates = paths.compactMap { path -> TaskTemplate? in
      guard case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { return nil }
      let note = NoteParser.parse(bytes, path: path)
      let name = path.split(separator: "/").last.map(String.init) ?? path
      return TaskTemplate(
        path: path, noteTitle: name.hasSuffix(".md") ? String(name.dropLast(3)) : name, properties: note.properties,
        body: body(of: path))
    }
    return templates.isEmpty ? TaskTemplate.builtIn : templates
  }

  /// The log of suggestions shown, accepted and dismissed.
  public func suggestionHistory() -> Suggestions.History {
    guard case .success(let bytes) = FileSystem.readFile(root + "/" + Self.suggestionLog) else {
      return Suggestions.History()
    }
    return Suggestions.History(log: String(decoding: bytes, as: UTF8.self))
  }

  /// Today's logged mood, if any.
  public func mood(on day: LocalDate, in store: IndexStore) throws(VaultError) -> Int? {
    try journal(in: store, from: day, through: day).first?.value.mood
  }

  /// The best `limit` suggestions for `mood` at `time`, logged as shown (`record`).
  public func suggest(
    in store: IndexStore, mood: Int?, at moment: LocalDateTime, time: TaskTemplate.TimeOfDay, limit: Int, record: Bool
  ) throws(VaultError) -> [Suggestion] {
    let history = suggestionHistory()
    // Dismissed or accepted today: not suggested again today.
    let dismissed = (history.dismissed[moment.date] ?? []).union(history.accepted[moment.date] ?? [])
    let ranked = Suggestions.ranked(
      try taskTemplates(in: store), mood: mood, at: time, history: history, dismissedToday: dismissed)
    let shown = ranked.prefix(limit).enumerated().map { index, scored in
      Suggestion(
        number: index + 1, id: scored.template.id, title: scored.template.title, category: scored.template.category,
        labels: scored.template.labels, attributes: scored.template.attributes,
        timeOfDay: scored.template.timeOfDay.rawValue, score: scored.score, mood: scored.mood, time: scored.time,
        history: scored.history, energy: scored.energy)
    }
    if record, !shown.isEmpty {
      let lines = shown.map { Suggestions.logLine(moment, "shown \($0.number)", $0.id, mood: mood) }
      try appendLog(lines)
    }
    return shown
  }

  /// What `accept N` and `dismiss N` act on: the Nth of the list shown last today.
  public func shownSuggestion(
    _ number: Int, on day: LocalDate, in store: IndexStore
  ) throws(VaultError)
    -> (template: TaskTemplate, mood: Int?)
  {
    let shown = suggestionHistory().lastShown[day] ?? []
    guard (1...max(1, shown.count)).contains(number), number <= shown.count else {
      throw .cannotChange(
        "suggestion \(number)",
        reason: shown.isEmpty
          ? "nothing was suggested today: `vault suggest` shows the list first"
          : "today's list has \(shown.count) suggestions")
    }
    let (id, mood) = shown[number - 1]
    guard let template = try taskTemplates(in: store).first(where: { $0.id == id }) else {
      throw .cannotChange("suggestion \(number)", reason: "its template '\(id)' is gone")
    }
    return (template, mood)
  }

  /// Writes the template as a task — in today's daily note under its Tasks heading when the
  /// note exists, else in the inbox — and logs it accepted.
  public func accept(
    _ template: TaskTemplate, mood: Int?, at moment: LocalDateTime, taskSettings: (TaskFormat, String?)
  ) throws(VaultError) -> AddedLine {
    var task = NewTask(description: template.title)
    task.attributes = template.attributes
    task.tags = template.labels
    if settings.tasks.setCreatedDate { task.created = moment.date }
    let line = task.line(format: taskSettings.0, globalFilter: taskSettings.1)
    let daily = settings.dailyNotes.path(for: moment.date)
    let added: AddedLine
    if FileSystem.status(root + "/" + daily, followLinks: true) != nil {
      added = try append(line, under: "Tasks", in: daily)
    } else {
      added = try appendToInbox(line, at: try newNotePath(settings.inbox))
    }
    try appendLog([Suggestions.logLine(moment, "accepted", template.id, mood: mood)])
    return added
  }

  /// Logs a suggestion dismissed: it drops from today's suggestions.
  public func dismiss(_ template: TaskTemplate, mood: Int?, at moment: LocalDateTime) throws(VaultError) {
    try appendLog([Suggestions.logLine(moment, "dismissed", template.id, mood: mood)])
  }

  /// Appends lines to the log, under the write lock, never changing what is there.
  func appendLog(_ lines: [String]) throws(VaultError) {
    for line in lines { _ = try append(line, to: Self.suggestionLog) }
  }
}
