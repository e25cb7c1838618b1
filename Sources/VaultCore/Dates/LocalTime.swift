/// A wall-clock time of day, as written in notes: `19:30`, `7:30 pm`, `19:30:15`.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let hour: Int
  public let minute: Int
  public let second: Int

  public init?(hour: Int, minute: Int, second: Int = 0) {
    guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
      return nil
    }
    self.hour = hour
    self.minute = minute
    self.second = second
  }

  /// 00:00.
  public static let midnight = LocalTime(checkedHour: 0, minute: 0)

  private init(checkedHour hour: Int, minute: Int) {
    self.hour = hour
    self.minute = minute
    second = 0
  }

  /// `09:30`: hours and minutes, as vault writes times.
  public var hourMinute: String { pad(hour, 2) + ":" + pad(minute, 2) }

  public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

  public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
    lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
  }

  /// `HH:mm`, or `HH:mm:ss` when seconds are set.
  public var description: String {
    let base = pad(hour, 2) + ":" + pad(minute, 2)
    return second == 0 ? base : base + ":" + pad(second, 2)
  }
}

/// A date with a time of day and an optional UTC offset: `2026-11-22T19:30`.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let date: LocalDate
  public let time: LocalTime
  /// Offset from UTC in seconds when the text named one (`Z`, `+01:00`).
  public let utcOffset: Int?

  public init(date: LocalDate, time: LocalTime, utcOffset: Int? = nil) {
    self.date = date
    self.time = time
    self.utcOffset = utcOffset
  }

  public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
    (lhs.date, lhs.time) < (rhs.date, rhs.time)
  }

  /// The wall-clock moment this many seconds after 1970-01-01 00:00 (before it when negative):
  /// the one place days are split from seconds, rounding down, so -1 is 1969-12-31 23:59:59.
  public init(secondsSinceEpoch seconds: Int) {
    let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    let left = seconds - days * 86_400
    self.init(
      date: LocalDate(dayNumber: days),
      time: LocalTime(hour: left / 3600, minute: left % 3600 / 60, second: left % 60) ?? .midnight)
  }

  /// Seconds since 1970-01-01 00:00 on the same wall clock (the offset is not applied).
  public var secondsSinceEpoch: Int { date.dayNumber * 86_400 + time.secondsSinceMidnight }

  /// The wall-clock moment `seconds` later (earlier when negative), across days.
  public func adding(seconds: Int) -> LocalDateTime {
    LocalDateTime(secondsSinceEpoch: secondsSinceEpoch + seconds)
  }

  /// `YYYY-MM-DDTHH:mm[:ss][±HH:mm|Z]`.
  public var description: String {
    var text = date.description + "T" + time.description
    if let offset = utcOffset {
      if offset == 0 {
        text += "Z"
      } else {
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        text += sign + pad(minutes / 60, 2) + ":" + pad(minutes % 60, 2)
      }
    }
    return text
  }
}
