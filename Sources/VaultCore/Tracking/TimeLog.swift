/// The lines `vault track` writes under a day's note's "Time log" heading, one per stretch of
/// work on a task, in plain Markdown with Dataview fields so that Dataview can sum them:
///
///     - 09:15 ⏱ Renew passport ([[Tasks]]) [started:: 2026-11-23T09:15]
///     - 09:15-10:40 Renew passport ([[Tasks]]) [tracked:: 1h25m]
///
/// The first is a timer still running (its start with its day, for a timer that runs past
/// midnight); `vault track stop` turns it into the second. docs/FORMAT.md, "Time tracking".
public struct TimeLogEntry: Sendable, Equatable, Encodable {
  /// The task's text as it was when the timer started.
  public var task: String
  /// The note the task is in, as a wikilink names it (its path without `.md`).
  public var note: String
  public var start: LocalDateTime
  /// When it stopped; nil while the timer runs.
  public var end: LocalDateTime?
  /// How long, in minutes (0 while it runs).
  public var minutes: Int

  public init(task: String, note: String, start: LocalDateTime, end: LocalDateTime? = nil, minutes: Int = 0) {
    self.task = task
    self.note = note
    self.start = start
    self.end = end
    self.minutes = minutes
  }

  // Written out so absent values are null, not left out (docs/JSON.md).
  enum CodingKeys: String, CodingKey { case task, note, start, end, minutes }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(task, forKey: .task)
    try c.encode(note, forKey: .note)
    try c.encode(start, forKey: .start)
    try c.encode(end, forKey: .end)
    try c.encode(minutes, forKey: .minutes)
  }

  /// The heading of a day's note the lines go under.
  public static let heading = "Time log"

  /// The line of this entry.
  public var line: String {
    let link = "([[\(note)]])"
    guard let end else {
      return "- \(start.time.hourMinute) ⏱ \(task) \(link) [started:: \(start.date)T\(start.time.hourMinute)]"
    }
    return "- \(start.time.hourMinute)-\(end.time.hourMinute) \(task) \(link) [tracked:: \(Self.duration(minutes))]"
  }

  /// Minutes as the field holds them: `25m`, `1h`, `1h25m` (as a task's `duration`).
  public static func duration(_ minutes: Int) -> String { TaskAttributes.durationText(minutes) }

  /// Minutes as a person reads them: `25m`, `1h`, `1h 25m`.
  public static func shown(_ minutes: Int) -> String {
    minutes >= 60 && minutes % 60 != 0 ? "\(minutes / 60)h \(minutes % 60)m" : duration(minutes)
  }

  /// Minutes from `25m`, `1h`, `1h25m`, `90` (a task's `duration` as `TaskAttributes` reads
  /// it), and `0m` or `0` for a stretch stopped at once; nil otherwise.
  public static func minutes(_ text: String) -> Int? {
    let text = text.trimmingSpaces()
    if ["0", "0m"].contains(text) { return 0 }
    return TaskAttributes.minutes(text)
  }

  /// Reads a line of a day's time log (`day`: the day of its note); nil for any other line.
  public static func parse(_ line: String, day: LocalDate) -> TimeLogEntry? {
    var text = Substring(line.trimmingSpaces())
    guard text.hasPrefix("- ") else { return nil }
    text = text.dropFirst(2)
    let times = text.prefix { !$0.isWhitespace }
    text = text.dropFirst(times.count).drop { $0 == " " }
    let parts = times.split(separator: "-", omittingEmptySubsequences: false)
    guard let first = parts.first, let startTime = Self.time(first) else { return nil }
    // The link and the field at the end: `TEXT ([[NOTE]]) [key:: value]`.
    guard text.hasSuffix("]"), let open = Self.lastRange(of: " [", in: text) else { return nil }
    let field = text[open.upperBound..<text.index(before: text.endIndex)]
    var rest = text[..<open.lowerBound]
    guard rest.hasSuffix("]])"), let linkStart = Self.lastRange(of: " ([[", in: rest) else { return nil }
    let note = String(rest[linkStart.upperBound..<rest.index(rest.endIndex, offsetBy: -3)])
    rest = rest[..<linkStart.lowerBound]
    guard let colon = field.firstRange(of: ":: ") else { return nil }
    let key = field[..<colon.lowerBound]
    let value = String(field[colon.upperBound...])
    if parts.count == 1, key == "started", rest.hasPrefix("⏱ ") {
      guard let start = Self.moment(value) else { return nil }
      return TimeLogEntry(task: String(rest.dropFirst(2)), note: note, start: start)
    }
    guard parts.count == 2, key == "tracked", let endTime = Self.time(parts[1]), let minutes = Self.minutes(value)
    else { return nil }
    let start = LocalDateTime(date: day, time: startTime)
    // A stretch that ends earlier on the clock than it started ended the next day.
    let end = LocalDateTime(date: endTime < startTime ? day.adding(days: 1) : day, time: endTime)
    return TimeLogEntry(task: String(rest), note: note, start: start, end: end, minutes: minutes)
  }

  /// The last place `needle` is in `text`.
  static func lastRange(of needle: String, in text: Substring) -> Range<Substring.Index>? {
    var index = text.endIndex
    while index > text.startIndex {
      index = text.index(before: index)
      if text[index...].hasPrefix(needle) { return index..<text.index(index, offsetBy: needle.count) }
    }
    return nil
  }

  static func time(_ text: Substring) -> LocalTime? {
    let parts = text.split(separator: ":")
    guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let hour = Int(parts[0]),
      let minute = Int(parts[1])
    else { return nil }
    return LocalTime(hour: hour, minute: minute)
  }

  static func moment(_ text: String) -> LocalDateTime? {
    let parts = text.split(separator: "T")
    guard parts.count == 2, let date = DateParsing.validDate(String(parts[0])), let time = Self.time(parts[1]) else {
      return nil
    }
    return LocalDateTime(date: date, time: time)
  }
}

/// A timer `vault track start` left running: its line in a day's note.
public struct RunningTimer: Sendable, Encodable, Equatable {
  public var entry: TimeLogEntry
  public var path: String
  public var line: Int
  /// Minutes from its start to now.
  public var minutes: Int

  public init(entry: TimeLogEntry, path: String, line: Int, minutes: Int) {
    self.entry = entry
    self.path = path
    self.line = line
    self.minutes = minutes
  }

  /// `⏱ Renew passport · 25m since 09:15` (and the day when it is not `today`).
  public func text(today: LocalDate) -> String {
    "⏱ \(entry.task) · \(TimeLogEntry.shown(minutes)) since \(entry.start.time.hourMinute)"
      + (entry.start.date == today ? "" : " on \(ViewWords.shortDate(entry.start.date))")
  }
}
