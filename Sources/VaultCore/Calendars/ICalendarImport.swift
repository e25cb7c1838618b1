/// iCalendar events read as vault event notes: each VEVENT becomes the front matter
/// `vault add event` writes (Full Calendar's form) with the source's UID in `uid`, and a body
/// from DESCRIPTION. Pure: the caller says which time zones exist and what the vault's is.
/// docs/FORMAT.md, "iCalendar", has the mapping both ways.
public struct ICalendarImport: Sendable {
  /// One event to write.
  public struct Item: Sendable {
    public var uid: String
    public var title: String
    /// The front matter, in order (values already YAML), `uid` included.
    public var properties: [(String, String)]
    public var body: String?
    /// Where the VEVENT starts in the file.
    public var line: Int
  }

  /// A problem with the input: `file:line: error|warning: message`.
  public struct Problem: Hashable, Sendable {
    public var line: Int
    public var message: String
    public var isError: Bool
  }

  /// The vault's zone: times in it are written without `timezone`.
  public var vaultZone: String
  /// Whether a zone name is one the system knows (IANA).
  public var knownZone: @Sendable (String) -> Bool
  /// A zone's offset (seconds east of UTC) at a wall-clock moment, for UTC times.
  public var offset: @Sendable (String, LocalDateTime) -> Int?
  /// All-day events remind counting from this time (`reminders.all_day_at`).
  public var allDayAt: LocalTime
  /// `--category`: the category of every event; CATEGORIES then all become tags.
  public var category: String?

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

  /// Every sound VEVENT of the file as an item, with what was wrong. Occurrences changed on
  /// their own (RECURRENCE-ID) become events of their own, and their day is skipped in the series.
  public func items(_ text: String) -> (items: [Item], problems: [Problem]) {
    let (components, syntax) = ICalendar.parse(text)
    var problems = syntax.map { Problem(line: $0.line, message: $0.message, isError: $0.isError) }
    let events = components.flatMap { $0.name == "VCALENDAR" ? $0.components : [$0] }.filter { $0.name == "VEVENT" }
    if events.isEmpty && problems.isEmpty {
      problems.append(Problem(line: 1, message: "no VEVENT in the file: nothing to import", isError: false))
    }
    // Overrides of one occurrence: their original day is skipped in the series.
    var overridden: [String: [LocalDate]] = [:]
    for event in events {
      if let uid = event.first("UID")?.text, let recurrence = event.first("RECURRENCE-ID"),
        let moment = Self.moment(recurrence.value)
      {
        overridden[uid, default: []].append(moment.date)
      }
    }
    var items: [Item] = []
    var seen = Set<String>()
    for event in events {
      guard var item = self.item(event, problems: &problems) else { continue }
      if event.first("RECURRENCE-ID") == nil, let days = overridden[item.uid], !days.isEmpty {
        let existing = item.properties.first { $0.0 == "skipDates" }
        let all = Set(days + (existing.map { Self.dates(inList: $0.1) } ?? []))
        item.properties.removeAll { $0.0 == "skipDates" }
        item.properties.insert(
          ("skipDates", "[" + all.sorted().map(\.description).joined(separator: ", ") + "]"),
          at: item.properties.count - 1)
      }
      guard seen.insert(item.uid).inserted else {
        problems.append(
          Problem(line: item.line, message: "a second event with UID \(item.uid); left out", isError: false))
        continue
      }
      items.append(item)
    }
    return (items, problems)
  }

