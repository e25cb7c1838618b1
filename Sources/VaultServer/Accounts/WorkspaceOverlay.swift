import VaultCore
import VaultKit

/// Another workspace an account sees, on the calendar of the one a page shows: the family's
/// events beside the parents', each marked in its workspace's colour and linked to its note
/// there (`?workspace=`). Its occurrences carry their path as `//WORKSPACE/PATH` (no path in a
/// vault begins with `/`), so that the month's cells, the week's bars and the hour grid place
/// them as they place their own; nothing of them is dragged or changed from another workspace's
/// page.
struct WorkspaceOverlay: Sendable {
  let workspace: Workspace
  /// The workspace's calendar days from a day through another (`Vault.calendarDays`).
  let days: @Sendable (LocalDate, LocalDate) async throws -> [Agenda.Day]

  /// The overlay of one served workspace.
  init(_ site: ServedSite, workspace: Workspace) {
    self.workspace = workspace
    let session = site.session
    days = { from, through in
      let vault = session.vault
      return try await session.read { store, _ in try vault.calendarDays(in: store, from: from, through: through).days }
    }
  }

  static func mark(_ path: String, of workspace: String) -> String { "//\(workspace)/\(path)" }

  /// The workspace and path of an occurrence of another workspace; nil for the page's own.
  static func unmark(_ path: String) -> (workspace: String, path: String)? {
    guard path.hasPrefix("//") else { return nil }
    let rest = path.dropFirst(2)
    guard let slash = rest.firstIndex(of: "/") else { return nil }
    return (String(rest[..<slash]), String(rest[rest.index(after: slash)...]))
  }

  /// This workspace's events from a day through another, by day, each path marked as its
  /// own; none while its index cannot be read (still being built).
  func markedEvents(from: LocalDate, through: LocalDate) async -> [LocalDate: [EventOccurrence]] {
    guard let days = try? await days(from, through) else { return [:] }
    var events: [LocalDate: [EventOccurrence]] = [:]
    for day in days {
      events[day.date, default: []] += day.events.map { occurrence in
        var marked = occurrence
        marked.event.path = Self.mark(occurrence.event.path, of: workspace.name)
        return marked
      }
    }
    return events
  }

  /// `days` (the page's own, one a date) with the events of each overlay on their days, each
  /// day's all-day events first, then by start.
  static func merge(
    _ days: [Agenda.Day], with overlays: [WorkspaceOverlay], from: LocalDate, through: LocalDate
  ) async -> [Agenda.Day] {
    guard !overlays.isEmpty else { return days }
    var merged = days
    for overlay in overlays {
      let theirs = await overlay.markedEvents(from: from, through: through)
      for at in merged.indices { merged[at].events += theirs[merged[at].date] ?? [] }
    }
    for at in merged.indices { merged[at].events = inDayOrder(merged[at].events) }
    return merged
  }

  /// `own`, a day's events of the page's workspace, with the overlays' events of that day.
  static func events(
    on date: LocalDate, besides own: [EventOccurrence], with overlays: [WorkspaceOverlay]
  ) async -> [EventOccurrence] {
    guard !overlays.isEmpty else { return own }
    var events = own
    for overlay in overlays { events += await overlay.markedEvents(from: date, through: date)[date] ?? [] }
    return inDayOrder(events)
  }

  /// All-day events first, then by start; otherwise as they came.
  static func inDayOrder(_ events: [EventOccurrence]) -> [EventOccurrence] {
    events.enumerated().sorted { first, second in
      let (a, b) = (first.element.startMoment, second.element.startMoment)
      if (a == nil) != (b == nil) { return a == nil }
      if let a, let b, a != b { return a < b }
      return first.offset < second.offset
    }.map(\.element)
  }
}

extension WebSite {
  /// An event's note page, in its own workspace.
  static func eventAddress(_ path: String) -> String {
    guard let (workspace, path) = WorkspaceOverlay.unmark(path) else { return noteAddress(path) }
    return noteAddress(path) + "&workspace=" + queryValue(workspace)
  }

  /// The colour of an event's workspace, when the calendar shows several; else nil.
  static func workspaceColor(of path: String) -> String? {
    guard let viewer = Viewer.current, !viewer.overlays.isEmpty else { return nil }
    guard let (name, _) = WorkspaceOverlay.unmark(path) else { return Viewer.css(viewer.workspace.color) }
    return viewer.overlays.first { $0.workspace.name == name }.map { Viewer.css($0.workspace.color) }
  }
}
