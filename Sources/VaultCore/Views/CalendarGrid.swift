/// `vault calendar`'s grid for a run of days: weeks of day cells, each with one mark per kind
/// of thing on that day (so no kind ever hides another), and each multi-day event as one bar
/// across its days in every week it touches.
public struct CalendarGrid: Sendable {
  /// What a day holds, one mark per kind, in this order.
  public enum Mark: String, Sendable, CaseIterable, Codable {
    /// A one-day event (multi-day events are bars).
    case event
    /// An open task due that day (done and cancelled tasks are not marks).
    case task
    /// A note dated that day that is not an event or a daily note.
    case note
    /// The day's journal (daily note).
    case journal
  }

  public struct Cell: Sendable {
    public var date: LocalDate
    public var marks: [Mark]
    /// The colour (`#rrggbb`) of the day's first one-day event that has one.
    public var eventColor: String?
  }

  /// A multi-day event's stretch within one week.
  public struct Bar: Sendable {
    public var occurrence: EventOccurrence
    /// Its first and last columns in the week, 0 to 6.
    public var first: Int
    public var last: Int
    /// Whether the event goes on before the week's first column or after its last.
    public var continuesBefore: Bool
    public var continuesAfter: Bool
    /// Its colour (`#rrggbb`): the event's `color`, else its category's.
    public var color: String?
  }

  public struct Week: Sendable {
    /// The week number as `vault today` counts it for the vault's `week_start`.
    public var number: Int
    /// Its first day (which may be outside the days shown).
    public var start: LocalDate
    /// Seven cells; nil for days outside the run shown.
    public var days: [Cell?]
    /// The bars, in lanes: bars in one lane never overlap.
    public var lanes: [[Bar]]
  }

  public var weeks: [Week]

  /// The grid of `days` (consecutive, as `Agenda.days` gives them), weeks starting on
  /// `weekStart`; `categoryColors` maps a lower-cased category to its colour. `openDueDays`,
  /// when given, are the days with an open task due (for days read without their tasks).
  public init(
    _ days: [Agenda.Day], weekStart: Weekday, categoryColors: [String: String] = [:],
    openDueDays: Set<LocalDate>? = nil
  ) {
    weeks = []
    guard let firstDay = days.first?.date, let lastDay = days.last?.date else { return }
    let byDate = Dictionary(days.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
    let color = { (occurrence: EventOccurrence) -> String? in
      occurrence.event.value.color ?? occurrence.event.value.category.flatMap { categoryColors[$0.lowercased()] }
    }
    var start = firstDay.startOfWeek(weekStart)
    while start <= lastDay {
      let dates = (0..<7).map { start.adding(days: $0) }
      let cells = dates.map { date -> Cell? in
        guard let day = byDate[date] else { return nil }
        let single = day.events.filter { $0.dayCount == 1 }
        var marks: [Mark] = []
        if !single.isEmpty { marks.append(.event) }
        if openDueDays?.contains(date)
          ?? day.tasks.contains(where: { $0.reason == .due && $0.task.value.isOpen })
        {
          marks.append(.task)
        }
        if !day.notes.isEmpty { marks.append(.note) }
        if day.journal != nil { marks.append(.journal) }
        return Cell(date: date, marks: marks, eventColor: single.lazy.compactMap(color).first)
      }
      // Each multi-day occurrence once, clipped to the days shown in this week.
      var seen = Set<String>()
      var bars: [Bar] = []
      for (column, date) in dates.enumerated() {
        guard let day = byDate[date] else { continue }
        for occurrence in day.events where occurrence.dayCount > 1 {
          let key = "\(occurrence.event.path)|\(occurrence.start)"
          guard seen.insert(key).inserted else { continue }
          let shownLast = dates.lastIndex { byDate[$0] != nil && occurrence.covers($0) } ?? column
          bars.append(
            Bar(
              occurrence: occurrence, first: column, last: shownLast, continuesBefore: occurrence.start < date,
              continuesAfter: occurrence.end > dates[shownLast], color: color(occurrence)))
        }
      }
      weeks.append(
        Week(
          number: start.weekNumber(startingOn: weekStart), start: start, days: cells, lanes: Self.lanes(bars)))
      start = start.adding(days: 7)
    }
  }

  /// Bars placed in the fewest lanes, first come first placed (longest first on the same day).
  static func lanes(_ bars: [Bar]) -> [[Bar]] {
    let ordered = bars.sorted { left, right in
      if left.first != right.first { return left.first < right.first }
      if left.last != right.last { return left.last > right.last }
      return left.occurrence.event.path < right.occurrence.event.path
    }
    var lanes: [[Bar]] = []
    for bar in ordered {
      if let index = lanes.firstIndex(where: { ($0.last?.last ?? -1) < bar.first }) {
        lanes[index].append(bar)
      } else {
        lanes.append([bar])
      }
    }
    return lanes
  }
}
