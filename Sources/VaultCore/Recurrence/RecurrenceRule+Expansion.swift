extension RecurrenceRule {
  /// The days the rule gives from `start` (RFC 5545's DTSTART) that fall in `range`, without
  /// the `excluded` days (EXDATE, Full Calendar's `skipDates`), in order.
  ///
  /// As RFC 5545 says, a day that does not exist is skipped, never moved: a yearly rule from
  /// Feb 29 occurs in leap years only, a monthly one from the 31st only in months of 31 days.
  /// `start` itself counts only when it matches the rule (as rrule.js, which Full Calendar
  /// uses, and python-dateutil do); COUNT counts occurrences before excluded days are removed.
  public func occurrences(
    start: LocalDate, in range: ClosedRange<LocalDate>, excluding excluded: Set<LocalDate> = []
  ) -> [LocalDate] {
    let last = until.map { min($0, range.upperBound) } ?? range.upperBound
    guard last >= start, last >= range.lowerBound else { return [] }
    let step = frequency == .weekly ? 7 * interval : interval
    var unit = Self.unit(of: start, frequency, weekStart: weekStart)
    // Without COUNT, periods before the range cannot matter: jump to the range.
    if count == nil {
      let target = Self.unit(of: range.lowerBound, frequency, weekStart: weekStart)
      if target > unit { unit += (target - unit) / step * step }
    }
    var result: [LocalDate] = []
    var produced = 0
    // A rule that matches nothing (BYMONTHDAY=31;BYMONTH=2) must still end: 400 years of periods.
    var emptyPeriods = 0
    while emptyPeriods < 400 * 366 {
      let (periodStart, days) = candidates(in: unit, start: start)
      if periodStart > last { break }
      var matched = false
      for day in days where day >= start {
        if day > last { return result }
        matched = true
        produced += 1
        if let count, produced > count { return result }
        if day >= range.lowerBound && !excluded.contains(day) { result.append(day) }
      }
      emptyPeriods = matched ? 0 : emptyPeriods + 1
      unit += step
    }
    return result
  }

  /// The next day after `day` the rule gives from `start`, within `horizon` days.
  public func next(after day: LocalDate, start: LocalDate, horizon: Int = 366 * 9) -> LocalDate? {
    let from = day.adding(days: 1)
    let dates = occurrences(start: start, in: max(from, start)...from.adding(days: horizon))
    return dates.first
  }

  /// Periods are numbered so that the next one is `unit + step`: days and weeks by their first
  /// day's number, months counted from year 0, years by the year.
  static func unit(of date: LocalDate, _ frequency: Frequency, weekStart: Weekday) -> Int {
    switch frequency {
    case .daily: return date.dayNumber
    case .weekly: return date.startOfWeek(weekStart).dayNumber
    case .monthly: return date.year * 12 + date.month - 1
    case .yearly: return date.year
    }
  }

  /// The first day of period `unit`, and the days of that period the rule gives, sorted.
  func candidates(in unit: Int, start: LocalDate) -> (LocalDate, [LocalDate]) {
    var days: [LocalDate]
    let periodStart: LocalDate
    switch frequency {
    case .daily:
      periodStart = LocalDate(dayNumber: unit)
      let day = periodStart
      let keep =
        (byMonth.isEmpty || byMonth.contains(day.month))
        && (byMonthDay.isEmpty || Self.monthDays(byMonthDay, year: day.year, month: day.month).contains(day.day))
        && (byDay.isEmpty || byDay.contains { $0.weekday == day.weekday })
      days = keep ? [day] : []
    case .weekly:
      periodStart = LocalDate(dayNumber: unit)
      let weekdays = byDay.isEmpty ? [start.weekday] : byDay.map(\.weekday)
      days = (0..<7).map { periodStart.adding(days: $0) }.filter { day in
        weekdays.contains(day.weekday) && (byMonth.isEmpty || byMonth.contains(day.month))
          && (byMonthDay.isEmpty || Self.monthDays(byMonthDay, year: day.year, month: day.month).contains(day.day))
      }
    case .monthly:
      let year = unit / 12
      let month = unit % 12 + 1
      periodStart = LocalDate(year: year, month: month, day: 1) ?? start
      days = byMonth.isEmpty || byMonth.contains(month) ? daysOfMonth(year: year, month: month, start: start) : []
    case .yearly:
      periodStart = LocalDate(year: unit, month: 1, day: 1) ?? start
      if !byDay.isEmpty && byMonth.isEmpty && byMonthDay.isEmpty {
        days = Self.weekdays(byDay, from: periodStart, through: LocalDate(year: unit, month: 12, day: 31) ?? start)
      } else {
        let months = byMonth.isEmpty ? (byMonthDay.isEmpty && byDay.isEmpty ? [start.month] : Array(1...12)) : byMonth
        days = months.sorted().flatMap { daysOfMonth(year: unit, month: $0, start: start) }
      }
    }
    days = Array(Set(days)).sorted()
    guard !bySetPos.isEmpty, !days.isEmpty else { return (periodStart, days) }
    let picked = bySetPos.compactMap { position -> LocalDate? in
      let index = position > 0 ? position - 1 : days.count + position
      return days.indices.contains(index) ? days[index] : nil
    }
    return (periodStart, Array(Set(picked)).sorted())
  }

  /// The days of one month the BYMONTHDAY and BYDAY parts give; with neither, the start's day
  /// of the month, when the month has it.
  private func daysOfMonth(year: Int, month: Int, start: LocalDate) -> [LocalDate] {
    guard let first = LocalDate(year: year, month: month, day: 1) else { return [] }
    let last = LocalDate(year: year, month: month, day: LocalDate.daysIn(month: month, year: year)) ?? first
    let byWeekday = byDay.isEmpty ? nil : Self.weekdays(byDay, from: first, through: last)
    if byMonthDay.isEmpty {
      if let byWeekday { return byWeekday }
      return LocalDate(year: year, month: month, day: start.day).map { [$0] } ?? []
    }
    let days = Self.monthDays(byMonthDay, year: year, month: month).compactMap {
      LocalDate(year: year, month: month, day: $0)
    }
    guard let byWeekday else { return days }
    return days.filter { byWeekday.contains($0) }
  }

  /// BYMONTHDAY values as days of a given month: -1 is its last day; days it lacks are dropped.
  static func monthDays(_ values: [Int], year: Int, month: Int) -> [Int] {
    let length = LocalDate.daysIn(month: month, year: year)
    return values.compactMap { value in
      let day = value > 0 ? value : length + value + 1
      return (1...length).contains(day) ? day : nil
    }
  }

  /// The days from `first` through `last` that BYDAY names: every such weekday, or with an
  /// ordinal the nth (from the end when negative).
  static func weekdays(_ byDay: [WeekdayNumber], from first: LocalDate, through last: LocalDate) -> [LocalDate] {
    var result: [LocalDate] = []
    for entry in byDay {
      let offset = (entry.weekday.rawValue - first.weekday.rawValue + 7) % 7
      let all = stride(from: first.dayNumber + offset, through: last.dayNumber, by: 7).map(LocalDate.init(dayNumber:))
      if let ordinal = entry.ordinal {
        let index = ordinal > 0 ? ordinal - 1 : all.count + ordinal
        if all.indices.contains(index) { result.append(all[index]) }
      } else {
        result += all
      }
    }
    return result
  }
}
