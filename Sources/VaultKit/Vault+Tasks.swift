import VaultCore
import VaultIndex
import VaultMarkdown

/// What a task command does to a line.
public enum TaskChange: Sendable {
  case complete, cancel, reopen
}

/// What a task command changed: the file, the line, and the lines now written there.
public struct TaskChangeResult: Sendable, Encodable {
  public var path: String
  public var line: Int
  /// The task line as it was.
  public var before: String
  /// The task line as it is now; nil when it was removed (`🏁 delete`). `line` is where it is
  /// now (or was).
  public var after: String?
  /// A recurring task's next instance, and the line it is on.
  public var nextInstance: String?
  public var nextInstanceLine: Int?
  /// The line of the next instance `undo` removed with the done line (nil when none).
  public var removedInstance: Int?
  /// Why a recurring task got no next instance (its reference date does not exist), or why
  /// `undo` left a next instance in place.
  public var warning: String?

  // Written out so absent values are null, not left out (docs/JSON.md).
  enum CodingKeys: String, CodingKey {
    case path, line, before, after, nextInstance, nextInstanceLine, removedInstance, warning
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(path, forKey: .path)
    try c.encode(line, forKey: .line)
    try c.encode(before, forKey: .before)
    try c.encode(after, forKey: .after)
    try c.encode(nextInstance, forKey: .nextInstance)
    try c.encode(nextInstanceLine, forKey: .nextInstanceLine)
    try c.encode(removedInstance, forKey: .removedInstance)
    try c.encode(warning, forKey: .warning)
  }
}

extension Vault {
  /// The task a user named: its short id from `vault tasks` (or 4 to 16 digits of its full
  /// id), `path:line`, or words of its text (any case). An id that several tasks share names
  /// the one among `statuses` when only one is; words must name exactly one task among
  /// `statuses`. Several are an error that lists them, each with a longer id. Words that name
  /// no task among `statuses` but one among `orElse` name that one (`done` on a cancelled task).
  public func resolveTask(
    _ argument: String, among statuses: [TaskStatus.Kind], orElse fallback: [TaskStatus.Kind] = [],
    in store: IndexStore
  ) throws(VaultError) -> Located<TaskItem> {
    var all = TaskSelection()
    all.statuses = statuses
    let candidates: [Located<TaskItem>]
    do {
      if (4...16).contains(argument.count), argument.allSatisfy(\.isHexDigit) {
        var any = TaskSelection()
        any.statuses = []
        let prefix = argument.lowercased()
        let matches = try store.tasks(any).filter { $0.fullID.hasPrefix(prefix) }
        let wanted = matches.filter { statuses.isEmpty || statuses.contains($0.value.status.type) }
        if wanted.count == 1 { return wanted[0] }
        if !matches.isEmpty { return try unique(matches, argument) }
      }
      if let colon = argument.lastIndex(of: ":"), let line = Int(argument[argument.index(after: colon)...]) {
        let path = try resolveNote(String(argument[..<colon]))
        var any = TaskSelection()
        any.statuses = []
        if let task = try store.tasks(any).first(where: { $0.path == path && $0.line == line }) { return task }
        throw VaultError.taskNotFound(argument)
      }
      all.text = argument
      candidates = try store.tasks(all)
      // Words that name only a closed task, for a command on open ones: say so, and how to reopen.
      if candidates.isEmpty, !statuses.isEmpty, !statuses.contains(.done) {
        var closed = TaskSelection()
        closed.statuses = [.done, .cancelled]
        closed.text = argument
        let found = try store.tasks(closed)
        if found.count == 1, let task = found.first, fallback.contains(task.value.status.type) { return task }
        if found.count == 1, let task = found.first {
          throw VaultError.taskClosed(
            argument, location: task.location, state: task.value.status.type == .done ? "done" : "cancelled")
        }
      }
    } catch let error as VaultError {
      throw error
    } catch {
      throw VaultError(indexFailure: error)
    }
    return try unique(candidates, argument)
  }

