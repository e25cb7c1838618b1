/// A calendar date without a time zone, as written in notes: `2026-11-22`.
///
/// Arithmetic works on day numbers (days since 1970-01-01) with the proleptic Gregorian
/// calendar, so views need no `Calendar` or clock.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int

  /// Creates a date, or nil when the day does not exist (`2026-02-30`).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...LocalDate.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Creates the date with the given number of days since 1970-01-01.
  public init(dayNumber: Int) {
    // Howard Hinnant's civil_from_days.
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let d = doy - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    year = yoe + era * 400 + (m <= 2 ? 1 : 0)
    month = m
    day = d
  }

  /// Days since 1970-01-01 (negative before).
  public var dayNumber: Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  /// The day of the week.
  public var weekday: Weekday {
    // 1970-01-01 was a Thursday.
    let index = ((dayNumber % 7) + 7 + 4) % 7
    return Weekday(rawValue: index) ?? .sunday
  }

  public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

  /// The first day of this date's week, for weeks that start on `weekStart`.
  public func startOfWeek(_ weekStart: Weekday) -> LocalDate {
    adding(days: -((weekday.rawValue - weekStart.rawValue + 7) % 7))
  }

  /// Whole days from this date to `other` (positive when `other` is later).
  public func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

  public static func isLeap(_ year: Int) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  public static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
  }
}

/// A day of the week; raw values follow `Calendar` minus one (Sunday is 0).
public enum Weekday: Int, CaseIterable, Sendable, Codable {
  case sunday, monday, tuesday, wednesday, thursday, friday, saturday

  /// Lower-case English name.
  public var name: String { String(describing: self) }
  /// `Sun`, `Mon`.
  public var shortName: String { name.prefix(1).uppercased() + name.dropFirst().prefix(2) }
}

func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension LocalDate {
  /// The week number as a calendar that starts its weeks on `weekStart` counts it: ISO 8601
  /// when weeks start on Monday (week 1 holds the year's first Thursday), else week 1 is the
  /// week that holds 1 January (as calendars that start on Sunday or Saturday count, and
  /// moment's `w`). `vault today` and `vault calendar` both number weeks this way.
  public func weekNumber(startingOn weekStart: Weekday) -> Int {
    if weekStart == .monday { return isoWeek }
    return MomentFormat.week(self, firstDay: weekStart.rawValue, minDaysInFirstWeek: 1).week
  }

  /// The ISO 8601 week number: weeks start on Monday, week 1 holds the year's first Thursday.
  public var isoWeek: Int {
    let weekdayFromMonday = (weekday.rawValue + 6) % 7
    let thursday = adding(days: 3 - weekdayFromMonday)
    guard let januaryFirst = LocalDate(year: thursday.year, month: 1, day: 1) else { return 1 }
    return januaryFirst.days(until: thursday) / 7 + 1
  }
}
