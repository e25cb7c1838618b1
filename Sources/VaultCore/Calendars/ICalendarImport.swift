/// iCalendar events read as vault event notes: each VEVENT becomes the front matter
/// `vault add event` writes (Full Calendar's form) with the source's UID in `uid`, and a body
/// from DESCRIPTION. Pure: the caller says which time zones exist and what the vault's is.
/// docs/FORMAT.md, "iCalendar", has the mapping both ways.
public struct ICalendarImport: Sendable {
  /// One event to write.
  public struct Item: Sendable {
    public var uid: String
    public var title: String
    /// The first day, which the note's name starts with, as `vault add event` names it.
    public var date: LocalDate
    /// The front matter, in order (values already YAML), `uid` included.
    public var properties: [(String, String)]
    public var body: String?
    /// Where the VEVENT starts in the file.
    public var line: Int
    /// The UID of its series (`uid` without the `/DAY` of a changed occurrence).
    public var seriesUID: String = ""
    /// The day of the series' occurrence this event changes (RECURRENCE-ID); nil for a series.
    public var recurrenceDay: LocalDate?
    /// Occurrences added by RDATE periods of another length than the event's, as changes of
    /// those days (a note can give an added day its own time, not its own length).
    var periodChanges: [ICalendar.Component] = []
    /// What its days are: its rule, first day, added and skipped days.
    var rule: RecurrenceRule?
    var extra: [LocalDate] = []
    var skipped: [LocalDate] = []

    /// Whether the series has an occurrence on `day`.
    func occurs(on day: LocalDate) -> Bool {
      guard !skipped.contains(day) else { return false }
      if day == date || extra.contains(day) { return true }
      return rule?.occurrences(start: date, in: day...day).contains(day) ?? false
    }

    /// Takes `day` out of the series: a changed occurrence is a note of its own.
    mutating func skip(_ day: LocalDate) {
      skipped.append(day)
      let text = ICalendarImport.dayList(skipped)
      if let index = properties.firstIndex(where: { $0.0 == "skipDates" }) {
        properties[index].1 = text
      } else {
        properties.append(("skipDates", text))
      }
    }
  }

  /// A problem with the input: `file:line: error|warning: message`.
  public struct Problem: Hashable, Sendable {
    public var line: Int
    public var message: String
    public var isError: Bool
    /// The item keeps less than the file says (a rule vault cannot expand is left out): an
    /// import says so and goes on; a CalDAV PUT refuses the object rather than answer success.
    public var losesData = false

    public init(line: Int, message: String, isError: Bool, losesData: Bool = false) {
      self.line = line
      self.message = message
      self.isError = isError
      self.losesData = losesData
    }
  }

  /// The vault's zone: times in it are written without `timezone`, when the vault's settings
  /// name it (`vaultZoneIsSet`).
  public var vaultZone: String
  /// Whether the vault's settings name its zone. When not, the vault's zone is the zone of the
  /// machine looking, and a time placed in this machine's zone is written with it: another
  /// machine would read it in its own.
  public var vaultZoneIsSet = true
  /// Whether a zone name is one the system knows (IANA).
  public var knownZone: @Sendable (String) -> Bool
  /// A zone's offset (seconds east of UTC) at a wall-clock moment, for UTC times.
  public var offset: @Sendable (String, LocalDateTime) -> Int?
  /// All-day events remind counting from this time (`reminders.all_day_at`).
  public var allDayAt: LocalTime
  /// `--category`: the category of every event; CATEGORIES then all become tags.
  public var category: String?
  /// Every zone name the system knows, among which a file's own zone (VTIMEZONE) is matched.
  public var zoneNames: [String] = []
  /// The calendar's zone for times written without one (X-WR-TIMEZONE).
  var calendarZone: String?
  /// The file's own zones (VTIMEZONE) whose TZID is no known name, by TZID: their rules, and
  /// the IANA zone with the same offsets, when one has them.
  var customZones: [String: (rules: VTimeZone, match: String?)] = [:]

  public init(
    vaultZone: String, allDayAt: LocalTime, category: String? = nil,
    knownZone: @escaping @Sendable (String) -> Bool, offset: @escaping @Sendable (String, LocalDateTime) -> Int?
  ) {
    self.vaultZone = vaultZone
    self.allDayAt = allDayAt
    self.category = category
    self.knownZone = knownZone
    self.offset = offset
  }

  /// The calendar's name: X-WR-CALNAME, else nil.
  public static func name(of components: [ICalendar.Component]) -> String? {
    components.first { $0.name == "VCALENDAR" }?.first("X-WR-CALNAME")?.text
  }

