// The JSON form of the model, as documented in docs/JSON.md. Dates are `YYYY-MM-DD` strings,
// times `HH:mm`, keys camelCase; absent values are null rather than missing, so scripts can
// rely on every key.

extension LocalDate: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension LocalTime: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

extension LocalDateTime: Encodable {
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

struct DynamicKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension PropertyValue: Encodable {
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .text(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let value):
      var container = encoder.singleValueContainer()
      if value.isFinite { try container.encode(value) } else { try container.encode(String(value)) }
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .date(let value):
      try value.encode(to: encoder)
    case .dateTime(let value):
      try value.encode(to: encoder)
    case .list(let values):
      var container = encoder.unkeyedContainer()
      for value in values { try container.encode(value) }
    case .object(let properties):
      var container = encoder.container(keyedBy: DynamicKey.self)
      for property in properties { try container.encode(property.value, forKey: DynamicKey(property.key)) }
    }
  }
}

extension Property: Encodable {
  enum CodingKeys: String, CodingKey { case key, type, value, line }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    try container.encode(type, forKey: .type)
    try container.encode(value, forKey: .value)
    try container.encode(location.line, forKey: .line)
  }
}

extension TaskStatus: Encodable {
  enum CodingKeys: String, CodingKey { case symbol, type }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(String(symbol), forKey: .symbol)
    try container.encode(type, forKey: .type)
  }
}

extension TaskItem: Encodable {
  enum CodingKeys: String, CodingKey {
    case line, byteRange, indentation, marker, status, description, tags, created, start,
      scheduled, scheduledIsInferred, due, done, cancelled, priority, recurrence, onCompletion, id, dependsOn,
      blockLink, format, fields, parentLine, notes
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(line, forKey: .line)
    try c.encode([byteRange.lowerBound, byteRange.upperBound], forKey: .byteRange)
    try c.encode(indentation, forKey: .indentation)
    try c.encode(marker, forKey: .marker)
    try c.encode(status, forKey: .status)
    try c.encode(text, forKey: .description)
    try c.encode(tags, forKey: .tags)
    try c.encode(created, forKey: .created)
    try c.encode(start, forKey: .start)
    try c.encode(scheduled, forKey: .scheduled)
    try c.encode(scheduledIsInferred, forKey: .scheduledIsInferred)
    try c.encode(due, forKey: .due)
    try c.encode(done, forKey: .done)
    try c.encode(cancelled, forKey: .cancelled)
    try c.encode(priority, forKey: .priority)
    try c.encode(recurrence, forKey: .recurrence)
    try c.encode(onCompletion, forKey: .onCompletion)
    try c.encode(id, forKey: .id)
    try c.encode(dependsOn, forKey: .dependsOn)
    try c.encode(blockLink, forKey: .blockLink)
    try c.encode(format, forKey: .format)
    try c.encode(fields, forKey: .fields)
    try c.encode(parentLine, forKey: .parentLine)
    try c.encode(notes, forKey: .notes)
  }
}

extension Recurrence: Encodable {
  enum CodingKeys: String, CodingKey { case kind, rule, daysOfWeek, day, month }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .phrase(let text):
      try c.encode("phrase", forKey: .kind)
      try c.encode(text, forKey: .rule)
    case .weekdays(let days):
      try c.encode("weekdays", forKey: .kind)
      try c.encode(days.map(\.name), forKey: .daysOfWeek)
    case .monthDay(let day, let month):
      try c.encode("monthDay", forKey: .kind)
      try c.encode(day, forKey: .day)
      try c.encode(month, forKey: .month)
    case .rrule(let rule):
      try c.encode("rrule", forKey: .kind)
      try c.encode(rule, forKey: .rule)
    }
  }
}

extension Event: Encodable {
  enum CodingKeys: String, CodingKey {
    case title, emoji, start, end, allDay, startTime, endTime, category, location, timeZone,
      recurrence, recurrenceEnd, skipDates, remind, archived, completed, description, color, leapDay, yearUnknown
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(title, forKey: .title)
    try c.encode(emoji, forKey: .emoji)
    try c.encode(start, forKey: .start)
    try c.encode(end, forKey: .end)
    try c.encode(allDay, forKey: .allDay)
    try c.encode(startTime, forKey: .startTime)
    try c.encode(endTime, forKey: .endTime)
    try c.encode(category, forKey: .category)
    try c.encode(location, forKey: .location)
    try c.encode(timeZone, forKey: .timeZone)
    try c.encode(recurrence, forKey: .recurrence)
    try c.encode(recurrenceEnd, forKey: .recurrenceEnd)
    try c.encode(skipDates, forKey: .skipDates)
    try c.encode(remind, forKey: .remind)
    try c.encode(archived, forKey: .archived)
    try c.encode(completed, forKey: .completed)
    try c.encode(description, forKey: .description)
    try c.encode(color, forKey: .color)
    try c.encode(leapDay, forKey: .leapDay)
    try c.encode(yearUnknown, forKey: .yearUnknown)
  }
}

extension Goal: Encodable {
  enum CodingKeys: String, CodingKey {
    case progress, progressSource, target, status, isDone, doneOn, priority, description
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(doneOn, forKey: .doneOn)
    try c.encode(priority, forKey: .priority)
    try c.encode(description, forKey: .description)
    try c.encode(progress, forKey: .progress)
    try c.encode(progressSource, forKey: .progressSource)
    try c.encode(target, forKey: .target)
    try c.encode(status, forKey: .status)
    try c.encode(isDone, forKey: .isDone)
  }
}

extension JournalEntry: Encodable {
  enum CodingKeys: String, CodingKey { case date, mood, moodTags }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(date, forKey: .date)
    try c.encode(mood, forKey: .mood)
    try c.encode(moodTags, forKey: .moodTags)
  }
}

extension Insight: Encodable {
  enum CodingKeys: String, CodingKey { case text, source, author, created }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(text, forKey: .text)
    try c.encode(source, forKey: .source)
    try c.encode(author, forKey: .author)
    try c.encode(created, forKey: .created)
  }
}

extension Note: Encodable {
  enum CodingKeys: String, CodingKey {
    case path, title, kind, kindReason, date, encoding, properties, tags, links, headings, tasks,
      fields, listEntries, summary, event, goal, journal, insight, principles, diagnostics, skipped
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(path, forKey: .path)
    try c.encode(title, forKey: .title)
    try c.encode(kind, forKey: .kind)
    try c.encode(kindReason, forKey: .kindReason)
    try c.encode(date, forKey: .date)
    try c.encode(encoding, forKey: .encoding)
    try c.encode(properties, forKey: .properties)
    try c.encode(tags, forKey: .tags)
    try c.encode(links, forKey: .links)
    try c.encode(headings, forKey: .headings)
    try c.encode(tasks, forKey: .tasks)
    try c.encode(fields, forKey: .fields)
    try c.encode(listEntries, forKey: .listEntries)
    try c.encode(summary, forKey: .summary)
    try c.encode(event, forKey: .event)
    try c.encode(goal, forKey: .goal)
    try c.encode(journal, forKey: .journal)
    try c.encode(insight, forKey: .insight)
    try c.encode(principles, forKey: .principles)
    try c.encode(diagnostics, forKey: .diagnostics)
    try c.encode(isSkipped, forKey: .skipped)
  }
}
