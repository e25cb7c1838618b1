/// When a goal will be reached at its pace: from the dated points `vault progress` keeps in the
/// goal's note, under a `## Progress` heading, one a day:
///
///     ## Progress
///     - 2026-11-02: 40%
///     - 2026-11-23: 63%
///
/// The pace is the least-squares line through the points (progress against days); the forecast
/// is the day that line reaches 100 %, counted from the last point. No forecast with fewer than
/// two days of points, or when the progress is not rising. docs/FORMAT.md, "Goals".
public enum GoalForecast {
  /// The heading the points are under.
  public static let heading = "Progress"

  /// A point's line.
  public static func line(_ day: LocalDate, _ fraction: Double) -> String {
    "- \(day): \(Goal.percentText(fraction))%"
  }

  /// The points in a note's text: the `- YYYY-MM-DD: VALUE` lines of its Progress section (the
  /// value in any form `progress` takes), by day; a day written twice counts its last line.
  public static func points(in text: String) -> [(day: LocalDate, fraction: Double)] {
    var inSection = false
    var byDay: [LocalDate: Double] = [:]
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.trimmingSpaces()
      if line.hasPrefix("#") {
        let title = line.drop { $0 == "#" }.trimmingSpaces()
        inSection = title.lowercased() == heading.lowercased()
        continue
      }
      guard inSection, line.hasPrefix("- "), let point = point(line) else { continue }
      byDay[point.day] = point.fraction
    }
    return byDay.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }

  /// One point's line read: `- 2026-11-23: 63%`.
  public static func point(_ line: String) -> (day: LocalDate, fraction: Double)? {
    let text = line.trimmingSpaces().dropFirst(2)
    guard let colon = text.firstIndex(of: ":"), let day = DateParsing.validDate(String(text[..<colon])),
      let fraction = Goal.progress(fromText: String(text[text.index(after: colon)...])), (0...1).contains(fraction)
    else { return nil }
    return (day, fraction)
  }

  /// The day the points' pace reaches 100 %: never before `today`; nil without a rising pace,
  /// or when the last point is 100 % already.
  public static func forecast(_ points: [(day: LocalDate, fraction: Double)], today: LocalDate) -> LocalDate? {
    guard points.count >= 2, let last = points.last, last.fraction < 1 else { return nil }
    let xs = points.map { Double($0.day.dayNumber) }
    let ys = points.map(\.fraction)
    let meanX = xs.reduce(0, +) / Double(xs.count)
    let meanY = ys.reduce(0, +) / Double(ys.count)
    var covariance = 0.0
    var variance = 0.0
    for (x, y) in zip(xs, ys) {
      covariance += (x - meanX) * (y - meanY)
      variance += (x - meanX) * (x - meanX)
    }
    guard variance > 0 else { return nil }
    let perDay = covariance / variance
    guard perDay > 1e-9 else { return nil }
    // Up to the whole day, but not for the last bits of floating point (40.000000001 days is 40).
    let days = ((1 - last.fraction) / perDay - 1e-6).rounded(.up)
    // Beyond a century the pace says "not in any plan": no forecast.
    guard days < 36_500 else { return nil }
    let day = last.day.adding(days: Int(days))
    return max(day, today)
  }

  /// How many days back the pace of a task list counts.
  public static let taskWindow = 28

  /// A task list's expected finish (a project's note, a list of tasks): its open tasks at the
  /// pace its tasks were done over the last four weeks; nil with none open or none done.
  public static func finish(_ tasks: [TaskItem], today: LocalDate) -> (day: LocalDate, open: Int, done: Int)? {
    let open = tasks.filter(\.isOpen).count
    let since = today.adding(days: -(taskWindow - 1))
    let done = tasks.compactMap(\.done).filter { $0 >= since && $0 <= today }.count
    guard open > 0, done > 0 else { return nil }
    let days = (Double(open) * Double(taskWindow) / Double(done)).rounded(.up)
    guard days < 36_500 else { return nil }
    return (today.adding(days: Int(days)), open, done)
  }

  /// `2 open · 3 done in the last 4 weeks · at this pace done by 2026-12-20`.
  public static func finishText(_ tasks: [TaskItem], today: LocalDate) -> String? {
    guard let (day, open, done) = finish(tasks, today: today) else { return nil }
    return "\(open) open · \(done) done in the last 4 weeks · at this pace done by \(day)"
  }
}