  /// Every sound VEVENT of the file as an item, with what was wrong. Of several events with one
  /// UID and no RECURRENCE-ID, the one with the highest SEQUENCE is the series, the first of
  /// them when they tie (as `recurring-ical-events` chooses); the same for two changes of one
  /// day. Occurrences changed
  /// on their own (RECURRENCE-ID) become events of their own, and their day is skipped in the
  /// series; one for a day its series takes out (EXDATE) is left out, and one for a day outside
  /// its rule is an occurrence of its own, as `recurring-ical-events` reads them.
  public func items(_ text: String) -> (items: [Item], problems: [Problem]) {
    let (components, syntax) = ICalendar.parse(text)
    var problems = syntax.map { Problem(line: $0.line, message: $0.message, isError: $0.isError) }
    let calendar = components.first { $0.name == "VCALENDAR" }
    var importer = self
    // X-WR-TIMEZONE: the zone of the calendar's times written without one (Google's exports).
    if let name = calendar?.first("X-WR-TIMEZONE")?.text, let zone = zoneName(name) { importer.calendarZone = zone }
    let events = Self.splitAtFutureChanges(components.flatMap { Self.events(in: $0) }, problems: &problems)
    for definition in (calendar?.components ?? components) where definition.name == "VTIMEZONE" {
      // A file's own zone counts unless its TZID is an IANA name (then that zone's rules, as
      // the reference reads it): also one with a Windows name, whose rules may not be that
      // zone's (an Outlook export named "New Zealand Standard Time" with Europe's offsets).
      guard let tzid = definition.first("TZID")?.text, !knownZone(tzid), importer.customZones[tzid] == nil,
        let rules = VTimeZone(definition)
      else { continue }
      // Matched once, around the first time that uses it (a start, an end, a day added...).
      let year =
        events.lazy.flatMap(\.properties).first { $0.parameter("TZID") == tzid }
        .flatMap { Self.moment(String($0.value.prefix { $0 != "," && $0 != "/" }))?.date.year } ?? 2000
      importer.customZones[tzid] = (rules, matchingZone(rules, near: year, named: tzid))
    }
    if events.isEmpty && problems.isEmpty {
      problems.append(Problem(line: 1, message: "no VEVENT in the file: nothing to import", isError: false))
    }
    var series: [String: Item] = [:]
    var order: [String] = []
    var changed: [String: [LocalDate: Item]] = [:]
    var periods: [String: [LocalDate: Item]] = [:]
    var sequences: [String: Int] = [:]
    // The changes that carry a rule of their own (by series UID and day).
    var changesWithRules: Set<String> = []
    for event in events {
      guard let item = importer.item(event, problems: &problems) else { continue }
      let sequence = event.first("SEQUENCE").flatMap { Int($0.value.trimmingSpaces()) } ?? 0
      for change in item.periodChanges {
        // A day the series has anyway (its first, or one of its rule) holds two occurrences,
        // which a note cannot say: the added one is read as an added day, as before.
        guard let changed = importer.item(change, problems: &problems), let day = changed.recurrenceDay,
          day != item.date, item.rule?.occurrences(start: item.date, in: day...day).contains(day) != true
        else { continue }
        periods[changed.seriesUID, default: [:]][day] = changed
      }
      if let day = item.recurrenceDay {
        let key = item.seriesUID + "\u{0}" + day.description
        if event.first("RRULE") != nil { changesWithRules.insert(key) }
        if changed[item.seriesUID, default: [:]][day] == nil {
          changed[item.seriesUID, default: [:]][day] = item
          sequences[key] = sequence
        } else {
          let later = sequence > sequences[key] ?? 0
          if later {
            changed[item.seriesUID, default: [:]][day] = item
            sequences[key] = sequence
          }
          problems.append(
            Problem(
              line: item.line,
              message: "a second change of \(item.seriesUID) on \(day); "
                + (later ? "this one, with the higher SEQUENCE, is imported" : "the first is imported"),
              isError: false))
        }
        continue
      }
      if series[item.uid] == nil {
        series[item.uid] = item
        sequences[item.uid] = sequence
        order.append(item.uid)
      } else {
        let later = sequence > sequences[item.uid] ?? 0
        if later {
          series[item.uid] = item
          sequences[item.uid] = sequence
        }
        problems.append(
          Problem(
            line: item.line,
            message: "a second event with UID \(item.uid); "
              + (later ? "this one, with the higher SEQUENCE, is imported" : "the first is imported"),
            isError: false))
      }
    }
    // A change the file makes of such a day itself stands.
    for (uid, days) in periods {
      for (day, item) in days where changed[uid]?[day] == nil { changed[uid, default: [:]][day] = item }
    }
    var items: [Item] = []
    var overrides: [Item] = []
    for (uid, days) in changed {
      for (day, item) in days.sorted(by: { $0.key < $1.key }) {
        if let master = series[uid] {
          guard !master.skipped.contains(day) else {
            problems.append(
              Problem(
                line: item.line, message: "a change of \(day), a day the series \(uid) takes out (EXDATE); left out",
                isError: false))
            continue
          }
          // A change of a day outside the series' rule is an occurrence of its own, as
          // recurring-ical-events reads it: nothing of the series is taken out for it; but one
          // with a rule of its own and a lower SEQUENCE than the series is an outdated copy of
          // the series, left out as the reference leaves it out.
          if master.occurs(on: day) {
            series[uid]?.skip(day)
          } else {
            let key = uid + "\u{0}" + day.description
            if changesWithRules.contains(key), sequences[key] ?? 0 < sequences[uid] ?? 0 {
              problems.append(
                Problem(
                  line: item.line,
                  message: "a change of \(day) with a rule of its own and a lower SEQUENCE than the series \(uid): "
                    + "an outdated copy of the series; left out",
                  isError: false))
              continue
            }
          }
        }
        overrides.append(item)
      }
    }
    items = order.compactMap { series[$0] } + overrides.sorted { $0.line < $1.line }
    return (items, problems)
  }

