extension RecurrenceRule {
  /// Reads a rule written in words, as the Tasks plugin (through rrule.js) and people write
  /// them: `daily`, `yearly`, `every 3 days`, `every weekday`, `every 2 weeks on Tuesday,
  /// Friday`, `every month on the last Friday`, `every 6 months on the 2nd Wednesday`,
  /// `every January on the 15th`, `every April and December on the 1st and 24th`, each
  /// optionally followed by an end day as rrule.js writes it (`until January 5, 2027`) and by
  /// `when done`. Nil when the words are not such a rule.
  public static func parse(phrase text: String) -> RecurrenceRule? {
    var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
    var whenDone = false
    if words.suffix(2) == ["when", "done"] {
      whenDone = true
      words.removeLast(2)
    }
    var until: LocalDate?
    if let index = words.firstIndex(of: "until") {
      // rrule.js's `until` clause: the month's name, the day, the year.
      let end = Array(words[(index + 1)...])
      guard end.count == 3, let month = monthName(end[0]), weekdayName(end[0]) == nil,
        let day = Int(end[1]), let year = Int(end[2]), (1...9999).contains(year),
        (1...LocalDate.daysIn(month: month, year: year)).contains(day)
      else { return nil }
      until = LocalDate(year: year, month: month, day: day)
      words.removeSubrange(index...)
    }
    // `2nd last` (rrule.js's `nth`): one ordinal counted from the end.
    var merged: [String] = []
    for word in words {
      if word == "last", let previous = merged.last, let number = ordinal(previous), number > 0 {
        merged[merged.count - 1] = "last\(number)"
      } else {
        merged.append(word)
      }
    }
    words = merged
    words.removeAll { $0 == "and" || $0 == "the" }
    guard var rule = phraseRule(words) else { return nil }
    rule.whenDone = whenDone
    rule.until = until
    return rule
  }

  /// Reads a rule as the Tasks plugin does (`Recurrence.fromText`, then rrule.js's
  /// `parseText`): only the characters `[a-zA-Z0-9, !]`, starting with `every`, without the
  /// shorthands vault's own properties allow (`weekly`, `every other week`). Nil when the
  /// plugin would not read it either: such a task does not repeat.
  public static func parse(tasksRule text: String) -> RecurrenceRule? {
    let trimmed = text.trimmingSpaces()
    guard !trimmed.isEmpty,
      trimmed.unicodeScalars.allSatisfy({
        ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == " " || $0 == ","
          || $0 == "!"
      })
    else { return nil }
    let words = trimmed.lowercased().split(whereSeparator: { $0 == " " || $0 == "," })
    guard words.first == "every", !words.contains("other") else { return nil }
    return parse(phrase: trimmed)
  }

  private static let keywords: [String: RecurrenceRule] = [
    "daily": RecurrenceRule(.daily), "weekly": RecurrenceRule(.weekly), "monthly": RecurrenceRule(.monthly),
    "yearly": RecurrenceRule(.yearly), "annually": RecurrenceRule(.yearly),
    "biweekly": RecurrenceRule(.weekly, interval: 2), "fortnightly": RecurrenceRule(.weekly, interval: 2),
  ]

  private static func phraseRule(_ words: [String]) -> RecurrenceRule? {
    if words.count == 1, let rule = keywords[words[0]] { return rule }
    guard words.first == "every", words.count >= 2 else { return nil }
    var index = 1
    var interval = 1
    if let number = Int(words[index]), number >= 1 {
      interval = number
      index += 1
    } else if words[index] == "other" {
      interval = 2
      index += 1
    }
    guard index < words.count else { return nil }
    var rule: RecurrenceRule
    switch words[index] {
    case "day", "days": rule = RecurrenceRule(.daily, interval: interval)
    case "weekday", "weekdays":
      rule = RecurrenceRule(
        .weekly, interval: interval,
        byDay: [.monday, .tuesday, .wednesday, .thursday, .friday].map { WeekdayNumber($0) })
    case "week", "weeks": rule = RecurrenceRule(.weekly, interval: interval)
    case "month", "months": rule = RecurrenceRule(.monthly, interval: interval)
    case "year", "years": rule = RecurrenceRule(.yearly, interval: interval)
    default:
      // `every Monday and Thursday`, `every January and July`.
      var days: [Weekday] = []
      var months: [Int] = []
      while index < words.count, words[index] != "on" {
        if let day = weekdayName(words[index]) {
          days.append(day)
        } else if let month = monthName(words[index]) {
          months.append(month)
        } else {
          return nil
        }
        index += 1
      }
      guard days.isEmpty != months.isEmpty else { return nil }
      rule =
        days.isEmpty
        ? RecurrenceRule(.yearly, interval: interval, byMonth: months)
        : RecurrenceRule(.weekly, interval: interval, byDay: days.map { WeekdayNumber($0) })
      index -= 1
    }
    index += 1
    guard index < words.count else { return rule }
    guard words[index] == "on", index + 1 < words.count else { return nil }
    return onClause(Array(words[(index + 1)...]), into: rule)
  }

