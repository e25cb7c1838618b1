/// When a component's alarms go off (RFC 5545 3.8.6.3 TRIGGER, 3.8.6.2 REPEAT and DURATION), for
/// a search by alarm time (RFC 4791 9.9: a VALARM meets a span when one of its triggers is in it).
public enum ICalendarAlarms {
  /// One alarm: at a fixed moment, or at an offset from each occurrence's start or end; then
  /// `repeats` more times, `interval` seconds apart.
  public struct Alarm: Equatable, Sendable {
    public enum Trigger: Equatable, Sendable {
      /// Seconds from the occurrence's start (negative: before it).
      case fromStart(Int)
      /// Seconds from the occurrence's end.
      case fromEnd(Int)
      /// A moment in UTC (`VALUE=DATE-TIME`, which RFC 5545 has in UTC).
      case at(LocalDateTime)
    }

    public var trigger: Trigger
    public var repeats: Int
    public var interval: Int

    /// The offsets from the moment it first goes off: 0, then each repetition's.
    public var repetitions: [Int] { (0...max(0, repeats)).map { $0 * interval } }
  }

  /// The alarms of `component` (a VEVENT or a VTODO), in order; one whose TRIGGER cannot be
  /// read is left out.
  public static func alarms(of component: ICalendar.Component) -> [Alarm] {
    component.components.filter { $0.name == "VALARM" }.compactMap { alarm -> Alarm? in
      guard let trigger = alarm.first("TRIGGER") else { return nil }
      let when: Alarm.Trigger
      if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
        guard let moment = ICalendarImport.moment(trigger.value) else { return nil }
        when = .at(moment)
      } else {
        guard let seconds = ICalendarImport.seconds(duration: trigger.value) else { return nil }
        when = trigger.parameter("RELATED")?.uppercased() == "END" ? .fromEnd(seconds) : .fromStart(seconds)
      }
      // REPEAT without DURATION (or the other way) is not a repetition (RFC 5545 3.6.6).
      let repeats = alarm.first("REPEAT").flatMap { Int($0.value.trimmingSpaces()) } ?? 0
      let interval = alarm.first("DURATION").flatMap { ICalendarImport.seconds(duration: $0.value) }
      guard repeats > 0, let interval, interval > 0 else { return Alarm(trigger: when, repeats: 0, interval: 0) }
      return Alarm(trigger: when, repeats: min(repeats, 1000), interval: interval)
    }
  }

  /// How far from an occurrence its alarms may go off, before (the largest lead) and after: the
  /// occurrences to look at for a span are those in it widened by these.
  public static func reach(of alarms: [Alarm]) -> (before: Int, after: Int) {
    var before = 0
    var after = 0
    for alarm in alarms {
      let last = alarm.repetitions.last ?? 0
      switch alarm.trigger {
      case .fromStart(let offset), .fromEnd(let offset):
        before = max(before, -offset)
        after = max(after, offset + last)
      case .at:
        break
      }
    }
    return (before, after)
  }

  /// Whether one of `alarms` goes off in `from..<to` (seconds since 1970, UTC) for one of the
  /// occurrences (their start and end, in seconds), or at its fixed moment.
  public static func goesOff(
    _ alarms: [Alarm], occurrences: [(start: Int, end: Int)], from: Int?, to: Int?, utc: (LocalDateTime) -> Int
  ) -> Bool {
    func inSpan(_ moment: Int) -> Bool { (from.map { moment >= $0 } ?? true) && (to.map { moment < $0 } ?? true) }
    for alarm in alarms {
      let firsts: [Int]
      switch alarm.trigger {
      case .fromStart(let offset): firsts = occurrences.map { $0.start + offset }
      case .fromEnd(let offset): firsts = occurrences.map { $0.end + offset }
      case .at(let moment): firsts = [utc(moment)]
      }
      for first in firsts where alarm.repetitions.contains(where: { inSpan(first + $0) }) { return true }
    }
    return false
  }
}
