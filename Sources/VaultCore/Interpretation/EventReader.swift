/// Reads an event from every common spelling of its properties: Full Calendar's (`date`,
/// `endDate`, `allDay`, `startTime`, `endTime`, `type`, `daysOfWeek`, `startRecur`, `endRecur`,
/// `rrule`, `startDate`, `skipDates`, `completed`), the plain form (`date` or `start`, `end`,
/// `time`, `emoji`, `category`, `location`, `timezone`, `repeat`, `remind`, `archived`) and
/// kepano-style `start`/`end` date-times. docs/FORMAT.md is the contract.
enum EventReader {
  static func read(_ note: Note, _ reader: inout PropertyReader) -> Event {
    var event = Event(title: title(of: note, reader))
    event.emoji = reader.text("emoji", "icon")
    event.category = reader.text("category")
    event.location = reader.text("location", "place")
    event.timeZone = reader.text("timezone", "timeZone", "tz")
    event.archived = reader.bool("archived") ?? false
    event.remind = reader.list("remind", "reminders", "reminder")
    event.color = reader.text("color", "colour").flatMap { TerminalColor.parse($0)?.hex }
    if let property = reader.property("leap_day", "leapDay"), property.value != .null {
      event.leapDay = LeapDay(rawValue: property.value.text.lowercased())
      if event.leapDay == nil {
        reader.warn(property, "leap_day should be feb28, mar1 or skip, found '\(property.value.text)'")
      }
    }
    if let (property, day) = yearless(reader) {
      // `date: --01-15` (ISO 8601 without the year): yearly, with no age. The year 2000 is a
      // placeholder that lets 29 February be.
      event.start = day
      event.yearUnknown = true
      if reader.property("repeat", "recurrence", "recurring", "every", "rrule", "daysOfWeek") == nil {
        event.recurrence = .phrase("yearly")
      }
      _ = property
    } else {
      event.start = reader.date("date", "start", "startDate", "startRecur", "birthday")
      // Two keys of the first day that say different days: the first is read, and said so.
      if let start = event.start {
        for key in ["start", "startDate", "startRecur"] {
          guard let property = reader.property(key), let day = Self.quietDay(property.value), day != start,
            let read = reader.property("date", "start", "startDate", "startRecur"), read.key != key
          else { continue }
          reader.warn(
            property,
            "'\(key)' (\(day)) is another day than '\(read.key)' (\(start)): '\(read.key)' is read; remove one")
        }
      }
    }
    event.end = reader.date("endDate", "end")
    event.recurrenceEnd = reader.date("endRecur", "until")
    event.skipDates = (reader.property("skipDates", "exdate")?.value.elements ?? []).compactMap {
      PropertyReader.parseDate($0.text)
    }
    for element in reader.property("extraDates", "rdate")?.value.elements ?? [] {
      let text = PropertyReader.unlinked(element.text)
      if case .value(let moment) = DateParsing.dateTime(Substring(text)) {
        event.extraDates.append(moment.date)
        event.extraTimes[moment.date] = moment.time
      } else if let date = DateParsing.validDate(text) {
        event.extraDates.append(date)
      }
    }
    event.floating = reader.bool("floating") ?? false
    event.cancelled = reader.text("status")?.lowercased() == "cancelled"
    if let property = reader.property("completed"), property.value != .null {
      if case .bool(let done) = property.value {
        event.completed = done
      } else {
        event.completed = PropertyReader.parseDate(property.value.text) != nil
      }
    } else if reader.property("completed") != nil {
      event.completed = false
    }
    readTimes(&event, &reader)
    readRecurrence(&event, &reader)
    // A recurring event needs no first day: Full Calendar's `type: recurring` without
    // `startRecur` occurs on every day its rule gives.
    if event.start == nil && event.recurrence == nil {
      reader.diagnostics.append(
        .warning(
          "event has no date: add 'date: YYYY-MM-DD' (or 'startRecur' / 'startDate' for a recurring one)",
          at: .start, in: note.path))
    }
    if let start = event.start, let end = event.end, end < start,
      let property = reader.property("endDate", "end")
    {
      reader.warn(property, "the event ends (\(end)) before it starts (\(start))")
      event.end = nil
    }
    if event.end == event.start { event.end = nil }
    return event
  }

