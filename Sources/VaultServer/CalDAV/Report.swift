import Foundation
import HTTPTypes
import Hummingbird
import VaultCore
import VaultKit

extension CalDAVServer {
  /// `principal-property-search` (RFC 3744 9.4): the server's one principal, with the
  /// properties asked for, when its display name holds each match (any case; `test="anyof"`:
  /// one of them), else none; a search of other properties finds none.
  func principalSearch(_ root: DAVElement) async throws -> Response {
    let searches = root.children(DAVNamespace.dav, "property-search")
    let name = (state.vault.root as NSString).lastPathComponent.lowercased()
    let matches = searches.map { search -> Bool in
      let match = search.child(DAVNamespace.dav, "match")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      let names = search.child(DAVNamespace.dav, "prop")?.children ?? []
      return names.contains { $0.named(DAVNamespace.dav, "displayname") }
        && (match.isEmpty || name.contains(match.lowercased()))
    }
    let anyOf = root.attributes["test"] == "anyof"
    let found = searches.isEmpty || (anyOf ? matches.contains(true) : !matches.contains(false))
    var writer = DAVXMLWriter()
    writer.open(DAVNamespace.dav, "multistatus", root: true)
    // The properties asked for: those of its `<prop>`, and (as python caldav sends them) those
    // beside it.
    let beside = root.children.filter {
      !$0.named(DAVNamespace.dav, "prop") && !$0.named(DAVNamespace.dav, "property-search")
        && !$0.named(DAVNamespace.dav, "apply-to-principal-collection-set")
    }
    let asked = (root.child(DAVNamespace.dav, "prop")?.children ?? []) + beside
    let wanted: DAVPropertyRequest = .some(
      (asked.isEmpty ? [(DAVNamespace.dav, "displayname")] : asked.map { ($0.namespace, $0.name) })
        + [(DAVNamespace.dav, "resourcetype")])
    if found { try await writeResponse(&writer, .principal, etag: nil, wanted: wanted, body: nil) }
    writer.close(DAVNamespace.dav, "multistatus")
    return Self.xml(Self.multiStatus, writer.bytes)
  }

