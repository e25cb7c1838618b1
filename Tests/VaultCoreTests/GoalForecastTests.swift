import Testing

@testable import VaultCore

/// A goal's forecast from the points of its Progress section, and a task list's expected
/// finish from the pace of its done tasks.
@Suite struct GoalForecastTests {
  func day(_ text: String) -> LocalDate { DateParsing.validDate(text) ?? LocalDate(dayNumber: 0) }

  @Test func thePointsAreTheProgressSectionsLinesOneADay() {
    let text = """
      ---
      progress: 63%
      ---
      - 2026-10-01: 10%

      ## Progress
      - 2026-11-01: 50%
      - 2026-11-15: 58%
      - 2026-11-15: 15/24
      - not a point
      - 2026-11-23: 0.7
      - 2026-11-24: 140%

      ## Notes
      - 2026-11-30: 90%
      """
    let points = GoalForecast.points(in: text)
    #expect(points.map(\.day.description) == ["2026-11-01", "2026-11-15", "2026-11-23"])
    #expect(points.map(\.fraction) == [0.5, 0.625, 0.7])
    #expect(GoalForecast.line(day("2026-11-23"), 0.625) == "- 2026-11-23: 62.5%")
  }

  @Test func aSteadyPaceReachesAHundredWhereItsLineDoes() {
    // 1 % a day from 40 % on 1 November: 100 % 60 days later.
    let points = [(day("2026-11-01"), 0.40), (day("2026-11-11"), 0.50), (day("2026-11-21"), 0.60)]
    #expect(GoalForecast.forecast(points, today: day("2026-11-21"))?.description == "2026-12-31")
    // Never before today.
    #expect(GoalForecast.forecast(points, today: day("2027-02-01"))?.description == "2027-02-01")
    // Not rising, one point, done already: none.
    #expect(
      GoalForecast.forecast([(day("2026-11-01"), 0.5), (day("2026-11-11"), 0.5)], today: day("2026-11-11")) == nil)
    #expect(
      GoalForecast.forecast([(day("2026-11-01"), 0.5), (day("2026-11-11"), 0.4)], today: day("2026-11-11")) == nil)
    #expect(GoalForecast.forecast([(day("2026-11-01"), 0.5)], today: day("2026-11-11")) == nil)
    #expect(GoalForecast.forecast([(day("2026-11-01"), 0.5), (day("2026-11-11"), 1)], today: day("2026-11-11")) == nil)
  }

  /// Against a least-squares fit done another way (normal equations over random points).
  @Test func theForecastIsTheLeastSquaresLine() {
    var seed: UInt64 = 7
    func next() -> Double {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(seed >> 11) / Double(1 << 53)
    }
    for _ in 0..<500 {
      let count = 2 + Int(next() * 6)
      var dayNumber = day("2026-01-01").dayNumber
      var fraction = next() * 0.5
      var points: [(LocalDate, Double)] = []
      for _ in 0..<count {
        points.append((LocalDate(dayNumber: dayNumber), fraction))
        dayNumber += 1 + Int(next() * 20)
        fraction = min(0.99, fraction + next() * 0.1)
      }
      let n = Double(count)
      let sx = points.reduce(0) { $0 + Double($1.0.dayNumber) }
      let sy = points.reduce(0) { $0 + $1.1 }
      let sxx = points.reduce(0) { $0 + Double($1.0.dayNumber) * Double($1.0.dayNumber) }
      let sxy = points.reduce(0) { $0 + Double($1.0.dayNumber) * $1.1 }
      let slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
      let last = points[count - 1]
      let forecast = GoalForecast.forecast(points, today: last.0)
      if slope > 1e-6 && (1 - last.1) / slope < 30_000 {
        let expected = last.0.adding(days: Int(((1 - last.1) / slope).rounded(.up)))
        #expect(forecast.map { abs($0.dayNumber - expected.dayNumber) <= 1 } == true, "\(points)")
      }
    }
  }

  @Test func aTaskListFinishesAtThePaceItsTasksWereDone() {
    func task(_ line: Int, done: String?) -> TaskItem {
      var task = TaskItem(line: line, status: TaskStatus(symbol: done == nil ? " " : "x"), description: "t\(line)")
      task.done = done.map(day)
      return task
    }
    let today = day("2026-11-28")
    // 2 done in 28 days, 4 open: 56 days.
    let tasks = [
      task(1, done: "2026-11-01"), task(2, done: "2026-11-20"), task(3, done: "2026-10-01"), task(4, done: nil),
      task(5, done: nil), task(6, done: nil), task(7, done: nil),
    ]
    #expect(GoalForecast.finish(tasks, today: today)?.day.description == "2027-01-23")
    #expect(
      GoalForecast.finishText(tasks, today: today)
        == "4 open · 2 done in the last 4 weeks · at this pace done by 2027-01-23")
    #expect(GoalForecast.finish(Array(tasks.prefix(3)), today: today) == nil, "nothing open")
    #expect(GoalForecast.finish(Array(tasks.suffix(4)), today: today) == nil, "nothing done lately")
  }
}
