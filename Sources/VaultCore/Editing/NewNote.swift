/// New notes as vault writes them: a safe file name, front matter in a fixed order, a body.
public enum NewNote {
  /// Whether a name is letters, digits and `-_.@` only: a file name and a URL segment as it is
  /// (a CalDAV object's or calendar's address).
  public static func isPlainName(_ name: String) -> Bool {
    name.utf8.allSatisfy { byte in
      switch byte {
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
        UInt8(ascii: "@"):
        true
      default: false
      }
    }
  }

  /// The name of an event's note as Full Calendar names it: `2026-11-28 Dentist`, and a weekly
  /// one (`type: recurring`, `daysOfWeek: [M, W]`) `(Every M,W) Yoga`.
  public static func eventName(date: LocalDate, title: String, properties: [(String, String)]) -> String {
    if properties.contains(where: { $0.0 == "type" && $0.1 == "recurring" }),
      let days = properties.first(where: { $0.0 == "daysOfWeek" })?.1
    {
      let letters = days.trimming("[]").split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
      if !letters.isEmpty { return "(Every \(letters.joined(separator: ","))) " + title }
    }
    return "\(date) " + title
  }

  /// A title as a file name: without `/ \ : * ? " < > | # ^ [ ]` (Obsidian refuses them in
  /// names or links), without a leading or trailing dot, cut to 120 characters and to 240
  /// UTF-8 bytes on a character boundary (file names are limited to 255 bytes on Linux and
  /// macOS; the rest leaves room for ` 999.md`); Unicode kept.
  public static func fileName(_ title: String) -> String {
    let forbidden: Set<Character> = ["/", "\\", ":", "*", "?", "\"", "<", ">", "|", "#", "^", "[", "]"]
    // Control characters (a tab, an escape, what a calendar file may hold) become spaces too.
    var name = String(
      title.map { character in
        forbidden.contains(character) || character.isNewline
          || character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : character
      })
    name = name.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    // A leading dot hides a file (`.hidden`, `..`, what `../../x` becomes): dots and the spaces
    // they leave go, however they alternate.
    while let first = name.first, first == "." || first == " " { name.removeFirst() }
    name = String(name.prefix(120)).trimmingSpaces()
    while name.utf8.count > 240 { name.removeLast() }
    // A trailing dot would meet `.md` (`Done..md`), and some systems drop it.
    while name.hasSuffix(".") || name.hasSuffix(" ") { name.removeLast() }
    return name.isEmpty ? "Untitled" : name
  }

  /// A moment as Obsidian's date-time properties hold it: `2026-11-24T09:30` (to the minute).
  public static func dateTimeText(_ moment: LocalDateTime) -> String {
    let time = LocalTime(hour: moment.time.hour, minute: moment.time.minute) ?? .midnight
    return moment.date.description + "T" + time.description
  }

  /// The note's text: `---`, one `key: value` line per property (values already YAML), `---`,
  /// then the body, ending with a newline.
  public static func text(properties: [(String, String)], body: String?) -> String {
    // A value that starts with a line break is a block (a list under its key).
    var lines = ["---"] + properties.map { $0.1.hasPrefix("\n") ? "\($0.0):\($0.1)" : "\($0.0): \($0.1)" } + ["---"]
    if let body, !body.trimmingSpaces().isEmpty { lines.append(body.trimmingSpaces()) }
    return lines.joined(separator: "\n") + "\n"
  }

  /// An event in Full Calendar's form (docs/FORMAT.md, "What vault writes").
  public struct EventFields: Sendable {
    public var title: String
    public var date: LocalDate
    public var end: LocalDate?
    public var startTime: LocalTime?
    public var endTime: LocalTime?
    public var emoji: String?
    public var category: String?
    public var location: String?
    public var tags: [String] = []
    /// `yearly`, `monthly`, `weekly`, `daily`, or an RRULE.
    public var recurrence: String?
    /// The last day of a recurrence written as `daysOfWeek` (`endRecur`).
    public var recurrenceEnd: LocalDate?
    public var timeZone: String?
    public var remind: [String] = []
    /// Where a yearly event from 29 February falls in common years; nil for the vault's default.
    public var leapDay: LeapDay?
    /// Its times are in no zone (`floating: true`).
    public var floating = false
    /// Called off (`status: cancelled`).
    public var cancelled = false

    public init(title: String, date: LocalDate) {
      self.title = title
      self.date = date
    }

    /// The front matter, in Full Calendar's keys and order.
    public func properties() -> Result<[(String, String)], RecurrenceError> {
      var result: [(String, String)] = [("title", PropertyWriter.scalar(title))]
      let allDay = startTime == nil
      if let recurrence {
        let rule: RecurrenceRule
        switch recurrence.lowercased() {
        case "yearly", "monthly", "weekly", "daily":
          rule = RecurrenceRule.parse(phrase: recurrence) ?? RecurrenceRule(.yearly)
        default:
          switch RecurrenceRule.parse(rrule: recurrence) {
          case .success(let parsed): rule = parsed
          case .failure(let error): return .failure(error)
          }
        }
        if rule.frequency == .weekly, rule.interval == 1, rule.count == nil, rule.until == nil, rule.byMonth.isEmpty,
          rule.byMonthDay.isEmpty, rule.bySetPos.isEmpty, rule.byDay.allSatisfy({ $0.ordinal == nil })
        {
          let days = rule.byDay.isEmpty ? [date.weekday] : rule.byDay.map(\.weekday)
          let letters = days.map { ["U", "M", "T", "W", "R", "F", "S"][$0.rawValue] }
          result += [
            ("type", "recurring"), ("daysOfWeek", "[" + letters.joined(separator: ", ") + "]"),
            ("startRecur", date.description),
          ]
          if let recurrenceEnd { result.append(("endRecur", recurrenceEnd.description)) }
        } else {
          var rule = rule
          if let recurrenceEnd { rule.until = rule.until.map { min($0, recurrenceEnd) } ?? recurrenceEnd }
          result += [("type", "rrule"), ("startDate", date.description), ("rrule", rule.rruleText)]
        }
        // A repeating event of several days keeps its length: each occurrence lasts from its
        // day to as many days later (`endDate`, the last day of the first occurrence).
        if let end, end > date { result.append(("endDate", end.description)) }
      } else {
        result += [("type", "single"), ("date", date.description), ("endDate", end?.description ?? "null")]
      }
      if recurrence != nil, let leapDay { result.append(("leap_day", leapDay.rawValue)) }
      result.append(("allDay", allDay ? "true" : "false"))
      if let startTime { result.append(("startTime", "\"\(startTime.hourMinute)\"")) }
      if let endTime { result.append(("endTime", "\"\(endTime.hourMinute)\"")) }
      if let timeZone { result.append(("timezone", PropertyWriter.scalar(timeZone))) }
      if floating && !allDay { result.append(("floating", "true")) }
      if cancelled { result.append(("status", "cancelled")) }
      if let emoji { result.append(("emoji", PropertyWriter.scalar(emoji))) }
      if let category { result.append(("category", PropertyWriter.scalar(category))) }
      if let location { result.append(("location", PropertyWriter.scalar(location))) }
      if !tags.isEmpty { result.append(("tags", "[" + tags.map(PropertyWriter.scalar).joined(separator: ", ") + "]")) }
      if !remind.isEmpty {
        result.append(("remind", "[" + remind.map(PropertyWriter.scalar).joined(separator: ", ") + "]"))
      }
      return .success(result)
    }
  }
}