  /// A `date` (or `birthday`) without a year: `--01-15` as ISO 8601 writes it, or `01-15`.
  static func yearless(_ reader: PropertyReader) -> (Property, LocalDate)? {
    guard let property = reader.property("date", "start", "birthday"), case .text(let raw) = property.value else {
      return nil
    }
    var text = Substring(raw.trimmingSpaces())
    if text.hasPrefix("--") { text = text.dropFirst(2) }
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let month = Int(parts[0]), let day = Int(parts[1]),
      let date = LocalDate(year: 2000, month: month, day: day)
    else { return nil }
    return (property, date)
  }

  /// The `title` property, else the file name without a Full Calendar `YYYY-MM-DD ` prefix.
  static func title(of note: Note, _ reader: PropertyReader) -> String {
    if let title = reader.text("title") { return title }
    let name = note.title
    let scalars = Array(name.unicodeScalars)
    if scalars.count > 11, DateParsing.validDate(name.prefix(10)) != nil, scalars[10] == " " {
      var rest = Substring(name.dropFirst(11))
      // `YYYY-MM-DD HHmm Title`, Full Calendar's "time in title".
      if rest.count > 5, rest.prefix(4).allSatisfy(\.isNumber), rest.dropFirst(4).first == " " {
        rest = rest.dropFirst(5)
      }
      return String(rest)
    }
    return name
  }

  /// The day a value holds, without a warning when it holds none.
  static func quietDay(_ value: PropertyValue) -> LocalDate? {
    switch value {
    case .date(let date): date
    case .dateTime(let dateTime): dateTime.date
    case .text(let text): PropertyReader.parseDate(text)
    default: nil
    }
  }

  static func readTimes(_ event: inout Event, _ reader: inout PropertyReader) {
    // The time of the first key of the first day that holds one for that day (`date: 2027-01-15`
    // beside `start: 2027-01-15T09:00` starts at 09:00).
    var start: LocalTime?
    for key in ["date", "start", "startDate"] where start == nil {
      guard let property = reader.property(key), Self.quietDay(property.value) == event.start else { continue }
      start = reader.time(of: key)
    }
    var end = reader.time(of: "endDate", "end")
    if let property = reader.property("startTime"), property.value != .null {
      start = time(property, &reader)
    }
    if let property = reader.property("endTime"), property.value != .null {
      end = time(property, &reader)
    }
    if let property = reader.property("time"), property.value != .null {
      // `19:30`, or a span `19:30-21:00` / `19:30–21:00`.
      let parts = property.value.text.split(whereSeparator: { $0 == "-" || $0 == "–" }).map {
        $0.trimmingSpaces()
      }
      if let first = parts.first, let value = DateParsing.time(first) {
        start = value
        if parts.count == 2 {
          if let value = DateParsing.time(parts[1]) {
            end = value
          } else {
            reader.warn(property, "'\(parts[1])' is not a time such as 21:00 or 9pm")
          }
        }
      } else {
        reader.warn(property, "'\(property.value.text)' is not a time such as 19:30 or 7:30 pm")
      }
    }
    event.startTime = start
    event.endTime = end
    if let allDay = reader.bool("allDay", "all_day", "all-day") {
      event.allDay = allDay
      if !allDay && start == nil, let property = reader.property("allDay") {
        reader.warn(property, "allDay is false but the event has no startTime")
        event.allDay = true
      }
      if allDay {
        event.startTime = nil
        event.endTime = nil
      }
    } else {
      event.allDay = start == nil
    }
  }

  static func time(_ property: Property, _ reader: inout PropertyReader) -> LocalTime? {
    if case .dateTime(let dateTime) = property.value { return dateTime.time }
    if let value = DateParsing.time(property.value.text) { return value }
    reader.warn(property, "'\(property.value.text)' is not a time such as 19:30 or 7:30 pm")
    return nil
  }

  static func readRecurrence(_ event: inout Event, _ reader: inout PropertyReader) {
    let interval = readRule(&event, &reader)
    // `repeatInterval` applies to whichever rule the keys gave (the fork's interop.ts appends
    // `INTERVAL=n` to it).
    if interval > 1, let recurrence = event.recurrence,
      case .success(var rule) = recurrence.rule, rule.interval == 1
    {
      rule.interval = interval
      event.recurrence = .rrule(rule.rruleText)
    }
  }

