import Foundation
import VaultCore
import VaultIndex
import VaultMarkdown

/// Why a calendar client's change was not applied; the server answers with the status each names.
public enum CalDAVRefusal: Error, Equatable, CustomStringConvertible {
  /// 412: `If-Match` names another version, or `If-None-Match: *` an object that exists.
  case changedMeanwhile(String)
  /// 400 or 403 (a precondition of RFC 4791 5.3.2.1): the body is not an object vault can keep.
  case notAcceptable(String)
  /// 404.
  case notFound
  /// 409/500: the vault refused the write.
  case cannotWrite(String)
  /// 403 (`max-resource-size`): the object makes a note too large to be read back.
  case tooLarge(String)

  public var description: String {
    switch self {
    case .changedMeanwhile(let reason), .notAcceptable(let reason), .cannotWrite(let reason), .tooLarge(let reason):
      reason
    case .notFound: "no such calendar object"
    }
  }
}

/// What a PUT did.
public struct CalDAVPutResult: Sendable {
  public var created: Bool
  /// The new ETag, when the server can tell it.
  public var etag: String?
  public var paths: [String]
}

extension Vault {
  /// Keeps a client's event object: a new one becomes notes as `vault import ics` makes them
  /// (in the calendar's folder or the events folder, with its category); a changed one changes
  /// only the keys whose values differ (the body, other keys and comments stay); a changed
  /// occurrence (RECURRENCE-ID) is a note of its own linked to its series, with its day in the
  /// series' `skipDates`; one the client no longer sends goes to `.trash/`.
  public func calDAVPutEvent(
    _ body: String, named name: String, in calendar: CalDAVCalendar, existing: CalDAVResource?,
    currentBody: String? = nil
  ) throws(CalDAVRefusal) -> CalDAVPutResult {
    let (root, uid, importer, items) = try calDAVEventItems(body, in: calendar)
    if let existing, existing.uid != uid {
      throw .notAcceptable("the UID of an object cannot change (it is \(existing.uid))")
    }
    // The notes it is made of now, by the UID each says (the series' `uid`, `UID/DAY` for the
    // others).
    var byUID: [String: String] = [:]
    for path in existing?.paths ?? [] {
      guard case .success(let bytes) = FileSystem.readFile(self.root + "/" + path) else { continue }
      let written = NoteParser.parse(bytes, path: path).properties.first { $0.key.lowercased() == "uid" }?.value.text
      byUID[written ?? uid] = path
    }
    if let first = existing?.paths.first, byUID[uid] == nil { byUID[uid] = first }
    let folder = calendar.setting?.folder ?? settings.folders[.event] ?? "Events"
    var result = CalDAVPutResult(created: existing == nil, etag: nil, paths: [])
    var kept = Set<String>()
    // The object as the server last gave it, read as the client's is: what the client changed is
    // where the two differ.
    var baseline: [String: [(String, String)]] = [:]
    if let currentBody {
      for item in importer.items(currentBody).items { baseline[item.uid] = item.properties }
    }
    let sendsCategories = root.components.contains { $0.first("CATEGORIES") != nil }
    let foreignCategory = try calDAVForeignCategory(items, uid: uid, at: byUID[uid], folder: folder, in: calendar)
    for item in items.sorted(by: { ($0.recurrenceDay == nil ? 0 : 1) < ($1.recurrenceDay == nil ? 0 : 1) }) {
      var properties = item.properties
      if foreignCategory, byUID[item.uid] == nil { properties.removeAll { $0.0 == "category" } }
      if item.recurrenceDay != nil, let series = byUID[uid] {
        properties.append(("series", PropertyWriter.scalar("[[" + String(series.dropLast(3)) + "]]")))
        // In its series' zone, said as its series' note says it: without `timezone` when the
        // series has none (the zone of the machine looking), so that the two move together.
        let zone = { (properties: [(String, String)]) in properties.first { $0.0 == "timezone" }?.1 }
        if let seriesItem = items.first(where: { $0.uid == uid }), zone(seriesItem.properties) == zone(properties),
          case .success(let bytes) = FileSystem.readFile(self.root + "/" + series),
          Self.yamlValue(Self.values(of: String(decoding: bytes, as: UTF8.self)), "timezone") == nil
        {
          properties.removeAll { $0.0 == "timezone" }
        }
      }
      guard let path = byUID[item.uid] else {
        do {
          let path = try createNote(
            named: item.noteName, in: folder, text: NewNote.text(properties: properties, body: item.body))
          byUID[item.uid] = path
          kept.insert(path)
          result.paths.append(path)
        } catch {
          throw .cannotWrite("'\(item.title)' cannot be written: \(error)")
        }
        continue
      }
      kept.insert(path)
      result.paths.append(path)
      guard case .success(let bytes) = FileSystem.readFile(self.root + "/" + path) else { throw .notFound }
      let current = Self.values(of: String(decoding: bytes, as: UTF8.self))
      let fresh = Self.values(of: NewNote.text(properties: properties, body: nil))
      let written = Dictionary(properties.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
      // What the object the client had says, read the same way: a key changes only when the
      // client's object says something else than what the note gave it, so a note keeps its own
      // way of saying the rest (its `daysOfWeek`, a title from its name, a category in its tags).
      let before = baseline[item.uid].map { Self.values(of: NewNote.text(properties: $0, body: nil)) }
      var changed = Self.importedKeys.filter { key in
        if let before { return Self.yamlValue(before, key) != Self.yamlValue(fresh, key) }
        return Self.yamlValue(current, key) != Self.yamlValue(fresh, key)
      }
      // The days it happens on are said by several keys together: when its rule changes, the
      // note gets the client's way of saying them whole; when only its times or its days taken
      // out or added do, the note keeps its own rule (a `type: rrule` stays one, Thunderbird
      // deleting an occurrence adds a day to its `skipDates` and nothing else).
      // A key the note leaves to its default (no `type`, `allDay` or `timezone`: a single,
      // timed, floating event) stays out while the client says what the note's export said.
      if changed.contains(where: Self.calDAVDayKeys.contains) {
        let ruleChanged = changed.contains(where: Self.calDAVRuleKeys.contains)
        changed += Self.calDAVDayKeys.filter { key in
          guard !changed.contains(key), ruleChanged || !Self.calDAVRuleKeys.contains(key),
            Self.yamlValue(current, key) != Self.yamlValue(fresh, key)
          else { return false }
          if Self.calDAVDefaultedKeys.contains(key), Self.yamlValue(current, key) == nil, let before,
            Self.yamlValue(before, key) == Self.yamlValue(fresh, key)
          {
            return false
          }
          return true
        }
      }
      if item.recurrenceDay != nil, Self.yamlValue(current, "series") == nil, written["series"] != nil {
        changed.append("series")
      }
      var changes: [(key: String, yaml: String?)] = []
      for key in changed {
        if key == "uid" && Self.yamlValue(fresh, key) == nil { continue }
        if key == "category" && foreignCategory { continue }
        if ["tags", "category"].contains(key) && Self.yamlValue(fresh, key) == nil && !sendsCategories { continue }
        changes.append((key, written[key]))
      }
      if changes.isEmpty { continue }
      let note = NoteParser.parse(bytes, path: path)
      changes = Self.inTheNotesTimeKey(
        changes, time: note.properties.first { $0.key == "time" }?.value.text,
        startTime: Self.yamlValue(current, "startTime"))
      do {
        _ = try setYAMLProperties(changes, in: path)
      } catch {
        throw .cannotWrite("\(path) cannot be changed: \(error)")
      }
    }
    // Changed occurrences the client no longer sends.
    for path in existing?.paths ?? [] where !kept.contains(path) {
      do {
        _ = try trash(path)
      } catch {
        throw .cannotWrite("\(path) cannot be moved to the trash: \(error)")
      }
    }
    let order = result.paths
    let resource = CalDAVResource(name: name, uid: uid, etag: "", paths: order)
    result.etag = calDAVCurrentTag(of: resource)
    return result
  }

  /// A client's event object read as the notes it makes, or the reason it cannot be kept, before
  /// anything is written: one VCALENDAR of the events of one UID, each with a date, no rule
  /// vault cannot expand, no note too large to read back.
  func calDAVEventItems(
    _ body: String, in calendar: CalDAVCalendar
  ) throws(CalDAVRefusal) -> (
    root: ICalendar.Component, uid: String, importer: ICalendarImport, items: [ICalendarImport.Item]
  ) {
    let root = try Self.calDAVObject(body, holding: "VEVENT", "this calendar takes events only")
    let uids = Set(root.components.filter { $0.name == "VEVENT" }.compactMap { $0.first("UID")?.text })
    guard uids.count == 1, let uid = uids.first, !uid.isEmpty else {
      throw .notAcceptable("a calendar object holds the events of one UID")
    }
    var importer = ICalendarImport(
      vaultZone: zone.identifier, allDayAt: settings.reminders.allDayAt,
      category: calendar.setting?.category, knownZone: { TimeZone(identifier: $0) != nil },
      offset: Self.calendarZones.offset)
    importer.zoneNames = TimeZone.knownTimeZoneIdentifiers
    importer.vaultZoneIsSet = settings.timeZone != nil
    let (items, problems) = importer.items(body)
    guard !items.isEmpty else {
      throw .notAcceptable(problems.first.map { "line \($0.line): \($0.message)" } ?? "the event has no date")
    }
    // What a note cannot keep is refused before anything is written, never answered 201 and
    // dropped: a rule vault cannot expand (FREQ=SECONDLY, INTERVAL=0), a note too large to read.
    if let lost = problems.first(where: \.losesData) {
      throw .notAcceptable("line \(lost.line): \(lost.message.components(separatedBy: ";").first ?? lost.message)")
    }
    for item in items {
      let size = item.properties.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 3 }
      if size > NoteParser.maxFrontMatterBytes {
        throw .tooLarge(
          "'\(item.title.prefix(40))…' makes a note whose properties are \(size / 1024) KB; a note's front matter is at most "
            + "\(NoteParser.maxFrontMatterBytes / 1024) KB")
      }
    }
    guard items.allSatisfy({ $0.seriesUID == uid || $0.uid == uid }) else {
      // An import splits such a change into a series of its own (`UID+DAY`); an object keeps
      // its one UID.
      if items.contains(where: { $0.seriesUID.hasPrefix(uid + "+") }) {
        throw .notAcceptable(
          "a change of this and later occurrences (RANGE=THISANDFUTURE) makes a series of its own: "
            + "end this series before it and save the rest as a new event")
      }
      throw .notAcceptable("a calendar object holds the events of one UID")
    }
    return (root, uid, importer, items)
  }

