/// The moment.js date formats Obsidian uses for daily notes: `YYYY-MM-DD`,
/// `YYYY/MM/YYYY-MM-DD`, `YYYY/MMMM/YYYY-MMM-DD`, `dddd, MMMM Do YYYY`, `[Week] ww`...
/// English names only, as Obsidian's default locale.
public struct MomentFormat: Hashable, Sendable {
  enum Token: Hashable {
    case literal(String)
    case field(String)
  }

  let tokens: [Token]

  /// Tokens, longest first so that `YYYY` wins over `YY`.
  static let fields = [
    "YYYY", "YY", "MMMM", "MMM", "MM", "Mo", "M", "DDDD", "DDD", "DD", "Do", "D", "dddd", "ddd",
    "dd", "d", "E", "e", "GGGG", "gggg", "WW", "W", "ww", "w", "Q", "X",
  ]
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  static let dayNames = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  public init(_ format: String) {
    var tokens: [Token] = []
    var rest = Substring(format)
    var literal = ""
    func flush() {
      if !literal.isEmpty { tokens.append(.literal(literal)) }
      literal = ""
    }
    while let first = rest.first {
      if first == "[" {
        let inner = rest.dropFirst()
        if let close = inner.firstIndex(of: "]") {
          literal += inner[..<close]
          rest = inner[inner.index(after: close)...]
          continue
        }
      }
      if let field = Self.fields.first(where: { rest.hasPrefix($0) }) {
        flush()
        tokens.append(.field(field))
        rest = rest.dropFirst(field.count)
        continue
      }
      literal.append(first)
      rest = rest.dropFirst()
    }
    flush()
    self.tokens = tokens
  }

  /// The date written in this format.
  public func format(_ date: LocalDate) -> String {
    tokens.map { token in
      switch token {
      case .literal(let text): return text
      case .field(let field): return Self.render(field, date)
      }
    }.joined()
  }

  /// The date `text` stands for, or nil. Parsing reads year, month and day, then checks that
  /// formatting that date gives `text` back exactly, so weekday names and week numbers must
  /// agree with the date.
  public func parseDate(_ text: String) -> LocalDate? {
    var rest = Substring(text)
    var year: Int?
    var month: Int?
    var day: Int?
    var dayOfYear: Int?
    for token in tokens {
      switch token {
      case .literal(let literal):
        guard rest.hasPrefix(literal) else { return nil }
        rest = rest.dropFirst(literal.count)
      case .field(let field):
        switch field {
        case "YYYY", "GGGG", "gggg":
          guard let value = Self.digits(&rest, min: 4, max: 4) else { return nil }
          if field == "YYYY" { year = value }
        case "YY":
          guard let value = Self.digits(&rest, min: 2, max: 2) else { return nil }
          year = value > 68 ? 1900 + value : 2000 + value
        case "MM", "M":
          guard let value = Self.digits(&rest, min: field.count, max: 2) else { return nil }
          month = value
        case "Mo":
          guard let value = Self.ordinal(&rest) else { return nil }
          month = value
        case "MMMM", "MMM":
          let names = Self.monthNames.map { field == "MMM" ? String($0.prefix(3)) : $0 }
          guard let index = names.firstIndex(where: { rest.hasPrefix($0) }) else { return nil }
          rest = rest.dropFirst(names[index].count)
          month = index + 1
        case "DD", "D":
          guard let value = Self.digits(&rest, min: field.count, max: 2) else { return nil }
          day = value
        case "Do":
          guard let value = Self.ordinal(&rest) else { return nil }
          day = value
        case "DDDD", "DDD":
          guard let value = Self.digits(&rest, min: field == "DDDD" ? 3 : 1, max: 3) else {
            return nil
          }
          dayOfYear = value
        case "dddd", "ddd", "dd":
          let length = field == "dddd" ? nil : field.count == 3 ? 3 : 2
          let names = Self.dayNames.map { name in length.map { String(name.prefix($0)) } ?? name }
          guard let name = names.first(where: { rest.hasPrefix($0) }) else { return nil }
          rest = rest.dropFirst(name.count)
        default:
          // Numbers whose value follows from the date: weekday, week, quarter.
          guard Self.digits(&rest, min: 1, max: 2) != nil else { return nil }
        }
      }
    }
    guard rest.isEmpty, let year else { return nil }
    let date: LocalDate?
    if let month, let day {
      date = LocalDate(year: year, month: month, day: day)
    } else if let dayOfYear, let first = LocalDate(year: year, month: 1, day: 1) {
      date = first.adding(days: dayOfYear - 1)
    } else {
      date = nil
    }
    guard let date, format(date) == text else { return nil }
    return date
  }