  /// One VEVENT as an item; nil (with a problem) when it cannot be one.
  func item(_ event: ICalendar.Component, problems: inout [Problem]) -> Item? {
    func warn(_ message: String, at line: Int? = nil) {
      problems.append(Problem(line: line ?? event.line, message: message, isError: false))
    }
    if event.first("STATUS")?.value.uppercased() == "CANCELLED" {
      warn("a cancelled event (STATUS:CANCELLED); left out")
      return nil
    }
    guard let startProperty = event.first("DTSTART"), var start = Self.moment(startProperty.value) else {
      problems.append(
        Problem(line: event.line, message: "an event without a readable DTSTART; left out", isError: true))
      return nil
    }
    let summary = event.first("SUMMARY")?.text.trimmingSpaces() ?? ""
    var (emoji, title) = Self.emojiAndTitle(summary)
    if title.isEmpty { title = "Untitled event" }
    var uid = event.first("UID")?.text ?? ""
    if let recurrence = event.first("RECURRENCE-ID"), let moment = Self.moment(recurrence.value) {
      uid += "/" + moment.date.description
    }
    if uid.isEmpty || uid.hasPrefix("/") {
      uid = "vault-" + String(StableHash.fnv1a("\(summary)|\(startProperty.value)"), radix: 16) + uid
      warn("an event without UID: '\(title)' is known by a UID made from its title and start")
    }
    let allDay = startProperty.parameter("VALUE")?.uppercased() == "DATE" || !startProperty.value.contains("T")
    // The zone: TZID (Windows names mapped), UTC (`Z`) moved into the vault's zone, or floating.
    var zone: String?
    if !allDay {
      if let tzid = startProperty.parameter("TZID") {
        let name = WindowsZones.iana[tzid] ?? tzid
        if knownZone(name) {
          zone = name == vaultZone ? nil : name
        } else {
          warn(
            "unknown time zone '\(tzid)': the times are read in the vault's zone (\(vaultZone))", at: startProperty.line
          )
        }
      } else if startProperty.value.hasSuffix("Z") {
        start = local(utc: start)
      }
    }
    var fields = NewNote.EventFields(title: title, date: start.date)
    fields.emoji = emoji
    if !allDay { fields.startTime = start.time }
    // The end: DTEND (exclusive for dates), else DURATION.
    var end: LocalDateTime?
    if let endProperty = event.first("DTEND"), var moment = Self.moment(endProperty.value) {
      if !allDay, endProperty.value.hasSuffix("Z") { moment = local(utc: moment) }
      end = moment
    } else if let duration = event.first("DURATION").flatMap({ Self.seconds(duration: $0.value) }) {
      let zone = ReminderSchedule.Zone.fixed(0)
      end = zone.local(zone.instant(start) + duration)
    }
    if let end {
      if allDay {
        let last = end.date.adding(days: -1)
        if last > start.date { fields.end = last }
      } else {
        fields.endTime = end.time
        let spansMidnight = end.date == start.date.adding(days: 1) && end.time <= start.time
        if end.date > start.date && !spansMidnight { fields.end = end.date }
      }
    }
    fields.timeZone = zone
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
    if let rrule = event.first("RRULE"), event.first("RECURRENCE-ID") == nil {
      let (ruleText, leapDay) = Self.leapDayRule(rrule.value, start: start.date)
      fields.leapDay = leapDay
      switch RecurrenceRule.parse(rrule: ruleText) {
      case .success(var rule):
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
          at: rrule.line)
      }
      for exdate in event.all("EXDATE") {
        for value in ICalendar.splitList(exdate.value) {
          guard var moment = Self.moment(value) else { continue }
          if value.hasSuffix("Z") { moment = local(utc: moment) }
          skipped.append(moment.date)
        }
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
    if !skipped.isEmpty {
      properties.append(
        ("skipDates", "[" + Array(Set(skipped)).sorted().map(\.description).joined(separator: ", ") + "]"))
    }
    properties.insert(("uid", PropertyWriter.scalar(uid)), at: 1)
    let body = event.first("DESCRIPTION")?.text.trimmingSpaces()
    return Item(
      uid: uid, title: title, properties: properties, body: body?.isEmpty == false ? body : nil, line: event.line)
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

  /// A UTC moment in the vault's zone.
  func local(utc moment: LocalDateTime) -> LocalDateTime {
    let utc = ReminderSchedule.Zone.fixed(0)
    let instant = utc.instant(moment)
    var offset = self.offset(vaultZone, moment) ?? 0
    // Again at the moment found, for the offset that holds there.
    offset = self.offset(vaultZone, ReminderSchedule.Zone.fixed(offset).local(instant)) ?? offset
    return ReminderSchedule.Zone.fixed(offset).local(instant)
  }

  // MARK: - Values

  /// `20261128`, `20261128T093000`, `20261128T083000Z`.
  static func moment(_ value: String) -> LocalDateTime? {
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
  static func seconds(duration text: String) -> Int? {
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
      guard let value = Int(number) else { return nil }
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
    return any && number.isEmpty ? sign * total : nil
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

/// Windows time zone names (Outlook, Exchange) as IANA names: the common ones, from CLDR's
/// windowsZones.xml (territory 001).
enum WindowsZones {
  static let iana: [String: String] = [
    "UTC": "Etc/UTC", "GMT Standard Time": "Europe/London", "Greenwich Standard Time": "Atlantic/Reykjavik",
    "W. Europe Standard Time": "Europe/Berlin", "Central Europe Standard Time": "Europe/Budapest",
    "Romance Standard Time": "Europe/Paris", "Central European Standard Time": "Europe/Warsaw",
    "E. Europe Standard Time": "Europe/Chisinau", "FLE Standard Time": "Europe/Kiev",
    "GTB Standard Time": "Europe/Bucharest", "Russian Standard Time": "Europe/Moscow",
    "Turkey Standard Time": "Europe/Istanbul", "Israel Standard Time": "Asia/Jerusalem",
    "South Africa Standard Time": "Africa/Johannesburg", "Egypt Standard Time": "Africa/Cairo",
    "Arabian Standard Time": "Asia/Dubai", "India Standard Time": "Asia/Calcutta",
    "China Standard Time": "Asia/Shanghai", "Tokyo Standard Time": "Asia/Tokyo", "Korea Standard Time": "Asia/Seoul",
    "Singapore Standard Time": "Asia/Singapore", "AUS Eastern Standard Time": "Australia/Sydney",
    "New Zealand Standard Time": "Pacific/Auckland", "Eastern Standard Time": "America/New_York",
    "Central Standard Time": "America/Chicago", "Mountain Standard Time": "America/Denver",
    "US Mountain Standard Time": "America/Phoenix", "Pacific Standard Time": "America/Los_Angeles",
    "Alaskan Standard Time": "America/Anchorage", "Hawaiian Standard Time": "Pacific/Honolulu",
    "Atlantic Standard Time": "America/Halifax", "SA Pacific Standard Time": "America/Bogota",
    "E. South America Standard Time": "America/Sao_Paulo", "Argentina Standard Time": "America/Buenos_Aires",
    "Canada Central Standard Time": "America/Regina", "Mexico Standard Time": "America/Mexico_City",
  ]
}
