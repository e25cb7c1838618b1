/// What reminds, and when: a pure function of the vault's items, the reminder settings and a
/// window of time. Times are wall-clock times in the vault's time zone; `Zone` turns
/// them into instants (seconds since 1970, UTC) and back, so that "2h before" is two real hours
/// across a daylight-saving change, and tests can inject any zone.
public enum ReminderSchedule {
  /// The vault's time zone, injected (VaultKit passes its offsets): the views' `ZoneClock`.
  public typealias Zone = ZoneClock

  /// A principle or an insight a nudge can show.
  public struct NudgeText: Hashable, Sendable {
    public var text: String
    public var path: String
    public var line: Int

    public init(text: String, path: String, line: Int) {
      self.text = text
      self.path = path
      self.line = line
    }
  }

  /// Every reminder that fires in `from...through` (instants), in order of firing.
  public static func reminders(
    events: [Located<Event>], tasks: [Located<TaskItem>], nudges: [NudgeText], settings: ReminderSettings,
    from: Int, through: Int, zone: Zone
  ) -> [Reminder] {
    guard from <= through else { return [] }
    var result: [Reminder] = []
    let firstDay = zone.local(from).date
    let lastDay = zone.local(through).date
    // Events: each occurrence that starts up to the longest offset after the window.
    var longest = 0
    var offsetsByEvent: [[(String, Int)]] = []
    for event in events {
      let offsets = eventOffsets(event.value, settings: settings)
      offsetsByEvent.append(offsets)
      longest = max(longest, offsets.map(\.1).max() ?? 0)
    }
    let reach = lastDay.adding(days: longest / 86_400 + 1)
    for (event, offsets) in zip(events, offsetsByEvent) where !offsets.isEmpty && !event.value.archived {
      for occurrence in event.occurrences(in: firstDay.adding(days: -1)...reach) {
        // A timed occurrence at its own instant (its zone's rules on its own day, shown on the
        // vault's clock); an all-day one at `all_day_at` on its day.
        let allDay = occurrence.startMoment == nil
        let start = occurrence.startMoment ?? LocalDateTime(date: occurrence.start, time: settings.allDayAt)
        let startInstant = occurrence.startInstant ?? zone.instant(start)
        let name = [event.value.emoji, event.value.title].compactMap { $0 }.joined(separator: " ")
        let when = allDay ? "\(occurrence.start)" : "\(occurrence.start) \(start.time.hourMinute)"
        for (text, seconds) in offsets {
          let fire = startInstant - seconds
          guard from <= fire, fire <= through else { continue }
          result.append(
            Reminder(
              id: "event|\(event.path)|\(occurrence.start)|\(text)", kind: .event, instant: fire,
              at: zone.local(fire), about: start, title: name,
              why:
                "\(seconds == 0 ? "at the start of" : "\(text) before") \(event.value.title) \(allDay ? "(all day)" : start.time.hourMinute)",
              body: "\(when)" + (event.value.location.map { " · \($0)" } ?? ""), path: event.path,
              line: event.line))
        }
      }
    }
    // Tasks: a reminder time on the line, and the due day when `due_tasks` is on.
    for task in tasks where task.value.isOpen {
      var moments: [(LocalDateTime, String)] = []
      let (text, marked) = TaskReminder.split(task.value.description, defaultTime: settings.taskAt)
      if let marked { moments.append((marked, "reminder")) }
      if settings.dueTasks, let due = task.value.due {
        moments.append((LocalDateTime(date: due, time: settings.taskAt), "due today"))
      }
      for (moment, reason) in moments {
        let fire = zone.instant(moment)
        guard from <= fire, fire <= through else { continue }
        result.append(
          Reminder(
            id: "task|\(task.fullID)|\(moment)|\(reason)", kind: .task, instant: fire, at: zone.local(fire),
            about: moment, title: text,
            why: reason == "due today" ? "due today" : "reminder at \(moment.time.hourMinute)",
            body: (task.value.due.map { "due \($0) · " } ?? "") + "\(task.path):\(task.value.line)", path: task.path,
            line: task.value.line))
      }
    }
    // Nudges: N moments spaced evenly over the window each day, each with a principle or an
    // insight, chosen by the day and the slot, none twice a day while others remain.
    if let plan = settings.nudges, plan.count > 0, !nudges.isEmpty {
      var day = firstDay
      while day <= lastDay {
        let order = nudges.sorted {
          (StableHash.fnv1a("\(day)|\($0.text)"), $0.text) < (StableHash.fnv1a("\(day)|\($1.text)"), $1.text)
        }
        for (slot, time) in plan.times.enumerated() {
          let moment = LocalDateTime(date: day, time: time)
          let fire = zone.instant(moment)
          guard from <= fire, fire <= through else { continue }
          let nudge = order[slot % order.count]
          result.append(
            Reminder(
              id: "nudge|\(day)|\(slot)", kind: .nudge, instant: fire, at: zone.local(fire), about: moment,
              title: nudge.text, why: "nudge \(slot + 1) of \(plan.count)", body: "\(nudge.path):\(nudge.line)",
              path: nudge.path, line: nudge.line))
        }
        day = day.adding(days: 1)
      }
    }
    // The morning digest: one a day; its text is the day's dashboard in short (`Dashboard.digest`),
    // filled in by the caller, who reads the dashboard from the index.
    if let digestAt = settings.digestAt {
      var day = firstDay
      while day <= lastDay {
        let moment = LocalDateTime(date: day, time: digestAt)
        let fire = zone.instant(moment)
        if from <= fire, fire <= through {
          result.append(
            Reminder(
              id: "digest|\(day)", kind: .digest, instant: fire, at: zone.local(fire), about: moment,
              title: "Today, \(day)", why: "morning digest at \(digestAt.hourMinute)", body: "", path: nil, line: nil))
        }
        day = day.adding(days: 1)
      }
    }
    return result.sorted { ($0.instant, $0.title, $0.id) < ($1.instant, $1.title, $1.id) }
  }

