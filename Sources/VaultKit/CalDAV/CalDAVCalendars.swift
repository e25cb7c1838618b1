import Foundation
import VaultCore
import VaultIndex

/// A calendar a CalDAV client sees: the vault's events, its task list, or a calendar of
/// `calendars:` in `.vault/config.yml` (the events of a category or a folder). An event is in
/// the first of those that holds it, else in the events calendar.
public struct CalDAVCalendar: Hashable, Sendable {
  public enum Kind: String, Sendable {
    case events, tasks, journal

    /// The component a calendar of this kind holds.
    public var component: String {
      switch self {
      case .events: "VEVENT"
      case .tasks: "VTODO"
      case .journal: "VJOURNAL"
      }
    }
  }

  /// Its last path segment: `events`, `tasks`, or one made from the setting's name.
  public var slug: String
  public var name: String
  public var color: String?
  /// What this view of it holds: its first kind, or the one a request is about
  /// (`facet(_:)`) in a calendar of both.
  public var kind: Kind
  /// What it holds: events, to-dos, or both (a calendar of `calendars:` with a category or a
  /// folder and a tag, as Thunderbird and some Android apps use one).
  public var kinds: [Kind]
  public var setting: CalendarSetting?

  public init(slug: String, name: String, color: String?, kinds: [Kind], setting: CalendarSetting? = nil) {
    self.slug = slug
    self.name = name
    self.color = color
    self.kind = kinds.first ?? .events
    self.kinds = kinds
    self.setting = setting
  }

  /// The calendar as the view of one kind of what it holds.
  public func facet(_ kind: Kind) -> CalDAVCalendar {
    var facet = self
    facet.kind = kind
    return facet
  }
}

/// One calendar object a client sees: an event with its changed occurrences (one note each), or
/// a task line.
public struct CalDAVResource: Hashable, Sendable {
  /// Its file name in the calendar: `UID.ics`.
  public var name: String
  public var uid: String
  /// Quoted, as HTTP writes an ETag.
  public var etag: String
  /// The notes it is made of: an event's note first, then those of its changed occurrences; a
  /// task's note.
  public var paths: [String]
  /// A task's id (`🆔`).
  public var taskID: String?
  /// Each note's `uid` property, by path (an event's).
  public var uids: [String: String] = [:]
  /// Each note's modification time, seconds since 1970, by path (an event's LAST-MODIFIED).
  public var modifiedTimes: [String: Int] = [:]
  /// The newest of them (its DTSTAMP).
  public var modified: Int { modifiedTimes.values.max() ?? 0 }

  public init(name: String, uid: String, etag: String, paths: [String], taskID: String? = nil) {
    self.name = name
    self.uid = uid
    self.etag = etag
    self.paths = paths
    self.taskID = taskID
  }
}

extension Vault {
  /// The calendars `vault serve` offers: events, tasks, the journal, then `calendars:` from the
  /// settings (event calendars by category or folder, task lists by tag).
  public var calDAVCalendars: [CalDAVCalendar] {
    var calendars = [
      CalDAVCalendar(slug: "events", name: "Events", color: "#3a87ad", kinds: [.events]),
      CalDAVCalendar(slug: "tasks", name: "Tasks", color: "#7c3aed", kinds: [.tasks]),
      CalDAVCalendar(slug: "journal", name: "Journal", color: "#b45309", kinds: [.journal]),
    ]
    var taken = Set(calendars.map(\.slug))
    for setting in settings.calendars {
      let slug = setting.id ?? Self.calendarSlug(setting.name)
      var unique = slug
      var number = 2
      while taken.contains(unique) {
        unique = "\(slug)-\(number)"
        number += 1
      }
      taken.insert(unique)
      calendars.append(
        CalDAVCalendar(
          slug: unique, name: setting.name, color: setting.color ?? settings.categoryColors[setting.category ?? ""],
          kinds: setting.holdsEvents && setting.tag != nil
            ? [.events, .tasks] : setting.tag == nil ? [.events] : [.tasks],
          setting: setting))
    }
    return calendars
  }

