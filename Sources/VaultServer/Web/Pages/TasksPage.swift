import Hummingbird
import VaultCore
import VaultIndex
import VaultKit

/// `/tasks`: the list of `vault tasks` with its filters as a form (`?status=&due=&priority=&tag=
/// &q=&energy=&duration=`), a task's buttons, and a form that adds one as `vault add task` does.
extension WebSite {
  func tasks(_ request: Request) async throws -> Response {
    let query = request.uri.queryParameters
    let value = { (name: String) -> String in String(query.get(name) ?? "").trimmingCharacters(in: .whitespaces) }
    let today = await session.today
    var selection = TaskSelection()
    let status = value("status")
    switch status {
    case "done": selection.statuses = [.done]
    case "cancelled": selection.statuses = [.cancelled]
    case "all": break
    default: selection.statuses = [.todo, .inProgress, .onHold]
    }
    let due = value("due")
    switch due {
    case "overdue": selection.dueBefore = today
    case "today": selection.dueBefore = today.adding(days: 1)
    case "week": selection.dueBefore = today.adding(days: 7)
    default: break
    }
    if let priority = TaskPriority(rawValue: value("priority")) { selection.priority = priority }
    if !value("tag").isEmpty {
      selection.tag = value("tag").hasPrefix("#") ? String(value("tag").dropFirst()) : value("tag")
    }
    if !value("q").isEmpty { selection.text = value("q") }
    let filter = TaskFilter(
      energy: TaskAttributes.Energy(rawValue: value("energy")),
      maxMinutes: value("duration").isEmpty ? nil : TaskAttributes.minutes(value("duration")))
    let vault = vault
    // The first 100 (or `limit`) in the order of `vault tasks`, read in that order from the index; the
    // estimates (energy, duration) are not in the index, so those filters read every match.
    let shownLimit = min(max(Int(value("limit")) ?? 100, 1), 2000)
    let (shown, total) = try await session.read { store, _ -> ([Located<TaskItem>], Int) in
      if filter == TaskFilter() {
        do {
          return try store.firstTasks(selection, limit: shownLimit)
        } catch {
          throw VaultError(indexFailure: error)
        }
      }
      let all = try vault.tasks(in: store, selection).filter { filter.fits($0.value) }.sorted(by: TaskFilter.order)
      return (Array(all.prefix(shownLimit)), all.count)
    }
    let back = "/tasks" + (request.uri.query.map { "?" + $0 } ?? "")
    let choices = { (name: String, options: [String], chosen: String) -> [[String: Any]] in
      options.map { ["value": $0, "name": $0.isEmpty ? "any" : $0, "selected": $0 == chosen] }
    }
    let values: [String: Any] = [
      "tasks": shown.map { task in
        let (text, overdue) = Self.when(task.value, today: today)
        return taskRow(task, when: text, overdue: overdue, back: back)
      },
      "more": "/tasks?" + Self.query(request, setting: "limit", to: String(min(shownLimit * 2, 2000))),
      "count": ViewWords.count(total, "task"), "cut": total > shown.count, "shownCount": shown.count,
      "empty": shown.isEmpty, "back": back, "today": today.description,
      "statuses": choices("status", ["todo", "done", "cancelled", "all"], status.isEmpty ? "todo" : status),
      "dues": choices("due", ["", "overdue", "today", "week"], due),
      "priorities": choices("priority", [""] + TaskPriority.allCases.map(\.rawValue), value("priority")),
      "energies": choices("energy", ["", "low", "medium", "high"], value("energy")),
      "tag": value("tag"), "q": value("q"), "duration": value("duration"),
      "newPriorities": TaskPriority.allCases.map { ["value": $0.rawValue, "selected": $0 == .normal] },
    ]
    return renderer.page("tasks", title: "Tasks", section: "/tasks", values: values)
  }

  /// `/task?id=…`: one task, with the form that changes it and its buttons.
  func task(_ request: Request) async throws -> Response {
    let found = try await task(["task": String(request.uri.queryParameters.get("id") ?? "")], among: [])
    let today = await session.today
    let (when, overdue) = Self.when(found.value, today: today)
    var values = taskRow(found, when: when, overdue: overdue, back: "/task?id=\(found.fullID)")
    values["line"] = found.line
    values["movable"] = found.value.format != .note
    if let notes = found.value.notes { values["notes"] = notes }
    values["priorities"] = TaskPriority.allCases.map { ["value": $0.rawValue, "selected": $0 == found.value.priority] }
    return renderer.page("task", title: found.value.description, section: "/tasks", values: values)
  }

  /// The query of `request` with `name` set to `value`.
  static func query(_ request: Request, setting name: String, to value: String) -> String {
    let kept = request.uri.queryParameters.filter { $0.key != Substring(name) }.map {
      "\(WebSite.queryValue(String($0.key)))=\(WebSite.queryValue(String($0.value)))"
    }
    return (kept + ["\(name)=\(value)"]).joined(separator: "&")
  }

  /// The task a form names by its id (`vault tasks`' id, all 16 digits).
  private func task(
    _ form: [String: String], among statuses: [TaskStatus.Kind], orElse: [TaskStatus.Kind] = []
  )
    async throws -> Located<TaskItem>
  {
    guard let id = form["task"], (4...16).contains(id.count), id.allSatisfy(\.isHexDigit) else {
      throw WebFailure(status: .badRequest, title: "Which task?", advice: "The form named no task; reload the page.")
    }
    let vault = vault
    return try await session.read { store, _ in
      try vault.resolveTask(id, among: statuses, orElse: orElse, in: store)
    }
  }

