/// How something repeats, in the terms of RFC 5545's RRULE: every other way vault reads
/// (`yearly`, Tasks' `every 2 weeks on Tuesday`, Full Calendar's `daysOfWeek`) becomes one of
/// these, so one expansion serves them all (`RecurrenceRule+Expansion.swift`).
public struct RecurrenceRule: Hashable, Sendable {
  public enum Frequency: String, Sendable {
    case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
  }

  /// `MO`, `2MO` (the second Monday), `-1FR` (the last Friday).
  public struct WeekdayNumber: Hashable, Sendable {
    public var ordinal: Int?
    public var weekday: Weekday

    public init(_ weekday: Weekday, ordinal: Int? = nil) {
      self.weekday = weekday
      self.ordinal = ordinal
    }
  }

  public var frequency: Frequency
  public var interval: Int
  /// At most this many occurrences, counted from the start.
  public var count: Int?
  /// The last day an occurrence may fall on, inclusive.
  public var until: LocalDate?
  public var byDay: [WeekdayNumber]
  /// 1…31, or -1…-31 counted from the month's end.
  public var byMonthDay: [Int]
  public var byMonth: [Int]
  /// Picks from each period's occurrences: 1 the first, -1 the last.
  public var bySetPos: [Int]
  public var weekStart: Weekday
  /// Tasks' `when done`: the next date counts from the day the task was done.
  public var whenDone: Bool

  public init(
    _ frequency: Frequency, interval: Int = 1, count: Int? = nil, until: LocalDate? = nil,
    byDay: [WeekdayNumber] = [], byMonthDay: [Int] = [], byMonth: [Int] = [], bySetPos: [Int] = [],
    weekStart: Weekday = .monday, whenDone: Bool = false
  ) {
    self.frequency = frequency
    self.interval = interval
    self.count = count
    self.until = until
    self.byDay = byDay
    self.byMonthDay = byMonthDay
    self.byMonth = byMonth
    self.bySetPos = bySetPos
    self.weekStart = weekStart
    self.whenDone = whenDone
  }

  /// The rule as RFC 5545 writes it: `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,FR`.
  public var rruleText: String {
    var parts = ["FREQ=\(frequency.rawValue)"]
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    if let count { parts.append("COUNT=\(count)") }
    if let until { parts.append("UNTIL=" + until.description.replacingDashes()) }
    if !byMonth.isEmpty { parts.append("BYMONTH=" + byMonth.map(String.init).joined(separator: ",")) }
    if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
    if !byDay.isEmpty {
      parts.append(
        "BYDAY=" + byDay.map { ($0.ordinal.map(String.init) ?? "") + $0.weekday.rruleCode }.joined(separator: ","))
    }
    if !bySetPos.isEmpty { parts.append("BYSETPOS=" + bySetPos.map(String.init).joined(separator: ",")) }
    if weekStart != .monday { parts.append("WKST=" + weekStart.rruleCode) }
    return parts.joined(separator: ";")
  }
}

/// Why a recurrence could not be read.
public struct RecurrenceError: Error, Hashable, Sendable, CustomStringConvertible {
  public let description: String

  init(_ description: String) { self.description = description }
}

