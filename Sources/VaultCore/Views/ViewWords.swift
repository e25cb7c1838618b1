/// The words the views share, whatever shows them (the terminal, the web view): dates, an
/// event's time and title on a day.
public enum ViewWords {
  public static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// `Sunday 22 November 2026`.
  public static func longDate(_ date: LocalDate) -> String {
    "\(capitalized(date.weekday.name)) \(date.day) \(monthNames[date.month - 1]) \(date.year)"
  }

  /// `Sun 22 Nov`.
  public static func shortDate(_ date: LocalDate) -> String {
    "\(capitalized(date.weekday.name.prefix(3))) \(date.day) \(monthNames[date.month - 1].prefix(3))"
  }

  /// `monday` → `Monday`.
  public static func capitalized(_ word: some StringProtocol) -> String {
    // An ASCII letter directly: the first `uppercased()` of a process sets up Unicode's case
    // tables, 0.2 ms of `vault today` for the weekday in its first line.
    if let first = word.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) {
      return String(UnicodeScalar(first - 32)) + word.dropFirst()
    }
    return word.prefix(1).uppercased() + word.dropFirst()
  }

  /// `09:00-09:15`, `18:30`, or `all day`: on the viewer's clock.
  public static func time(_ event: Event, on day: LocalDate, occurrence: EventOccurrence) -> String {
    guard let start = occurrence.startTime else { return "all day" }
    // A timed multi-day event: its start time on the first day, its end time on the last.
    if occurrence.dayCount > 1 {
      if day == occurrence.start { return "from " + start.hourMinute }
      if day == occurrence.end, let end = occurrence.endTime { return "until " + end.hourMinute }
      return "all day"
    }
    return occurrence.endTime.map { start.hourMinute + "-" + $0.hourMinute } ?? start.hourMinute
  }

  /// Its time on its own zone's clock, when that is not the viewer's: `09:00 New York`, or
  /// `Tue 09:00 Kolkata` when that is another day there; nil otherwise.
  public static func ownTime(_ occurrence: EventOccurrence) -> String? {
    guard let own = occurrence.ownStart, let zone = occurrence.ownZone, let shown = occurrence.startMoment else {
      return nil
    }
    let day = own.date == shown.date ? "" : capitalized(own.date.weekday.name.prefix(3)) + " "
    return day + own.time.hourMinute + " " + ZoneClock.cityName(zone)
  }

  /// `🎸 Radiohead Concert`.
  public static func title(_ event: Event) -> String {
    // A cancelled event (`status: cancelled`) stays in the views, and says so in words, which
    // also read without colour.
    (event.emoji.map { $0 + " " } ?? "") + event.title + (event.cancelled ? " (cancelled)" : "")
  }

  /// What follows an event's title on a day: `day 2 of 5`, the location.
  public static func details(_ occurrence: EventOccurrence, on day: LocalDate) -> String {
    var parts: [String] = []
    if occurrence.dayCount > 1 { parts.append("day \(occurrence.dayNumber(of: day)) of \(occurrence.dayCount)") }
    if day == occurrence.start, let own = ownTime(occurrence) { parts.append(own) }
    if let location = occurrence.event.value.location { parts.append(location) }
    return parts.joined(separator: " · ")
  }

  /// `overdue 3 days`, `due today`, `scheduled today`, `scheduled 2 days ago`, `starts today`.
  public static func reason(_ entry: Agenda.TaskEntry, today: LocalDate) -> String {
    let days = entry.daysBefore(today)
    switch entry.reason {
    case .overdue: return "overdue " + count(days, "day")
    case .due: return days == 0 ? "due today" : "due " + entry.date.description
    case .scheduled: return days == 0 ? "scheduled today" : "scheduled " + count(days, "day") + " ago"
    case .starts: return days == 0 ? "starts today" : "starts " + entry.date.description
    }
  }

  /// `1 day`, `3 days`.
  /// A goal's forecast as a person reads it: `at this pace 2026-12-20`, and how late when that
  /// is after its target (`…, 20 days after its target`); nil without a forecast.
  public static func forecast(_ progress: GoalProgress) -> String? {
    guard let forecast = progress.forecast else { return nil }
    guard let late = progress.daysLate, late > 0 else { return "at this pace \(forecast)" }
    return "at this pace \(forecast), \(count(late, "day")) after its target"
  }

  public static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
  }
}