  /// REPORT: `calendar-query` (RFC 4791 7.8: components, time ranges matched by occurrences,
  /// text matches of properties), `calendar-multiget` (7.9) and `sync-collection` (RFC 6578).
  func report(_ target: CalDAVTarget, request: Request, body: String) async throws -> Response {
    let root = try DAVXMLReader.parse(body)
    // RFC 3744 9.4 on the principal or the home: the one principal there is, when it matches.
    if root.named(DAVNamespace.dav, "principal-property-search"), target == .principal || target == .home {
      return try await principalSearch(root)
    }
    let calendar: CalDAVCalendar
    switch target {
    case .calendar(let found): calendar = found
    case .object(let found, _): calendar = found
    default:
      return Self.xml(
        .forbidden,
        DAVXMLWriter.error(DAVNamespace.dav, "supported-report", reason: "reports are taken by the calendars only"))
    }
    let wanted = DAVPropertyRequest(root)
    let (objects, syncToken) = try await state.objects(of: calendar)
    if root.named(DAVNamespace.caldav, "free-busy-query") {
      return try await freeBusy(root, objects: objects, in: calendar)
    }
    if case .object(_, let name) = target, !objects.contains(where: { $0.resource.name == name }) {
      return Self.plain(.notFound, "No such calendar object.")
    }
    let scoped: [CalDAVObject] =
      if case .object(_, let name) = target { objects.filter { $0.resource.name == name } } else { objects }
    var chosen: [CalDAVObject] = []
    var absent: [String] = []
    var removed: [String] = []
    var newToken: String?
    var truncated = false
    if root.named(DAVNamespace.caldav, "calendar-query") {
      chosen = try await query(root.child(DAVNamespace.caldav, "filter"), among: scoped, in: calendar)
    } else if root.named(DAVNamespace.caldav, "calendar-multiget") {
      let byName = Dictionary(objects.map { ($0.resource.name, $0) }, uniquingKeysWith: { first, _ in first })
      for href in root.children(DAVNamespace.dav, "href") {
        let path = href.text.trimmingCharacters(in: .whitespacesAndNewlines)
        let local = URLComponents(string: path)?.path ?? path
        if case .object(let owner, let name)? = CalDAVTarget(path: local, calendars: state.vault.calDAVCalendars),
          owner == calendar, let object = byName[name]
        {
          chosen.append(object)
        } else {
          absent.append(local)
        }
      }
    } else if root.named(DAVNamespace.dav, "sync-collection") {
      guard case .calendar = target else {
        return Self.xml(
          .forbidden,
          DAVXMLWriter.error(DAVNamespace.dav, "supported-report", reason: "sync-collection is for a calendar"))
      }
      if let level = root.child(DAVNamespace.dav, "sync-level")?.text.trimmingCharacters(in: .whitespaces),
        level != "1"
      {
        return Self.xml(
          .forbidden,
          DAVXMLWriter.error(DAVNamespace.dav, "number-of-matches-within-limits", reason: "a calendar has one level"))
      }
      let given = root.child(DAVNamespace.dav, "sync-token")?.text.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
      if given.isEmpty {
        chosen = objects
      } else if given == syncToken {
        // The token stands for the listing as it is now (a digest of every name and ETag): nothing
        // changed since, the answer a phone's poll gets most often, without comparing the lists.
      } else {
        guard let before = state.tokens.manifest(for: calendar.slug, token: given) else {
          return Self.xml(
            .forbidden,
            DAVXMLWriter.error(
              DAVNamespace.dav, "valid-sync-token",
              reason: "this token is not one this calendar gave, or older than its change log: read it anew"))
        }
        chosen = objects.filter { before[$0.resource.name] != $0.resource.etag }
        let now = Set(objects.map(\.resource.name))
        removed = before.keys.filter { !now.contains($0) }.sorted()
      }
      newToken = syncToken
      // `DAV:limit` (RFC 6578 3.6): the first changes in the order of names, a 507 for the
      // rest, and a token that goes on from there.
      if let limit = root.child(DAVNamespace.dav, "limit")?.child(DAVNamespace.dav, "nresults")
        .flatMap({ Int($0.text.trimmingCharacters(in: .whitespacesAndNewlines)) }), limit >= 1,
        chosen.count + removed.count > limit
      {
        let names = (chosen.map(\.resource.name) + removed).sorted()
        let last = names[limit - 1]
        chosen = chosen.filter { $0.resource.name <= last }
        removed = removed.filter { $0 <= last }
        newToken = state.tokens.partialToken(
          for: calendar.slug, after: given.isEmpty ? nil : given, upTo: last, listing: syncToken)
        truncated = true
      }
    } else {
      return Self.xml(
        .forbidden,
        DAVXMLWriter.error(
          DAVNamespace.dav, "supported-report",
          reason: "vault answers calendar-query, calendar-multiget and sync-collection"))
    }
    var bodies = wanted.wantsCalendarData ? try await state.bodies(of: chosen, in: calendar) : [:]
    // `<calendar-data><expand start end/>`: each recurring event as its occurrences in the span,
    // each repeating to-do as its repetitions.
    if calendar.kinds.contains(.events) || calendar.kinds.contains(.tasks),
      let expand = root.child(DAVNamespace.dav, "prop")?.child(DAVNamespace.caldav, "calendar-data")?
        .child(DAVNamespace.caldav, "expand")
    {
      guard let from = expand.attributes["start"].flatMap(Self.instant),
        let to = expand.attributes["end"].flatMap(Self.instant), from < to
      else {
        throw DAVXMLError(description: "an expand needs a start and an end in UTC (20261201T000000Z), the start first")
      }
      bodies = try await state.expanded(bodies, of: chosen.filter { $0.kind == .events }, from: from, to: to)
      let zone = state.vault.reminderZone
      // A value's moment: in UTC when it says so, else (a date, a floating time, a time in a
      // zone a task line does not keep) in the vault's zone.
      let instant = { (property: ICalendar.Property) -> Int? in
        guard let moment = ICalendarExport.parseMoment(property.value) else { return nil }
        return property.value.hasSuffix("Z") ? ReminderSchedule.Zone.fixed(0).instant(moment) : zone.instant(moment)
      }
      for object in chosen where object.kind == .tasks {
        guard let body = bodies[object.resource.name] else { continue }
        bodies[object.resource.name] = TaskTodo.expanded(body, from: from, to: to, instant: instant)
      }
    }
    var writer = DAVXMLWriter()
    writer.open(DAVNamespace.dav, "multistatus", root: true)
    for object in chosen {
      try await writeResponse(
        &writer, .object(calendar.facet(object.kind), name: object.resource.name), etag: object.resource.etag,
        wanted: wanted,
        body: bodies[object.resource.name])
    }
    for href in absent {
      writer.open(DAVNamespace.dav, "response")
      writer.element(DAVNamespace.dav, "href", href)
      writer.element(DAVNamespace.dav, "status", "HTTP/1.1 404 Not Found")
      writer.close(DAVNamespace.dav, "response")
    }
    for name in removed {
      writer.open(DAVNamespace.dav, "response")
      writer.element(DAVNamespace.dav, "href", CalDAVTarget.object(calendar, name: name).href)
      writer.element(DAVNamespace.dav, "status", "HTTP/1.1 404 Not Found")
      writer.close(DAVNamespace.dav, "response")
    }
    if truncated {
      writer.open(DAVNamespace.dav, "response")
      writer.element(DAVNamespace.dav, "href", target.href)
      writer.element(DAVNamespace.dav, "status", "HTTP/1.1 507 Insufficient Storage")
      writer.open(DAVNamespace.dav, "error")
      writer.empty(DAVNamespace.dav, "number-of-matches-within-limits")
      writer.close(DAVNamespace.dav, "error")
      writer.close(DAVNamespace.dav, "response")
    }
    if let newToken { writer.element(DAVNamespace.dav, "sync-token", newToken) }
    writer.close(DAVNamespace.dav, "multistatus")
    return Self.xml(Self.multiStatus, writer.bytes)
  }