  private func unique(_ tasks: [Located<TaskItem>], _ argument: String) throws(VaultError) -> Located<TaskItem> {
    guard let first = tasks.first else { throw .taskNotFound(argument) }
    guard tasks.count == 1 else {
      throw .ambiguousTask(
        argument,
        candidates: tasks.map {
          "\($0.fullID.prefix(10))  \($0.location)  [\($0.value.status.symbol)] \($0.value.description)"
        })
    }
    return first
  }

  /// Completes, cancels or reopens the task in its file. The file is read again and parsed, the
  /// line changed as the Tasks plugin changes it (a recurring task's next instance above it, or
  /// below with `recurrenceOnNextLine`), and written atomically; every other byte stays.
  public func change(
    _ task: Located<TaskItem>, _ change: TaskChange, today: LocalDate
  ) throws(VaultError)
    -> TaskChangeResult
  {
    if task.value.format == .note { return try changeTaskNote(task, change, today: today) }
    let display = task.path
    return try edit(task.path) { current throws(VaultError) in
      guard let bytes = current else { throw .changedOnDisk(display) }
      let note = NoteParser.parse(bytes, path: task.path)
      guard let fresh = note.tasks.current(of: task.value) else { throw .changedOnDisk(display) }
      let range = fresh.byteRange
      let before = String(decoding: bytes[range], as: UTF8.self)
      let what = "the task at \(display):\(fresh.line)"
      let edited: TaskLineEditor.Result
      var reopenWarning: String?
      switch change {
      case .complete, .cancel:
        let result =
          change == .complete
          ? TaskLineEditor.complete(before, task: fresh, on: today, settings: settings.tasks)
          : TaskLineEditor.cancel(before, task: fresh, on: today, settings: settings.tasks)
        switch result {
        case .success(var value):
          // A task cancelled by `vault cancel` got its next instance then: done later, it gets
          // no second one (cancelled in Obsidian, it has none beside it, and gets it now).
          if fresh.status.type == .cancelled, value.nextInstance != nil,
            note.tasks.contains(where: {
              abs($0.line - fresh.line) == 1 && $0.isOpen && $0.description == fresh.description
                && $0.recurrence == fresh.recurrence
            })
          {
            value.nextInstance = nil
          }
          edited = value
        case .failure(.alreadyClosed(let state)):
          throw .taskClosed(fresh.description, location: "\(display):\(fresh.line)", state: state)
        case .failure(let failure): throw .cannotChange(what, reason: failure.description)
        }
      case .reopen:
        switch TaskLineEditor.reopen(before, task: fresh, settings: settings.tasks) {
        case .success(let line): edited = TaskLineEditor.Result(line: line, nextInstance: nil)
        case .failure(let failure): throw .cannotChange(what, reason: failure.description)
        }
        if let line = edited.line, fresh.recurrence != nil, fresh.status.type == .done {
          let (instance, warning) = nextInstanceToRemove(
            reopened: line, task: fresh, in: note, bytes: bytes, today: today)
          if let instance {
            return .write(
              removing(instance, andReplacing: fresh, with: line, in: bytes),
              TaskChangeResult(
                path: task.path, line: min(fresh.line, instance.line), before: before, after: line,
                nextInstance: nil, nextInstanceLine: nil, removedInstance: instance.line,
                warning: nil))
          }
          if let warning { reopenWarning = warning }
        }
      }
      // The line's ending stays after the new lines (none on a last line without one); between
      // them, the note's line ending.
      var lineEnd = range.upperBound
      if lineEnd < bytes.count, bytes[lineEnd] == 13 { lineEnd += 1 }
      if lineEnd < bytes.count, bytes[lineEnd] == 10 { lineEnd += 1 }
      let nextAbove = !settings.tasks.recurrenceOnNextLine || edited.line == nil
      let written = (nextAbove ? [edited.nextInstance, edited.line] : [edited.line, edited.nextInstance])
        .compactMap { $0 }
      let separator = note.encoding.lineEnding == .crlf ? "\r\n" : "\n"
      // A line removed (`🏁 delete`) goes with its line ending.
      let replacement =
        written.isEmpty
        ? [] : Array(written.joined(separator: separator).utf8) + Array(bytes[range.upperBound..<lineEnd])
      let nextLine = edited.nextInstance.map { _ in nextAbove ? fresh.line : fresh.line + 1 }
      let result = Array(bytes[..<range.lowerBound]) + replacement + Array(bytes[lineEnd...])
      // Where the task line is now: one lower when its next instance went above it.
      let taskLine = edited.line != nil && nextLine == fresh.line ? fresh.line + 1 : fresh.line
      return .write(
        result,
        TaskChangeResult(
          path: task.path, line: taskLine, before: before, after: edited.line, nextInstance: edited.nextInstance,
          nextInstanceLine: nextLine, removedInstance: nil, warning: edited.warning ?? reopenWarning))
    }
  }

