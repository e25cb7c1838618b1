import Foundation
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
  /// The history of suggestions accepted and dismissed, in the vault so it survives the index
  /// and merges under git.
  public static let suggestionLog = ".vault/suggestions.log"

  /// Where the lists shown are logged (`shown N id`): outside the vault, in its state folder, so
  /// that looking (`vault today`, `vault suggest`, the web view's Today) never changes the vault
  /// and `git status` stays clean. What `accept N` takes, and how often each was shown.
  public var shownLog: String {
    stateFolder(environment: ProcessInfo.processInfo.environment) + "/suggestions-shown.log"
  }
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

  /// What can be suggested: the task templates, and the open tasks that say what they ask
  /// (a difficulty, duration, energy or mood on their line) as `task:<id>`, their `mood` the
  /// range they suit.
  public func suggestionCandidates(in store: IndexStore) throws(VaultError) -> [TaskTemplate] {
    try candidates(in: store).scored
  }

  /// The open tasks with attributes, as candidates.
  func taskCandidates(in store: IndexStore) throws(VaultError) -> [TaskTemplate] {
    var selection = TaskSelection()
    selection.statuses = [.todo, .inProgress, .onHold]
    selection.text = "::"
    selection.withFields = true
    let tasks = try self.tasks(in: store, selection).filter { $0.value.attributes != TaskAttributes() }
    let candidates = tasks.map { task in
      let attributes = task.value.attributes
      return TaskTemplate(
        id: "task:" + task.fullID,
        title: TaskAttributes.plainText(
          settings.tasks.shown(TaskReminder.split(task.value.description, defaultTime: .midnight).0)),
        description: "\(task.path):\(task.line)", category: "task", attributes: attributes,
        moodRanges: attributes.mood.map { [$0...$0] } ?? [],
        labels: task.value.tags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 })
    }
    return candidates
  }

  /// The candidates not to suggest on `day`: accepted or dismissed that day, by id, and by
  /// title (an accepted template is a task now). `all` is every template and task candidate.
  func skipped(on day: LocalDate, history: Suggestions.History, all: [TaskTemplate]) -> Set<String> {
    let ids = (history.dismissed[day] ?? []).union(history.accepted[day] ?? [])
    let titles = Set(all.filter { ids.contains($0.id) }.map { $0.title.lowercased() })
    return ids.union(all.filter { titles.contains($0.title.lowercased()) }.map(\.id))
  }

  /// Every template and task candidate (for lookups), and those to score (a template whose task
  /// is open already gives way to the task).
  func candidates(
    in store: IndexStore, tasks known: [TaskTemplate]? = nil
  ) throws(VaultError) -> (all: [TaskTemplate], scored: [TaskTemplate]) {
    let templates = try taskTemplates(in: store)
    let tasks: [TaskTemplate]
    if let known { tasks = known } else { tasks = try taskCandidates(in: store) }
    let open = Set(tasks.map { $0.title.lowercased() })
    return (templates + tasks, templates.filter { !open.contains($0.title.lowercased()) } + tasks)
  }

  /// The suggestion logs this process read last, with the files' status then.
  private static let keptSuggestionLog = Locked<(paths: [String], key: [UInt64], history: Suggestions.History)?>(nil)

  /// What the suggestion logs say: the vault's (accepted, dismissed, and the lists shown before
  /// they were logged outside it) and then the state folder's (the lists shown). Read once while
  /// the files stay as they were (their device, inode, size, modification and change times): a
  /// dashboard read again after its refresh stored a change, and each dashboard a watcher
  /// answers, read them again and parsed them (0.6 ms for the bench vault's 440 lines,
  /// docs/PERFORMANCE.md).
  public func suggestionHistory() -> Suggestions.History {
    let paths = [root + "/" + Self.suggestionLog, shownLog]
    var key: [UInt64] = []
    var newest = 0.0
    for path in paths {
      guard let status = FileSystem.status(path, followLinks: true), status.isRegular else {
        key += [0, 0, 0, 0, 0]
        continue
      }
      key += [
        status.device, status.inode, UInt64(status.size), UInt64(bitPattern: status.modified),
        UInt64(bitPattern: status.changed),
      ]
      newest = max(newest, Double(status.changed) / 1e9)
    }
    if key.allSatisfy({ $0 == 0 }) { return Suggestions.History() }
    if let kept = Self.keptSuggestionLog.withLock({ $0?.paths == paths && $0?.key == key ? $0?.history : nil }) {
      return kept
    }
    let readAt = Date().timeIntervalSince1970
    var text = ""
    for path in paths {
      guard case .success(let bytes) = FileSystem.readFile(path) else { continue }
      text += String(decoding: bytes, as: UTF8.self)
      if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
    }
    let history = Suggestions.History(log: text)
    // Kept only when last written well before it was read (as git's index treats a "racily
    // clean" file): a file system keeps times to a clock tick, so a file written again within
    // the tick of the last write, to the same size, would keep its status.
    if readAt - newest > 0.1 {
      Self.keptSuggestionLog.withLock { $0 = (paths, key, history) }
    }
    return history
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
    let (all, scored) = try candidates(in: store)
    let ranked = Suggestions.ranked(
      scored, mood: mood, at: time, history: history,
      dismissedToday: skipped(on: moment.date, history: history, all: all))
    let shown = ranked.prefix(limit).enumerated().map { index, scored in
      Suggestion(
        number: index + 1, id: scored.template.id, title: scored.template.title, category: scored.template.category,
        labels: scored.template.labels, attributes: scored.template.attributes,
        timeOfDay: scored.template.timeOfDay.rawValue, score: scored.score, mood: scored.mood, time: scored.time,
        history: scored.history, energy: scored.energy)
    }
    if record, !shown.isEmpty {
      try appendShown(shown.map { Suggestions.logLine(moment, "shown \($0.number)", $0.id, mood: mood) })
    }
    return shown
  }

  /// Logs a list as shown, as `suggest` does, unless it is the list shown last that day: the
  /// dashboard's two suggestions are what `accept 1` and `accept 2` take, and running the
  /// dashboard again adds nothing to the log. `shownLast`: the ids of that list when the
  /// caller has read the log already (`Dashboard.suggestionsShownLast`).
  public func recordShown(
    _ templates: [TaskTemplate], mood: Int?, at moment: LocalDateTime, shownLast: [String]? = nil
  ) throws(VaultError) {
    guard !templates.isEmpty else { return }
    let last = shownLast ?? (suggestionHistory().lastShown[moment.date] ?? []).map(\.id)
    guard last != templates.map(\.id) else { return }
    try appendShown(
      templates.enumerated().map { Suggestions.logLine(moment, "shown \($0.offset + 1)", $0.element.id, mood: mood) })
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
          : shown.count == 1
            ? "today's list has 1 suggestion: give 1"
            : "today's list has \(shown.count) suggestions: give 1-\(shown.count)")
    }
    let (id, mood) = shown[number - 1]
    // Among all, so a template accepted a moment ago (now a task) can still be dismissed.
    guard let template = try candidates(in: store).all.first(where: { $0.id == id }) else {
      throw .cannotChange("suggestion \(number)", reason: "its template '\(id)' is gone")
    }
    return (template, mood)
  }

  /// Writes the template as a task — in today's daily note under its Tasks heading when the
  /// note exists, else in the inbox — and logs it accepted.
  public func accept(_ template: TaskTemplate, mood: Int?, at moment: LocalDateTime) throws(VaultError) -> AddedLine {
    // Accepted once, it is a task: a second `accept` of the same number would write it twice.
    if suggestionHistory().accepted[moment.date]?.contains(template.id) == true {
      throw .cannotChange(
        "'\(template.title)'",
        reason: "it was accepted today already and is a task; `vault suggest` shows what is left to suggest")
    }
    // An open task suggested: it is a task already; only the acceptance is logged.
    if template.id.hasPrefix("task:") {
      try appendLog([Suggestions.logLine(moment, "accepted", template.id, mood: mood)])
      let place = template.description.split(separator: ":")
      return AddedLine(
        path: place.dropLast().joined(separator: ":"), line: Int(place.last ?? "") ?? 0, text: template.title,
        created: false)
    }
    var task = NewTask(description: template.title)
    task.attributes = template.attributes
    task.tags = template.labels
    if settings.tasks.setCreatedDate { task.created = moment.date }
    let line = task.line(format: settings.tasks.format, globalFilter: settings.tasks.globalFilter)
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

  /// Appends a list shown to the state folder's log, in one `write` (appends of one write never
  /// interleave, so lists shown at once by several processes each land whole).
  func appendShown(_ lines: [String]) throws(VaultError) {
    let path = shownLog
    let folder = (path as NSString).deletingLastPathComponent
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(path, reason: VaultError.systemReason(error))
    }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard written == bytes.count else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
  }

  /// Appends lines to the log, under the write lock, never changing what is there.
  func appendLog(_ lines: [String]) throws(VaultError) {
    for line in lines { _ = try append(line, to: Self.suggestionLog) }
  }
}
