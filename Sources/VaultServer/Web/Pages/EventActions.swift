import Foundation
import Hummingbird
import VaultCore
import VaultIndex
import VaultKit

/// Events changed from the web view, through the same door as the commands: `/events/add`
/// writes the note `vault add event` writes (Vault.addEvent), `/events/move` moves a one-off
/// event to another day as `vault set date` would, `/events/delete` moves its note to the trash
/// as `vault rm` does.
extension WebSite {
  /// `vault add event`: title, date, time, end time, end date, all day, repeat, time zone,
  /// category, location and reminders, from the day's form.
  func addEvent(_ form: [String: String]) async throws -> Response {
    let title = (form["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty, !title.contains("\n") else {
      throw WebFailure(status: .badRequest, title: "An event needs its title", advice: "Write its title on one line.")
    }
    let today = await session.today
    guard let date = try Self.date(form["date"] ?? "", "date", today: today) else {
      throw WebFailure(status: .badRequest, title: "An event needs its day", advice: "Choose the day it is on.")
    }
    var event = NewNote.EventFields(title: title, date: date)
    event.end = try Self.date(form["end"] ?? "", "end", today: today)
    let allDay = form["allDay"] != nil
    if !allDay {
      event.startTime = try Self.time(form["time"] ?? "", "start")
      event.endTime = try Self.time(form["endTime"] ?? "", "end")
      if event.endTime != nil && event.startTime == nil {
        throw WebFailure(status: .badRequest, title: "An end time needs a start", advice: "Give the time it starts.")
      }
    }
    func text(_ key: String) -> String? {
      let value = (form[key] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
      return value.isEmpty || value.contains("\n") ? nil : value
    }
    if let zone = text("timezone"), TimeZone(identifier: zone) == nil {
      throw WebFailure(
        status: .badRequest, title: "Not a time zone", advice: "'\(zone)' is no IANA zone name, such as Europe/Berlin.")
    }
    (event.category, event.location, event.timeZone) = (text("category"), text("location"), text("timezone"))
    event.recurrence = text("repeat").flatMap { $0 == "none" ? nil : $0 }
    event.remind = text("remind").map { $0.split(separator: ",").map { $0.trimmingSpaces() } } ?? []
    let vault = vault
    let filing = try await session.read { store, _ in try vault.eventFiling(in: store) }
    let now = await session.now
    let path: String
    do {
      path = try vault.addEvent(event, notes: nil, now: now, filing: filing)
    } catch .asked(let field, let problem) {
      throw WebFailure(status: .badRequest, title: "The event cannot be written so", advice: "The \(field): \(problem)")
    } catch .vault(let error) {
      throw error
    }
    await session.wrote([path])
    return back(form, fallback: "/day?date=\(date)")
  }

  /// A one-off event to another day (the keyboard's way; dragging sends the same).
  func moveEvent(_ form: [String: String]) async throws -> Response {
    let located = try await event(form["path"] ?? "")
    let today = await session.today
    guard let day = try Self.date(form["date"] ?? "", "date", today: today) else {
      throw WebFailure(status: .badRequest, title: "Which day?", advice: "Choose the day to move it to.")
    }
    do {
      try vault.moveEvent(located, to: day)
    } catch .asked(_, let problem) {
      throw WebFailure(status: .badRequest, title: "The event cannot be moved so", advice: problem)
    } catch .vault(let error) {
      throw error
    }
    await session.wrote([located.path])
    return back(form, fallback: "/day?date=\(day)")
  }

  /// `vault set` of an event's title, times, place and category, each in the key its note says
  /// it with (`Vault.editEvent`); an emptied time makes it all day.
  func editEvent(_ form: [String: String]) async throws -> Response {
    let located = try await event(form["path"] ?? "")
    func time(_ field: String) throws -> LocalTime?? {
      guard let text = form[field]?.trimmingCharacters(in: .whitespaces) else { return nil }
      if text.isEmpty { return .some(nil) }
      guard let value = DateParsing.time(text) else {
        throw WebFailure(status: .badRequest, title: "Which time?", advice: "'\(text)' is not a time such as 09:30.")
      }
      return .some(value)
    }
    let changes = Vault.EventChanges(
      title: form["title"], startTime: try time("time"), endTime: try time("endTime"), location: form["location"],
      category: form["category"])
    do {
      try vault.editEvent(located, changes)
    } catch .asked(_, let problem) {
      throw WebFailure(status: .badRequest, title: "The event cannot be changed so", advice: problem)
    } catch .vault(let error) {
      throw error
    }
    await session.wrote([located.path])
    return back(form, fallback: "/day?date=\(located.value.start?.description ?? "")")
  }

  /// An event's note to `.trash/`, with what calendar apps sent of it.
  func deleteEvent(_ form: [String: String]) async throws -> Response {
    let located = try await event(form["path"] ?? "")
    _ = try vault.trash(located.path)
    await session.wrote([located.path])
    return back(form, fallback: "/calendar")
  }

  /// The event whose note is at `path`: only an event note of this vault.
  private func event(_ path: String) async throws -> Located<Event> {
    let vault = vault
    let found = try await session.read { store, _ in try store.events(atPaths: [path]) }
    guard vault.leadsInside(path), let event = found.first(where: { $0.path == path }) else {
      throw WebFailure(status: .notFound, title: "No such event", advice: "Its note was moved or removed meanwhile.")
    }
    return event
  }

  /// A time field: empty for none, else `HH:MM` (what `<input type=time>` sends) or `7pm`.
  static func time(_ text: String, _ field: String) throws -> LocalTime? {
    let text = text.trimmingCharacters(in: .whitespaces)
    if text.isEmpty { return nil }
    switch NaturalDate.time(text) {
    case .success(let time): return time
    case .failure(let problem):
      throw WebFailure(status: .badRequest, title: "Not a time", advice: "The \(field) time: \(problem)")
    }
  }
}