  /// The VEVENTs of a component and of the components inside it (a VCALENDAR, or an unknown
  /// component that holds events, as icalendar reads it).
  static func events(in component: ICalendar.Component) -> [ICalendar.Component] {
    component.name == "VEVENT" ? [component] : component.components.flatMap { events(in: $0) }
  }

  /// One VEVENT as an item; nil (with a problem) when it cannot be one.
  func item(_ event: ICalendar.Component, problems: inout [Problem]) -> Item? {
    func warn(_ message: String, at line: Int? = nil, losesData: Bool = false) {
      problems.append(Problem(line: line ?? event.line, message: message, isError: false, losesData: losesData))
    }
    guard var startProperty = event.first("DTSTART"), var start = Self.moment(startProperty.value) else {
      problems.append(
        Problem(line: event.line, message: "an event without a readable DTSTART; left out", isError: true))
      return nil
    }
    let summary = event.first("SUMMARY")?.text.trimmingSpaces() ?? ""
    var (emoji, title) = Self.emojiAndTitle(summary)
    if title.isEmpty { title = "Untitled event" }
    var seriesUID = event.first("UID")?.text ?? ""
    if seriesUID.isEmpty {
      seriesUID = "vault-" + String(StableHash.fnv1a("\(summary)|\(startProperty.value)"), radix: 16)
      warn("an event without UID: '\(title)' is known by a UID made from its title and start")
    }
    var uid = seriesUID
    var recurrenceDay: LocalDate?
    if let recurrence = event.first("RECURRENCE-ID"), let moment = Self.moment(recurrence.value) {
      recurrenceDay = moment.date
      uid += "/" + moment.date.description
    }
    // A date that starts with an end at a time (DTEND a date-time): midnight of that day in the
    // end's frame, as the reference libraries read it.
    if !startProperty.value.contains("T"), let end = event.first("DTEND"), end.value.contains("T") {
      startProperty = ICalendar.Property(
        "DTSTART", String(startProperty.value.prefix(8)) + "T000000" + (end.value.hasSuffix("Z") ? "Z" : ""),
        parameters: end.parameters.filter { $0.name == "TZID" }, line: startProperty.line)
    } else if !startProperty.value.contains("T"), let duration = event.first("DURATION")?.value,
      duration.contains("T"), (Self.seconds(duration: duration) ?? 0) % 86_400 != 0
    {
      // A date that lasts hours: from midnight, a floating time.
      startProperty = ICalendar.Property(
        "DTSTART", String(startProperty.value.prefix(8)) + "T000000", line: startProperty.line)
    }
    let allDay = startProperty.parameter("VALUE")?.uppercased() == "DATE" || !startProperty.value.contains("T")
    // The zone: TZID (Windows names mapped), UTC (`Z`) moved into the vault's zone, or floating.
    var zone: String?
    var floating = false
    // Recurring by a rule vault can expand, or by added dates.
    let recurs =
      event.first("RDATE") != nil
      || event.first("RRULE").map { if case .success = RecurrenceRule.parse(rrule: $0.value) { true } else { false } }
        ?? false
    // Days taken out or added in UTC.
    let utcDays = (event.all("EXDATE") + event.all("RDATE")).contains { $0.value.contains("Z") }
    if !allDay {
      if let tzid = startProperty.parameter("TZID") ?? (startProperty.value.hasSuffix("Z") ? nil : calendarZone) {
        if let name = ianaZone(tzid) {
          zone = name == vaultZone ? nil : name
        } else if let custom = customZones[tzid] {
          // A zone of the file's own (VTIMEZONE) that no IANA zone matches: its offsets turn
          // the time into UTC.
          let utc = ReminderSchedule.Zone.fixed(custom.rules.offset(at: start)).instant(start)
          start = ReminderSchedule.Zone.fixed(0).local(utc)
          if recurs && vaultZone != "UTC" {
            zone = "UTC"
          } else {
            start = local(utc: start)
          }
          warn("time zone '\(tzid)' matches no IANA zone: its times are kept as the moments they name")
        } else if recurs && utcDays {
          // A TZID nobody defines, on a series whose days are taken out or added in UTC: read
          // in UTC, as a series without a zone (below).
          if vaultZone != "UTC" { zone = "UTC" }
          warn(
            "unknown time zone '\(tzid)' without a VTIMEZONE: the times are read in UTC, as its EXDATE and RDATE",
            at: startProperty.line)
        } else {
          // A TZID nobody defines: read as floating, as the reference libraries read it.
          floating = true
          warn(
            "unknown time zone '\(tzid)' without a VTIMEZONE: the times are read as floating", at: startProperty.line)
        }
      } else if !startProperty.value.hasSuffix("Z") {
        if recurs && utcDays && vaultZone != "UTC" {
          // A series without a zone whose days are taken out or added in UTC: read in UTC, as
          // the reference libraries read it.
          zone = "UTC"
        } else if let endZone = event.first("DTEND")?.parameter("TZID"),
          let name = ianaZone(endZone)
        {
          // A start without a zone and an end in one: the start in the end's zone, as the
          // reference reads it (ownCloud's exports).
          zone = name == vaultZone ? nil : name
        } else if event.first("DTEND")?.value.hasSuffix("Z") == true {
          // A start without a zone and an end in UTC: both in UTC, as the reference reads them.
          if recurs && vaultZone != "UTC" { zone = "UTC" } else { start = local(utc: start) }
        } else {
          // No zone: a floating time, the same wall-clock time wherever it is seen.
          floating = true
        }
      } else {
        // A series in UTC recurs in UTC (its wall-clock time moves in the vault's zone when
        // the clocks change); a single time is the same moment in the vault's zone.
        if recurs && vaultZone != "UTC" && knownZone("UTC") {
          zone = "UTC"
        } else {
          start = local(utc: start)
        }
      }
    }
    var fields = NewNote.EventFields(title: title, date: start.date)
    fields.emoji = emoji
    if !allDay { fields.startTime = start.time }
    // The end: DTEND (exclusive for dates), else DURATION.
    var end: LocalDateTime?
    if let endProperty = event.first("DTEND"), var moment = Self.moment(endProperty.value) {
      if !allDay { moment = self.moment(moment, as: endProperty, in: zone ?? vaultZone) }
      end = moment
    } else if let duration = event.first("DURATION").flatMap({ Self.seconds(duration: $0.value) }) {
      let zone = ReminderSchedule.Zone.fixed(0)
      end = zone.local(zone.instant(start) + duration)
    }
    // An end before the start: the two are swapped, as the reference libraries read them.
    if !allDay, let written = end, written < start {
      end = start
      start = written
      fields.date = start.date
      fields.startTime = start.time
    }
    if let end {
      if allDay {
        let last = end.date.adding(days: -1)
        if last > start.date { fields.end = last }
      } else if end != start {
        // An end at the start says what no end says (RFC 5545 3.6.1), as a client that moves
        // an event without one sends it (Thunderbird: DTEND at DTSTART): no `endTime`.
        fields.endTime = end.time
        let spansMidnight = end.date == start.date.adding(days: 1) && end.time <= start.time
        if end.date > start.date && !spansMidnight { fields.end = end.date }
      }
    }
    fields.timeZone = zone
    if zone == nil, !vaultZoneIsSet, !allDay, !floating { fields.timeZone = vaultZone }
    fields.floating = floating
    fields.cancelled = event.first("STATUS")?.value.uppercased() == "CANCELLED"
    if let location = event.first("LOCATION")?.text.trimmingSpaces(), !location.isEmpty { fields.location = location }
    let categories = event.all("CATEGORIES").flatMap(\.texts).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    if let category {
      fields.category = category
      fields.tags = categories
    } else {
      fields.category = categories.first
      fields.tags = Array(categories.dropFirst())
    }
    fields.tags = fields.tags.map { String($0.map { $0 == " " ? "-" : $0 }) }
    // Recurrence: the rule as vault writes it (a plain weekly rule as daysOfWeek).
    var skipped: [LocalDate] = []
    var seriesRule: RecurrenceRule?
    if let rrule = event.first("RRULE"), event.first("RECURRENCE-ID") == nil {
      // A COUNT that is no count (`COUNT=-1`, beside UNTIL) is left out, as the reference does.
      let written = rrule.value.split(separator: ";").filter { part in
        guard part.uppercased().hasPrefix("COUNT="), let count = Int(part.dropFirst(6)) else { return true }
        return count > 0
      }.joined(separator: ";")
      let (ruleText, leapDay) = Self.leapDayRule(written, start: start.date)
      fields.leapDay = leapDay
      switch RecurrenceRule.parse(rrule: ruleText) {
      case .success(var rule):
        // UNTIL with a time (in UTC, as RFC 5545 wants with a TZID): the last day is the one
        // whose occurrence starts by then, in the series' zone.
        if !allDay, let part = ruleText.split(separator: ";").first(where: { $0.uppercased().hasPrefix("UNTIL=") }),
          part.contains("T"), let written = Self.moment(String(part.dropFirst(6)))
        {
          let until = convert(written, from: part.hasSuffix("Z") ? "UTC" : zone ?? vaultZone, to: zone ?? vaultZone)
          rule.until = start.time > until.time ? until.date.adding(days: -1) : until.date
        }
        seriesRule = rule
        if rule.until != nil, rule.frequency == .weekly, rule.interval == 1, rule.count == nil, rule.byMonth.isEmpty,
          rule.byMonthDay.isEmpty, rule.bySetPos.isEmpty, rule.byDay.allSatisfy({ $0.ordinal == nil })
        {
          fields.recurrenceEnd = rule.until
          rule.until = nil
        }
        fields.recurrence = rule.rruleText
      case .failure(let error):
        warn(
          "a recurrence vault cannot expand (\(error)); '\(title)' is imported as its first occurrence only",
          at: rrule.line, losesData: true)
      }
    }
    // Days added (RDATE: dates, date-times or periods, in any zone) and taken out (EXDATE),
    // each as the day it falls on in the series' own zone.
    var extra: [LocalDate] = []
    var extraTimes: [LocalDate: LocalTime] = [:]
    var periodChanges: [ICalendar.Component] = []
    if recurs, event.first("RECURRENCE-ID") == nil {
      func days(_ name: String) -> [(day: LocalDate, time: LocalTime, timed: Bool)] {
        event.all(name).flatMap { property in
          ICalendar.splitList(property.value).compactMap { item -> (LocalDate, LocalTime, Bool)? in
            let value = String(item.prefix { $0 != "/" })
            guard var moment = Self.moment(value) else { return nil }
            if !allDay, value.contains("T") {
              moment = self.moment(moment, as: property, written: value, in: zone ?? vaultZone)
            }
            // A date alone on a timed event starts at midnight, as the reference reads it.
            return (moment.date, value.contains("T") || allDay ? moment.time : .midnight, value.contains("T"))
          }
        }
      }
      let added = days("RDATE")
      // A time taken out (EXDATE) takes out the occurrence at that time only, a date the whole
      // day, as the reference reads them: an EXDATE at another time than the series' takes
      // out nothing (khal's `event_dtr_no_tz_exdatez`).
      skipped += days("EXDATE").filter { exdate in
        allDay || !exdate.timed || exdate.time == start.time
          || added.contains { $0.day == exdate.day && $0.time == exdate.time }
      }.map(\.day)
      periodChanges = periodChangesOf(
        event, uid: seriesUID, start: start, end: end, startProperty: startProperty, zone: zone,
        usable: !allDay && !floating)
      extra = added.map(\.day)
      if !allDay {
        for (day, time, _) in added where time != start.time { extraTimes[day] = time }
      }
      // DTSTART is the first occurrence (RFC 5545), also when the rule does not give its day;
      // but a rule that ends before it starts (UNTIL before DTSTART) has none at all, which the
      // RFC leaves open: `recurring-ical-events` shows no occurrence, and so does vault.
      if let seriesRule, seriesRule.until.map({ $0 >= start.date }) ?? true,
        !seriesRule.occurrences(start: start.date, in: start.date...start.date).contains(start.date)
      {
        extra.append(start.date)
      }
      // More RRULEs: a finite one's days are added; an endless one cannot be written.
      for more in event.all("RRULE").dropFirst() {
        guard case .success(let rule) = RecurrenceRule.parse(rrule: more.value), rule.count != nil || rule.until != nil
        else {
          warn("a second RRULE without COUNT or UNTIL; left out", at: more.line, losesData: true)
          continue
        }
        extra += rule.occurrences(start: start.date, in: start.date...start.date.adding(days: 366 * 50))
      }
    }
    // Alarms: offsets before the start (for all-day events, before `all_day_at` on the day).
    for alarm in event.components where alarm.name == "VALARM" {
      if let written = alarm.first("X-VAULT-REMIND")?.text, ReminderOffset.seconds(written) != nil {
        fields.remind.append(written)
        continue
      }
      guard let trigger = alarm.first("TRIGGER"), trigger.parameter("VALUE")?.uppercased() != "DATE-TIME",
        trigger.parameter("RELATED")?.uppercased() != "END", let seconds = Self.seconds(duration: trigger.value)
      else {
        warn("an alarm at a fixed time or relative to the end; left out", at: alarm.line)
        continue
      }
      let before = (allDay ? allDayAt.secondsSinceMidnight : 0) - seconds
      if before >= 0 { fields.remind.append(Self.offsetText(before)) }
    }
    // vault's own date without a year (`X-VAULT-NO-YEAR`, the export's): `date: --06-15`.
    let noYear = event.first("X-VAULT-NO-YEAR")?.value.uppercased() == "TRUE" && allDay
    if noYear { fields.recurrence = nil }
    guard case .success(var properties) = fields.properties() else {
      warn("'\(title)' has a recurrence vault cannot write; left out")
      return nil
    }
    if noYear, let index = properties.firstIndex(where: { $0.0 == "date" }) {
      properties[index].1 = "--" + pad(start.date.month, 2) + "-" + pad(start.date.day, 2)
    }
    if !extra.isEmpty {
      properties.append(
        (
          "extraDates",
          "["
            + Array(Set(extra)).sorted().map { day in extraTimes[day].map { "\(day)T\($0.hourMinute)" } ?? "\(day)" }
            .joined(separator: ", ") + "]"
        ))
    }
    if !skipped.isEmpty {
      properties.append(
        ("skipDates", Self.dayList(skipped)))
    }
    properties.insert(("uid", PropertyWriter.scalar(uid)), at: 1)
    let body = event.first("DESCRIPTION")?.text.trimmingSpaces()
    return Item(
      uid: uid, title: title, date: start.date, properties: properties, body: body?.isEmpty == false ? body : nil,
      line: event.line, seriesUID: seriesUID, recurrenceDay: recurrenceDay, periodChanges: periodChanges,
      rule: seriesRule, extra: extra, skipped: skipped)
  }

