/// The vault's events (and, on request, its dated tasks) as iCalendar components: a
/// pure function of the items and a few facts the caller reads from the system (the time
/// zones' rules, the clock, links). docs/FORMAT.md, "iCalendar", has the mapping table.
public struct ICalendarExport: Sendable {
  /// A change of a time zone's offset, for VTIMEZONE: the wall-clock moment it happens (in the
  /// offset before it), the offsets before and after (seconds east of UTC), and its name.
  public struct Transition: Hashable, Sendable {
    public var local: LocalDateTime
    public var offsetFrom: Int
    public var offsetTo: Int
    public var daylight: Bool
    public var name: String

    public init(local: LocalDateTime, offsetFrom: Int, offsetTo: Int, daylight: Bool, name: String) {
      self.local = local
      self.offsetFrom = offsetFrom
      self.offsetTo = offsetTo
      self.daylight = daylight
      self.name = name
    }
  }

  /// What the caller knows about time zones (Foundation's database in VaultKit).
  public struct Zones: Sendable {
    /// The transitions of a zone in a span of years; nil when the zone is unknown.
    public var transitions: @Sendable (String, ClosedRange<Int>) -> [Transition]?
    /// A zone's offset (seconds east of UTC) at a wall-clock moment; nil when unknown.
    public var offset: @Sendable (String, LocalDateTime) -> Int?

    public init(
      transitions: @escaping @Sendable (String, ClosedRange<Int>) -> [Transition]?,
      offset: @escaping @Sendable (String, LocalDateTime) -> Int?
    ) {
      self.transitions = transitions
      self.offset = offset
    }
  }

  /// How dated tasks are written: as VTODO, or as all-day events for calendars that ignore VTODO.
  public enum TaskForm: String, Sendable, CaseIterable {
    case todos, events
  }

  /// Facts of an event's note the event itself does not hold.
  public struct NoteFacts: Hashable, Sendable {
    /// The note's `uid` property.
    public var uid: String?
    /// The file's modification time, seconds since 1970.
    public var modified: Int?

    public init(uid: String?, modified: Int?) {
      self.uid = uid
      self.modified = modified
    }
  }

  public var zones: Zones
  /// The vault's zone, for timed events without `timezone`.
  public var defaultZone: String
  /// Now, in UTC, for DTSTAMP.
  public var stamp: LocalDateTime
  /// `obsidian://open?…` for a note's path.
  public var link: @Sendable (String) -> String
  public var reminders: ReminderSettings

  public init(
    zones: Zones, defaultZone: String, stamp: LocalDateTime, reminders: ReminderSettings,
    link: @escaping @Sendable (String) -> String
  ) {
    self.zones = zones
    self.defaultZone = defaultZone
    self.stamp = stamp
    self.reminders = reminders
    self.link = link
  }

  /// The whole calendar: the events, the tasks in `taskForm`, and a VTIMEZONE for each zone
  /// a timed event uses.
  public func calendar(
    name: String?, events: [Located<Event>], facts: [String: NoteFacts], tasks: [Located<TaskItem>] = [],
    taskForm: TaskForm = .todos
  ) -> String {
    var components: [ICalendar.Component] = []
    var zoneYears: [String: ClosedRange<Int>] = [:]
    // A note of one changed occurrence (`uid: UID/2026-12-03`, as an import writes it) of a
    // series in the calendar is written as that series' RECURRENCE-ID, and its day is no
    // EXDATE of the series (which would take the change away too).
    var series: [String: Located<Event>] = [:]
    for event in events where event.value.isRecurring {
      if let uid = facts[event.path]?.uid { series[uid] = event }
    }
    var changes: [String: (uid: String, day: LocalDate, series: Event)] = [:]
    var changedDays: [String: Set<LocalDate>] = [:]
    for event in events {
      guard let uid = facts[event.path]?.uid, let slash = uid.lastIndex(of: "/"),
        let day = DateParsing.validDate(uid[uid.index(after: slash)...]),
        let master = series[String(uid[..<slash])]
      else { continue }
      changes[event.path] = (String(uid[..<slash]), day, master.value)
      changedDays[master.path, default: []].insert(day)
    }
    for event in events {
      guard
        let (component, zone) = self.event(
          event, facts: facts[event.path] ?? NoteFacts(uid: nil, modified: nil), change: changes[event.path],
          changedDays: changedDays[event.path] ?? [])
      else { continue }
      components.append(component)
      if let zone, let start = event.value.start {
        let last = max(start.year, stamp.date.year) + (event.value.isRecurring ? 10 : 0)
        let known = zoneYears[zone]
        zoneYears[zone] = min(known?.lowerBound ?? start.year, start.year)...max(known?.upperBound ?? last, last)
      }
    }
    for task in tasks {
      if let component = self.task(task, form: taskForm) { components.append(component) }
    }
    let timeZones = zoneYears.keys.sorted().compactMap { zone in timeZone(zone, years: zoneYears[zone] ?? 2000...2000) }
    return ICalendar.calendar(name: name, components: timeZones + components)
  }

