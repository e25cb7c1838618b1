/// An event's next (or last) occurrence, and how many days away it is.
public struct Countdown: Sendable {
  public var occurrence: EventOccurrence
  /// Days from today to the occurrence's start: positive ahead, negative past.
  public var days: Int

  /// Where the occurrence stands on the day the countdown was made.
  public enum State: String, Sendable, Encodable {
    case upcoming, today
    case underWay = "under way"
    case past
  }

  public var state: State {
    if days > 0 { return .upcoming }
    if days == 0 { return .today }
    return -days < occurrence.dayCount ? .underWay : .past
  }

  /// `today`, `tomorrow`, `in 12 days`, `day 2 of 5 · ends Sun`, `yesterday`, `12 days ago`.
  public var phrase: String {
    guard state == .underWay || (state == .today && occurrence.dayCount > 1) else { return Self.phrase(days) }
    let day = 1 - days
    let end = occurrence.end
    let ends = -days == occurrence.dayCount - 1 ? "ends today" : "ends " + end.weekday.shortName
    return "day \(day) of \(occurrence.dayCount) · \(ends)"
  }

  public static func phrase(_ days: Int) -> String {
    switch days {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    case let days where days > 1: return "in \(days) days"
    default: return "\(-days) days ago"
    }
  }

  /// `Mum's Birthday: turns 60` (`turned 60` once over), `Wedding Anniversary: 11 years`, else nil.
  public var milestone: String? {
    guard let years = occurrence.years else { return nil }
    let category = (occurrence.event.value.category ?? "").lowercased()
    guard category.hasPrefix("birthday") else { return "\(years) \(years == 1 ? "year" : "years")" }
    return (state == .past ? "turned " : "turns ") + String(years)
  }
}

extension Countdown {
  /// Each event's next occurrence within `horizon` days (a year by default, so every yearly
  /// event shows), soonest first. With `current`, an occurrence on `today` or under way (day 2
  /// of a 5-day trip) comes first, as `today` or `day 2 of 5`; without it (the dashboard, which
  /// lists today's events on their own) only occurrences starting after `today` count.
  /// Archived, cancelled (`status: cancelled`) and done task-events are left out: a countdown is
  /// to something that will happen. Without `routine`, events repeating daily or weekly are left
  /// out: they fill a short list and are no news.
  public static func upcoming(
    _ events: [Located<Event>], today: LocalDate, horizon: Int = 366, routine: Bool = true, current: Bool = false
  ) -> [Countdown] {
    let found = events.compactMap { event -> Countdown? in
      // The rule read once for all three questions (800 yearly events at 100,000 notes).
      let parsed = event.value.recurrence?.rule
      let rule = try? parsed?.get()
      guard event.value.isShown, !event.value.cancelled, routine || !Event.isRoutine(rule) else { return nil }
      // A yearly event from Feb 29 occurs in leap years only (RFC 5545): look far enough ahead.
      let reach = Event.isYearly(rule) ? max(horizon, 366 * 8) : horizon
      let first = current ? today : today.adding(days: 1)
      let wanted = { (occurrence: EventOccurrence) in current ? occurrence.end >= today : occurrence.start > today }
      // The next month first, then the next year, which hold the next occurrence of nearly
      // every recurring event: eight years of each yearly event expanded was half of `vault
      // today` at 100,000 notes (800 birthdays). Occurrences come by start, so the first one
      // wanted in a shorter span is the first in all.
      var next: EventOccurrence?
      var searched = 0
      for days in [31, 366, reach] where next == nil && searched < reach {
        searched = min(days, reach)
        next = event.value.firstOccurrence(
          in: first...today.adding(days: searched), at: event, parsed: parsed, where: wanted)
      }
      return next.map { Countdown(occurrence: $0, days: today.days(until: $0.start)) }
    }
    // Sorted by their positions, with the keys read once: moving the countdowns themselves
    // (each with its event) as the sort went was a tenth of `vault today` at 100,000 notes.
    let keys = found.map { (days: $0.days, title: $0.occurrence.event.value.title) }
    let order = keys.indices.sorted { a, b in
      if keys[a].days != keys[b].days { return keys[a].days < keys[b].days }
      return keys[a].title.lowercased() < keys[b].title.lowercased()
    }
    return order.map { found[$0] }
  }

  /// Each event's last occurrence that ended before `today`, within `horizon` days, most recent
  /// first; a cancelled event did not happen and is left out.
  public static func past(_ events: [Located<Event>], today: LocalDate, horizon: Int = 366 * 5) -> [Countdown] {
    let range = today.adding(days: -horizon)...today.adding(days: -1)
    return events.filter { !$0.value.cancelled }.compactMap { event in
      event.occurrences(in: range).last { $0.end < today }.map {
        Countdown(occurrence: $0, days: today.days(until: $0.start))
      }
    }.sorted { left, right in
      left.days != right.days ? left.days > right.days : order(left, right)
    }
  }

  static func order(_ left: Countdown, _ right: Countdown) -> Bool {
    if left.days != right.days { return left.days < right.days }
    return left.occurrence.event.value.title.lowercased() < right.occurrence.event.value.title.lowercased()
  }
}

extension Event {
  /// Shown in upcoming views: not archived, and not a task-event already done.
  public var isShown: Bool { !archived && completed != true }

  /// Repeats once a year.
  public var isYearly: Bool { Self.isYearly(try? recurrence?.rule.get()) }

  /// Repeats every day or every week (or more often than monthly).
  public var isRoutine: Bool { Self.isRoutine(try? recurrence?.rule.get()) }

  static func isYearly(_ rule: RecurrenceRule?) -> Bool {
    rule.map { $0.frequency == .yearly && $0.interval == 1 } ?? false
  }

  static func isRoutine(_ rule: RecurrenceRule?) -> Bool {
    rule.map { $0.frequency == .daily || $0.frequency == .weekly } ?? false
  }
}