  /// `on Tuesday Friday`, `on 1st 24th`, `on last`, `on last Friday`, `on 2nd Wednesday`.
  private static func onClause(_ words: [String], into rule: RecurrenceRule) -> RecurrenceRule? {
    var rule = rule
    var pendingOrdinal: Int?
    for word in words {
      // `every year on February the 29th`: rrule.js reads a month in the `on` clause.
      if rule.frequency == .yearly, pendingOrdinal == nil, let month = monthName(word), weekdayName(word) == nil {
        rule.byMonth.append(month)
        continue
      }
      if let day = weekdayName(word) {
        if let ordinal = pendingOrdinal {
          guard rule.frequency == .monthly || rule.frequency == .yearly else { return nil }
          rule.byDay.append(WeekdayNumber(day, ordinal: ordinal))
          pendingOrdinal = nil
        } else {
          guard rule.frequency == .weekly || rule.frequency == .daily else { return nil }
          if rule.frequency == .daily { rule.frequency = .weekly }
          rule.byDay.append(WeekdayNumber(day))
        }
      } else if let ordinal = ordinal(word) {
        if let pending = pendingOrdinal { rule.byMonthDay.append(pending) }
        pendingOrdinal = ordinal
      } else {
        return nil
      }
    }
    if let pending = pendingOrdinal {
      guard rule.frequency == .monthly || rule.frequency == .yearly else { return nil }
      rule.byMonthDay.append(pending)
    }
    if rule.frequency == .yearly, rule.byMonth.isEmpty, !rule.byMonthDay.isEmpty || !rule.byDay.isEmpty {
      return nil  // `every year on the 15th`: of which month?
    }
    return rule
  }

  /// `1st`, `2nd`, `23rd`, `first`, `last` (-1), `second-to-last` is not read.
  private static func ordinal(_ word: String) -> Int? {
    let named = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1]
    if let number = named[word] { return number }
    if word.hasPrefix("last"), let number = Int(word.dropFirst(4)), (1...31).contains(number) { return -number }
    let digits = word.prefix { $0.isNumber }
    guard !digits.isEmpty, ["st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count))),
      let number = Int(digits), (1...31).contains(number)
    else { return nil }
    return number
  }

  static func weekdayName(_ word: String) -> Weekday? {
    let names = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    let singular = word.hasSuffix("s") && word.count > 4 ? String(word.dropLast()) : word
    if let index = names.firstIndex(of: singular) { return Weekday(rawValue: index) }
    if word.count >= 3, let index = names.firstIndex(where: { $0.hasPrefix(word) }) {
      return Weekday(rawValue: index)
    }
    return nil
  }

  static func monthName(_ word: String) -> Int? {
    let names = [
      "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
      "november", "december",
    ]
    if let index = names.firstIndex(of: word) { return index + 1 }
    if word.count >= 3, let index = names.firstIndex(where: { $0.hasPrefix(word) }) { return index + 1 }
    return nil
  }
}

extension Recurrence {
  /// The rule this recurrence stands for.
  public var rule: Result<RecurrenceRule, RecurrenceError> {
    switch self {
    case .phrase(let text):
      guard let rule = RecurrenceRule.parse(phrase: text) else {
        return .failure(
          RecurrenceError(
            "'\(text)' is not a repeat vault understands (yearly, monthly, weekly, daily, 'every 2 weeks on Tuesday', 'every month on the last Friday', or an RRULE)"
          ))
      }
      return .success(rule)
    case .weekdays(let days):
      return .success(RecurrenceRule(.weekly, byDay: days.map { RecurrenceRule.WeekdayNumber($0) }))
    case .monthDay(let day, let month):
      guard (1...31).contains(abs(day)), day != 0 else {
        return .failure(RecurrenceError("dayOfMonth \(day) is not a day of the month"))
      }
      if let month {
        guard (1...12).contains(month) else { return .failure(RecurrenceError("month \(month) is not 1 to 12")) }
        return .success(RecurrenceRule(.yearly, byMonthDay: [day], byMonth: [month]))
      }
      return .success(RecurrenceRule(.monthly, byMonthDay: [day]))
    case .rrule(let text):
      return RecurrenceRule.parse(rrule: text)
    }
  }
}