  /// The next instance `done` put beside a recurring task, when it is still exactly what `done`
  /// wrote (the rule applied on the day the task was done): undo takes it away again. When a
  /// line beside the task reads as a changed instance, the warning says which line to remove.
  private func nextInstanceToRemove(
    reopened line: String, task: TaskItem, in note: Note, bytes: [UInt8], today: LocalDate
  ) -> (TaskItem?, String?) {
    var open = task
    open.status = .todo
    open.done = nil
    guard
      case .success(let result) = TaskLineEditor.complete(
        line, task: open, on: task.done ?? today, settings: settings.tasks),
      let expected = result.nextInstance
    else { return (nil, nil) }
    let beside = settings.tasks.recurrenceOnNextLine ? [task.line + 1, task.line - 1] : [task.line - 1, task.line + 1]
    for number in beside {
      guard let other = note.tasks.first(where: { $0.line == number }), other.isOpen else { continue }
      let text = String(decoding: bytes[other.byteRange], as: UTF8.self)
      if text == expected { return (other, nil) }
      if other.description == task.description, other.recurrence == task.recurrence {
        return (
          nil,
          "the next instance at \(note.path):\(number) was changed since done added it; "
            + "remove it yourself if it is not wanted"
        )
      }
    }
    return (nil, nil)
  }

  /// `bytes` with `task`'s line replaced by `line` and `instance`'s line (beside it) removed
  /// with its line ending.
  private func removing(
    _ instance: TaskItem, andReplacing task: TaskItem, with line: String, in bytes: [UInt8]
  )
    -> [UInt8]
  {
    func lineEnd(_ end: Int) -> Int {
      var end = end
      if end < bytes.count, bytes[end] == 13 { end += 1 }
      if end < bytes.count, bytes[end] == 10 { end += 1 }
      return end
    }
    let taskEnd = lineEnd(task.byteRange.upperBound)
    let instanceEnd = lineEnd(instance.byteRange.upperBound)
    let newLine = Array(line.utf8) + Array(bytes[task.byteRange.upperBound..<taskEnd])
    if instance.line < task.line {
      return Array(bytes[..<instance.byteRange.lowerBound]) + newLine + Array(bytes[taskEnd...])
    }
    // The instance below: the task's line ending stays only if the instance had one.
    let ending = Array(bytes[instance.byteRange.upperBound..<instanceEnd])
    return Array(bytes[..<task.byteRange.lowerBound]) + Array(line.utf8)
      + (ending.isEmpty ? [] : Array(bytes[task.byteRange.upperBound..<taskEnd])) + Array(bytes[instanceEnd...])
  }

  /// A task note (TaskNotes' form) changes its properties, as that plugin does: `status: done`
  /// with `completedDate`, `status: cancelled` with `completedDate`, or `status: open` without
  /// it; one write. `before` and `after` are the `status` lines.
  private func changeTaskNote(
    _ task: Located<TaskItem>, _ change: TaskChange, today: LocalDate
  ) throws(VaultError) -> TaskChangeResult {
    let kind: TaskStatus.Kind =
      switch change {
      case .complete: .done
      case .cancel: .cancelled
      case .reopen: .todo
      }
    let status = TaskNoteReader.statusValue(kind)
    let before = "status: " + TaskNoteReader.statusValue(task.value.status.type)
    _ = try setProperties(
      [("status", status), ("completedDate", kind == .todo ? nil : today.description)], in: task.path)
    let line = note(at: task.path).properties.first { $0.key == "status" }?.location.line ?? task.line
    return TaskChangeResult(
      path: task.path, line: line, before: before, after: "status: " + status, nextInstance: nil,
      nextInstanceLine: nil, removedInstance: nil, warning: nil)
  }
}