  // MARK: - Events

  /// An event's UID: its `uid` property, else one derived from its path in the vault (so a
  /// rename gives a new one; `vault import ics` writes `uid`, which a rename keeps).
  public static func uid(path: String, facts: NoteFacts) -> String {
    if let uid = facts.uid, !uid.isEmpty { return uid }
    return "vault-" + String(StableHash.fnv1a(path), radix: 16) + "@vault"
  }

  /// The VEVENT of an event, and the zone its times are in (nil: all-day). Nil when the event
  /// has no day.
  public func event(
    _ located: Located<Event>, facts: NoteFacts, change: (uid: String, day: LocalDate, series: Event)? = nil,
    changedDays: Set<LocalDate> = []
  ) -> (ICalendar.Component, String?)? {
    let event = located.value
    var rule: RecurrenceRule?
    if let recurrence = event.recurrence, case .success(let parsed) = recurrence.rule { rule = parsed }
    guard var first = event.start ?? (rule == nil ? nil : Event.openStart) else { return nil }
    // DTSTART must be an occurrence (RFC 5545 leaves the set undefined otherwise): the first one.
    if rule != nil {
      first = located.occurrences(in: first...first.adding(days: 366 * 8 + 2)).first?.seriesDay ?? first
    }
    let allDay = event.allDay || event.startTime == nil
    // A floating time is written without a zone: the same wall-clock time for every reader.
    let zone = allDay || event.floating ? nil : (event.timeZone ?? defaultZone)
    var properties: [ICalendar.Property] = [
      ICalendar.Property("UID", ICalendar.escape(change?.uid ?? Self.uid(path: located.path, facts: facts))),
      ICalendar.Property("DTSTAMP", Self.utc(stamp)),
    ]
    // The occurrence it changes: that day at the series' start (or the day's own time, for a
    // day added with one), in the series' zone.
    if let change {
      let series = change.series
      if series.allDay || series.startTime == nil {
        properties.append(
          ICalendar.Property("RECURRENCE-ID", Self.date(change.day), parameters: [ICalendar.Parameter("VALUE", "DATE")])
        )
      } else if let time = series.extraTimes[change.day] ?? series.startTime {
        let seriesZone = series.floating ? nil : (series.timeZone ?? defaultZone)
        properties.append(
          ICalendar.Property(
            "RECURRENCE-ID", Self.local(LocalDateTime(date: change.day, time: time)),
            parameters: seriesZone.map { [ICalendar.Parameter("TZID", $0)] } ?? []))
      }
    }
    let length = event.dayCount - 1
    if !allDay, let startTime = event.startTime {
      let tzid = zone.map { [ICalendar.Parameter("TZID", $0)] } ?? []
      properties.append(
        ICalendar.Property("DTSTART", Self.local(LocalDateTime(date: first, time: startTime)), parameters: tzid))
      if let endTime = event.endTime {
        // An end at or before the start on the same day is past midnight.
        let endDay = first.adding(days: length + (length == 0 && endTime <= startTime ? 1 : 0))
        properties.append(
          ICalendar.Property("DTEND", Self.local(LocalDateTime(date: endDay, time: endTime)), parameters: tzid))
      } else if length > 0 {
        properties.append(
          ICalendar.Property(
            "DTEND", Self.local(LocalDateTime(date: first.adding(days: length + 1), time: .midnight)), parameters: tzid)
        )
      }
    } else {
      let date = [ICalendar.Parameter("VALUE", "DATE")]
      properties.append(ICalendar.Property("DTSTART", Self.date(first), parameters: date))
      // RFC 5545: an all-day event ends the day after its last day.
      properties.append(ICalendar.Property("DTEND", Self.date(first.adding(days: length + 1)), parameters: date))
    }
    let summary = [event.emoji, event.title].compactMap { $0 }.joined(separator: " ")
    properties.append(.text("SUMMARY", summary))
    // Days as DTSTART is written: dates, or the start time on each in its zone (or floating).
    func days(_ name: String, _ days: [LocalDate], times: [LocalDate: LocalTime] = [:]) -> ICalendar.Property {
      if !allDay, let startTime = event.startTime {
        return ICalendar.Property(
          name, days.map { Self.local(LocalDateTime(date: $0, time: times[$0] ?? startTime)) }.joined(separator: ","),
          parameters: zone.map { [ICalendar.Parameter("TZID", $0)] } ?? [])
      }
      return ICalendar.Property(
        name, days.map(Self.date).joined(separator: ","), parameters: [ICalendar.Parameter("VALUE", "DATE")])
    }
    if let rule { properties.append(ICalendar.Property("RRULE", rruleText(rule, event: event, zone: zone))) }
    if !event.extraDates.isEmpty {
      properties.append(days("RDATE", Array(Set(event.extraDates)).sorted(), times: event.extraTimes))
    }
    if event.isRecurring {
      let skipped = event.skipDates.filter {
        ($0 >= first || event.extraDates.contains($0)) && !changedDays.contains($0)
      }.sorted()
      if !skipped.isEmpty { properties.append(days("EXDATE", skipped)) }
    }
    if event.cancelled { properties.append(ICalendar.Property("STATUS", "CANCELLED")) }
    if let location = event.location, !location.isEmpty { properties.append(.text("LOCATION", location)) }
    if let description = event.description, !description.isEmpty {
      properties.append(.text("DESCRIPTION", description))
    }
    var seen = Set<String>()
    let categories = ([event.category].compactMap { $0 } + located.tags).filter {
      !$0.isEmpty && seen.insert($0.lowercased()).inserted
    }
    if !categories.isEmpty {
      properties.append(ICalendar.Property("CATEGORIES", categories.map(ICalendar.escape).joined(separator: ",")))
    }
    properties.append(ICalendar.Property("URL", link(located.path)))
    if let modified = facts.modified {
      properties.append(ICalendar.Property("LAST-MODIFIED", Self.utc(ReminderSchedule.Zone.fixed(0).local(modified))))
    }
    // A date without a year (`--06-15`): the year written is only a placeholder.
    if event.yearUnknown { properties.append(ICalendar.Property("X-VAULT-NO-YEAR", "TRUE")) }
    let alarms = ReminderSchedule.eventOffsets(event, settings: reminders).map { text, seconds in
      // Vault reminds all-day events counting from `all_day_at` on their day; the alarm is
      // relative to the start, midnight, so it says the same.
      let trigger = (allDay ? reminders.allDayAt.secondsSinceMidnight : 0) - seconds
      return ICalendar.Component(
        "VALARM",
        properties: [
          ICalendar.Property("ACTION", "DISPLAY"), .text("DESCRIPTION", summary),
          ICalendar.Property("TRIGGER", Self.duration(trigger)), .text("X-VAULT-REMIND", text),
        ])
    }
    return (ICalendar.Component("VEVENT", properties: properties, components: alarms), zone)
  }