extension RecurrenceRule {
  /// The rule in the words the Tasks plugin writes back (rrule.js's `toText`, `nlp/totext.ts`),
  /// with `when done`: `every week on Monday, Friday`, `every month on the 2nd last Friday`,
  /// `every February on the 29th`. A next instance carries its rule in this form.
  public var tasksText: String {
    var words = ["every"]
    func plural(_ number: Int) -> Bool { number % 100 != 1 }
    func nth(_ number: Int) -> String {
      if number == -1 { return "last" }
      let n = abs(number)
      let suffix =
        switch n {
        case 1, 21, 31: "st"
        case 2, 22: "nd"
        case 3, 23: "rd"
        default: "th"
        }
      return "\(n)\(suffix)" + (number < 0 ? " last" : "")
    }
    func list(_ items: [String], final: String? = nil) -> String {
      guard let final, items.count > 1 else { return items.joined(separator: ", ") }
      return items.dropLast().joined(separator: ", ") + " \(final) " + items[items.count - 1]
    }
    let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    let monthNames = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
      "November", "December",
    ]
    let mondayFirst: (WeekdayNumber, WeekdayNumber) -> Bool = {
      ($0.weekday.rawValue + 6) % 7 < ($1.weekday.rawValue + 6) % 7
    }
    let allWeeks = byDay.filter { $0.ordinal == nil }.sorted(by: mondayFirst)
    let someWeeks = byDay.filter { $0.ordinal != nil }.sorted(by: mondayFirst)
    let codes = Set(byDay.map(\.weekday))
    let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    let isWeekdays = workdays.isSubset(of: codes) && !codes.contains(.saturday) && !codes.contains(.sunday)
    let isEveryDay = codes.count == 7
    let monthDays = byMonthDay.filter { $0 > 0 }.sorted() + byMonthDay.filter { $0 < 0 }.sorted(by: >)
    func dayText(_ day: WeekdayNumber) -> String {
      (day.ordinal.map { nth($0) + " " } ?? "") + dayNames[day.weekday.rawValue]
    }
    func months() { words.append(list(byMonth.map { monthNames[$0 - 1] }, final: "and")) }
    func onMonthDays() { words += ["on the", list(monthDays.map(nth), final: "and")] }
    func onWeekdays() {
      if !allWeeks.isEmpty && !isWeekdays { words += ["on", list(allWeeks.map(dayText))] }
      if !someWeeks.isEmpty {
        if !allWeeks.isEmpty { words.append("and") }
        words += ["on the", list(someWeeks.map(dayText), final: "and")]
      }
    }
    switch frequency {
    case .daily:
      if interval != 1 { words.append(String(interval)) }
      words.append(plural(interval) ? "days" : "day")
      if !byMonth.isEmpty {
        words.append("in")
        months()
      }
      if !monthDays.isEmpty { onMonthDays() } else if !byDay.isEmpty { onWeekdays() }
    case .weekly:
      if interval != 1 { words += [String(interval), plural(interval) ? "weeks" : "week"] }
      if isWeekdays {
        words += interval == 1 ? ["weekday"] : ["on", "weekdays"]
      } else if isEveryDay {
        words.append(plural(interval) ? "days" : "day")
      } else {
        if interval == 1 { words.append("week") }
        if !byMonth.isEmpty {
          words.append("in")
          months()
        }
        if !monthDays.isEmpty { onMonthDays() } else if !byDay.isEmpty { onWeekdays() }
      }
    case .monthly, .yearly:
      let unit = frequency == .monthly ? "month" : "year"
      if !byMonth.isEmpty {
        if interval != 1 {
          words += [String(interval), unit + "s"]
          if frequency == .monthly && plural(interval) { words.append("in") }
        }
        months()
      } else {
        if interval != 1 { words.append(String(interval)) }
        words.append(plural(interval) ? unit + "s" : unit)
      }
      if !monthDays.isEmpty {
        onMonthDays()
      } else if frequency == .monthly && isWeekdays {
        words += ["on", "weekdays"]
      } else if !byDay.isEmpty {
        onWeekdays()
      }
    }
    if let until { words += ["until", "\(monthNames[until.month - 1]) \(until.day), \(until.year)"] }
    return words.joined(separator: " ") + (whenDone ? " when done" : "")
  }
}
