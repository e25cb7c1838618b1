/// One appearance of an event: a one-off event once, a recurring one once per occurrence. A
/// multi-day occurrence covers `start` through `end`.
public struct EventOccurrence: Sendable {
  public var event: Located<Event>
  public var start: LocalDate
  /// The last day, inclusive; `start` for a one-day event.
  public var end: LocalDate
  /// Its own start time, for an added day written with one (`extraDates`); nil: the event's.
  public var startTime: LocalTime?

  public var dayCount: Int { start.days(until: end) + 1 }

  /// Which day of the occurrence `day` is, from 1.
  public func dayNumber(of day: LocalDate) -> Int { start.days(until: day) + 1 }

  public func covers(_ day: LocalDate) -> Bool { start <= day && day <= end }

  /// For a birthday or an anniversary: the years since the first one (`Mum turns 60`).
  public var years: Int? {
    guard event.value.recurrence != nil, !event.value.yearUnknown, let first = event.value.start,
      start.year > first.year,
      Self.isAnniversary(event.value)
    else { return nil }
    return start.year - first.year
  }

  static func isAnniversary(_ event: Event) -> Bool {
    let category = (event.category ?? "").lowercased()
    return ["birthday", "birthdays", "anniversary", "anniversaries"].contains(category)
  }
}

extension Event {
  /// Whether it repeats.
  /// It occurs on more than its first days: by a rule, or on `extraDates`.
  public var isRecurring: Bool { recurrence != nil || !extraDates.isEmpty }

  /// The occurrences that overlap `range`, in order. A recurrence vault cannot read yields
  /// only the first day (the index holds a warning about it).
  ///
  /// A recurring event without a first day (Full Calendar's `type: recurring` without
  /// `startRecur`) occurs on every day its rule gives, as the original plugin shows it; the
  /// weeks of `repeatInterval` then count from 1 January 1970. The rule is expanded in the
  /// event's own zone (its `skipDates` too), then each occurrence moves by `dayShift`.
  public func occurrences(in range: ClosedRange<LocalDate>, at location: Located<Event>) -> [EventOccurrence] {
    occurrences(in: range, at: location, parsed: recurrence?.rule)
  }

  /// `occurrences(in:at:)` with the recurrence's rule read already (`parsed`, nil without one).
  func occurrences(
    in range: ClosedRange<LocalDate>, at location: Located<Event>, parsed: Result<RecurrenceRule, RecurrenceError>?
  ) -> [EventOccurrence] {
    let length = dayCount - 1
    guard case .success(var rule) = parsed else {
      guard let start else { return [] }
      // Its first days, and its `extraDates` (RDATE) unless skipped, each moved by `dayShift`.
      let days = extraDates.isEmpty ? [start] : Set([start] + extraDates).subtracting(skipDates).sorted()
      return days.compactMap { day in
        let first = day.adding(days: dayShift)
        let end = first.adding(days: length)
        guard end >= range.lowerBound, first <= range.upperBound else { return nil }
        return EventOccurrence(event: location, start: first, end: end, startTime: extraTimes[day])
      }
    }
    guard let first = start ?? Self.openStart else { return [] }
    if let recurrenceEnd { rule.until = rule.until.map { min($0, recurrenceEnd) } ?? recurrenceEnd }
    // An occurrence that started before the range may still cover its first days.
    let searched = range.lowerBound.adding(days: -length - dayShift)...range.upperBound.adding(days: -dayShift)
    var days = rule.occurrences(start: first, in: searched, excluding: Set(skipDates))
    // A yearly event from 29 February: in common years on 28 February or 1 March, as the
    // note's or the vault's `leap_day` says (RFC 5545 alone would skip those years).
    // A rule that names its days (`BYMONTH=2;BYMONTHDAY=-1`) says it itself.
    if first.month == 2, first.day == 29, rule.frequency == .yearly, rule.interval == 1,
      rule.count == nil, (leapDay ?? .feb28) != .skip, rule.byMonth.isEmpty, rule.byMonthDay.isEmpty,
      rule.byDay.isEmpty, rule.bySetPos.isEmpty
    {
      let leapDay = leapDay ?? .feb28
      let skipped = Set(skipDates)
      for year in searched.lowerBound.year...searched.upperBound.year where !LocalDate.isLeap(year) && year > first.year
      {
        guard let day = LocalDate(year: year, month: leapDay == .feb28 ? 2 : 3, day: leapDay == .feb28 ? 28 : 1),
          searched.contains(day), !skipped.contains(day), rule.until.map({ day <= $0 }) ?? true
        else { continue }
        days.append(day)
      }
      days.sort()
    }
    // `extraDates` (RDATE) beside the rule's days; a day both give is one occurrence.
    let extra = extraDates.filter { searched.contains($0) && !skipDates.contains($0) }
    if !extra.isEmpty { days = Set(days + extra).sorted() }
    return days.map {
      EventOccurrence(
        event: location, start: $0.adding(days: dayShift), end: $0.adding(days: length + dayShift),
        startTime: extraTimes[$0])
    }
  }

  /// Where a recurring event with no first day counts from.
  static let openStart = LocalDate(year: 1970, month: 1, day: 1)
}

extension Located where Value == Event {
  public func occurrences(in range: ClosedRange<LocalDate>) -> [EventOccurrence] {
    value.occurrences(in: range, at: self)
  }
}

/// Every occurrence of `events` overlapping `range`, by start day, then time (all-day first),
/// then title.
public func occurrences(of events: [Located<Event>], in range: ClosedRange<LocalDate>) -> [EventOccurrence] {
  events.flatMap { $0.occurrences(in: range) }.sorted { left, right in
    if left.start != right.start { return left.start < right.start }
    let leftTime = left.event.value.allDay ? nil : left.event.value.startTime
    let rightTime = right.event.value.allDay ? nil : right.event.value.startTime
    if leftTime != rightTime {
      guard let leftTime else { return true }
      guard let rightTime else { return false }
      return leftTime < rightTime
    }
    return left.event.value.title.lowercased() < right.event.value.title.lowercased()
  }
}