  /// Whether the category a client's event object gives its series (its CATEGORIES) would put
  /// it in a calendar listed before `calendar` in `calendars:` instead, which not giving it
  /// would not: the note is then not given it (the CATEGORIES stay beside the note, with all
  /// it cannot say), for the client put the event in `calendar`. A client that moves an event
  /// with a DELETE in the first calendar and a PUT here (vdirsyncer, when a file is moved from
  /// one folder to another) sends back the first calendar's category, which vault gave it.
  /// An event that this calendar would not hold even so is refused, never answered 201 and
  /// listed elsewhere. `owner` is the series' note, nil when it is new.
  func calDAVForeignCategory(
    _ items: [ICalendarImport.Item], uid: String, at owner: String?, folder: String, in calendar: CalDAVCalendar
  ) throws(CalDAVRefusal) -> Bool {
    guard let series = items.first(where: { $0.uid == uid && $0.recurrenceDay == nil }) ?? items.first else {
      return false
    }
    let path = owner ?? folder + "/" + series.noteName + ".md"
    let category = series.properties.first { $0.0 == "category" }.flatMap {
      Self.yamlValue(Self.values(of: NewNote.text(properties: [$0], body: nil)), "category")
    }
    let calendars = calDAVCalendars.compactMap(\.setting)
    let target = calendar.setting
    if calendars.calendar(holdingCategory: category, path: path) == target { return false }
    if category != nil, calendars.calendar(holdingCategory: nil, path: path) == target { return true }
    // Only a new event can land elsewhere: a changed one keeps its note's place and category.
    guard owner == nil else { return false }
    // Where it would be even without its category: that is what a client must change.
    let holder = calendars.calendar(holdingCategory: nil, path: path)?.name ?? "Events"
    throw .notAcceptable(
      "this event would be in the calendar \(holder), which `calendars:` lists before \(target?.name ?? "Events"): put it there"
    )
  }