  /// Reads the rule, and returns `repeatInterval` (1 when not set).
  static func readRule(_ event: inout Event, _ reader: inout PropertyReader) -> Int {
    // The maintained fork's keys (YouFoundJK/plugin-full-calendar, `src/types/schema.ts`, turned
    // into a rule as its `src/core/interop.ts` does): `repeatInterval` (every N weeks, months or
    // years), `repeatOn: {week: 2, weekday: 0}` (the 2nd Sunday; week -1 the last).
    var interval = 1
    if let property = reader.property("repeatInterval"), property.value != .null {
      if case .number(let value) = property.value, value >= 1, value == value.rounded() {
        interval = Int(value)
      } else {
        reader.warn(property, "repeatInterval must be a whole number from 1, not '\(property.value.text)'")
      }
    }
    if let property = reader.property("repeatOn"), case .object(let parts) = property.value {
      func number(_ key: String) -> Int? {
        guard case .number(let value)? = parts.first(where: { $0.key == key })?.value else { return nil }
        return Int(exactly: value)
      }
      guard let week = number("week"), [-1, 1, 2, 3, 4].contains(week), let weekday = number("weekday"),
        (0...6).contains(weekday), let day = Weekday(rawValue: weekday)
      else {
        reader.warn(property, "repeatOn must be {week: 1 to 4 or -1, weekday: 0 (Sunday) to 6}")
        return interval
      }
      event.recurrence = .rrule("FREQ=MONTHLY;BYDAY=\(day.rruleCode);BYSETPOS=\(week)")
      return interval
    }
    if let property = reader.property("daysOfWeek"), property.value != .null {
      var days: [Weekday] = []
      for element in property.value.elements {
        for name in element.text.split(separator: ",") {
          if let day = weekday(name.trimmingSpaces()) {
            days.append(day)
          } else {
            reader.warn(property, "'\(name)' is not a day of the week (U M T W R F S, or a name)")
          }
        }
      }
      if !days.isEmpty { event.recurrence = .weekdays(days) }
      return interval
    }
    if let property = reader.property("dayOfMonth"), case .number(let day) = property.value {
      var month: Int?
      if case .number(let value)? = reader.property("month")?.value { month = Int(value) }
      event.recurrence = .monthDay(day: Int(day), month: month)
      return interval
    }
    if let property = reader.property("rrule"), let rule = reader.text("rrule") {
      event.recurrence = .rrule(rule)
      if case .failure(let error) = RecurrenceRule.parse(rrule: rule) {
        reader.warn(property, "rrule '\(rule)': \(error)")
      }
      return interval
    }
    guard let property = reader.property("repeat", "recurrence", "recurring", "every"),
      property.value != .null
    else { return interval }
    let phrase = property.value.text.trimmingSpaces()
    let lowered = phrase.lowercased()
    if ["yearly", "annually", "monthly", "weekly", "daily", "biweekly", "fortnightly"].contains(
      lowered) || lowered.hasPrefix("every ") || lowered == "every"
    {
      event.recurrence = .phrase(lowered)
      if case .failure(let error) = Recurrence.phrase(lowered).rule { reader.warn(property, error.description) }
    } else if lowered.contains("freq=") {
      event.recurrence = .rrule(phrase)
      if case .failure(let error) = RecurrenceRule.parse(rrule: phrase) {
        reader.warn(property, "rule '\(phrase)': \(error)")
      }
    } else {
      reader.warn(
        property,
        "unknown repeat '\(phrase)' (use yearly, monthly, weekly, daily, 'every ...' or an RRULE such as FREQ=WEEKLY;BYDAY=MO)"
      )
    }
    return interval
  }

  /// Full Calendar's letters (`U M T W R F S`), or an English name or its abbreviation.
  static func weekday(_ text: String) -> Weekday? {
    switch text {
    case "U": return .sunday
    case "M": return .monday
    case "T": return .tuesday
    case "W": return .wednesday
    case "R": return .thursday
    case "F": return .friday
    case "S": return .saturday
    default:
      let lowered = text.lowercased()
      guard lowered.count >= 2 else { return nil }
      return Weekday.allCases.first { $0.name.hasPrefix(lowered) }
    }
  }
}
