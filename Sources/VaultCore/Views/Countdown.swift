/// An event's next (or last) occurrence, and how many days away it is.
public struct Countdown: Sendable {
  public var occurrence: EventOccurrence
  /// Days from today to the occurrence's start: positive ahead, negative past.
  public var days: Int

  /// `today`, `tomorrow`, `in 12 days`, `yesterday`, `12 days ago`.
  public var phrase: String { Self.phrase(days) }

  public static func phrase(_ days: Int) -> String {
    switch days {
    case 0: return "today"
    case 1: return "tomorrow"
    case -1: return "yesterday"
    case let days where days > 1: return "in \(days) days"
    default: return "\(-days) days ago"
    }
  }

  /// `Mum's Birthday: turns 60`, `Wedding Anniversary: 11 years`, else nil.
  public var milestone: String? {
    guard let years = occurrence.years else { return nil }
    let category = (occurrence.event.value.category ?? "").lowercased()
    return category.hasPrefix("birthday") ? "turns \(years)" : "\(years) \(years == 1 ? "year" : "years")"
  }
}

extension Countdown {
  /// Each event's next occurrence starting after `today` and within `horizon` days (a year by
  /// default, so every yearly event shows), soonest first. Archived events and done
  /// task-events are left out.
  /// Without `routine`, events repeating daily or weekly are left out: they fill a short list
  /// and are no news (the dashboard shows them on their day).
  public static func upcoming(
    _ events: [Located<Event>], today: LocalDate, horizon: Int = 366, routine: Bool = true
  ) -> [Countdown] {
    return events.filter { $0.value.isShown && (routine || !$0.value.isRoutine) }.compactMap { event in
      // A yearly event from Feb 29 occurs in leap years only (RFC 5545): look far enough ahead.
      let reach = event.value.isYearly ? max(horizon, 366 * 8) : horizon
      return event.occurrences(in: today.adding(days: 1)...today.adding(days: reach)).first { $0.start > today }.map {
        Countdown(occurrence: $0, days: today.days(until: $0.start))
      }
    }.sorted(by: Self.order)
  }

  /// Each event's last occurrence that ended before `today`, within `horizon` days, most recent first.
  public static func past(_ events: [Located<Event>], today: LocalDate, horizon: Int = 366 * 5) -> [Countdown] {
    let range = today.adding(days: -horizon)...today.adding(days: -1)
    return events.compactMap { event in
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
  public var isYearly: Bool {
    guard case .success(let rule)? = recurrence?.rule else { return false }
    return rule.frequency == .yearly && rule.interval == 1
  }

  /// Repeats every day or every week (or more often than monthly).
  public var isRoutine: Bool {
    guard case .success(let rule)? = recurrence?.rule else { return false }
    return rule.frequency == .daily || rule.frequency == .weekly
  }
}
