import Foundation
import VaultCore
import VaultMarkdown

/// What moving an event's object into another calendar changes in its notes (`calDAVEventMove`).
public struct CalDAVEventMove: Sendable, Equatable {
  /// The event's notes: its series' first, then its changed occurrences'.
  public var paths: [String]
  /// The category its series' note gets: nil leaves it, `.some(nil)` removes it.
  public var category: String??
  /// The folder its notes go into, nil when they stay.
  public var folder: String?
}

extension Vault {
  /// How an event's object (its notes `paths`) moves into `target`, as a calendar app that drags
  /// it there asks: a PUT of its UID into `target`, then a DELETE of it in the calendar it was in
  /// (Thunderbird, Evolution). Its series' note gets the target's category, or loses the
  /// category of a calendar of `calendars:` when it goes to Events; its notes go into the
  /// target's folder, or into the events folder when they leave a calendar's folder for Events.
  /// Nil when the target would still not hold it (a calendar listed before it in `calendars:`
  /// would): the move is refused.
  public func calDAVEventMove(paths: [String], to target: CalDAVCalendar) -> CalDAVEventMove? {
    guard let owner = paths.first, case .success(let bytes) = FileSystem.readFile(root + "/" + owner) else {
      return nil
    }
    let current = NoteParser.parse(bytes, path: owner).properties.first { $0.key.lowercased() == "category" }?.value
      .text
    let calendars = calDAVCalendars.compactMap(\.setting)
    let setting = target.setting
    var move = CalDAVEventMove(paths: paths, category: nil, folder: nil)
    if let folder = setting?.folder, !folder.isEmpty {
      if !owner.hasPrefix(folder + "/") { move.folder = folder }
    } else if calendars.contains(where: { $0.folder.map { !$0.isEmpty && owner.hasPrefix($0 + "/") } == true }) {
      move.folder = settings.folders[.event] ?? "Events"
    }
    if let category = setting?.category, !category.isEmpty {
      if current?.lowercased() != category.lowercased() { move.category = .some(category) }
    } else if let current, calendars.contains(where: { $0.category?.lowercased() == current.lowercased() }) {
      move.category = .some(nil)
    }
    let movedOwner = move.folder.map { $0 + "/" + (owner as NSString).lastPathComponent } ?? owner
    let category = move.category ?? current
    guard calendars.calendar(holdingCategory: category, path: movedOwner) == setting else { return nil }
    return move
  }

  /// Makes the changes of `move`; returns the event's notes' paths after it. The changed
  /// occurrences' `series` links follow their series' note to its new folder.
  public func calDAVMoveEvent(_ move: CalDAVEventMove) throws(CalDAVRefusal) -> [String] {
    guard let owner = move.paths.first else { throw .notFound }
    if let category = move.category {
      do {
        _ = try setYAMLProperties([("category", category.map(PropertyWriter.scalar))], in: owner)
      } catch {
        throw .cannotWrite("\(owner) cannot be changed: \(error)")
      }
    }
    guard let folder = move.folder else { return move.paths }
    var moved: [String] = []
    for path in move.paths {
      do {
        moved.append(try moveNote(path, into: folder))
      } catch {
        throw .cannotWrite("\(path) cannot be moved into \(folder): \(error)")
      }
    }
    let before = "[[" + owner.dropLast(3)
    for path in moved.dropFirst() {
      guard case .success(let bytes) = FileSystem.readFile(root + "/" + path),
        let series = NoteParser.parse(bytes, path: path).properties.first(where: { $0.key == "series" })?.value.text,
        series == before + "]]" || series.hasPrefix(before + "|")
      else { continue }
      do {
        _ = try setYAMLProperties(
          [("series", PropertyWriter.scalar("[[" + String(moved[0].dropLast(3)) + "]]"))], in: path)
      } catch {
        throw .cannotWrite("\(path) cannot be changed: \(error)")
      }
    }
    return moved
  }
}

extension Vault {
  /// Whether a to-do of the task list `source` is in `target` once moved there, as a calendar
  /// app moves one (a PUT into `target`, then a DELETE in `source`): the line loses the source
  /// list's tag and gets the target's (`calDAVPutTask` with `leaving`), and no list before the
  /// target in `calendars:` has one of its other tags.
  public func calDAVTaskMoveFits(_ task: TaskItem, from source: CalDAVCalendar, to target: CalDAVCalendar) -> Bool {
    var tags = task.tags
    if let leaving = source.setting?.tag { tags.removeAll { TagSyntax.matches([$0], leaving) } }
    if let tag = target.setting?.tag { tags.append(tag) }
    return calDAVCalendars.compactMap(\.setting).listTag(holdingTags: tags) == target.setting?.tag
  }
}