extension RecurrenceRule {
  /// Reads an RFC 5545 rule, with or without the `RRULE:` prefix. Parts vault cannot honour
  /// (times: `BYHOUR`, `BYMINUTE`, `BYSECOND`; `BYWEEKNO`, `BYYEARDAY`) are an error, not
  /// silently dropped: they would give wrong dates.
  public static func parse(rrule text: String) -> Result<RecurrenceRule, RecurrenceError> {
    var body = Substring(text.trimming(" \t\r\n"))
    if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
    var rule = RecurrenceRule(.daily)
    var frequency: Frequency?
    for part in body.split(separator: ";", omittingEmptySubsequences: true) {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2 else { return .failure(RecurrenceError("'\(part)' is not NAME=VALUE")) }
      let name = pair[0].uppercased()
      let value = String(pair[1]).uppercased()
      let list = value.split(separator: ",").map(String.init)
      switch name {
      case "FREQ":
        guard let parsed = Frequency(rawValue: value) else {
          return .failure(RecurrenceError("FREQ=\(value) is not supported: use DAILY, WEEKLY, MONTHLY or YEARLY"))
        }
        frequency = parsed
      case "INTERVAL":
        guard let number = Int(value), number >= 1 else {
          return .failure(RecurrenceError("INTERVAL must be a positive number, not '\(value)'"))
        }
        rule.interval = number
      case "COUNT":
        guard let number = Int(value), number >= 1 else {
          return .failure(RecurrenceError("COUNT must be a positive number, not '\(value)'"))
        }
        rule.count = number
      case "UNTIL":
        guard let date = parseCompactDate(value) else {
          return .failure(RecurrenceError("UNTIL must be a date such as 20271231, not '\(value)'"))
        }
        rule.until = date
      case "BYDAY":
        var days: [WeekdayNumber] = []
        for item in list {
          guard let day = parseWeekdayNumber(item) else {
            return .failure(RecurrenceError("BYDAY '\(item)' is not a day such as MO, 2TU or -1FR"))
          }
          days.append(day)
        }
        rule.byDay = days
      case "BYMONTHDAY":
        guard let days = numbers(list, in: 1...31, allowNegative: true) else {
          return .failure(RecurrenceError("BYMONTHDAY must be days 1 to 31 or -1 to -31, not '\(value)'"))
        }
        rule.byMonthDay = days
      case "BYMONTH":
        guard let months = numbers(list, in: 1...12, allowNegative: false) else {
          return .failure(RecurrenceError("BYMONTH must be months 1 to 12, not '\(value)'"))
        }
        rule.byMonth = months
      case "BYSETPOS":
        guard let positions = numbers(list, in: 1...366, allowNegative: true) else {
          return .failure(RecurrenceError("BYSETPOS must be positions 1 to 366 or -1 to -366, not '\(value)'"))
        }
        rule.bySetPos = positions
      case "WKST":
        guard let day = Weekday.fromRRuleCode(value) else {
          return .failure(RecurrenceError("WKST '\(value)' is not a day such as MO"))
        }
        rule.weekStart = day
      case "DTSTART":
        continue
      default:
        return .failure(RecurrenceError("\(name) is not supported (vault repeats whole days)"))
      }
    }
    guard let frequency else { return .failure(RecurrenceError("a rule needs FREQ, such as FREQ=WEEKLY")) }
    rule.frequency = frequency
    if rule.byDay.contains(where: { $0.ordinal != nil }), frequency != .monthly && frequency != .yearly {
      return .failure(RecurrenceError("a numbered BYDAY such as 2MO needs FREQ=MONTHLY or FREQ=YEARLY"))
    }
    return .success(rule)
  }

  private static func parseCompactDate(_ text: String) -> LocalDate? {
    let digits = text.prefix { $0.isNumber }
    if digits.count == 8, let number = Int(digits) {
      return LocalDate(year: number / 10000, month: number / 100 % 100, day: number % 100)
    }
    return DateParsing.validDate(String(text.prefix(10)))
  }

  private static func parseWeekdayNumber(_ text: String) -> WeekdayNumber? {
    guard text.count >= 2, let weekday = Weekday.fromRRuleCode(String(text.suffix(2))) else { return nil }
    let prefix = text.dropLast(2)
    if prefix.isEmpty { return WeekdayNumber(weekday) }
    guard let ordinal = Int(prefix.hasPrefix("+") ? prefix.dropFirst() : prefix), ordinal != 0, abs(ordinal) <= 53
    else { return nil }
    return WeekdayNumber(weekday, ordinal: ordinal)
  }

  private static func numbers(_ list: [String], in range: ClosedRange<Int>, allowNegative: Bool) -> [Int]? {
    var result: [Int] = []
    for item in list {
      guard let number = Int(item.hasPrefix("+") ? String(item.dropFirst()) : item),
        range.contains(abs(number)), allowNegative || number > 0
      else { return nil }
      result.append(number)
    }
    return result.isEmpty ? nil : result
  }
}

extension Weekday {
  /// `MO`, `TU`, … as RFC 5545 writes days.
  public var rruleCode: String {
    ["SU", "MO", "TU", "WE", "TH", "FR", "SA"][rawValue]
  }

  static func fromRRuleCode(_ code: String) -> Weekday? {
    ["SU", "MO", "TU", "WE", "TH", "FR", "SA"].firstIndex(of: code.uppercased()).flatMap(Weekday.init(rawValue:))
  }
}

extension String {
  fileprivate func replacingDashes() -> String { String(filter { $0 != "-" }) }

}