  static func digits(_ rest: inout Substring, min: Int, max: Int) -> Int? {
    let run = rest.prefix(max).prefix { $0.isASCII && $0.isNumber }
    guard run.count >= min, let value = Int(run) else { return nil }
    rest = rest.dropFirst(run.count)
    return value
  }

  static func ordinal(_ rest: inout Substring) -> Int? {
    guard let value = digits(&rest, min: 1, max: 2) else { return nil }
    let suffix = ordinalSuffix(value)
    guard rest.hasPrefix(suffix) else { return nil }
    rest = rest.dropFirst(suffix.count)
    return value
  }

  static func ordinalSuffix(_ value: Int) -> String {
    if (11...13).contains(value % 100) { return "th" }
    switch value % 10 {
    case 1: return "st"
    case 2: return "nd"
    case 3: return "rd"
    default: return "th"
    }
  }

  static func render(_ field: String, _ date: LocalDate) -> String {
    let weekday = date.weekday.rawValue
    switch field {
    case "YYYY": return pad(date.year, 4)
    case "YY": return pad(date.year % 100, 2)
    case "MMMM": return monthNames[date.month - 1]
    case "MMM": return String(monthNames[date.month - 1].prefix(3))
    case "MM": return pad(date.month, 2)
    case "Mo": return String(date.month) + ordinalSuffix(date.month)
    case "M": return String(date.month)
    case "DDDD": return pad(dayOfYear(date), 3)
    case "DDD": return String(dayOfYear(date))
    case "DD": return pad(date.day, 2)
    case "Do": return String(date.day) + ordinalSuffix(date.day)
    case "D": return String(date.day)
    case "dddd": return dayNames[weekday]
    case "ddd": return String(dayNames[weekday].prefix(3))
    case "dd": return String(dayNames[weekday].prefix(2))
    case "d", "e": return String(weekday)
    case "E": return String(weekday == 0 ? 7 : weekday)
    case "Q": return String((date.month - 1) / 3 + 1)
    case "GGGG": return pad(week(date, firstDay: 1, minDaysInFirstWeek: 4).year, 4)
    case "WW": return pad(week(date, firstDay: 1, minDaysInFirstWeek: 4).week, 2)
    case "W": return String(week(date, firstDay: 1, minDaysInFirstWeek: 4).week)
    case "gggg": return pad(week(date, firstDay: 0, minDaysInFirstWeek: 1).year, 4)
    case "ww": return pad(week(date, firstDay: 0, minDaysInFirstWeek: 1).week, 2)
    case "w": return String(week(date, firstDay: 0, minDaysInFirstWeek: 1).week)
    default: return field
    }
  }

  static func dayOfYear(_ date: LocalDate) -> Int {
    guard let first = LocalDate(year: date.year, month: 1, day: 1) else { return 1 }
    return first.days(until: date) + 1
  }

  /// The week-based year and week of a date. ISO weeks start on Monday and week 1 holds
  /// January 4th; moment's English locale weeks start on Sunday and week 1 holds January 1st.
  public static func week(
    _ date: LocalDate, firstDay: Int, minDaysInFirstWeek: Int
  ) -> (
    year: Int, week: Int
  ) {
    func firstWeekStart(_ year: Int) -> LocalDate {
      // The week that holds January `minDaysInFirstWeek` (in days counted from the first day).
      let anchor = LocalDate(year: year, month: 1, day: minDaysInFirstWeek) ?? date
      let offset = (anchor.weekday.rawValue - firstDay + 7) % 7
      return anchor.adding(days: -offset)
    }
    var year = date.year
    var start = firstWeekStart(year)
    if date < start {
      year -= 1
      start = firstWeekStart(year)
    } else {
      let next = firstWeekStart(year + 1)
      if date >= next {
        year += 1
        start = next
      }
    }
    return (year, start.days(until: date) / 7 + 1)
  }
}
