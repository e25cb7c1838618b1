/// One appearance of an event: a one-off event once, a recurring one once per occurrence. A
/// multi-day occurrence covers `start` through `end`.
///
/// Its days and times are on the viewer's clock: the rule gives days in the event's own zone,
/// each occurrence is placed there by that zone's rules on its own day, and then moved into the
/// viewer's zone with the offset of its own instant (`Event.occurrences(in:at:)`), so a weekly
/// 09:00 New York call is at 14:00 in London in winter and 13:00 in the weeks the two zones
/// change their clocks on different days. All-day and floating events are never moved.
public struct EventOccurrence: Sendable {
  public var event: Located<Event>
  /// Its first day, on the viewer's clock.
  public var start: LocalDate
  /// The last day, inclusive; `start` for a one-day event (also one that ends after midnight).
  public var end: LocalDate
  /// The day it has in its series, in the event's own zone: what `skipDates` and a RECURRENCE-ID
  /// name.
  public var seriesDay: LocalDate
  /// Its start on the viewer's clock; nil for an all-day event.
  public var startMoment: LocalDateTime?
  /// Its end on the viewer's clock; nil when it has no end time.
  public var endMoment: LocalDateTime?
  /// Its start and end on its own zone's wall clock, worked out again from its event and its
  /// series day when asked (kept, they made every occurrence a quarter larger to copy); nil for
  /// an all-day event.
  var ownWall: (start: LocalDateTime, end: LocalDateTime?)? {
    let value = event.value
    guard !value.allDay, let startTime = value.startTime else { return nil }
    return value.walls(on: seriesDay, length: value.dayCount - 1, usual: startTime)
  }
  /// The clocks its event is placed by (`Event.clocks`).
  var clocks: EventClocks? { event.value.clocks }

  public init(event: Located<Event>, start: LocalDate, end: LocalDate, seriesDay: LocalDate? = nil) {
    self.event = event
    self.start = start
    self.end = end
    self.seriesDay = seriesDay ?? start
  }

  /// The instant of its start (seconds since 1970), when its zones are known; a floating
  /// event's is that of the viewer's clock. Worked out when asked: most views need only the
  /// wall-clock times.
  public var startInstant: Int? { instant(ownWall?.start, shown: startMoment) }
  /// The instant of its end.
  public var endInstant: Int? { instant(ownWall?.end, shown: endMoment) }
  /// The viewer's offset from UTC at its start (seconds east); nil for all-day and floating
  /// events, which are at no instant of their own.
  public var startOffset: Int? { offset(startInstant) }
  /// The viewer's offset from UTC at its end.
  public var endOffset: Int? { offset(endInstant) }
  /// Its start on its own zone's clock, when that zone is not the viewer's: `09:00` in
  /// `America/New_York` for a 14:00 occurrence seen from London.
  public var ownStart: LocalDateTime? { ownZone == nil ? nil : ownWall?.start }
  /// Its own zone (`America/New_York`) when that is not the viewer's.
  public var ownZone: String? {
    guard let clocks, ownWall != nil, !event.value.floating, clocks.own != clocks.viewer else { return nil }
    return clocks.own.name
  }

  private func instant(_ wall: LocalDateTime?, shown: LocalDateTime?) -> Int? {
    guard let clocks, let wall, let shown else { return nil }
    return event.value.floating ? clocks.viewer.instant(shown) : clocks.own.instant(wall)
  }

  private func offset(_ instant: Int?) -> Int? {
    guard let clocks, let instant, !event.value.floating else { return nil }
    return clocks.viewer.offset(instant)
  }

  /// Its start time on the viewer's clock; nil for an all-day event.
  public var startTime: LocalTime? { startMoment?.time }
  /// Its end time on the viewer's clock.
  public var endTime: LocalTime? { endMoment?.time }

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

  /// The occurrences that overlap `range` (days on the viewer's clock), in order. A recurrence
  /// vault cannot read yields only the first day (the index holds a warning about it).
  ///
  /// A recurring event without a first day (Full Calendar's `type: recurring` without
  /// `startRecur`) occurs on every day its rule gives, as the original plugin shows it; the
  /// weeks of `repeatInterval` then count from 1 January 1970. The rule is expanded in the
  /// event's own zone (its `skipDates` too), on its wall clock (RFC 5545 3.3.10); then each
  /// occurrence is moved into the viewer's zone by itself (`clocks`).
  public func occurrences(in range: ClosedRange<LocalDate>, at location: Located<Event>) -> [EventOccurrence] {
    occurrences(in: range, at: location, parsed: recurrence?.rule)
  }

  /// `occurrences(in:at:)` with the recurrence's rule read already (`parsed`, nil without one).
  func occurrences(
    in range: ClosedRange<LocalDate>, at location: Located<Event>, parsed: Result<RecurrenceRule, RecurrenceError>?
  ) -> [EventOccurrence] {
    let length = dayCount - 1
    return seriesDays(in: range, parsed: parsed).map { occurrence(on: $0, length: length, at: location) }
      .filter { $0.end >= range.lowerBound && $0.start <= range.upperBound }
  }

