import Foundation
import HTTPTypes
import Hummingbird
import VaultCore
import VaultKit

extension CalDAVServer {
  /// PUT: a client's event, to-do or journal entry kept in the notes (Vault.calDAVPutEvent,
  /// calDAVPutTask, calDAVPutJournal).
  /// `If-Match` is checked against the notes as they are on disk now, not as the index last
  /// saw them, and the check and the write happen under one lock: of two clients that read the
  /// same version, the second gets 412, and an edit made in an editor meanwhile is never
  /// overwritten by a client that had not seen it.
  func put(_ target: CalDAVTarget, request: Request, body: String) async throws -> Response {
    guard case .object(let asked, let name) = target else {
      var response = Self.plain(.methodNotAllowed, "A PUT names a calendar object: \(Self.home)events/UID.ics.")
      response.headers[.allow] = Self.allowed(target)
      return response
    }
    if let type = request.headers[.contentType], !type.lowercased().hasPrefix("text/calendar") {
      return Self.xml(
        .unsupportedMediaType,
        DAVXMLWriter.error(DAVNamespace.caldav, "supported-calendar-data", reason: "a calendar object is text/calendar")
      )
    }
    guard body.utf8.count <= 1_000_000 else {
      return Self.xml(
        .forbidden, DAVXMLWriter.error(DAVNamespace.caldav, "max-resource-size", reason: "an object is at most 1 MB"))
    }
    let existing = try await state.object(named: name, in: asked)
    let parsed = ICalendar.parse(body).components.first
    // In a calendar of both, the object is an event or a to-do as it was, else as it is sent.
    let sentToDo = parsed?.components.contains { $0.name == "VTODO" } == true
    let calendar = asked.kinds.count > 1 ? asked.facet(existing?.kind ?? (sentToDo ? .tasks : .events)) : asked
    // A new object whose UID another one has already (RFC 4791 5.3.2.1, no-uid-conflict).
    let uid = parsed?.components.first { ["VEVENT", "VTODO", "VJOURNAL"].contains($0.name) }?.first("UID")?.text
    // An event or a to-do of another calendar is moved here: a calendar app drags one to another
    // calendar with a PUT there and then a DELETE in the first (Thunderbird, Evolution), and that
    // DELETE then finds nothing to remove (404). A to-do's line changes list tags.
    var moving: (object: CalDAVObject, from: CalDAVCalendar, move: CalDAVEventMove?)?
    if existing == nil, let uid, let other = try await state.holds(uid: uid, in: calendar) {
      let otherCalendar = other.calendar.slug != calendar.slug && other.object.kind == calendar.kind
      if otherCalendar, calendar.kind == .events,
        let move = state.vault.calDAVEventMove(paths: other.object.resource.paths, to: calendar)
      {
        moving = (other.object, other.calendar, move)
      } else if otherCalendar, calendar.kind == .tasks, let task = other.object.task,
        state.vault.calDAVTaskMoveFits(task.value, from: other.calendar, to: calendar)
      {
        moving = (other.object, other.calendar, nil)
      } else {
        let href = CalDAVTarget.object(other.calendar, name: other.object.resource.name).href
        return Self.xml(
          .forbidden,
          DAVXMLWriter.error(DAVNamespace.caldav, "no-uid-conflict", href: href, reason: "\(href) has this UID"))
      }
    }
    let moved = moving
    // A new subtask (RELATED-TO a to-do of the vault) goes under its parent's line.
    var parentTask: Located<TaskItem>?
    if calendar.kind == .tasks, existing == nil,
      let related = parsed?.components.first(where: { $0.name == "VTODO" }).flatMap(TaskTodo.parentUID(of:)),
      let found = try await state.holds(uid: related, in: calendar)
    {
      parentTask = found.object.task
    }
    let parent = parentTask
    let ifMatch = request.headers[.ifMatch]
    let ifNoneMatch = request.headers[.ifNoneMatch]
    // The object as the client last read it, when it changes one: what differs from it changes.
    var lastRead: String?
    if calendar.kind == .events, let existing {
      lastRead = try await state.bodies(of: [existing], in: calendar)[name]
    } else if let moved {
      lastRead = try await state.bodies(of: [moved.object], in: moved.from)[moved.object.resource.name]
    }
    let currentBody = lastRead
    let given =
      calendar.kind == .events
      ? nil
      : await state.lastGiven(moved?.object.resource.name ?? name, in: moved?.from ?? calendar)
    let vault = state.vault
    let today = await state.today
    let result = try await state.writing { () throws(CalDAVRefusal) -> CalDAVPutResult in
      var current: Located<TaskItem>?
      var currentTag: String?
      if let existing = existing ?? moved?.object {
        if calendar.kind == .tasks, let task = existing.task, let id = existing.resource.taskID {
          current = vault.calDAVCurrentTask(id: id, at: task.path)
          currentTag = current.flatMap { vault.calDAVTaskBody($0)?.etag }
        } else {
          currentTag = vault.calDAVCurrentTag(of: existing.resource, calendar.kind)
        }
      }
      // A moved object is new at this address.
      if moved != nil { currentTag = nil }
      if let ifNoneMatch, ifNoneMatch.trimmingCharacters(in: .whitespaces) == "*", currentTag != nil {
        throw .changedMeanwhile("the object exists already (If-None-Match: *)")
      }
      if let ifMatch {
        let tags = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let currentTag else { throw .changedMeanwhile("the object does not exist (any more)") }
        if !tags.contains("*") && !tags.contains(currentTag) {
          throw .changedMeanwhile("the object changed since it was read: read it again (its ETag is now \(currentTag))")
        }
      }
      switch calendar.kind {
      case .events:
        if let moved, let move = moved.move {
          // Refused before anything moves, as it would be after.
          try vault.calDAVCheckEvent(body, in: calendar)
          let paths = try vault.calDAVMoveEvent(move)
          let resource = CalDAVResource(name: name, uid: moved.object.resource.uid, etag: "", paths: paths)
          var result = try vault.calDAVPutEvent(
            body, named: name, in: calendar, existing: resource, currentBody: currentBody)
          result.created = true
          return result
        }
        return try vault.calDAVPutEvent(
          body, named: name, in: calendar, existing: currentTag == nil ? nil : existing?.resource,
          currentBody: currentBody)
      case .tasks:
        if let moved {
          guard let current else { throw .notFound }
          var result = try vault.calDAVPutTask(
            body, in: calendar, existing: current, today: today, given: given, leaving: moved.from)
          result.created = true
          return result
        }
        return try vault.calDAVPutTask(
          body, in: calendar, existing: current, today: today, given: given, parent: parent)
      case .journal:
        return try vault.calDAVPutJournal(
          body, given: given, checked: ifMatch != nil,
          existing: currentTag == nil
            ? nil : existing.flatMap { object in object.journal.map { (object.resource, $0) } })
      }
    }
    // A new object lives at the URL its client chose, whatever its UID.
    if existing == nil, let uid { try state.vault.calDAVRemember(calendar.kind, uid: uid, name: name) }
    await state.wrote(result.paths + (existing?.resource.paths ?? []) + (moved?.object.resource.paths ?? []))
    // A moved object's part kept under its old name goes: it is kept under this one (below).
    if let moved, moved.object.resource.name != name {
      state.vault.calDAVForget(calendar.kind, name: moved.object.resource.name)
    }
    // What the notes cannot say is kept beside them: the client gets back all it sent, and the
    // ETag of what it sent when a GET gives those very bytes (RFC 4791 5.3.4).
    var etag: String?
    if let uid { etag = try await state.keep(body, uid: uid, written: result.paths, in: calendar) }
    // Its client holds the to-do or the journal entry as it sent it: what its next PUT without
    // If-Match is checked against (Evolution changes a memo twice without reading it in
    // between). Another client's is what it was last given, so of two clients that read the
    // same entry, the second is refused rather than written over the first's text.
    if calendar.kind != .events { await state.sent(body, as: name, in: calendar) }
    var headers: HTTPFields = [.contentLength: "0"]
    if let etag { headers[.eTag] = etag }
    return Response(status: result.created ? .created : .noContent, headers: headers)
  }
}
