/// `vault mood`: mood over a period, by day, week or month, by tag, and on this day in
/// earlier years. Moods are 1 to 10.
public struct MoodReport: Sendable {
  public enum Grouping: String, Sendable, Codable { case day, week, month }

  /// One row of the chart: a day, a week (from its first day) or a month (from its 1st).
  public struct Row: Sendable, Encodable {
    public var start: LocalDate
    public var average: Double?
    public var entries: Int
    /// The mood tags of a day.
    public var tags: [String]

    enum CodingKeys: String, CodingKey { case start, average, entries, tags }

    // Written out so a missing average is null, not left out (docs/JSON.md).
    public func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(start, forKey: .start)
      try c.encode(average, forKey: .average)
      try c.encode(entries, forKey: .entries)
      try c.encode(tags, forKey: .tags)
    }
  }

  public struct TagAverage: Sendable, Encodable {
    public var tag: String
    public var average: Double
    public var days: Int
  }

  public var from: LocalDate
  public var through: LocalDate
  public var grouping: Grouping
  public var rows: [Row]
  public var average: Double?
  /// The averages of the week and the month `through` falls in (their days up to `through`).
  public var weekAverage: Double?
  public var monthAverage: Double?
  public var byTag: [TagAverage]
  /// Entries on today's month and day in earlier years, latest first.
  public var onThisDay: [Located<JournalEntry>]

  /// The report over `from...through` from `entries` (which may reach further back: only
  /// "on this day" looks beyond the period).
  public init(
    _ entries: [Located<JournalEntry>], from: LocalDate, through: LocalDate, grouping: Grouping,
    weekStart: Weekday = .monday
  ) {
    self.from = from
    self.through = through
    self.grouping = grouping
    let inRange = entries.filter { from <= $0.value.date && $0.value.date <= through }
    let moods = inRange.compactMap(\.value.mood)
    average = Self.mean(moods)
    let weekFirst = through.startOfWeek(weekStart)
    let monthFirst = LocalDate(year: through.year, month: through.month, day: 1) ?? through
    func mean(from first: LocalDate) -> Double? {
      Self.mean(entries.filter { first <= $0.value.date && $0.value.date <= through }.compactMap(\.value.mood))
    }
    weekAverage = mean(from: weekFirst)
    monthAverage = mean(from: monthFirst)
    func key(_ date: LocalDate) -> LocalDate {
      switch grouping {
      case .day: return date
      case .week: return date.startOfWeek(weekStart)
      case .month: return LocalDate(year: date.year, month: date.month, day: 1) ?? date
      }
    }
    let groups = Dictionary(grouping: inRange, by: { key($0.value.date) })
    var starts: [LocalDate] = []
    var cursor = key(from)
    while cursor <= through {
      starts.append(cursor)
      switch grouping {
      case .day: cursor = cursor.adding(days: 1)
      case .week: cursor = cursor.adding(days: 7)
      case .month:
        cursor =
          LocalDate(year: cursor.month == 12 ? cursor.year + 1 : cursor.year, month: cursor.month % 12 + 1, day: 1)
          ?? through.adding(days: 1)
      }
    }
    rows = starts.map { start in
      let group = groups[start] ?? []
      return Row(
        start: start, average: Self.mean(group.compactMap(\.value.mood)), entries: group.count,
        tags: grouping == .day ? group.flatMap(\.value.moodTags) : [])
    }
    var tagMoods: [String: [Int]] = [:]
    for entry in inRange {
      guard let mood = entry.value.mood else { continue }
      for tag in Set(entry.value.moodTags.map { $0.lowercased() }) { tagMoods[tag, default: []].append(mood) }
    }
    byTag = tagMoods.map { TagAverage(tag: $0.key, average: Self.mean($0.value) ?? 0, days: $0.value.count) }
      .sorted { $0.average != $1.average ? $0.average > $1.average : $0.tag < $1.tag }
    onThisDay = entries.filter {
      $0.value.date.month == through.month && $0.value.date.day == through.day && $0.value.date.year < through.year
    }.sorted { $0.value.date > $1.value.date }
  }

  static func mean(_ values: [Int]) -> Double? {
    values.isEmpty ? nil : (Double(values.reduce(0, +)) / Double(values.count) * 10).rounded() / 10
  }
}
