import VaultCore
import VaultKit

/// The week by the hour, under the week's row of days (whose bars are its all-day lane), and a
/// day by the hour on its page, under its all-day events: each
/// timed event of one day placed by its start and end on the viewer's clock (a column a day,
/// a row a quarter of an hour), events at the same time side by side, and a line at now on
/// today. The hours shown are 07:00 to 21:00, and more when an event is earlier or later.
extension WebSite {
  /// `count` days from `from`: the week's seven, or the day page's one.
  func hourGrid(_ days: [Agenda.Day], from: LocalDate, count: Int = 7, now: LocalDateTime) -> [String: Any] {
    let columns = (0..<count).map { from.adding(days: $0) }
    var placed: [(column: Int, start: Int, end: Int, occurrence: EventOccurrence)] = []
    for (index, date) in columns.enumerated() {
      let events = days.first { $0.date == date }?.events ?? []
      for occurrence in events where occurrence.dayCount == 1 {
        guard let start = occurrence.startMoment, start.date == date else { continue }
        let startMinute = start.time.hour * 60 + start.time.minute
        var endMinute = startMinute + 60
        if let end = occurrence.endMoment {
          endMinute = end.date == date ? end.time.hour * 60 + end.time.minute : 24 * 60
        }
        placed.append((index, startMinute, max(endMinute, startMinute + 15), occurrence))
      }
    }
    let firstHour = min(7, placed.map { $0.start / 60 }.min() ?? 7)
    let lastHour = max(21, placed.map { ($0.end + 59) / 60 }.max() ?? 21)
    let rows = (lastHour - firstHour) * 4
    func row(_ minute: Int) -> Int { max(0, min(rows, (minute - firstHour * 60) / 15)) + 2 }
    // Side by side: each event in the first lane of its day free at its start.
    var lanes: [Int: [Int]] = [:]
    var events: [[String: Any]] = []
    for event in placed.sorted(by: { ($0.column, $0.start) < ($1.column, $1.start) }) {
      var ends = lanes[event.column] ?? []
      let lane = ends.firstIndex { $0 <= event.start } ?? ends.count
      if lane == ends.count { ends.append(event.end) } else { ends[lane] = event.end }
      lanes[event.column] = ends
      let value = event.occurrence.event.value
      let time = String(format: "%02d:%02d", event.start / 60, event.start % 60)
      // At least half an hour tall, so that its time and title can be read.
      let bottom = max(row(event.end), row(event.start) + 2)
      var style = "grid-column: \(event.column + 2); grid-row: \(row(event.start)) / \(bottom)"
      style += "; margin-left: \(lane * 14)px"
      if let color = color(of: value) { style += "; --bar: \(color)" }
      let path = event.occurrence.event.path
      let other = WorkspaceOverlay.unmark(path)
      let workspace = Self.workspaceColor(of: path)
      if let workspace { style += "; --ws: \(workspace)" }
      var chip: [String: Any] = [
        "title": ViewWords.title(value), "time": time, "href": Self.eventAddress(path), "style": style,
        "label": "\(ViewWords.shortDate(columns[event.column])) \(time): \(ViewWords.title(value))"
          + (other.map { ", in \($0.workspace)" } ?? ""),
        "ws": workspace != nil,
      ]
      // A one-off event of this workspace is dragged to another day's column (`/events/move`).
      if value.recurrence == nil, other == nil { chip["path"] = path }
      events.append(chip)
    }
    var grid: [String: Any] = [
      "rows": "grid-template-rows: 1.8em repeat(\(rows), 11px)"
        + (count == 7 ? "" : "; grid-template-columns: 3.2em repeat(\(count), minmax(0, 1fr))"),
      "columns": columns.enumerated().map { index, date in
        [
          "name": String(date.weekday.name.prefix(3)).capitalized, "day": date.day,
          "style": "grid-column: \(index + 2); grid-row: 1", "href": "/day?date=\(date)", "date": "\(date)",
        ]
      },
      "hours": (firstHour..<lastHour).map { hour in
        ["label": String(format: "%02d:00", hour), "style": "grid-row: \(row(hour * 60)) / span 4"]
      },
      "events": events,
    ]
    if let column = columns.firstIndex(of: now.date) {
      let minute = now.time.hour * 60 + now.time.minute
      if minute >= firstHour * 60, minute < lastHour * 60 {
        grid["now"] = [
          "style": "grid-column: \(column + 2); grid-row: \(row(minute))",
          "time": String(format: "%02d:%02d", now.time.hour, now.time.minute),
        ]
      }
    }
    return grid
  }
}