  /// `free-busy-query` (RFC 4791 7.10): the busy spans of the calendar's events in a time range,
  /// as one VFREEBUSY in UTC; cancelled events are not busy.
  func freeBusy(_ root: DAVElement, objects: [CalDAVObject], in calendar: CalDAVCalendar) async throws -> Response {
    guard let range = root.child(DAVNamespace.caldav, "time-range"),
      let from = range.attributes["start"].flatMap(Self.instant),
      let to = range.attributes["end"].flatMap(Self.instant), from < to
    else {
      throw DAVXMLError(description: "a free-busy-query needs a time-range with a start and an end in UTC")
    }
    var busy: [(Int, Int)] = []
    if calendar.kinds.contains(.events) {
      let paths = Set(objects.filter { $0.kind == .events }.flatMap(\.resource.paths))
      let zone = state.vault.reminderZone
      let day = { (seconds: Int) in zone.local(seconds).date }
      let events = try await state.events(from: day(from).adding(days: -1), through: day(to).adding(days: 1))
      for event in events where paths.contains(event.path) && !event.value.cancelled {
        for occurrence in state.vault.calDAVOccurrences(event, from: from, to: to)
        where occurrence.end > occurrence.start {
          busy.append((max(from, occurrence.start), min(to, occurrence.end)))
        }
      }
    }
    func utc(_ seconds: Int) -> String { ICalendarExport.utc(ReminderSchedule.Zone.fixed(0).local(seconds)) }
    var properties = [
      ICalendar.Property("DTSTAMP", utc(Int(Date().timeIntervalSince1970))),
      ICalendar.Property("DTSTART", utc(from)), ICalendar.Property("DTEND", utc(to)),
    ]
    if !busy.isEmpty {
      let spans = busy.sorted { $0.0 < $1.0 }.map { utc($0.0) + "/" + utc($0.1) }
      properties.append(
        ICalendar.Property(
          "FREEBUSY", spans.joined(separator: ","), parameters: [ICalendar.Parameter("FBTYPE", "BUSY")]))
    }
    let body = ICalendar.calendar(name: nil, components: [ICalendar.Component("VFREEBUSY", properties: properties)])
    return Response(
      status: .ok, headers: [.contentType: "text/calendar; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
  }

  /// The objects a `calendar-query` filter chooses.
  func query(
    _ filter: DAVElement?, among objects: [CalDAVObject], in calendar: CalDAVCalendar
  ) async throws
    -> [CalDAVObject]
  {
    guard let filter else { return objects }
    guard let top = filter.child(DAVNamespace.caldav, "comp-filter") else {
      throw DAVXMLError(description: "a filter holds one comp-filter, for VCALENDAR")
    }
    guard top.attributes["name"]?.uppercased() == "VCALENDAR" else { return [] }
    if top.child(DAVNamespace.caldav, "is-not-defined") != nil { return [] }
    var chosen = objects
    for inner in top.children(DAVNamespace.caldav, "comp-filter") {
      let name = inner.attributes["name"]?.uppercased() ?? ""
      let negated = inner.child(DAVNamespace.caldav, "is-not-defined") != nil
      let named = [CalDAVCalendar.Kind.events, .tasks, .journal].first { $0.component == name }
      // A calendar of both kinds: the filter chooses the objects of the component it names.
      if negated {
        if let named { chosen = chosen.filter { $0.kind != named } }
        continue
      }
      guard let named, calendar.kinds.contains(named) else { return [] }
      // (Filtered only when some are of another kind, and read in place: a copy of every
      // object of a calendar of 20,000 events, as `filter` and `contains` make, was a fifth of
      // a month's query.)
      if chosen.indices.contains(where: { chosen[$0].kind != named }) { chosen = chosen.filter { $0.kind == named } }
      let kind = name
      let calendar = calendar.facet(named)
      if let range = inner.child(DAVNamespace.caldav, "time-range") {
        let from = range.attributes["start"].flatMap(Self.instant)
        let to = range.attributes["end"].flatMap(Self.instant)
        guard from != nil || to != nil else {
          throw DAVXMLError(description: "a time-range needs a start or an end (UTC, such as 20261201T000000Z)")
        }
        chosen = try await inRange(chosen, from: from, to: to, calendar: calendar)
      }
      // Its alarms (RFC 4791 9.9): those with one, without one, or with one going off in a span.
      for alarmFilter in inner.children(DAVNamespace.caldav, "comp-filter")
      where alarmFilter.attributes["name"]?.uppercased() == "VALARM" {
        let range = alarmFilter.child(DAVNamespace.caldav, "time-range")
        let from = range?.attributes["start"].flatMap(Self.instant)
        let to = range?.attributes["end"].flatMap(Self.instant)
        if range != nil, from == nil, to == nil {
          throw DAVXMLError(description: "a time-range needs a start or an end (UTC, such as 20261201T000000Z)")
        }
        chosen = try await withAlarms(
          chosen, defined: alarmFilter.child(DAVNamespace.caldav, "is-not-defined") == nil,
          goingOff: range == nil ? nil : (from, to), calendar: calendar)
      }
      let propertyFilters = inner.children(DAVNamespace.caldav, "prop-filter")
      if !propertyFilters.isEmpty {
        let bodies = try await state.bodies(of: chosen, in: calendar)
        chosen = chosen.filter { object in
          guard let body = bodies[object.resource.name],
            let component = ICalendar.parse(body).components.first?.components.first(where: { $0.name == kind })
          else { return false }
          return propertyFilters.allSatisfy { Self.matches($0, component) }
        }
      }
    }
    return chosen
  }

  /// The objects with an occurrence (events), a date (to-dos) or their day (journal entries) in
  /// the span.
  func inRange(
    _ objects: [CalDAVObject], from: Int?, to: Int?, calendar: CalDAVCalendar
  ) async throws
    -> [CalDAVObject]
  {
    let zone = state.vault.reminderZone
    func day(_ seconds: Int?, _ fallback: LocalDate) -> LocalDate { seconds.map { zone.local($0).date } ?? fallback }
    // The end is not in the span: one at midnight ends with the day before. A day wider each
    // side, for a date (a to-do's) read in another zone than the vault's.
    let first = day(from, LocalDate.calDAVEarliest).adding(days: -1)
    let last = day(to.map { $0 - 1 }, LocalDate.calDAVLatest).adding(days: 1)
    switch calendar.kind {
    case .events:
      let events = try await state.events(from: first, through: last)
      let vault = state.vault
      let meeting = Set(events.filter { vault.calDAVOverlaps($0, from: from, to: to) }.map(\.path))
      // Each object read in place; only those kept are copied.
      return objects.indices.filter { objects[$0].resource.paths.contains(where: meeting.contains) }.map { objects[$0] }
    case .tasks:
      return objects.filter { object in
        guard let task = object.task?.value else { return false }
        return TaskTodo.meets(task, first...last)
      }
    case .journal:
      // A day (DTSTART;VALUE=DATE) meets the span when its day in the vault's zone does; a note
      // without a day meets none (RFC 4791 9.9).
      return objects.filter { object in
        guard let day = object.journal?.day else { return false }
        let start = zone.instant(LocalDateTime(date: day, time: .midnight))
        let end = zone.instant(LocalDateTime(date: day.adding(days: 1), time: .midnight))
        return (to.map { start < $0 } ?? true) && (from.map { end > $0 } ?? true)
      }
    }
  }

  /// The objects with an alarm (`defined`) or without one; with `goingOff`, those with an alarm
  /// that goes off in the span (RFC 4791 9.9): at its fixed moment, or at its offset from an
  /// occurrence's start or end, or at one of its repetitions. An event's occurrences are those
  /// every view shows, each with the alarms of the component it comes from (a changed occurrence
  /// its own). A to-do's start and due day begin at midnight in the vault's zone.
  func withAlarms(
    _ objects: [CalDAVObject], defined: Bool, goingOff span: (from: Int?, to: Int?)?, calendar: CalDAVCalendar
  ) async throws -> [CalDAVObject] {
    guard calendar.kind != .journal else { return defined ? [] : objects }
    let bodies = try await state.bodies(of: objects, in: calendar)
    var alarms: [String: [ICalendarAlarms.Alarm]] = [:]
    // An event's alarms by component: the series' (no RECURRENCE-ID), and each changed
    // occurrence's with its RECURRENCE-ID, which replaces the series' instance whole, alarms and
    // all (RFC 5545 3.8.4.4).
    var seriesAlarms: [String: [ICalendarAlarms.Alarm]] = [:]
    var changeAlarms: [String: [(recurrence: ICalendar.Property, alarms: [ICalendarAlarms.Alarm])]] = [:]
    for object in objects {
      guard let body = bodies[object.resource.name], let root = ICalendar.parse(body).components.first else { continue }
      let components = root.components.filter { $0.name == calendar.kind.component }
      alarms[object.resource.name] = components.flatMap(ICalendarAlarms.alarms(of:))
      for component in components {
        if let recurrence = component.first("RECURRENCE-ID") {
          changeAlarms[object.resource.name, default: []].append((recurrence, ICalendarAlarms.alarms(of: component)))
        } else {
          seriesAlarms[object.resource.name, default: []] += ICalendarAlarms.alarms(of: component)
        }
      }
    }
    func has(_ object: CalDAVObject) -> Bool { !(alarms[object.resource.name] ?? []).isEmpty }
    guard let span else { return objects.filter { has($0) == defined } }
    guard defined else { return [] }
    let zone = state.vault.reminderZone
    let utc = { (moment: LocalDateTime) in ReminderSchedule.Zone.fixed(0).instant(moment) }
    // The occurrences whose alarms may go off in the span: those in it, widened by the alarms'
    // reach.
    let reach = ICalendarAlarms.reach(of: alarms.values.flatMap { $0 })
    let from = span.from.map { $0 - reach.after }
    let to = span.to.map { $0 + reach.before }
    switch calendar.kind {
    case .events:
      let first = from.map { zone.local($0).date.adding(days: -2) } ?? LocalDate.calDAVEarliest
      let last = to.map { zone.local($0).date.adding(days: 2) } ?? LocalDate.calDAVLatest
      let events = try await state.events(from: first, through: last)
      let byPath = Dictionary(grouping: events, by: \.path)
      let vault = state.vault
      return objects.filter { object in
        guard let found = alarms[object.resource.name], !found.isEmpty else { return false }
        let name = object.resource.name
        return object.resource.paths.enumerated().contains { index, path in
          let events = byPath[path] ?? []
          let occurrences = events.flatMap { vault.calDAVOccurrences($0, from: from, to: to) }.map {
            (start: $0.start, end: $0.end)
          }
          guard !occurrences.isEmpty else { return false }
          // The series' note has the series' alarms; a changed occurrence's note (`uid:
          // UID/day`) those of the component that changes that day. Either not found: all.
          var own = found
          if index == 0, seriesAlarms[name] != nil {
            own = seriesAlarms[name] ?? []
          } else if index > 0, let uid = object.resource.uids[path], let slash = uid.lastIndex(of: "/"),
            let day = DateParsing.validDate(uid[uid.index(after: slash)...]),
            let series = object.resource.paths.first.flatMap({ byPath[$0]?.first })?.value,
            let change = changeAlarms[name]?.first(where: {
              Self.recurrenceDay($0.recurrence, seriesZone: series.timeZone, vault: vault) == day
            })
          {
            own = change.alarms
          }
          return ICalendarAlarms.goesOff(own, occurrences: occurrences, from: span.from, to: span.to, utc: utc)
        }
      }
    case .tasks:
      return objects.filter { object in
        guard let found = alarms[object.resource.name], !found.isEmpty, let task = object.task?.value else {
          return false
        }
        let midnight = { (day: LocalDate) in zone.instant(LocalDateTime(date: day, time: .midnight)) }
        let start = (task.start ?? task.due).map(midnight)
        let end = (task.due ?? task.start).map(midnight)
        let occurrences = start.map { [(start: $0, end: end ?? $0)] } ?? []
        return ICalendarAlarms.goesOff(found, occurrences: occurrences, from: span.from, to: span.to, utc: utc)
      }
    case .journal:
      return []
    }
  }

  /// The day of the series a RECURRENCE-ID names, in the series' zone (as a changed
  /// occurrence's note names it, `uid: UID/day`): its date, or its moment's day there when it is
  /// given in UTC or another zone.
  static func recurrenceDay(_ recurrence: ICalendar.Property, seriesZone: String?, vault: Vault) -> LocalDate? {
    guard let moment = ICalendarExport.parseMoment(recurrence.value) else { return nil }
    let zulu = recurrence.value.hasSuffix("Z")
    let tzid = recurrence.parameter("TZID")
    guard zulu || (tzid != nil && tzid != seriesZone) else { return moment.date }
    let series = seriesZone.flatMap(TimeZone.init(identifier:)).map(Vault.scheduleZone) ?? vault.reminderZone
    let from = zulu ? .fixed(0) : tzid.flatMap(TimeZone.init(identifier:)).map(Vault.scheduleZone) ?? series
    return series.local(from.instant(moment)).date
  }

  /// A prop-filter (RFC 4791 9.7.2) on one component: defined, not defined, or a text match.
  static func matches(_ filter: DAVElement, _ component: ICalendar.Component) -> Bool {
    let name = filter.attributes["name"]?.uppercased() ?? ""
    let properties = component.all(name)
    if filter.child(DAVNamespace.caldav, "is-not-defined") != nil { return properties.isEmpty }
    guard !properties.isEmpty else { return false }
    guard let match = filter.child(DAVNamespace.caldav, "text-match") else { return true }
    let negate = match.attributes["negate-condition"] == "yes"
    // `i;octet` compares bytes; the default, `i;ascii-casemap`, ignores case.
    let exact = match.attributes["collation"] == "i;octet"
    let wanted = exact ? match.text : match.text.lowercased()
    let found = properties.contains { property in
      let text = property.texts.isEmpty ? property.text : property.texts.joined(separator: ",")
      return (exact ? text : text.lowercased()).contains(wanted)
    }
    return found != negate
  }

  /// `20261201T000000Z` as seconds since 1970.
  static func instant(_ text: String) -> Int? {
    guard text.hasSuffix("Z"), let moment = ICalendarExport.parseMoment(text) else { return nil }
    return ReminderSchedule.Zone.fixed(0).instant(moment)
  }
}
