import Foundation
import VaultCore
import VaultIndex

/// What `vault export ics` writes: which items, over which span.
public struct CalendarExportOptions: Sendable {
  /// Events with an occurrence (tasks with a date) in this span; nil: all.
  public var span: ClosedRange<LocalDate>?
  /// Dated open tasks too, as VTODO or as all-day events; nil: none.
  public var tasks: ICalendarExport.TaskForm?
  /// Only items of this category (events) — compared without case.
  public var category: String?
  /// Only items with this tag or one nested in it (`work` takes `#work/meetings`).
  public var tag: String?

  public init() {}
}

extension Vault {
  /// The vault's events (and dated tasks) as one VCALENDAR, from the index.
  public func calendarExport(
    in store: IndexStore, options: CalendarExportOptions, now: Int
  ) throws(VaultError) -> String {
    let events: [Located<Event>]
    let facts: [String: (uid: String?, modified: Int)]
    do {
      events = try store.events()
      facts = try store.eventNoteFacts()
    } catch {
      throw VaultError(error)
    }
    let chosen = events.filter { event in
      guard event.value.isShown else { return false }
      if let category = options.category?.lowercased(), event.value.category?.lowercased() != category { return false }
      if let tag = options.tag, !TagSyntax.matches(event.tags, tag) { return false }
      if let span = options.span, event.occurrences(in: span).isEmpty { return false }
      return true
    }
    var tasks: [Located<TaskItem>] = []
    if options.tasks != nil {
      var selection = TaskSelection()
      selection.statuses = [.todo, .inProgress, .onHold]
      selection.tag = options.tag
      tasks = try self.tasks(in: store, selection).filter { task in
        guard let day = task.value.due ?? task.value.scheduled else { return false }
        return options.span?.contains(day) ?? true
      }
    }
    let exporter = ICalendarExport(
      zones: Self.calendarZones, defaultZone: zone.identifier,
      stamp: ReminderSchedule.Zone.fixed(0).local(now), reminders: settings.reminders,
      link: { [self] path in obsidianLink(path) })
    return exporter.calendar(
      name: (root as NSString).lastPathComponent, events: chosen,
      facts: facts.mapValues { ICalendarExport.NoteFacts(uid: $0.uid, modified: $0.modified) }, tasks: tasks,
      taskForm: options.tasks ?? .todos)
  }

  /// Time zones from Foundation's database: transitions for VTIMEZONE, offsets for UNTIL.
  static let calendarZones = ICalendarExport.Zones(
    transitions: { identifier, years in
      // Kept per zone and span: a CalDAV answer of 300 events in one zone asks 300 times.
      let key = "\(identifier) \(years.lowerBound) \(years.upperBound)"
      if let known = zoneTransitions.withLock({ $0[key] }) { return known }
      let found = transitions(identifier, years)
      zoneTransitions.withLock { cache in
        if cache.count > 1_000 { cache.removeAll() }
        cache[key] = found
      }
      return found
    },
    offset: { identifier, moment in
      guard let zone = TimeZone(identifier: identifier) else { return nil }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = zone
      let components = DateComponents(
        year: moment.date.year, month: moment.date.month, day: moment.date.day, hour: moment.time.hour,
        minute: moment.time.minute)
      return calendar.date(from: components).map { zone.secondsFromGMT(for: $0) }
    })

  private static let zoneTransitions = Locked<[String: [ICalendarExport.Transition]?]>([:])

  /// A zone's transitions over a span of years, from Foundation's database; nil for an unknown zone.
  private static func transitions(_ identifier: String, _ years: ClosedRange<Int>) -> [ICalendarExport.Transition]? {
    guard let zone = TimeZone(identifier: identifier) else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? zone
    guard let start = calendar.date(from: DateComponents(year: years.lowerBound, month: 1, day: 1)),
      let end = calendar.date(from: DateComponents(year: years.upperBound + 1, month: 1, day: 1))
    else { return [] }
    var result: [ICalendarExport.Transition] = []
    var moment = start
    while let next = zone.nextDaylightSavingTimeTransition(after: moment), next < end, result.count < 1000 {
      let before = zone.secondsFromGMT(for: next.addingTimeInterval(-1))
      let after = zone.secondsFromGMT(for: next)
      let local = ReminderSchedule.Zone.fixed(before).local(Int(next.timeIntervalSince1970))
      result.append(
        ICalendarExport.Transition(
          local: local, offsetFrom: before, offsetTo: after, daylight: zone.isDaylightSavingTime(for: next),
          name: ZoneAbbreviations.abbreviation(
            identifier, at: Int(next.timeIntervalSince1970), daylight: zone.isDaylightSavingTime(for: next))
            ?? zone.abbreviation(for: next) ?? identifier))
      moment = next
    }
    return result
  }
}