  /// The offsets an event reminds at, as written and in seconds: its own `remind`, else the
  /// defaults of its category, else those of all events.
  public static func eventOffsets(_ event: Event, settings: ReminderSettings) -> [(String, Int)] {
    let texts =
      !event.remind.isEmpty
      ? event.remind
      : event.category.flatMap { settings.defaults[$0.lowercased()] } ?? settings.defaults["events"] ?? []
    return texts.compactMap { text in ReminderOffset.seconds(text).map { (text, $0) } }
  }
}

/// One reminder: what it is about, when it fires and why.
public struct Reminder: Hashable, Sendable {
  public enum Kind: String, Hashable, Sendable, Codable { case event, task, nudge, digest, summary }

  /// Stable across runs: the item, the occurrence and the offset, so it is delivered once.
  public var id: String
  public var kind: Kind
  /// When it fires, seconds since 1970 (UTC), and as the vault's wall clock.
  public var instant: Int
  public var at: LocalDateTime
  /// The moment it is about: the event's start, the task's reminder time.
  public var about: LocalDateTime
  public var title: String
  /// "1d before Dentist 09:30".
  public var why: String
  /// When and where, for the notification's body.
  public var body: String
  public var path: String?
  public var line: Int?

  public init(
    id: String, kind: Kind, instant: Int, at: LocalDateTime, about: LocalDateTime, title: String, why: String,
    body: String, path: String?, line: Int?
  ) {
    self.id = id
    self.kind = kind
    self.instant = instant
    self.at = at
    self.about = about
    self.title = title
    self.why = why
    self.body = body
    self.path = path
    self.line = line
  }
}

/// `1d`, `2h`, `30m`, `1w`, `45s`, also spelled out (`2 hours`, `1 day`) and combined (`1h30m`):
/// how long before a moment a reminder fires.
public enum ReminderOffset {
  public static func seconds(_ text: String) -> Int? {
    let compact = text.lowercased().filter { $0 != " " }
    guard !compact.isEmpty else { return nil }
    if compact == "0" { return 0 }
    var total = 0
    var rest = Substring(compact)
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard let number = Int(digits) else { return nil }
      rest = rest.dropFirst(digits.count)
      let unit = rest.prefix { $0.isLetter }
      rest = rest.dropFirst(unit.count)
      let size: Int
      switch unit {
      case "w", "week", "weeks": size = 604_800
      case "d", "day", "days": size = 86_400
      case "h", "hour", "hours", "hr", "hrs": size = 3600
      case "m", "min", "mins", "minute", "minutes": size = 60
      case "s", "sec", "second", "seconds": size = 1
      default: return nil
      }
      total += number * size
    }
    return total
  }
}

/// Reminder times on a task line, in the Reminder plugin's two forms (uphy/obsidian-reminder):
/// `(@2026-11-23 09:00)` and `⏰ 2026-11-23 09:00`; a date alone means `reminders.task_at`.
public enum TaskReminder {
  /// The task's text without the reminder, and the reminder's moment.
  public static func split(_ description: String, defaultTime: LocalTime) -> (String, LocalDateTime?) {
    for (open, close) in [("(@", ")"), ("⏰", "")] {
      guard let start = description.firstRange(of: open) else { continue }
      var rest = description[start.upperBound...].drop { $0 == " " }
      let dateText = rest.prefix(10)
      guard let date = DateParsing.validDate(String(dateText)) else { continue }
      rest = rest.dropFirst(10)
      var time = defaultTime
      let afterSpace = rest.drop { $0 == " " }
      if afterSpace.count >= 5, afterSpace.prefix(5).allSatisfy({ $0.isNumber || $0 == ":" }),
        let parsed = DateParsing.time(afterSpace.prefix(5))
      {
        time = parsed
        rest = afterSpace.dropFirst(5)
      }
      if !close.isEmpty {
        guard rest.first == ")" else { continue }
        rest = rest.dropFirst()
      }
      let text = (description[..<start.lowerBound] + rest).split(separator: " ").joined(separator: " ")
      return (text, LocalDateTime(date: date, time: time))
    }
    return (description, nil)
  }
}
