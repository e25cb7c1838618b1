import VaultCore
import VaultMarkdown

extension Vault {
  /// Changes chosen fields of a task (`TaskFieldEditor`): on its line, only those fields; on a
  /// task note, those properties (`title`, `due`, `scheduled`, `start`, `priority`,
  /// `recurrence`). The file is read again under the write lock and written atomically.
  public func editTask(
    _ task: Located<TaskItem>, _ changes: TaskFieldEditor.Changes
  ) throws(VaultError) -> TaskChangeResult {
    if task.value.format == .note { return try editTaskNote(task, changes) }
    let display = task.path
    return try edit(task.path) { current throws(VaultError) in
      guard let bytes = current else { throw .changedOnDisk(display) }
      let note = NoteParser.parse(bytes, path: task.path)
      guard let fresh = note.tasks.current(of: task.value) else { throw .changedOnDisk(display) }
      let before = String(decoding: bytes[fresh.byteRange], as: UTF8.self)
      let after: String
      switch TaskFieldEditor.edit(before, task: fresh, changes: changes, settings: settings.tasks) {
      case .success(let line): after = line
      case .failure(let failure):
        let location = "\(display):\(fresh.line)"
        throw .cannotChange(
          "the task at \(location)",
          reason: failure.description
            + (failure == .textNotFound ? "; edit it with `vault edit \(ShellQuote.quoted(location))`" : ""))
      }
      let result =
        Array(bytes[..<fresh.byteRange.lowerBound]) + Array(after.utf8)
        + Array(bytes[fresh.byteRange.upperBound...])
      let change = TaskChangeResult(
        path: task.path, line: fresh.line, before: before, after: after, nextInstance: nil, nextInstanceLine: nil,
        removedInstance: nil, warning: nil)
      return result == bytes ? .keep(change) : .write(result, change)
    }
  }

  private func editTaskNote(
    _ task: Located<TaskItem>, _ changes: TaskFieldEditor.Changes
  ) throws(VaultError) -> TaskChangeResult {
    var values: [(key: String, value: String?)] = []
    if let text = changes.text { values.append(("title", text.trimmingSpaces())) }
    if let due = changes.due { values.append(("due", due?.description)) }
    if let scheduled = changes.scheduled { values.append(("scheduled", scheduled?.description)) }
    if let start = changes.start { values.append(("start", start?.description)) }
    if let priority = changes.priority { values.append(("priority", priority.rawValue)) }
    if let recurrence = changes.recurrence {
      if let rule = recurrence, RecurrenceRule.parse(tasksRule: rule) == nil {
        throw .cannotChange(
          "the task note \(task.path)", reason: TaskFieldEditor.Failure.badRule(rule).description)
      }
      values.append(("recurrence", recurrence))
    }
    let changed = try setProperties(values, in: task.path)
    let describe = { (changes: [PropertyChange]) in
      changes.map { "\($0.key): \($0.value ?? "(removed)")" }.joined(separator: ", ")
    }
    return TaskChangeResult(
      path: task.path, line: 1, before: task.value.description, after: describe(changed), nextInstance: nil,
      nextInstanceLine: nil, removedInstance: nil, warning: nil)
  }
}
