import Foundation
import VaultCore
import VaultIndex
import VaultMarkdown

extension Vault {
  /// How long a closed task with an id stays in the task list, so that a phone that ticked it
  /// off sees it done.
  static let calDAVClosedDays = 30

  /// The task list a calendar client sees (TaskTodo): the open tasks with a date, in the inbox,
  /// or with an id, and those with an id closed in the last 30 days. A task without an id gets
  /// one here (`🆔`, as the Tasks plugin writes it, one write per note), so that the client can
  /// follow it across edits in an editor and a rebuilt index. Returns the notes it wrote too.
  public func calDAVTasks(
    in store: IndexStore, list: CalDAVCalendar, today: LocalDate
  ) throws(VaultError) -> (tasks: [Located<TaskItem>], written: [String]) {
    // A task with the tag of a list of `calendars:` is in the first such list; the others in Tasks.
    let calendars = calDAVCalendars.compactMap(\.setting)
    func holds(_ task: TaskItem) -> Bool { calendars.listTag(holdingTags: task.tags) == list.setting?.tag }
    var selection = TaskSelection()
    selection.taskList = (
      (try? newNotePath(settings.inbox)) ?? settings.inbox,
      today.adding(days: -Self.calDAVClosedDays)
    )
    var tasks: [Located<TaskItem>]
    do {
      tasks = try store.tasks(selection).filter { $0.value.format != .note && holds($0.value) }
    } catch {
      throw VaultError(error)
    }
    var generator = SystemRandomNumberGenerator()
    var written: [String] = []
    let missing = Dictionary(grouping: tasks.indices.filter { tasks[$0].value.id == nil }, by: { tasks[$0].path })
    for (path, indices) in missing.sorted(by: { $0.key < $1.key }) {
      var ids: [Int: String] = [:]
      for index in indices { ids[index] = TaskTodo.newID(using: &generator) }
      let wanted = indices.map { (tasks[$0].value, ids[$0] ?? "") }
      // One write per note: each line read again under the lock and given its id where it
      // still reads as it did; a line changed meanwhile gets one next time.
      let given: [Int: String]
      do {
        given = try edit(path) { current throws(VaultError) -> FileEdit<[Int: String]> in
          guard var bytes = current else { return .keep([:]) }
          var given: [Int: String] = [:]
          for (task, id) in wanted.sorted(by: { $0.0.line > $1.0.line }) {
            let note = NoteParser.parse(bytes, path: path)
            guard let fresh = note.tasks.current(of: task), fresh.id == nil else { continue }
            let before = String(decoding: bytes[fresh.byteRange], as: UTF8.self)
            var changes = TaskFieldEditor.Changes()
            changes.id = id
            guard
              case .success(let after) = TaskFieldEditor.edit(
                before, task: fresh, changes: changes, settings: settings.tasks)
            else { continue }
            bytes =
              Array(bytes[..<fresh.byteRange.lowerBound]) + Array(after.utf8)
              + Array(bytes[fresh.byteRange.upperBound...])
            given[task.line] = id
          }
          return given.isEmpty ? .keep(given) : .write(bytes, given)
        }
      } catch {
        continue
      }
      if !given.isEmpty { written.append(path) }
      for index in indices { tasks[index].value.id = given[tasks[index].value.line] }
    }
    return (tasks.filter { $0.value.id != nil }, written)
  }

  /// A task's calendar object: its VTODO in a VCALENDAR, with what its client sent that the
  /// notes do not say (`CalDAVKept`; not `raw`), and its ETag (of those bytes). `kept`: the
  /// stamps of the kept parts (`calDAVKeptStamps`), read once for a listing; nil: looked for.
  public func calDAVTaskBody(
    _ task: Located<TaskItem>, kept: [String: String]? = nil, hrefs: [String: String]? = nil, raw: Bool = false
  ) -> (body: String, etag: String)? {
    // DTSTAMP: the newest of the days the task was made, done or cancelled, so the same line
    // gives the same bytes and the stamp is never a day still to come (a due day may be).
    let newest =
      [task.value.created, task.value.done, task.value.cancelled].compactMap { $0 }.max() ?? LocalDate(dayNumber: 0)
    guard
      let todo = TaskTodo.todo(
        task, stamp: LocalDateTime(date: newest, time: .midnight), link: obsidianLink(task.path),
        parent: calDAVParentID(of: task))
    else { return nil }
    var body = ICalendar.calendar(name: nil, components: [todo])
    if !raw, let id = task.value.id {
      let name = calDAVObjectName(uid: TaskTodo.uid(forID: id), hrefs: hrefs ?? calDAVHrefs(.tasks))
      if kept == nil || kept?[name] != nil { body = calDAVWithKept(body, .tasks, name: name, paths: [task.path]) }
    }
    return (body, Self.calDAVTag(body))
  }