  /// The RDATE periods (`start/end`, `start/duration`) of `event` that last otherwise than the
  /// event itself, each as a change of its occurrence: the event with that start and end and a
  /// RECURRENCE-ID of that start, written in DTSTART's frame. `start` and `end` are the event's
  /// own, in its zone (`zone`, else the vault's). None for all-day or floating events, or a zone
  /// of the file's own that matches no IANA zone (`usable`, and the check below).
  func periodChangesOf(
    _ event: ICalendar.Component, uid: String, start: LocalDateTime, end: LocalDateTime?,
    startProperty: ICalendar.Property,
    zone: String?, usable: Bool
  ) -> [ICalendar.Component] {
    guard usable else { return [] }
    let series = zone ?? vaultZone
    let zulu = startProperty.value.hasSuffix("Z")
    // Only where DTSTART's frame alone gives the series' zone, as it will for the change.
    if let tzid = startProperty.parameter("TZID") {
      guard ianaZone(tzid) != nil else { return [] }
    } else if zulu {
      guard series == "UTC" else { return [] }
    } else {
      guard let calendarZone, series == calendarZone else { return [] }
    }
    let length = end.map { $0.secondsSinceEpoch - start.secondsSinceEpoch } ?? 0
    let frame = startProperty.parameters.filter { $0.name == "TZID" }
    var changes: [ICalendar.Component] = []
    for property in event.all("RDATE") {
      for item in ICalendar.splitList(property.value) where item.contains("/") {
        let pieces = item.split(separator: "/", maxSplits: 1).map(String.init)
        guard let written = Self.moment(pieces[0]), pieces[0].contains("T") else { continue }
        let from = moment(written, as: property, written: pieces[0], in: series)
        var to: LocalDateTime?
        if pieces[1].hasPrefix("P") || pieces[1].hasPrefix("+") {
          to = Self.seconds(duration: pieces[1]).map { LocalDateTime(secondsSinceEpoch: from.secondsSinceEpoch + $0) }
        } else if let until = Self.moment(pieces[1]) {
          to = moment(until, as: property, written: pieces[1], in: series)
        }
        guard let to, to > from, to.secondsSinceEpoch - from.secondsSinceEpoch != length else { continue }
        var change = event
        change.properties.removeAll {
          ["UID", "RRULE", "RDATE", "EXDATE", "EXRULE", "DTSTART", "DTEND", "DURATION", "RECURRENCE-ID"].contains(
            $0.name)
        }
        // The series' UID, also one made for an event without any.
        change.properties.append(ICalendar.Property("UID", ICalendar.escape(uid), line: property.line))
        let text = { (moment: LocalDateTime) in ICalendarExport.local(moment) + (zulu ? "Z" : "") }
        change.properties += [
          ICalendar.Property("RECURRENCE-ID", text(from), parameters: frame, line: property.line),
          ICalendar.Property("DTSTART", text(from), parameters: frame, line: property.line),
          ICalendar.Property("DTEND", text(to), parameters: frame, line: property.line),
        ]
        changes.append(change)
      }
    }
    return changes
  }