  /// The file name of the calendar object with this UID: the UID itself when it is a plain
  /// name, else a name made from it.
  public static func calDAVName(uid: String) -> String {
    if isPlainName(uid), !uid.isEmpty, !uid.hasPrefix("."), uid.utf8.count <= 200 { return uid + ".ics" }
    return "uid-" + String(StableHash.fnv1a(uid), radix: 16) + ".ics"
  }

  /// Whether a name is letters, digits and `-_.@` only: a file name and a URL segment as it is.
  public static func isPlainName(_ name: String) -> Bool { NewNote.isPlainName(name) }

  /// What every ETag of the events depends on besides the notes: the settings files.
  var calDAVSettingsStamp: String { SettingsLoader.stamp(root).map(String.init).joined(separator: ".") }

  // MARK: - Events

  /// The events of `calendar`, each with its changed occurrences, by file name; with `uid`, only
  /// the one with that UID (read through the index of property values, not a walk of them all).
  public func calDAVEvents(
    in store: IndexStore, calendar: CalDAVCalendar, uid wanted: String? = nil, paths: [String]? = nil
  ) throws(VaultError) -> [CalDAVResource] {
    let facts: [String: (uid: String?, category: String?, stamp: FileStamp)]
    do {
      if let paths {
        facts = try store.eventNoteStamps(paths: paths)
      } else if let wanted {
        facts = try store.eventNoteStamps(uid: wanted)
      } else {
        facts = try store.eventNoteStamps()
      }
    } catch {
      throw VaultError(error)
    }
    let calendars = calDAVCalendars.compactMap(\.setting)
    func holds(_ path: String, _ category: String?) -> Bool {
      calendars.calendar(holdingCategory: category, path: path) == calendar.setting
    }
    // A note of a changed occurrence (`uid: SERIES/2026-12-03`) belongs to its series' object.
    var seriesPaths: [String: String] = [:]
    for (path, fact) in facts {
      if let uid = fact.uid, !uid.isEmpty { seriesPaths[uid] = path }
    }
    var groups: [String: (uid: String, paths: [String])] = [:]
    for (path, fact) in facts.sorted(by: { $0.key < $1.key }) {
      var uid = ICalendarExport.uid(path: path, facts: ICalendarExport.NoteFacts(uid: fact.uid, modified: nil))
      var owner = path
      if let slash = uid.lastIndex(of: "/"), DateParsing.validDate(uid[uid.index(after: slash)...]) != nil,
        let series = seriesPaths[String(uid[..<slash])]
      {
        uid = String(uid[..<slash])
        owner = series
      }
      guard let ownerFact = facts[owner], holds(owner, ownerFact.category) else { continue }
      if owner == path {
        groups[uid, default: (uid, [])].paths.insert(path, at: 0)
      } else {
        groups[uid, default: (uid, [])].paths.append(path)
      }
    }
    let settingsStamp = calDAVSettingsStamp
    // One read of the folder of kept parts for a listing, one file's status for one object.
    let kept = wanted == nil && paths == nil ? calDAVKeptStamps(.events) : nil
    let hrefs = calDAVHrefs(.events)
    return groups.values.map { group in
      let stamps = group.paths.map { path -> String in
        guard let stamp = facts[path]?.stamp else { return path }
        return Self.calDAVStamp(path, stamp)
      }
      let name = calDAVObjectName(uid: group.uid, hrefs: hrefs)
      var resource = CalDAVResource(
        name: name, uid: group.uid,
        etag: Self.calDAVTag(
          stamps: stamps, settings: settingsStamp, kept: kept.map { $0[name] } ?? calDAVKeptStamp(.events, name: name)),
        paths: group.paths)
      for path in group.paths {
        if let uid = facts[path]?.uid { resource.uids[path] = uid }
        resource.modifiedTimes[path] = Int((facts[path]?.stamp.modified ?? 0) / 1_000_000_000)
      }
      return resource
    }.filter { wanted == nil || $0.uid == wanted }.sorted { $0.name < $1.name }
  }

