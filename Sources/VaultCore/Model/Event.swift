/// An event: a note in the events folder, a Full Calendar event note, or a note of `type: event`.
public struct Event: Hashable, Sendable {
  public var title: String
  public var emoji: String?
  /// The first day; for a recurring event, the first day it may occur.
  public var start: LocalDate?
  /// The last day of a multi-day event, inclusive (Full Calendar's `endDate`).
  public var end: LocalDate?
  public var allDay: Bool
  public var startTime: LocalTime?
  public var endTime: LocalTime?
  public var category: String?
  public var location: String?
  /// An IANA time zone for timed events: `Europe/Berlin`.
  public var timeZone: String?
  public var recurrence: Recurrence?
  /// The last day a recurring event may occur (`endRecur`).
  public var recurrenceEnd: LocalDate?
  /// Days on which a recurring event does not happen (`skipDates`).
  public var skipDates: [LocalDate]
  /// Days it happens besides those of its rule (`extraDates`, iCalendar's RDATE), at its time.
  public var extraDates: [LocalDate] = []
  /// The start time of an added day written with one of its own (`2026-12-15T09:00`).
  public var extraTimes: [LocalDate: LocalTime] = [:]
  /// Its times are the same wall-clock time wherever it is seen, in no zone (`floating: true`,
  /// iCalendar's floating time); shown in the vault's zone and exported without a zone.
  public var floating = false
  /// Called off (`status: cancelled`, iCalendar's STATUS:CANCELLED): kept, shown as cancelled.
  public var cancelled = false
  /// Reminders as written: `1d`, `2h`.
  public var remind: [String]
  public var archived: Bool
  /// Full Calendar's task-events: nil when not a task, else whether it is done.
  public var completed: Bool?
  /// The note's first paragraph.
  public var description: String?
  /// `color: "#3b82f6"` (Full Calendar's calendar colour), as written.
  public var color: String?
  /// Where a 29 February birthday falls in a common year (`leap_day`); nil for the vault's
  /// setting.
  public var leapDay: LeapDay?
  /// The first occurrence's year is unknown (`date: --01-15`, a birthday without a year): the
  /// event repeats yearly from `start`, whose year is only a placeholder, and has no age.
  public var yearUnknown = false
  /// The zones its occurrences are placed in: its own and the viewer's. Set by the views, never
  /// read from a note; nil: its occurrences are shown as written, on its own clock.
  public var clocks: EventClocks?

  public init(title: String) {
    self.title = title
    allDay = true
    skipDates = []
    remind = []
    archived = false
  }

  /// The number of days the event covers (1 for a one-day event).
  public var dayCount: Int {
    guard let start, let end, end > start else { return 1 }
    return start.days(until: end) + 1
  }
}

/// The two clocks an event's occurrences are placed by: its own zone's (its `timezone`, else the
/// vault's) and the viewer's. A class, shared by the events of one zone: an event is copied
/// into each of its occurrences, and a reference keeps that copy small.
public final class EventClocks: Hashable, Sendable {
  public let own: ZoneClock
  public let viewer: ZoneClock

  public init(own: ZoneClock, viewer: ZoneClock) {
    self.own = own
    self.viewer = viewer
  }

  public static func == (lhs: EventClocks, rhs: EventClocks) -> Bool {
    lhs.own == rhs.own && lhs.viewer == rhs.viewer
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(own)
    hasher.combine(viewer)
  }
}

/// Where a yearly event from 29 February falls in a common year.
public enum LeapDay: String, Sendable, Hashable, CaseIterable, Codable {
  /// On 28 February, as most people celebrate (the default).
  case feb28
  /// On 1 March.
  case mar1
  /// Not at all: only in leap years (RFC 5545).
  case skip
}