  /// A yearly rule from 29 February and where it falls in common years, as the note says it
  /// (`leap_day`): RFC 5545 skips those years (`skip`); vault's own export writes 28 February
  /// as `BYMONTH=2;BYMONTHDAY=-1` and 1 March as `BYYEARDAY=60`, read back as the plain rule with
  /// `feb28` or `mar1`. Any other rule is returned as it is, without a choice.
  static func leapDayRule(_ text: String, start: LocalDate) -> (rule: String, leapDay: LeapDay?) {
    guard start.month == 2, start.day == 29 else { return (text, nil) }
    let parts = text.split(separator: ";").map { $0.uppercased() }
    let frame = parts.filter { $0.hasPrefix("UNTIL=") || $0.hasPrefix("COUNT=") || $0.hasPrefix("WKST=") }
    let rest = Set(parts).subtracting(frame).subtracting(["INTERVAL=1"])
    let kept = text.split(separator: ";").filter { part in frame.contains(part.uppercased()) }
    let plain = (["FREQ=YEARLY"] + kept).joined(separator: ";")
    switch rest {
    case ["FREQ=YEARLY"]: return (text, .skip)
    case ["FREQ=YEARLY", "BYMONTH=2", "BYMONTHDAY=-1"]: return (plain, .feb28)
    case ["FREQ=YEARLY", "BYYEARDAY=60"]: return (plain, .mar1)
    default: return (text, nil)
    }
  }

