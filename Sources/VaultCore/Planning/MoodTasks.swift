/// `vault mood --tasks`: tasks done on the days of each mood band and each weekday,
/// and whether a better mood goes with more done (Pearson's r over the days with a mood).
public struct MoodTasks: Sendable, Encodable {
  public struct Row: Sendable, Encodable {
    public var name: String
    /// Days with a logged mood in this group.
    public var days: Int
    /// Tasks done on those days.
    public var done: Int
    public var averageMood: Double?

    public var donePerDay: Double { days == 0 ? 0 : Double(done) / Double(days) }
  }

  public var from: LocalDate
  public var through: LocalDate
  public var bands: [Row]
  public var weekdays: [Row]
  /// Between each day's mood and the tasks done that day; nil with fewer than 3 days or no spread.
  public var correlation: Double?

  /// `moods`: the logged mood of each day; `done`: the days tasks were done on (one per task).
  public init(moods: [LocalDate: Int], done: [LocalDate], from: LocalDate, through: LocalDate, weekStart: Weekday) {
    self.from = from
    self.through = through
    var doneByDay: [LocalDate: Int] = [:]
    for day in done where from <= day && day <= through { doneByDay[day, default: 0] += 1 }
    let days = moods.filter { from <= $0.key && $0.key <= through }.sorted { $0.key < $1.key }
    func row(_ name: String, _ chosen: [(key: LocalDate, value: Int)]) -> Row {
      Row(
        name: name, days: chosen.count, done: chosen.reduce(0) { $0 + (doneByDay[$1.key] ?? 0) },
        averageMood: chosen.isEmpty ? nil : Double(chosen.reduce(0) { $0 + $1.value }) / Double(chosen.count))
    }
    bands = [("low (1-3)", 1...3), ("middle (4-7)", 4...7), ("high (8-10)", 8...10)].map { name, range in
      row(name, days.filter { range.contains($0.value) })
    }
    let order = (0..<7).map { Weekday(rawValue: (weekStart.rawValue + $0) % 7) ?? .monday }
    weekdays = order.map { weekday in row(weekday.shortName, days.filter { $0.key.weekday == weekday }) }
    let xs = days.map { Double($0.value) }
    let ys = days.map { Double(doneByDay[$0.key] ?? 0) }
    correlation = Self.pearson(xs, ys)
  }

  static func pearson(_ xs: [Double], _ ys: [Double]) -> Double? {
    guard xs.count >= 3 else { return nil }
    let n = Double(xs.count)
    let mx = xs.reduce(0, +) / n
    let my = ys.reduce(0, +) / n
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for (x, y) in zip(xs, ys) {
      sxy += (x - mx) * (y - my)
      sxx += (x - mx) * (x - mx)
      syy += (y - my) * (y - my)
    }
    guard sxx > 0, syy > 0 else { return nil }
    return sxy / (sxx * syy).squareRoot()
  }

  /// The answer in words.
  public var verdict: String {
    guard let correlation else { return "too few days with a mood and tasks done to tell" }
    let strength = abs(correlation) >= 0.5 ? "clearly" : abs(correlation) >= 0.2 ? "somewhat" : "hardly"
    if strength == "hardly" {
      return "your mood and what you get done hardly go together (r = \(Self.two(correlation)))"
    }
    return
      "a better mood goes \(strength) with \(correlation > 0 ? "more" : "less") done (r = \(Self.two(correlation)))"
  }

  static func two(_ value: Double) -> String {
    let scaled = Int((value * 100).rounded())
    let sign = scaled < 0 ? "-" : ""
    let magnitude = abs(scaled)
    return sign + "\(magnitude / 100).\(magnitude % 100 < 10 ? "0" : "")\(magnitude % 100)"
  }
}