  /// The RRULE of an event: its rule, `endRecur` as UNTIL (a date for all-day events, the end
  /// of that day in UTC for timed ones, as RFC 5545 wants with TZID); a yearly event from
  /// 29 February says where it falls in common years.
  func rruleText(_ rule: RecurrenceRule, event: Event, zone: String?) -> String {
    var rule = rule
    var until = rule.until
    if let end = event.recurrenceEnd { until = until.map { min($0, end) } ?? end }
    rule.until = nil
    rule.whenDone = false
    var text = rule.rruleText
    if let start = event.start, start.month == 2, start.day == 29, rule.frequency == .yearly, rule.interval == 1,
      rule.byMonth.isEmpty, rule.byMonthDay.isEmpty, rule.byDay.isEmpty
    {
      switch event.leapDay ?? .feb28 {
      case .feb28: text += ";BYMONTH=2;BYMONTHDAY=-1"
      case .mar1: text += ";BYYEARDAY=60"
      case .skip: break
      }
    }
    if let until {
      if let zone, let startTime = event.startTime {
        let moment = LocalDateTime(date: until, time: startTime)
        let offset = zones.offset(zone, moment) ?? 0
        let instant = ReminderSchedule.Zone.fixed(offset).instant(moment)
        text += ";UNTIL=" + Self.utc(ReminderSchedule.Zone.fixed(0).local(instant))
      } else if !event.allDay, event.startTime != nil {
        // A floating time: UNTIL floating too, the end of that day (RFC 5545: as DTSTART).
        text +=
          ";UNTIL="
          + Self.local(LocalDateTime(date: until, time: LocalTime(hour: 23, minute: 59, second: 59) ?? .midnight))
      } else {
        text += ";UNTIL=" + Self.date(until)
      }
    }
    return text
  }