  /// The IANA zone a TZID stands for: when the file defines it (VTIMEZONE) and it is no IANA
  /// name, the zone with the same rules (nil when none has them), else the zone its name says
  /// (`zoneName`). The file's rules win over a Windows name's zone, as the reference reads them.
  func ianaZone(_ tzid: String) -> String? {
    customZones[tzid].map(\.match) ?? zoneName(tzid)
  }

  /// The zone a TZID names: an IANA name, a Windows name, or a "globally unique" one with a
  /// vendor prefix (`/mozilla.org/20070129_1/America/New_York`, `/Europe/Stockholm`, read as
  /// icalendar reads it: the longest known IANA name at its end, or a Windows zone's name
  /// without "Standard Time", `Western/Central Europe`). Nil when none is known.
  func zoneName(_ tzid: String) -> String? {
    let name = WindowsZones.iana[tzid] ?? tzid
    if knownZone(name) { return name }
    let parts = name.split(separator: "/")
    for count in stride(from: parts.count, through: 1, by: -1) {
      let candidate = parts.suffix(count).joined(separator: "/")
      if knownZone(candidate) { return candidate }
      if let windows = WindowsZones.iana[candidate + " Standard Time"], knownZone(windows) { return windows }
    }
    return nil
  }

  /// A moment a property holds (in UTC with `Z`, in its TZID's zone — IANA, the file's own, or
  /// Windows — else in the event's frame) as the wall-clock moment in `target`.
  func moment(
    _ moment: LocalDateTime, as property: ICalendar.Property, written value: String? = nil, in target: String
  ) -> LocalDateTime {
    // A TZID wins over a `Z` written with it (`DTEND;TZID=Europe/Berlin:20150530T160000Z`), as
    // the reference reads it.
    if let tzid = property.parameter("TZID") {
      if let name = ianaZone(tzid) { return convert(moment, from: name, to: target) }
      if let custom = customZones[tzid] {
        let utc = ReminderSchedule.Zone.fixed(custom.rules.offset(at: moment)).instant(moment)
        return convert(ReminderSchedule.Zone.fixed(0).local(utc), from: "UTC", to: target)
      }
    }
    if (value ?? property.value).hasSuffix("Z") { return convert(moment, from: "UTC", to: target) }
    return moment
  }