  /// Whether a client's event object can be kept (`calDAVEventItems`), checked before a move.
  public func calDAVCheckEvent(_ body: String, in calendar: CalDAVCalendar) throws(CalDAVRefusal) {
    _ = try calDAVEventItems(body, in: calendar)
  }

  /// The keys that together say on which days an event happens.
  static let calDAVDayKeys = [
    "type", "date", "endDate", "startRecur", "endRecur", "daysOfWeek", "startDate", "rrule", "skipDates", "leap_day",
    "extraDates", "allDay", "startTime", "endTime", "timezone", "floating",
  ]

  /// The day keys that say its rule: which days it happens on before any is taken out or added.
  static let calDAVRuleKeys: Set = [
    "type", "date", "endDate", "startRecur", "endRecur", "daysOfWeek", "startDate", "rrule", "leap_day",
  ]

  /// The day keys whose absence says something (a single event, timed when it has a time,
  /// floating): a note without them is not given them for saying what it says already.
  static let calDAVDefaultedKeys: Set = ["type", "allDay", "timezone", "floating"]

  /// Changes of `startTime`/`endTime` said in a note's plain `time:` key when the note has one
  /// and no `startTime` (`time: "09:30"`, or the span `time: "09:30-10:30"`): the key the note
  /// reads first, so that the new time is the one it shows and the next sync sends.
  static func inTheNotesTimeKey(
    _ changes: [(key: String, yaml: String?)], time: String?, startTime: String?
  ) -> [(key: String, yaml: String?)] {
    guard let time, !["", "null", "~"].contains(time), startTime == nil,
      changes.contains(where: { $0.key == "startTime" || $0.key == "endTime" })
    else { return changes }
    func unquoted(_ yaml: String?) -> String? {
      guard let yaml else { return nil }
      return yaml.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
    }
    let parts = time.split(whereSeparator: { $0 == "-" || $0 == "–" }).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let span = parts.count == 2
    var start = parts.first
    var end = span ? parts.last : nil
    var rest: [(key: String, yaml: String?)] = []
    for change in changes {
      switch change.key {
      case "startTime": start = unquoted(change.yaml)
      case "endTime" where span: end = unquoted(change.yaml)
      default: rest.append(change)
      }
    }
    guard let start, !start.isEmpty else { return rest + [("time", nil)] }
    let value = span && end != nil ? "\(start)-\(end ?? "")" : start
    return rest + [("time", "\"\(value)\"")]
  }