  /// The first occurrence overlapping `range` that is `wanted`, placing no more occurrences on
  /// the viewer's clock than it takes (a countdown needs one of a month's).
  func firstOccurrence(
    in range: ClosedRange<LocalDate>, at location: Located<Event>, parsed: Result<RecurrenceRule, RecurrenceError>?,
    where wanted: (EventOccurrence) -> Bool
  ) -> EventOccurrence? {
    let length = dayCount - 1
    return seriesDays(in: range, parsed: parsed).lazy.map { occurrence(on: $0, length: length, at: location) }
      .first { $0.end >= range.lowerBound && $0.start <= range.upperBound && wanted($0) }
  }

  /// The days of its series (in its own zone, in order) whose occurrences may overlap `range`
  /// on the viewer's clock.
  private func seriesDays(
    in range: ClosedRange<LocalDate>, parsed: Result<RecurrenceRule, RecurrenceError>?
  ) -> [LocalDate] {
    let length = dayCount - 1
    // Moved into another zone, an occurrence can land up to two days away (+14:00 to -12:00).
    let reach = movesBetweenZones ? 2 : 0
    let searched = range.lowerBound.adding(days: -length - reach)...range.upperBound.adding(days: reach)
    guard case .success(var rule) = parsed else {
      guard let start else { return [] }
      // Its first days, and its `extraDates` (RDATE) unless skipped.
      let days = extraDates.isEmpty ? [start] : Set([start] + extraDates).subtracting(skipDates).sorted()
      return days.filter { searched.contains($0) }
    }
    guard let first = start ?? Self.openStart else { return [] }
    if let recurrenceEnd { rule.until = rule.until.map { min($0, recurrenceEnd) } ?? recurrenceEnd }
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
    return days
  }

  /// Whether its occurrences may land on other days than their own: timed, in a zone of its
  /// own that is not the viewer's.
  var movesBetweenZones: Bool {
    guard let clocks, !allDay, startTime != nil, !floating else { return false }
    return clocks.own != clocks.viewer
  }

  /// The occurrence of its series day `day` (in its own zone), placed on the viewer's clock:
  /// its start and end on its own wall clock (an added day's own start time keeps the event's
  /// length), each turned into an instant by its own zone's rules and shown on the viewer's.
  func occurrence(on day: LocalDate, length: Int, at location: Located<Event>) -> EventOccurrence {
    let last = day.adding(days: length)
    guard !allDay, let usual = startTime else {
      return EventOccurrence(event: location, start: day, end: last, seriesDay: day)
    }
    let (startWall, endWall) = walls(on: day, length: length, usual: usual)
    var result = EventOccurrence(event: location, start: day, end: last, seriesDay: day)
    (result.startMoment, result.endMoment) = (startWall, endWall)
    // Floating (the same wall-clock time in every zone): shown as written.
    guard let clocks, !floating else { return result }
    guard clocks.own != clocks.viewer else {
      // On its own clock: as written, but for a time the clocks skip (02:30 is 03:30).
      result.startMoment = clocks.own.normalized(startWall)
      result.endMoment = endWall.map(clocks.own.normalized)
      return result
    }
    let shownStart = clocks.viewer.local(clocks.own.instant(startWall))
    (result.start, result.end, result.startMoment) = (shownStart.date, shownStart.date, shownStart)
    if let endWall {
      let shownEnd = clocks.viewer.local(clocks.own.instant(endWall))
      result.endMoment = shownEnd
      // A multi-day event ends on the day its end is shown (one ending at midnight, the day before).
      if length > 0 {
        let endDay = shownEnd.time == .midnight ? shownEnd.date.adding(days: -1) : shownEnd.date
        result.end = max(result.start, endDay)
      }
    } else if length > 0 {
      result.end = shownStart.date.adding(days: length)
    }
    return result
  }

  /// The start and end of its occurrence on series day `day`, on its own wall clock: an end that
  /// is not after the start on a one-day event is the next day's (22:00-01:00); an added day with
  /// its own start keeps the event's length.
  func walls(on day: LocalDate, length: Int, usual: LocalTime) -> (LocalDateTime, LocalDateTime?) {
    let startTime = extraTimes.isEmpty ? usual : extraTimes[day] ?? usual
    let startWall = LocalDateTime(date: day, time: startTime)
    let endWall = endTime.map { endTime in
      let days = length + (length == 0 && endTime < usual ? 1 : 0)
      if startTime == usual && days == 0 { return LocalDateTime(date: day, time: endTime) }
      let duration = days * 86_400 + endTime.secondsSinceMidnight - usual.secondsSinceMidnight
      return startWall.adding(seconds: duration)
    }
    return (startWall, endWall)
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
    let leftTime = left.startTime
    let rightTime = right.startTime
    if leftTime != rightTime {
      guard let leftTime else { return true }
      guard let rightTime else { return false }
      return leftTime < rightTime
    }
    return left.event.value.title.lowercased() < right.event.value.title.lowercased()
  }
}
