import Foundation
import HTTPTypes
import Hummingbird
import VaultCore
import VaultKit

extension CalDAVServer {
  /// DELETE: an event's notes, or a journal entry's, move to `.trash/`; a to-do's line (and those nested under it) is
  /// removed. `If-Match` is checked against the files now, under the same lock as PUT.
  func delete(_ target: CalDAVTarget, request: Request) async throws -> Response {
    if case .calendar(let calendar) = target { return await deleteCalendar(calendar) }
    guard case .object(let asked, let name) = target else {
      return Self.plain(.forbidden, "The principal and the calendar home are not deleted.")
    }
    guard let existing = try await state.object(named: name, in: asked) else {
      return Self.plain(.notFound, "No such calendar object.")
    }
    let calendar = asked.facet(existing.kind)
    let ifMatch = request.headers[.ifMatch]
    let vault = state.vault
    try await state.writing { () throws(CalDAVRefusal) in
      var currentTag: String?
      var current: Located<TaskItem>?
      if calendar.kind == .tasks, let task = existing.task, let id = existing.resource.taskID {
        current = vault.calDAVCurrentTask(id: id, at: task.path)
        currentTag = current.flatMap { vault.calDAVTaskBody($0)?.etag }
      } else {
        currentTag = vault.calDAVCurrentTag(of: existing.resource, calendar.kind)
      }
      guard let currentTag else { throw .notFound }
      if let ifMatch {
        let tags = ifMatch.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if !tags.contains("*") && !tags.contains(currentTag) {
          throw .changedMeanwhile("the object changed since it was read: read it again (its ETag is now \(currentTag))")
        }
      }
      if let current {
        try vault.calDAVDeleteTask(current)
      } else {
        try vault.calDAVDelete(existing.resource)
      }
    }
    await state.wrote(existing.resource.paths)
    vault.calDAVForget(calendar.kind, name: existing.resource.name)
    try? vault.calDAVRemember(calendar.kind, uid: existing.resource.uid, name: nil)
    return Response(status: .noContent)
  }
}