/// How an event repeats, as written; expanded into dates by the views.
public enum Recurrence: Hashable, Sendable {
  /// `yearly`, `monthly`, `weekly`, `daily`, or a Tasks-style phrase: `every 2 weeks`.
  case phrase(String)
  /// Full Calendar's `type: recurring` with `daysOfWeek`.
  case weekdays([Weekday])
  /// Full Calendar (remastered) monthly or yearly recurrence: `dayOfMonth`, optional `month`.
  case monthDay(day: Int, month: Int?)
  /// An RFC 5545 rule: `FREQ=WEEKLY;BYDAY=MO`.
  case rrule(String)

  /// The rule as a person reads it.
  public var description: String {
    switch self {
    case .phrase(let text): return text
    case .weekdays(let days): return "weekly on " + days.map(\.name).joined(separator: ", ")
    case .monthDay(let day, let month):
      return month.map { "yearly on month \($0) day \(day)" } ?? "monthly on day \(day)"
    case .rrule(let rule): return rule
    }
  }
}

/// A goal: progress towards a target date.
public struct Goal: Hashable, Sendable {
  /// From 0 to 1, when known.
  public var progress: Double?
  /// Where the progress came from: `progress property`, `checkboxes`.
  public var progressSource: String?
  public var target: LocalDate?
  public var status: String?
  /// `completed: true`, a done status or 100 % progress.
  public var isDone: Bool
  /// The day it was done, when the note says (`completed: 2026-11-20`, `completed_date`).
  public var doneOn: LocalDate?
  /// `priority: high` (the Tasks plugin's names); nil when the note has none.
  public var priority: TaskPriority?
  /// The note's first paragraph.
  public var description: String?

  public init() { isDone = false }
}

extension Goal {
  /// A progress as people write it, as a fraction: `40%`, `40` and `4/10` are 0.4, and so is
  /// `0.4` — a number strictly between 0 and 1 is already a fraction, any other number is a
  /// percentage (so `1` is 1 %, and `1.0` too: YAML does not tell them apart). Nil when the text
  /// is none of these; the result may lie outside 0...1, which callers report.
  public static func progress(fromText text: String) -> Double? {
    let trimmed = text.trimmingSpaces()
    if trimmed.hasSuffix("%") {
      return Double(trimmed.dropLast().trimmingSpaces()).flatMap { $0.isFinite ? $0 / 100 : nil }
    }
    let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
    if parts.count == 2 {
      guard let done = Double(parts[0].trimmingSpaces()), let total = Double(parts[1].trimmingSpaces()),
        done.isFinite, total.isFinite, total > 0
      else { return nil }
      return done / total
    }
    return Double(trimmed).flatMap { $0.isFinite ? progress(fromNumber: $0) : nil }
  }

  /// A fraction as a number of percent, to one decimal: 0.4 → `40`, 0.125 → `12.5`.
  public static func percentText(_ fraction: Double) -> String {
    let percent = (fraction * 1000).rounded() / 10
    return percent == percent.rounded() && abs(percent) < 1e15 ? String(Int(percent)) : String(percent)
  }

  /// A `progress` number: strictly between 0 and 1 a fraction, else a percentage.
  public static func progress(fromNumber number: Double) -> Double {
    number > 0 && number < 1 ? number : number / 100
  }
}

/// A daily note with its mood.
public struct JournalEntry: Hashable, Sendable {
  public var date: LocalDate
  /// 1 to 10.
  public var mood: Int?
  public var moodTags: [String]

  public init(date: LocalDate, mood: Int? = nil, moodTags: [String] = []) {
    self.date = date
    self.mood = mood
    self.moodTags = moodTags
  }
}

/// A quote or a lesson worth keeping.
public struct Insight: Hashable, Sendable {
  public var text: String
  public var source: String?
  public var author: String?
  /// The `created` property's day.
  public var created: LocalDate?

  public init(text: String, source: String? = nil, author: String? = nil) {
    self.text = text
    self.source = source
    self.author = author
  }
}

/// One principle of the personal code.
public struct Principle: Hashable, Sendable, Codable {
  public var text: String
  public var line: Int

  public init(text: String, line: Int) {
    self.text = text
    self.line = line
  }
}
