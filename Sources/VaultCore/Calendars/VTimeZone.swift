/// A time zone a calendar file defines itself (VTIMEZONE, RFC 5545 §3.6.5): its observances
/// (STANDARD and DAYLIGHT), each with the offset it sets from its onsets on — DTSTART, then
/// its RRULE's days and its RDATEs. Used for a TZID that is no IANA name ("Customized Time
/// Zone", `custom_America/New_York`, names in other scripts): the IANA zone with the same
/// offsets is written to the note, or, when none has them, the times are the moments they name.
struct VTimeZone: Sendable {
  struct Observance: Sendable {
    /// The first onset, in the wall-clock time in force before it.
    var start: LocalDateTime
    var rule: RecurrenceRule?
    var dates: [LocalDate]
    /// Seconds east of UTC from each onset on (TZOFFSETTO), and before the first (TZOFFSETFROM).
    var offset: Int
    var offsetBefore: Int
  }

  var observances: [Observance]

  init?(_ component: ICalendar.Component) {
    observances = component.components.compactMap { part in
      guard part.name == "STANDARD" || part.name == "DAYLIGHT",
        let start = part.first("DTSTART").flatMap({ ICalendarImport.moment($0.value) }),
        let offset = part.first("TZOFFSETTO").flatMap({ Self.offset($0.value) })
      else { return nil }
      let before = part.first("TZOFFSETFROM").flatMap { Self.offset($0.value) } ?? offset
      var rule: RecurrenceRule?
      if let text = part.first("RRULE")?.value, case .success(let parsed) = RecurrenceRule.parse(rrule: text) {
        rule = parsed
      }
      let dates = part.all("RDATE").flatMap { ICalendar.splitList($0.value) }.compactMap {
        ICalendarImport.moment($0)?.date
      }
      return Observance(start: start, rule: rule, dates: dates, offset: offset, offsetBefore: before)
    }
    if observances.isEmpty { return nil }
  }

  /// The offset in force at a wall-clock moment: that of the latest onset at or before it
  /// (its time in the wall clock before the change), else the earliest observance's
  /// TZOFFSETFROM.
  func offset(at moment: LocalDateTime) -> Int {
    var latest: (LocalDateTime, Int)?
    for observance in observances {
      let time = observance.start.time
      var days = observance.dates.filter { $0 <= moment.date }
      if observance.start.date <= moment.date { days.append(observance.start.date) }
      if let rule = observance.rule, observance.start.date <= moment.date {
        let from = max(observance.start.date, moment.date.adding(days: -400))
        days += rule.occurrences(start: observance.start.date, in: from...moment.date)
      }
      for day in days {
        let onset = LocalDateTime(date: day, time: time)
        guard onset <= moment else { continue }
        if latest.map({ onset > $0.0 }) ?? true { latest = (onset, observance.offset) }
      }
    }
    if let latest { return latest.1 }
    return observances.min { $0.start < $1.start }?.offsetBefore ?? 0
  }

  /// `+0100`, `-0530`, `+013045` as seconds east of UTC.
  static func offset(_ text: String) -> Int? {
    let digits = Array(text.utf8)
    guard digits.count >= 5, digits[0] == UInt8(ascii: "+") || digits[0] == UInt8(ascii: "-"),
      digits.dropFirst().allSatisfy({ $0 >= 48 && $0 <= 57 })
    else { return nil }
    func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - 48) } }
    let seconds = number(1..<3) * 3600 + number(3..<5) * 60 + (digits.count >= 7 ? number(5..<7) : 0)
    return digits[0] == UInt8(ascii: "-") ? -seconds : seconds
  }
}

extension ICalendarImport {
  /// The IANA zone whose offsets are those of `rules` through `year` (a file's zone often holds
  /// only the rules of the year it was written in): first the zone its name says (a Windows
  /// name's, `/mozilla.org/…/Europe/Berlin`), then among the names the TZID holds
  /// (`custom_America/New_York`, `Europe_Berlin`), then among all zones.
  func matchingZone(_ rules: VTimeZone, near year: Int, named tzid: String) -> String? {
    var moments: [LocalDateTime] = []
    for year in year...year {
      for month in 1...12 {
        for day in [1, 15] {
          if let date = LocalDate(year: year, month: month, day: day) {
            moments.append(LocalDateTime(date: date, time: LocalTime(hour: 12, minute: 0) ?? .midnight))
          }
        }
      }
    }
    let expected = moments.map { rules.offset(at: $0) }
    func matches(_ zone: String) -> Bool {
      zip(moments, expected).allSatisfy { offset(zone, $0.0) == $0.1 }
    }
    // Also a name written with `_` for `/` (`Europe_Berlin`, khal's test calendars).
    let named = zoneNames.filter { tzid.contains($0) || tzid.contains($0.replacing("/", with: "_")) }
      .sorted { $0.count > $1.count }
    return ([zoneName(tzid)].compactMap { $0 } + named + zoneNames).first(where: matches)
  }
}