  /// The id of the task `task` is nested under, read from its note (only a subtask's is read).
  func calDAVParentID(of task: Located<TaskItem>) -> String? {
    guard let line = task.value.parentLine, case .success(let bytes) = FileSystem.readFile(root + "/" + task.path)
    else { return nil }
    return NoteParser.parse(bytes, path: task.path).tasks.first { $0.line == line }?.id
  }

  /// The task with this id, read from its note now (not from the index).
  public func calDAVCurrentTask(id: String, at path: String) -> Located<TaskItem>? {
    guard case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { return nil }
    let note = NoteParser.parse(bytes, path: path)
    guard let task = note.tasks.first(where: { $0.id == id }) else { return nil }
    return Located(path: path, title: note.title, line: task.line, value: task)
  }

  /// Keeps a client's to-do: a new one becomes a line in the inbox (with its UID as `🆔`), or
  /// under its parent task when it is a subtask; a
  /// changed one changes the fields of its line that differ, then its status as `vault done`,
  /// `vault cancel` or `vault undo` would (a recurring task done gets its next instance).
  ///
  /// `given` is the object as this server last gave it to a client (GET, REPORT): only what the
  /// client changed from it changes the line, so a to-do sent back without `If-Match` never
  /// undoes what happened on disk meanwhile (a `vault done`, an editor's change).
  ///
  /// `parent`: the task a new to-do is a subtask of (its RELATED-TO): the line goes under it,
  /// nested, after the lines nested under it already.
  ///
  /// `leaving`: the task list `existing` is moved from (a client moved it into `list`): the line
  /// loses that list's tag and gets `list`'s.
  public func calDAVPutTask(
    _ body: String, in list: CalDAVCalendar, existing: Located<TaskItem>?, today: LocalDate, given: String? = nil,
    parent: Located<TaskItem>? = nil, leaving: CalDAVCalendar? = nil
  ) throws(CalDAVRefusal) -> CalDAVPutResult {
    let root = try Self.calDAVObject(body, holding: "VTODO", "this task list takes to-dos only")
    let offset = Self.calendarZones.offset
    let zoneName = zone.identifier
    let local = { (moment: LocalDateTime) in
      let seconds = offset(zoneName, moment) ?? 0
      return ReminderSchedule.Zone.fixed(seconds).local(ReminderSchedule.Zone.fixed(0).instant(moment))
    }
    let read: TaskTodo.Fields
    switch TaskTodo.fields(root, local: local) {
    case .success(let fields): read = fields
    case .failure(let refusal): throw .notAcceptable(refusal.description)
    }
    // It stays in this list: another list's tag it was sent with (vault's own, from the list it
    // was in) is kept beside the line, with all the line cannot say, not written into it.
    let listTags = calDAVCalendars.compactMap(\.setting).compactMap(\.tag)
    let fields = TaskTodo.keepingIn(listTag: list.setting?.tag, of: listTags, read, new: existing == nil)
    let givenFields = given.flatMap { ICalendar.parse($0).components.first }.flatMap {
      try? TaskTodo.fields($0, local: local).get()
    }
    guard let existing else {
      // In a task list of a tag, the line gets the tag; a closed to-do made on a client is
      // written open, then closed as `vault done` closes one.
      // A subtask in its parent's notation, when the parent's line has one.
      let format = parent.map(\.value.format).flatMap { [.emoji, .dataview].contains($0) ? $0 : nil }
      let line = TaskTodo.newLine(
        fields, tags: list.setting?.tag.map { [$0] } ?? [], format: format ?? settings.tasks.format,
        globalFilter: settings.tasks.globalFilter)
      let added: AddedLine
      if let parent {
        do {
          added = try appendSubtask(line, under: parent)
        } catch {
          throw .cannotWrite("the to-do cannot be added under \(parent.path):\(parent.line): \(error)")
        }
      } else {
        let inbox: String
        do {
          inbox = try newNotePath(settings.inbox)
        } catch {
          throw .cannotWrite("the inbox cannot take the to-do: \(error)")
        }
        do {
          added = try appendToInbox(line, at: inbox)
        } catch {
          throw .cannotWrite("the to-do cannot be added to \(inbox): \(error)")
        }
      }
      let id = TaskTodo.id(forUID: fields.uid)
      if fields.status == .done || fields.status == .cancelled, let task = calDAVCurrentTask(id: id, at: added.path) {
        _ = try? change(task, fields.status == .done ? .complete : .cancel, today: fields.completed ?? today)
      }
      return CalDAVPutResult(created: true, etag: nil, paths: [added.path])
    }
    if TaskTodo.id(forUID: fields.uid) != existing.value.id {
      throw .notAcceptable("the UID of a to-do cannot change")
    }
    var task = existing
    if let changes = TaskTodo.changes(
      from: task.value, to: fields, since: givenFields, listTag: list.setting?.tag, leavingTag: leaving?.setting?.tag)
    {
      do {
        _ = try editTask(task, changes)
      } catch {
        throw .cannotWrite("\(task.path):\(task.line) cannot be changed: \(error)")
      }
      guard let fresh = calDAVCurrentTask(id: existing.value.id ?? "", at: task.path) else { throw .notFound }
      task = fresh
    }
    // DESCRIPTION changed by the client: the task's notes, when they can say it (else it is
    // kept beside the note, as what the notes cannot say is).
    let notesChanged = givenFields.map { $0.notes != fields.notes } ?? (fields.notes != nil)
    if notesChanged, fields.notes != task.value.notes, TaskNotesSyntax.fits(fields.notes ?? "x") {
      do {
        try setNotes(of: task, to: fields.notes)
      } catch {
        throw .cannotWrite("\(task.path):\(task.line) cannot be changed: \(error)")
      }
      guard let fresh = calDAVCurrentTask(id: existing.value.id ?? "", at: task.path) else { throw .notFound }
      task = fresh
    }
    let status = task.value.status.type
    let wanted = fields.status
    // A status sent back as it was given is no change (the line may have been ticked since).
    let statusChanged = givenFields.map { $0.status != wanted } ?? true
    let closing: TaskChange? =
      switch (status.isOpen, statusChanged ? wanted : nil) {
      case (true, .done): .complete
      case (true, .cancelled): .cancel
      case (false, .todo), (false, .inProgress): .reopen
      default: nil
      }
    if let closing {
      do {
        _ = try change(task, closing, today: closing == .complete ? (fields.completed ?? today) : today)
      } catch {
        throw .cannotWrite("\(task.path):\(task.line) cannot be changed: \(error)")
      }
    }
    let etag = calDAVCurrentTask(id: existing.value.id ?? "", at: task.path).flatMap { calDAVTaskBody($0)?.etag }
    return CalDAVPutResult(created: false, etag: etag, paths: [task.path])
  }