  /// The ETag of an event's or a journal entry's object read from its files now, not from the
  /// index: a change an editor made a moment ago (before a watcher saw it) counts.
  public func calDAVCurrentTag(of resource: CalDAVResource, _ kind: CalDAVCalendar.Kind = .events) -> String? {
    var stamps: [String] = []
    for path in resource.paths {
      guard let status = FileSystem.status(root + "/" + path, followLinks: true) else { return nil }
      stamps.append(
        Self.calDAVStamp(path, FileStamp(size: status.size, modified: status.modified, inode: status.inode)))
    }
    return Self.calDAVTag(
      stamps: stamps, settings: calDAVSettingsStamp, kept: calDAVKeptStamp(kind, name: resource.name))
  }

  /// What an object's ETag is made of, for one of its notes: path, size, modification time, inode.
  static func calDAVStamp(_ path: String, _ stamp: FileStamp) -> String {
    "\(path)|\(stamp.size)|\(stamp.modified)|\(stamp.inode)"
  }

  /// The ETag of an object made of notes: their stamps, the settings' and its kept part's.
  static func calDAVTag(stamps: [String], settings: String, kept: String?) -> String {
    calDAVTag(stamps.joined(separator: "\n") + "\n" + settings + (kept.map { "\n" + $0 } ?? ""))
  }

  static func calDAVTag(_ text: String) -> String { "\"" + String(StableHash.fnv1a(text), radix: 16) + "\"" }

