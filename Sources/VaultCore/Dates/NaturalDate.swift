/// Dates and times as people type them on a command line, relative to an injected today.
///
/// Dates: `today`, `tomorrow`, `yesterday`; a weekday (`fri`, `friday`: the next one, today
/// included) or `next friday` (the next one after today); `in 3 days`, `in 2 weeks`,
/// `in 1 month`, `+3d`, `+2w`, `+1m`, `-1d`; a day and month in either order (`dec 5`, `5 dec`,
/// `december 5`: the next such day, today included); `2026-12-05`. Looking back (`past`, for
/// options that name where a look at the past starts: `journal list --from`, `insights
/// --since`), a weekday and a day and month are the last such day, today included.
/// Times: `19:30`, `7pm`, `7:30 pm`, `noon`, `midnight`.
public enum NaturalDate {
  /// What a wrong date is told: every accepted form.
  public static let forms =
    "today, tomorrow, yesterday, fri, next friday, in 3 days, in 2 weeks, +3d, dec 5, 5 dec or 2026-12-05"
  public static let timeForms = "19:30, 7pm or 7:30 pm"

  public struct Problem: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  public static func date(_ text: String, today: LocalDate, past: Bool = false) -> Result<LocalDate, Problem> {
    let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    let failure = Problem(description: "'\(text)' is not a date vault understands: use \(forms)")
    guard !words.isEmpty else { return .failure(failure) }
    if words.count == 1, let date = DateParsing.validDate(words[0]) { return .success(date) }
    if words.count == 1, case .impossible = DateParsing.date(words[0]) {
      return .failure(Problem(description: "'\(text)' is not a day of the calendar"))
    }
    switch words {
    case ["today"], ["now"]: return .success(today)
    case ["tomorrow"], ["tmr"]: return .success(today.adding(days: 1))
    case ["yesterday"]: return .success(today.adding(days: -1))
    default: break
    }
    if words.count == 1, let day = RecurrenceRule.weekdayName(words[0]) {
      if past { return .success(today.adding(days: -((today.weekday.rawValue - day.rawValue + 7) % 7))) }
      return .success(today.adding(days: (day.rawValue - today.weekday.rawValue + 7) % 7))
    }
    if words.count == 2, words[0] == "next", let day = RecurrenceRule.weekdayName(words[1]) {
      let ahead = (day.rawValue - today.weekday.rawValue + 7) % 7
      return .success(today.adding(days: ahead == 0 ? 7 : ahead))
    }
    if let offset = offset(words) { return .success(offset(today)) }
    if words.count == 2, let date = dayAndMonth(words, today: today, past: past) { return date }
    return .failure(failure)
  }

  /// `in 3 days`, `in 2 weeks`, `in 1 month`, `+3d`, `+2w`, `+1m`, `-1d`.
  static func offset(_ words: [String]) -> ((LocalDate) -> LocalDate)? {
    let count: Int
    let unit: String
    if words.count == 3, words[0] == "in", let number = Int(words[1]), number >= 0 {
      (count, unit) = (number, words[2])
    } else if words.count == 1, let sign = words[0].first, sign == "+" || sign == "-" {
      let body = words[0].dropFirst()
      guard let number = Int(body.prefix { $0.isNumber }) else { return nil }
      (count, unit) = (sign == "-" ? -number : number, String(body.drop { $0.isNumber }))
    } else {
      return nil
    }
    switch unit {
    case "d", "day", "days": return { $0.adding(days: count) }
    case "w", "week", "weeks": return { $0.adding(days: 7 * count) }
    case "m", "month", "months":
      return { date in
        let total = date.year * 12 + date.month - 1 + count
        let (year, month) = (total / 12, total % 12 + 1)
        return LocalDate(year: year, month: month, day: min(date.day, LocalDate.daysIn(month: month, year: year)))
          ?? date
      }
    case "y", "year", "years":
      return { date in
        LocalDate(
          year: date.year + count, month: date.month,
          day: min(date.day, LocalDate.daysIn(month: date.month, year: date.year + count))) ?? date
      }
    default: return nil
    }
  }

  /// `dec 5` or `5 dec`: the next such day, today included (`past`: the last one).
  static func dayAndMonth(_ words: [String], today: LocalDate, past: Bool = false) -> Result<LocalDate, Problem>? {
    let pairs = [(words[0], words[1]), (words[1], words[0])]
    for (monthWord, dayWord) in pairs {
      guard let month = RecurrenceRule.monthName(monthWord),
        let day = Int(dayWord.filter(\.isNumber)), dayWord.first?.isNumber == true
      else { continue }
      // Eight years either way: 29 February comes back within them.
      let years = past ? Array((today.year - 8...today.year).reversed()) : Array(today.year...(today.year + 8))
      for year in years {
        if let date = LocalDate(year: year, month: month, day: day), past ? date <= today : date >= today {
          return .success(date)
        }
      }
      return .failure(Problem(description: "\(monthWord) \(day) is not a day of the calendar"))
    }
    return nil
  }

  /// `19:30`, `7pm`, `7:30 pm`, `noon`, `midnight`.
  public static func time(_ text: String) -> Result<LocalTime, Problem> {
    let failure = Problem(description: "'\(text)' is not a time vault understands: use \(timeForms)")
    let compact = text.lowercased().filter { $0 != " " }
    if compact == "noon" { return LocalTime(hour: 12, minute: 0).map(Result.success) ?? .failure(failure) }
    if compact == "midnight" { return LocalTime(hour: 0, minute: 0).map(Result.success) ?? .failure(failure) }
    var body = Substring(compact)
    var meridiem: String?
    for suffix in ["am", "pm", "a.m.", "p.m."] where body.hasSuffix(suffix) {
      meridiem = String(suffix.prefix(1))
      body = body.dropLast(suffix.count)
    }
    let parts = body.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let hourValue = Int(parts[0]), parts[0].count <= 2,
      parts.count == 1 || parts[1].count == 2, let minute = parts.count == 2 ? Int(parts[1]) : 0
    else { return .failure(failure) }
    var hour = hourValue
    if let meridiem {
      guard (1...12).contains(hour) else { return .failure(failure) }
      hour = hour % 12 + (meridiem == "p" ? 12 : 0)
    } else if parts.count == 1 {
      return .failure(failure)  // `7` alone: morning or evening?
    }
    return LocalTime(hour: hour, minute: minute).map(Result.success) ?? .failure(failure)
  }
}