  /// A task's notes (the lines indented under it that are not list items) replaced by `text`'s
  /// lines, indented as the first of them was (else under the task's text), with the task
  /// line's line ending; nil removes them. Only those bytes change; the file is read again under
  /// the lock.
  func setNotes(of task: Located<TaskItem>, to text: String?) throws(VaultError) {
    _ = try edit(task.path) { current throws(VaultError) -> FileEdit<Bool> in
      guard let current, let fresh = NoteParser.parse(current, path: task.path).tasks.current(of: task.value) else {
        throw .cannotChange("\(task.path):\(task.line)", reason: "the task is no longer there")
      }
      let newline = UInt8(ascii: "\n")
      let carriageReturn = UInt8(ascii: "\r")
      var lines = current.split(separator: newline, omittingEmptySubsequences: false).map { Array($0) }
      guard fresh.line >= 1, fresh.line <= lines.count else {
        throw .cannotChange("\(task.path):\(task.line)", reason: "the task's line is not in the file")
      }
      // A line's text without its `\r`, to look at (its bytes stay as they are).
      let textOf = { (line: [UInt8]) in
        String(decoding: line.last == carriageReturn ? line.dropLast() : line[...], as: UTF8.self)
      }
      let own = TaskNotesSyntax.width(fresh.indentation)
      let start = fresh.line
      var end = start
      while end < lines.count, TaskNotesSyntax.continuesNotes(textOf(lines[end]), under: own) { end += 1 }
      let indentation =
        end > start
        ? Array(lines[start].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
        : Array((fresh.indentation + String(repeating: " ", count: fresh.marker.count + 1)).utf8)
      let ending: [UInt8] = lines[start - 1].last == carriageReturn ? [carriageReturn] : []
      let written = (text?.split(separator: "\n").map { indentation + Array($0.utf8) + ending }) ?? []
      lines.replaceSubrange(start..<end, with: written)
      return .write(Array(lines.joined(separator: [newline])), true)
    }
  }

  /// Removes a task's line (and the lines nested under it), as `vault remove` does.
  public func calDAVDeleteTask(_ task: Located<TaskItem>) throws(CalDAVRefusal) {
    do {
      _ = try removeLine(of: task)
    } catch {
      throw .cannotWrite("\(task.path):\(task.line) cannot be removed: \(error)")
    }
  }
}
