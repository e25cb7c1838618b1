// The JSON form of the views (docs/JSON.md). As for the model: every key present, null when
// empty, dates `YYYY-MM-DD`.

extension Located: Encodable where Value: Encodable {
  enum CodingKeys: String, CodingKey { case path, line, title, tags, item }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(path, forKey: .path)
    try c.encode(line, forKey: .line)
    try c.encode(title, forKey: .title)
    try c.encode(tags, forKey: .tags)
    try c.encode(value, forKey: .item)
  }
}

extension EventOccurrence: Encodable {
  enum CodingKeys: String, CodingKey {
    case start, end, days, years, startsAt, endsAt, zone, ownStart, ownZone, event
  }

  /// `startsAt` and `endsAt` are date-times on the viewer's clock with the viewer's offset at
  /// that instant (`2026-11-09T14:00:00+00:00`), without one for a floating event, null for an
  /// all-day event; `zone` is the viewer's zone, `ownStart` and `ownZone` the event's own clock
  /// when it is another zone's.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(start, forKey: .start)
    try c.encode(end, forKey: .end)
    try c.encode(dayCount, forKey: .days)
    try c.encode(years, forKey: .years)
    try c.encode(startMoment.map { Self.dateTime($0, offset: startOffset) }, forKey: .startsAt)
    try c.encode(endMoment.map { Self.dateTime($0, offset: endOffset) }, forKey: .endsAt)
    try c.encode(startOffset == nil ? nil : event.value.clocks?.viewer.name, forKey: .zone)
    try c.encode(ownStart.map { Self.dateTime($0, offset: nil) }, forKey: .ownStart)
    try c.encode(ownZone, forKey: .ownZone)
    try c.encode(event, forKey: .event)
  }

  /// `2026-11-09T14:00:00+00:00`, or without an offset.
  static func dateTime(_ moment: LocalDateTime, offset: Int?) -> String {
    let time = moment.time
    let clock = [time.hour, time.minute, time.second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    return "\(moment.date)T\(clock)" + (offset.map(ZoneClock.offsetText) ?? "")
  }
}

extension Countdown: Encodable {
  enum CodingKeys: String, CodingKey { case days, state, phrase, milestone, occurrence }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(days, forKey: .days)
    try c.encode(state, forKey: .state)
    try c.encode(phrase, forKey: .phrase)
    try c.encode(milestone, forKey: .milestone)
    try c.encode(occurrence, forKey: .occurrence)
  }
}

extension Agenda.TaskEntry: Encodable {
  enum CodingKeys: String, CodingKey { case id, reason, date, task }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(task.shortID, forKey: .id)
    try c.encode(reason, forKey: .reason)
    try c.encode(date, forKey: .date)
    try c.encode(task, forKey: .task)
  }
}

extension Agenda.Day: Encodable {
  enum CodingKeys: String, CodingKey { case date, events, tasks, notes, journal }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(date, forKey: .date)
    try c.encode(events, forKey: .events)
    try c.encode(tasks, forKey: .tasks)
    try c.encode(notes, forKey: .notes)
    try c.encode(journal, forKey: .journal)
  }
}

extension GoalProgress: Encodable {
  enum CodingKeys: String, CodingKey { case daysLeft, forecast, goal }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(daysLeft, forKey: .daysLeft)
    try c.encode(forecast, forKey: .forecast)
    try c.encode(goal, forKey: .goal)
  }
}

extension Dashboard: Encodable {
  enum CodingKeys: String, CodingKey {
    case today, week, events, tasks, taskCount, countdowns, goals, journal, insight, principle, stats, tomorrow,
      recently, pinned, suggestions, timer
  }

  enum TomorrowKeys: String, CodingKey { case events, tasks }

  enum SuggestionKeys: String, CodingKey { case number, id, title }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(today, forKey: .today)
    try c.encode(week, forKey: .week)
    try c.encode(events, forKey: .events)
    try c.encode(tasks, forKey: .tasks)
    try c.encode(taskCount, forKey: .taskCount)
    try c.encode(countdowns, forKey: .countdowns)
    try c.encode(goals, forKey: .goals)
    try c.encode(journal, forKey: .journal)
    try c.encode(insight, forKey: .insight)
    try c.encode(principle, forKey: .principle)
    try c.encode(stats, forKey: .stats)
    var tomorrow = c.nestedContainer(keyedBy: TomorrowKeys.self, forKey: .tomorrow)
    try tomorrow.encode(tomorrowEvents, forKey: .events)
    try tomorrow.encode(tomorrowTasks, forKey: .tasks)
    try c.encode(recently, forKey: .recently)
    try c.encode(pinned, forKey: .pinned)
    try c.encode(timer, forKey: .timer)
    // What `vault suggest accept N` takes, N being `number`.
    var suggested = c.nestedUnkeyedContainer(forKey: .suggestions)
    for (index, template) in suggestions.enumerated() {
      var one = suggested.nestedContainer(keyedBy: SuggestionKeys.self)
      try one.encode(index + 1, forKey: .number)
      try one.encode(template.id, forKey: .id)
      try one.encode(template.title, forKey: .title)
    }
  }
}

extension Dashboard.JournalSummary: Encodable {
  enum CodingKeys: String, CodingKey { case entry, lastSevenDays }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(entry, forKey: .entry)
    try c.encode(week, forKey: .lastSevenDays)
  }
}

extension Dashboard.Stats: Encodable {
  enum CodingKeys: String, CodingKey {
    case doneThisWeek, totalThisWeek, cancelledThisWeek, completionRate, goalsDone, goalsTotal, journalStreak
    case doneToday, totalToday, todayRate
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(doneThisWeek, forKey: .doneThisWeek)
    try c.encode(totalThisWeek, forKey: .totalThisWeek)
    try c.encode(cancelledThisWeek, forKey: .cancelledThisWeek)
    try c.encode(goalsDone, forKey: .goalsDone)
    try c.encode(goalsTotal, forKey: .goalsTotal)
    try c.encode(completionRate.map { ($0 * 1000).rounded() / 1000 }, forKey: .completionRate)
    try c.encode(journalStreak, forKey: .journalStreak)
    try c.encode(doneToday, forKey: .doneToday)
    try c.encode(totalToday, forKey: .totalToday)
    try c.encode(todayRate.map { ($0 * 1000).rounded() / 1000 }, forKey: .todayRate)
  }
}