  func changeTask(_ change: TaskChange, _ form: [String: String]) async throws -> Response {
    let open: [TaskStatus.Kind] = [.todo, .inProgress, .onHold]
    let found =
      switch change {
      case .complete: try await task(form, among: open, orElse: [.cancelled])
      case .cancel: try await task(form, among: open)
      case .reopen: try await task(form, among: [.done, .cancelled])
      }
    _ = try vault.change(found, change, today: await session.today)
    return back(form, fallback: "/tasks")
  }

  /// `vault postpone`: the task's due (else scheduled, else start) date a day, or `by` (`1w`).
  func postponeTask(_ form: [String: String]) async throws -> Response {
    let found = try await task(form, among: [.todo, .inProgress, .onHold])
    let today = await session.today
    guard let (field, date) = TaskFieldEditor.postponedField(of: found.value) else {
      throw WebFailure(
        status: .badRequest, title: "Nothing to postpone",
        advice: "The task has no due, scheduled or start date; give it one with its edit form.")
    }
    let amount = Int(form["days"] ?? "1") ?? 1
    var changes = TaskFieldEditor.Changes()
    let moved = TaskFieldEditor.postpone(date, by: amount, .day, today: today)
    switch field {
    case "due": changes.due = .some(moved)
    case "scheduled": changes.scheduled = .some(moved)
    default: changes.start = .some(moved)
    }
    _ = try vault.editTask(found, changes)
    return back(form, fallback: "/tasks")
  }

  /// `vault task ID --text … --priority … --due … --scheduled … --start …`: only the fields the
  /// form changed; an emptied date is removed.
  func editTask(_ form: [String: String]) async throws -> Response {
    let found = try await task(form, among: [.todo, .inProgress, .onHold])
    var changes = TaskFieldEditor.Changes()
    if let text = form["text"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
      text != vault.settings.tasks.shown(found.value.text)
    {
      changes.text = text
    }
    if let priority = form["priority"].flatMap(TaskPriority.init(rawValue:)), priority != found.value.priority {
      changes.priority = priority
    }
    let today = await session.today
    if let due = form["due"] {
      let date = try Self.date(due, "due", today: today)
      if date != found.value.due { changes.due = .some(date) }
    }
    if let scheduled = form["scheduled"] {
      let date = try Self.date(scheduled, "scheduled", today: today)
      // A date the plugin infers from the note's name is not on the line: an empty field keeps it.
      if date != found.value.scheduled, !(date == nil && found.value.scheduledIsInferred) {
        changes.scheduled = .some(date)
      }
    }
    if let start = form["start"] {
      let date = try Self.date(start, "start", today: today)
      if date != found.value.start { changes.start = .some(date) }
    }
    if changes != TaskFieldEditor.Changes() { _ = try vault.editTask(found, changes) }
    return back(form, fallback: "/tasks")
  }

  /// `vault task ID --move-before/--move-after/--move-to-top/--move-to-bottom`: the task in
  /// its list's order (a row dragged on a note's page, or the task page's buttons: `place` is
  /// top, up, down or bottom; `before` or `after` another task's id).
  func moveTask(_ form: [String: String]) async throws -> Response {
    let every = TaskStatus.Kind.allCases
    let found = try await task(form, among: every)
    var other: Located<TaskItem>?
    let place: TaskReorder.Place
    if let id = form["before"] ?? form["after"] {
      let target = try await task(["task": id], among: every)
      other = target
      place = form["before"] != nil ? .before(line: target.value.line) : .after(line: target.value.line)
    } else {
      switch form["place"] {
      case "top": place = .top
      case "up": place = .up
      case "down": place = .down
      case "bottom": place = .bottom
      default:
        throw WebFailure(
          status: .badRequest, title: "Where to?", advice: "The form named no place in the list; reload the page.")
      }
    }
    _ = try vault.moveTask(found, to: place, other: other)
    return back(form, fallback: "/tasks")
  }

  /// `vault track start ID`: a timer on the task (a running one stops first).
  func startTimer(_ form: [String: String]) async throws -> Response {
    let found = try await task(form, among: [.todo, .inProgress, .onHold])
    _ = try vault.startTimer(on: found, now: await session.now)
    return back(form, fallback: "/")
  }

  /// `vault track stop`.
  func stopTimer(_ form: [String: String]) async throws -> Response {
    _ = try vault.stopTimer(now: await session.now)
    return back(form, fallback: "/")
  }

  /// `vault add task`: a line in the Tasks plugin's format, in the inbox.
  func addTask(_ form: [String: String]) async throws -> Response {
    let text = (form["text"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty, !text.contains("\n") else {
      throw WebFailure(status: .badRequest, title: "A task needs its text", advice: "Write what to do on one line.")
    }
    let today = await session.today
    var task = NewTask(description: text)
    task.priority = form["priority"].flatMap(TaskPriority.init(rawValue:)) ?? .normal
    task.due = try Self.date(form["due"] ?? "", "due", today: today)
    if vault.settings.tasks.setCreatedDate { task.created = today }
    let line = task.line(format: vault.settings.tasks.format, globalFilter: vault.settings.tasks.globalFilter)
    _ = try vault.appendToInbox(line, at: try vault.newNotePath(vault.settings.inbox))
    return back(form, fallback: "/tasks")
  }

  /// A date field of a form: empty for none, else `YYYY-MM-DD` (what `<input type=date>` sends)
  /// or the words the commands take (`tomorrow`, `fri`, `+3d`).
  static func date(_ text: String, _ field: String, today: LocalDate) throws -> LocalDate? {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return nil }
    switch NaturalDate.date(text, today: today) {
    case .success(let date): return date
    case .failure(let problem):
      throw WebFailure(status: .badRequest, title: "Not a date", advice: "The \(field) date: \(problem)")
    }
  }
}