  /// The iCalendar objects of event resources (each: the event, its changed occurrences, its
  /// zone), by file name, read from the index in one go.
  /// With `kept` (as clients get them), each with what its client sent that the notes do not
  /// say (`CalDAVKept`); without, as vault makes them from the notes.
  public func calDAVEventBodies(
    in store: IndexStore, _ resources: [CalDAVResource], kept: Bool = true
  ) throws(VaultError) -> [String: String] {
    let events: [Located<Event>]
    do {
      events = try store.events(atPaths: resources.flatMap(\.paths))
    } catch {
      throw VaultError(error)
    }
    let byPath = Dictionary(events.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    var bodies: [String: String] = [:]
    let keptNames = kept ? calDAVKeptStamps(.events) : [:]
    for resource in resources {
      let exporter = ICalendarExport(
        zones: Self.calendarZones, defaultZone: zone.identifier,
        stamp: ReminderSchedule.Zone.fixed(0).local(resource.modified), reminders: settings.reminders,
        link: { [self] path in obsidianLink(path) })
      var noteFacts: [String: ICalendarExport.NoteFacts] = [:]
      for path in resource.paths {
        noteFacts[path] = ICalendarExport.NoteFacts(uid: resource.uids[path], modified: resource.modifiedTimes[path])
      }
      let body = exporter.calendar(name: nil, events: resource.paths.compactMap { byPath[$0] }, facts: noteFacts)
      bodies[resource.name] =
        keptNames[resource.name] == nil
        ? body : calDAVWithKept(body, .events, name: resource.name, paths: resource.paths)
    }
    return bodies
  }

  /// One occurrence as instants (seconds since 1970): its start, its end, and the day it has
  /// in its series (what a RECURRENCE-ID names).
  public struct CalDAVOccurrence: Sendable {
    public var start: Int
    public var end: Int
    public var day: LocalDate
    public var allDay: Bool
  }

  /// The occurrences of `event` that meet the span of instants, as CalDAV's time-range filter
  /// asks (RFC 4791 9.9): timed events in their zone, all-day ones in the vault's; a span meets
  /// an event that starts before its end and ends after its start, an event of no length one
  /// that starts in it.
  public func calDAVOccurrences(_ event: Located<Event>, from: Int?, to: Int?) -> [CalDAVOccurrence] {
    // The days to expand: the span widened by two days, in the vault's zone.
    let vaultZone = reminderZone
    let first = from.map { vaultZone.local($0 - 2 * 86_400).date } ?? LocalDate.calDAVEarliest
    let last = to.map { vaultZone.local($0 + 2 * 86_400).date } ?? LocalDate.calDAVLatest
    let span = first...max(first, last)
    // Each occurrence at its own instants, by the one function every view uses.
    let located = localized(event)
    var found: [CalDAVOccurrence] = []
    for occurrence in located.occurrences(in: span) {
      let start: Int
      var end: Int
      if let startInstant = occurrence.startInstant {
        start = startInstant
        if let endInstant = occurrence.endInstant {
          end = endInstant
        } else if occurrence.end > occurrence.start {
          end = vaultZone.instant(LocalDateTime(date: occurrence.end.adding(days: 1), time: .midnight))
        } else {
          end = start
        }
      } else {
        start = vaultZone.instant(LocalDateTime(date: occurrence.start, time: .midnight))
        end = vaultZone.instant(LocalDateTime(date: occurrence.end.adding(days: 1), time: .midnight))
      }
      let allDay = occurrence.startMoment == nil
      let meets =
        end == start
        ? (from ?? Int.min) <= start && start < (to ?? Int.max)
        : start < (to ?? Int.max) && end > (from ?? Int.min)
      if meets { found.append(CalDAVOccurrence(start: start, end: end, day: occurrence.seriesDay, allDay: allDay)) }
    }
    return found
  }

  /// Whether an occurrence of `event` meets the span of instants.
  public func calDAVOverlaps(_ event: Located<Event>, from: Int?, to: Int?) -> Bool {
    !calDAVOccurrences(event, from: from, to: to).isEmpty
  }

  /// An event object with its recurrence expanded over a span (RFC 4791 9.6.5, `<expand>`): one
  /// VEVENT per occurrence in it, each with its RECURRENCE-ID and its times in UTC, and no rule;
  /// the changed occurrences as their notes say them. An event that does not repeat comes as it is.
  public func calDAVExpanded(
    _ body: String, events: [Located<Event>], from: Int, to: Int
  ) -> String {
    guard let calendar = ICalendar.parse(body).components.first else { return body }
    let components = calendar.components.filter { $0.name == "VEVENT" }
    guard let master = components.first(where: { $0.first("RECURRENCE-ID") == nil }),
      master.first("RRULE") != nil || master.first("RDATE") != nil,
      let series = events.first(where: \.value.isRecurring)
    else { return body }
    func utc(_ seconds: Int) -> String {
      ICalendarExport.utc(ReminderSchedule.Zone.fixed(0).local(seconds))
    }
    let overrides = components.filter { $0.first("RECURRENCE-ID") != nil }
    let overriddenDays = Set(
      overrides.compactMap { $0.first("RECURRENCE-ID").flatMap { ICalendarExport.parseMoment($0.value)?.date } })
    var expanded: [ICalendar.Component] = []
    let dropped: Set<String> = ["DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXDATE", "RECURRENCE-ID"]
    for occurrence in calDAVOccurrences(series, from: from, to: to) where !overriddenDays.contains(occurrence.day) {
      var component = ICalendar.Component("VEVENT", properties: master.properties.filter { !dropped.contains($0.name) })
      let moment = { (seconds: Int) -> ICalendar.Property in ICalendar.Property("", utc(seconds)) }
      var recurrence = moment(occurrence.start)
      recurrence.name = "RECURRENCE-ID"
      var start = moment(occurrence.start)
      start.name = "DTSTART"
      var end = moment(occurrence.end)
      end.name = "DTEND"
      if occurrence.allDay {
        let date = [ICalendar.Parameter("VALUE", "DATE")]
        recurrence = ICalendar.Property("RECURRENCE-ID", ICalendarExport.date(occurrence.day), parameters: date)
        start = ICalendar.Property("DTSTART", ICalendarExport.date(occurrence.day), parameters: date)
        let days = max(1, (occurrence.end - occurrence.start + 3_600) / 86_400)
        end = ICalendar.Property("DTEND", ICalendarExport.date(occurrence.day.adding(days: days)), parameters: date)
      }
      component.properties.insert(contentsOf: [recurrence, start, end], at: min(2, component.properties.count))
      component.components = master.components
      expanded.append(component)
    }
    // The changed occurrences stay as their notes say (each is an instance already).
    expanded += overrides
    return ICalendar.calendar(name: nil, components: expanded)
  }
}

extension LocalDate {
  /// The ends of an open span of a time-range query.
  public static let calDAVEarliest = LocalDate(year: 1900, month: 1, day: 1) ?? LocalDate(dayNumber: -25_567)
  public static let calDAVLatest = LocalDate(year: 2200, month: 1, day: 1) ?? LocalDate(dayNumber: 84_006)
}