  /// A key's value as text, nil when missing or empty (`endDate: null`, as an import writes it,
  /// says what a missing key says).
  static func yamlValue(_ values: [String: String], _ key: String) -> String? {
    guard let text = values[key], !["", "null", "~"].contains(text) else { return nil }
    return text
  }

  /// The VCALENDAR of a calendar object whose components (time zones aside) are all `kind`.
  static func calDAVObject(
    _ body: String, holding kind: String, _ refusal: String
  ) throws(CalDAVRefusal)
    -> ICalendar.Component
  {
    let parsed = ICalendar.parse(body)
    guard let root = parsed.components.first, root.name == "VCALENDAR", parsed.components.count == 1 else {
      throw .notAcceptable("the body is not one VCALENDAR")
    }
    if let error = parsed.problems.first(where: \.isError) {
      throw .notAcceptable("line \(error.line): \(error.message)")
    }
    let kinds = Set(root.components.map(\.name)).subtracting(["VTIMEZONE"])
    guard kinds == [kind] else {
      throw .notAcceptable(
        kinds.isEmpty
          ? "the calendar holds no \(kind)" : "\(refusal), not \(kinds.sorted().joined(separator: ", "))")
    }
    return root
  }

  /// Moves the notes of an event object to `.trash/`.
  public func calDAVDelete(_ resource: CalDAVResource) throws(CalDAVRefusal) {
    for path in resource.paths {
      do {
        _ = try trash(path)
      } catch {
        throw .cannotWrite("\(path) cannot be moved to the trash: \(error)")
      }
    }
  }
}
