/// moment.js formats, as Obsidian uses them for daily note names (`YYYY-MM-DD`,
/// `YYYY/MMMM/YYYY-MMM-DD`, `dddd, MMMM Do YYYY`, `[Week] ww`) and in templates
/// (`{{date:YYYY-MM-DD HH:mm}}`): every token of moment's English locale, `[escaped]` text,
/// the localized formats (`LT`, `LL`, `llll`…) expanded as that locale writes them.
public struct MomentFormat: Hashable, Sendable {
  enum Token: Hashable {
    case literal(String)
    case field(String)
  }

  let tokens: [Token]

  /// Tokens, longest first so that `YYYY` wins over `YY`.
  static let fields = [
    "YYYYYY", "YYYY", "GGGG", "gggg", "MMMM", "DDDD", "dddd", "SSSS", "SSS", "MMM", "DDD", "ddd", "DDDo", "YY", "GG",
    "gg", "MM", "Mo", "DD", "Do", "dd", "do", "WW", "Wo", "ww", "wo", "Qo", "HH", "hh", "kk", "mm", "ss", "SS", "ZZ",
    "NNNNN", "NNNN", "NNN", "NN", "N", "Y", "M", "D", "d", "E", "e", "W", "w", "Q", "X", "x", "H", "h", "k", "m", "s",
    "S", "A", "a", "Z",
  ].sorted { $0.count > $1.count }
  /// moment's English (`en`) localized formats.
  static let localized = [
    ("LTS", "h:mm:ss A"), ("LLLL", "dddd, MMMM D, YYYY h:mm A"), ("llll", "ddd, MMM D, YYYY h:mm A"),
    ("LLL", "MMMM D, YYYY h:mm A"), ("lll", "MMM D, YYYY h:mm A"), ("LT", "h:mm A"), ("LL", "MMMM D, YYYY"),
    ("ll", "MMM D, YYYY"), ("L", "MM/DD/YYYY"), ("l", "M/D/YYYY"),
  ]
  static let timeFields: Set<String> = [
    "HH", "H", "hh", "h", "kk", "k", "mm", "m", "ss", "s", "S", "SS", "SSS", "SSSS", "A", "a", "Z", "ZZ", "X", "x",
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
      if let (name, expansion) = Self.localized.first(where: { rest.hasPrefix($0.0) }) {
        flush()
        tokens += MomentFormat(expansion).tokens
        rest = rest.dropFirst(name.count)
        continue
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

  /// Whether it writes a time of day (hours, minutes, AM/PM…), not only a date.
  public var hasTime: Bool {
    tokens.contains { if case .field(let field) = $0 { Self.timeFields.contains(field) } else { false } }
  }

  /// The date (at `time`, midnight by default; `utcOffset` seconds east of UTC for `Z`, `X`)
  /// written in this format.
  public func format(_ date: LocalDate, time: LocalTime = .midnight, utcOffset: Int = 0) -> String {
    tokens.map { token in
      switch token {
      case .literal(let text): return text
      case .field(let field): return Self.render(field, date, time, utcOffset)
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
        case "A", "a", "N", "NN", "NNN", "NNNN", "NNNNN":
          let words = ["AM", "PM", "am", "pm", "Anno Domini", "AD"]
          guard let word = words.first(where: { rest.hasPrefix($0) }) else { return nil }
          rest = rest.dropFirst(word.count)
        case "Z", "ZZ", "X", "x", "YYYYYY", "Y":
          // Written in full by `format`, which the date must give back.
          let run = rest.prefix { $0.isNumber || $0 == "+" || $0 == "-" || $0 == ":" }
          guard !run.isEmpty else { return nil }
          rest = rest.dropFirst(run.count)
        default:
          // Numbers whose value follows from the date (weekday, week, quarter) or that a
          // name holds as written (a time), with an ordinal's suffix.
          guard Self.digits(&rest, min: 1, max: field.hasPrefix("S") ? field.count : 2) != nil else { return nil }
          if field.hasSuffix("o"), let suffix = ["st", "nd", "rd", "th"].first(where: { rest.hasPrefix($0) }) {
            rest = rest.dropFirst(suffix.count)
          }
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

  static func render(_ field: String, _ date: LocalDate, _ time: LocalTime, _ utcOffset: Int) -> String {
    let weekday = date.weekday.rawValue
    let twelve = time.hour % 12 == 0 ? 12 : time.hour % 12
    let offset = abs(utcOffset) / 60
    let sign = utcOffset < 0 ? "-" : "+"
    let unix = LocalDateTime(date: date, time: time).secondsSinceEpoch - utcOffset
    switch field {
    case "YYYYYY": return (date.year < 0 ? "-" : "+") + pad(abs(date.year), 6)
    case "YYYY": return pad(date.year, 4)
    case "Y": return date.year > 9999 ? "+\(date.year)" : String(date.year)
    case "YY": return pad(date.year % 100, 2)
    case "MMMM": return monthNames[date.month - 1]
    case "MMM": return String(monthNames[date.month - 1].prefix(3))
    case "MM": return pad(date.month, 2)
    case "Mo": return String(date.month) + ordinalSuffix(date.month)
    case "M": return String(date.month)
    case "DDDD": return pad(dayOfYear(date), 3)
    case "DDDo": return String(dayOfYear(date)) + ordinalSuffix(dayOfYear(date))
    case "DDD": return String(dayOfYear(date))
    case "DD": return pad(date.day, 2)
    case "Do": return String(date.day) + ordinalSuffix(date.day)
    case "D": return String(date.day)
    case "dddd": return dayNames[weekday]
    case "ddd": return String(dayNames[weekday].prefix(3))
    case "dd": return String(dayNames[weekday].prefix(2))
    case "do": return String(weekday) + ordinalSuffix(weekday)
    case "d", "e": return String(weekday)
    case "E": return String(weekday == 0 ? 7 : weekday)
    case "Q": return String((date.month - 1) / 3 + 1)
    case "Qo": return String((date.month - 1) / 3 + 1) + ordinalSuffix((date.month - 1) / 3 + 1)
    case "GGGG": return pad(week(date, firstDay: 1, minDaysInFirstWeek: 4).year, 4)
    case "GG": return pad(week(date, firstDay: 1, minDaysInFirstWeek: 4).year % 100, 2)
    case "WW": return pad(week(date, firstDay: 1, minDaysInFirstWeek: 4).week, 2)
    case "W": return String(week(date, firstDay: 1, minDaysInFirstWeek: 4).week)
    case "Wo":
      let number = week(date, firstDay: 1, minDaysInFirstWeek: 4).week
      return String(number) + ordinalSuffix(number)
    case "gggg": return pad(week(date, firstDay: 0, minDaysInFirstWeek: 1).year, 4)
    case "gg": return pad(week(date, firstDay: 0, minDaysInFirstWeek: 1).year % 100, 2)
    case "ww": return pad(week(date, firstDay: 0, minDaysInFirstWeek: 1).week, 2)
    case "w": return String(week(date, firstDay: 0, minDaysInFirstWeek: 1).week)
    case "wo":
      let number = week(date, firstDay: 0, minDaysInFirstWeek: 1).week
      return String(number) + ordinalSuffix(number)
    case "HH": return pad(time.hour, 2)
    case "H": return String(time.hour)
    case "hh": return pad(twelve, 2)
    case "h": return String(twelve)
    case "kk": return pad(time.hour == 0 ? 24 : time.hour, 2)
    case "k": return String(time.hour == 0 ? 24 : time.hour)
    case "mm": return pad(time.minute, 2)
    case "m": return String(time.minute)
    case "ss": return pad(time.second, 2)
    case "s": return String(time.second)
    case "S", "SS", "SSS", "SSSS": return String(repeating: "0", count: field.count)
    case "A": return time.hour < 12 ? "AM" : "PM"
    case "a": return time.hour < 12 ? "am" : "pm"
    case "Z": return sign + pad(offset / 60, 2) + ":" + pad(offset % 60, 2)
    case "ZZ": return sign + pad(offset / 60, 2) + pad(offset % 60, 2)
    case "X": return String(unix)
    case "x": return String(unix * 1000)
    case "NNNN": return "Anno Domini"
    case "N", "NN", "NNN", "NNNNN": return "AD"
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