  /// Days as a YAML flow list, each once, in order: `[2026-11-09, 2026-11-16]`.
  static func dayList(_ days: [LocalDate]) -> String {
    "[" + Array(Set(days)).sorted().map(\.description).joined(separator: ", ") + "]"
  }

  /// A wall-clock moment in one zone as the wall-clock moment in another.
  func convert(_ moment: LocalDateTime, from: String, to: String) -> LocalDateTime {
    guard from != to else { return moment }
    let instant = ReminderSchedule.Zone.fixed(offset(from, moment) ?? 0).instant(moment)
    var offset = self.offset(to, moment) ?? 0
    offset = self.offset(to, ReminderSchedule.Zone.fixed(offset).local(instant)) ?? offset
    return ReminderSchedule.Zone.fixed(offset).local(instant)
  }

  /// A UTC moment in the vault's zone.
  func local(utc moment: LocalDateTime) -> LocalDateTime { convert(moment, from: "UTC", to: vaultZone) }

  // MARK: - Values

  /// `20261128`, `20261128T093000`, `20261128T083000Z`.
  public static func moment(_ value: String) -> LocalDateTime? {
    let digits = Array(value.utf8)
    guard digits.count >= 8, digits.prefix(8).allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
    func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
    guard let date = LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)) else { return nil }
    guard digits.count >= 15, digits[8] == UInt8(ascii: "T"), digits[9..<15].allSatisfy({ $0 >= 48 && $0 <= 57 })
    else { return digits.count == 8 ? LocalDateTime(date: date, time: .midnight) : nil }
    guard let time = LocalTime(hour: number(9..<11), minute: number(11..<13), second: min(59, number(13..<15))) else {
      return nil
    }
    return LocalDateTime(date: date, time: time)
  }

  /// A DURATION in seconds: `-P1D`, `PT2H30M`, `-P1W`.
  public static func seconds(duration text: String) -> Int? {
    var rest = Substring(text.uppercased())
    var sign = 1
    if rest.first == "-" || rest.first == "+" {
      if rest.first == "-" { sign = -1 }
      rest = rest.dropFirst()
    }
    guard rest.first == "P" else { return nil }
    rest = rest.dropFirst()
    var total = 0
    var inTime = false
    var number = ""
    var any = false
    for character in rest {
      if character.isASCII && character.isNumber {
        number.append(character)
        continue
      }
      if character == "T" {
        inTime = true
        continue
      }
      // A number of more than 12 digits is no duration a calendar means (and would overflow).
      guard number.count <= 12, let value = Int(number) else { return nil }
      number = ""
      any = true
      switch (character, inTime) {
      case ("W", false): total += value * 604_800
      case ("D", false): total += value * 86_400
      case ("H", true): total += value * 3600
      case ("M", true): total += value * 60
      case ("S", true): total += value
      default: return nil
      }
    }
    // At most about a thousand years: longer is an error in the file, not an event.
    return any && number.isEmpty && total <= 366 * 86_400 * 1000 ? sign * total : nil
  }

  /// Seconds as a `remind` offset: `1w`, `1d`, `2h`, `1h30m`, `45s`.
  static func offsetText(_ seconds: Int) -> String {
    guard seconds > 0 else { return "0" }
    if seconds % 604_800 == 0 { return "\(seconds / 604_800)w" }
    var rest = seconds
    var text = ""
    for (size, unit) in [(86_400, "d"), (3600, "h"), (60, "m"), (1, "s")] where rest >= size {
      text += "\(rest / size)\(unit)"
      rest %= size
    }
    return text
  }

  /// `🦷 Dentist` → (`🦷`, `Dentist`): an emoji the export put before the title.
  static func emojiAndTitle(_ summary: String) -> (String?, String) {
    guard let first = summary.first, let space = summary.firstIndex(of: " "),
      summary.index(after: summary.startIndex) == space,
      first.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }),
      !first.isASCII
    else { return (nil, summary) }
    return (String(first), String(summary[summary.index(after: space)...]).trimmingSpaces())
  }

  static func dates(inList text: String) -> [LocalDate] {
    text.trimming("[]").split(separator: ",").compactMap { DateParsing.validDate($0.trimmingSpaces()) }
  }
}

extension ICalendarImport.Item {
  /// The note's name as `vault add event` makes it: `2026-11-28 Dentist`, so a calendar of a
  /// thousand events of one title gives a thousand names that differ by their day; a weekly
  /// one as Full Calendar names it, `(Every M,W) Yoga`.
  public var noteName: String { NewNote.eventName(date: date, title: NewNote.fileName(title), properties: properties) }
}