  // MARK: - Tasks

  /// An open task with a due or scheduled day: a VTODO, or an all-day VEVENT.
  public func task(_ located: Located<TaskItem>, form: TaskForm) -> ICalendar.Component? {
    let task = located.value
    guard task.isOpen, let day = task.due ?? task.scheduled else { return nil }
    // The tags go to CATEGORIES; the summary is the task's words.
    let tags = Set(task.tags.map { ($0.hasPrefix("#") ? String($0.dropFirst()) : $0).lowercased() })
    let text = TaskReminder.split(task.description, defaultTime: .midnight).0.split(separator: " ")
      .filter { !($0.hasPrefix("#") && tags.contains($0.dropFirst().lowercased())) }.joined(separator: " ")
    var properties: [ICalendar.Property] = [
      ICalendar.Property(
        "UID", "vault-task-" + String(StableHash.fnv1a(located.path + "|" + text), radix: 16) + "@vault"),
      ICalendar.Property("DTSTAMP", Self.utc(stamp)), .text("SUMMARY", text),
    ]
    let date = [ICalendar.Parameter("VALUE", "DATE")]
    var rule: RecurrenceRule?
    if let recurrence = task.recurrence { rule = RecurrenceRule.parse(tasksRule: recurrence) }
    switch form {
    case .todos:
      if let start = task.scheduled ?? task.start, start <= day, task.due != nil {
        properties.append(ICalendar.Property("DTSTART", Self.date(start), parameters: date))
      }
      properties.append(ICalendar.Property("DUE", Self.date(day), parameters: date))
      properties.append(ICalendar.Property("STATUS", task.status.type == .inProgress ? "IN-PROCESS" : "NEEDS-ACTION"))
      if let priority = Self.priority(task.priority) {
        properties.append(ICalendar.Property("PRIORITY", String(priority)))
      }
    case .events:
      properties.append(ICalendar.Property("DTSTART", Self.date(day), parameters: date))
      properties.append(ICalendar.Property("DTEND", Self.date(day.adding(days: 1)), parameters: date))
      properties.append(ICalendar.Property("TRANSP", "TRANSPARENT"))
    }
    if var rule {
      rule.whenDone = false
      properties.append(ICalendar.Property("RRULE", rule.rruleText))
    }
    let categories = ["task"] + task.tags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
    properties.append(ICalendar.Property("CATEGORIES", categories.map(ICalendar.escape).joined(separator: ",")))
    properties.append(ICalendar.Property("URL", link(located.path)))
    return ICalendar.Component(form == .todos ? "VTODO" : "VEVENT", properties: properties)
  }

