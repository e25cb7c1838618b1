import VaultCore
import VaultMarkdown

extension Vault {
  /// Moves a task line with its block within its list (`TaskReorder`), `other` naming the item
  /// it goes before or after. The note is read again under the write lock; the task and the
  /// other item are found again by what they say, so a line moved meanwhile is still found,
  /// and a note changed so that they are not gets `changedOnDisk` (`nowOnLine`: the task was
  /// just changed, and is the one on that line).
  public func moveTask(
    _ task: Located<TaskItem>, to place: TaskReorder.Place, other: Located<TaskItem>? = nil,
    nowOnLine: Int? = nil
  ) throws(VaultError) -> TaskChangeResult {
    guard task.value.format != .note else {
      throw .cannotChange(
        "the task note \(task.path)",
        reason: "a task note is a note of its own, not a line in a list: it has no place to move")
    }
    if let other, other.path != task.path {
      throw .cannotChange(
        "the task at \(task.location)",
        reason: "\(other.location) is in another note; a task moves within its own list")
    }
    let display = task.path
    return try edit(task.path) { current throws(VaultError) in
      guard let bytes = current else { throw .changedOnDisk(display) }
      let note = NoteParser.parse(bytes, path: task.path)
      let changed = nowOnLine.flatMap { line in note.tasks.first { $0.line == line } }
      guard let fresh = changed ?? note.tasks.current(of: task.value) else { throw .changedOnDisk(display) }
      var freshPlace = place
      if let other {
        guard let target = note.tasks.current(of: other.value) else { throw .changedOnDisk(display) }
        freshPlace = place == .before(line: other.value.line) ? .before(line: target.line) : .after(line: target.line)
      }
      let text = String(decoding: bytes[fresh.byteRange], as: UTF8.self)
      switch TaskReorder.move(bytes, taskLine: fresh.line, to: freshPlace) {
      case .success(let (result, line)):
        let change = TaskChangeResult(
          path: task.path, line: line, before: text, after: text, nextInstance: nil, nextInstanceLine: nil,
          removedInstance: nil, warning: nil)
        return result == bytes ? .keep(change) : .write(result, change)
      case .failure(let failure):
        throw .cannotChange("the task at \(display):\(fresh.line)", reason: failure.description)
      }
    }
  }
}