  /// The Tasks plugin's priorities on RFC 5545's 1 (highest) to 9 (lowest); none for normal.
  public static func priority(_ priority: TaskPriority) -> Int? {
    switch priority {
    case .highest: 1
    case .high: 3
    case .medium: 5
    case .normal: nil
    case .low: 7
    case .lowest: 9
    }
  }

  // MARK: - Time zones

  /// A VTIMEZONE for `zone` over `years`, from the caller's transitions.
  func timeZone(_ zone: String, years: ClosedRange<Int>) -> ICalendar.Component? {
    guard let transitions = zones.transitions(zone, years) else { return nil }
    var observances: [ICalendar.Component] = []
    if transitions.isEmpty {
      let offset =
        zones.offset(
          zone, LocalDateTime(date: LocalDate(year: years.lowerBound, month: 1, day: 1) ?? stamp.date, time: .midnight))
        ?? 0
      observances.append(
        ICalendar.Component(
          "STANDARD",
          properties: [
            ICalendar.Property("DTSTART", "19700101T000000"), ICalendar.Property("TZOFFSETFROM", Self.offset(offset)),
            ICalendar.Property("TZOFFSETTO", Self.offset(offset)),
          ]))
    }
    for transition in transitions {
      observances.append(
        ICalendar.Component(
          transition.daylight ? "DAYLIGHT" : "STANDARD",
          properties: [
            ICalendar.Property("DTSTART", Self.local(transition.local)),
            ICalendar.Property("TZOFFSETFROM", Self.offset(transition.offsetFrom)),
            ICalendar.Property("TZOFFSETTO", Self.offset(transition.offsetTo)),
            .text("TZNAME", transition.name),
          ]))
    }
    return ICalendar.Component("VTIMEZONE", properties: [ICalendar.Property("TZID", zone)], components: observances)
  }

  // MARK: - Values

  /// `20261128`.
  public static func date(_ date: LocalDate) -> String { pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2) }

  /// `20261128T093000`: a wall-clock time (with TZID, or floating).
  public static func local(_ moment: LocalDateTime) -> String {
    date(moment.date) + "T" + pad(moment.time.hour, 2) + pad(moment.time.minute, 2) + pad(moment.time.second, 2)
  }

  /// `20261128`, `20261128T093000` or `20261128T083000Z` read back (the `Z` is the caller's to see).
  public static func parseMoment(_ value: String) -> LocalDateTime? { ICalendarImport.moment(value) }

  /// `20261128T083000Z`.
  public static func utc(_ moment: LocalDateTime) -> String { local(moment) + "Z" }

  /// `+0100`, `-0330`.
  public static func offset(_ seconds: Int) -> String {
    let minutes = abs(seconds) / 60
    return (seconds < 0 ? "-" : "+") + pad(minutes / 60, 2) + pad(minutes % 60, 2)
  }

  /// A DURATION: `-P1D`, `-PT2H30M`, `-P1W`, `PT9H`, `PT0S`.
  public static func duration(_ seconds: Int) -> String {
    let sign = seconds < 0 ? "-" : ""
    var rest = abs(seconds)
    guard rest > 0 else { return "PT0S" }
    if rest % 604_800 == 0 { return "\(sign)P\(rest / 604_800)W" }
    var text = "\(sign)P"
    if rest >= 86_400 {
      text += "\(rest / 86_400)D"
      rest %= 86_400
    }
    guard rest > 0 else { return text }
    text += "T"
    if rest >= 3600 { text += "\(rest / 3600)H" }
    if rest % 3600 >= 60 { text += "\(rest % 3600 / 60)M" }
    if rest % 60 > 0 { text += "\(rest % 60)S" }
    return text
  }
}
