import Hummingbird
import VaultCore
import VaultKit

/// `/calendar?month=2026-11` (or `?week=2026-11-23`): the grid of `vault calendar`, multi-day
/// events as bars in their category's colour, marks for tasks due, dated notes and journal
/// days; a day opens `/day?date=…`, the agenda of that day.
extension WebSite {
  func calendar(_ request: Request) async throws -> Response {
    let today = await session.today
    let query = request.uri.queryParameters
    let weekStart = vault.settings.firstWeekday
    let from: LocalDate
    let through: LocalDate
    let previous: String
    let next: String
    let heading: String
    let byWeek = query.get("week") != nil
    if let week = query.get("week") {
      let day = try Self.date(String(week), "week", today: today) ?? today
      from = day.startOfWeek(weekStart)
      through = from.adding(days: 6)
      previous = "/calendar?week=\(from.adding(days: -7))"
      next = "/calendar?week=\(from.adding(days: 7))"
      heading =
        "Week \(from.weekNumber(startingOn: weekStart)) · \(ViewWords.shortDate(from)) – \(ViewWords.shortDate(through))"
    } else {
      let month = query.get("month").flatMap { Self.month(String($0)) } ?? (today.year, today.month)
      guard let first = LocalDate(year: month.0, month: month.1, day: 1) else {
        throw WebFailure(status: .badRequest, title: "Not a month", advice: "Give the month as YYYY-MM.")
      }
      from = first
      let before = Self.firstOfMonth(first, plus: -1)
      let after = Self.firstOfMonth(first, plus: 1)
      through = after.adding(days: -1)
      previous = "/calendar?month=" + Self.monthText(before)
      next = "/calendar?month=" + Self.monthText(after)
      heading = "\(ViewWords.monthNames[first.month - 1]) \(first.year)"
    }
    let vault = vault
    var (days, dueDays) = try await session.read { store, _ in
      try vault.calendarDays(in: store, from: from, through: through)
    }
    // With accounts: the events of the other workspaces the account sees, too.
    let overlays = Viewer.current?.overlays ?? []
    days = await WorkspaceOverlay.merge(days, with: overlays, from: from, through: through)
    let grid = CalendarGrid(
      days, weekStart: weekStart, categoryColors: vault.settings.categoryColors, openDueDays: dueDays)
    // Events of one day are named in their cell; longer ones are the week's bars.
    let single = Dictionary(
      days.map { day in (day.date, day.events.filter { $0.dayCount == 1 }) }, uniquingKeysWith: { first, _ in first })
    let weeks = grid.weeks.map { week -> [String: Any] in
      let cells = week.days.enumerated().map { index, cell -> [String: Any] in
        guard let cell else { return ["outside": true, "column": index + 1] }
        let marks = cell.marks.map(\.rawValue)
        return [
          "day": cell.date.day, "date": cell.date.description, "href": "/day?date=\(cell.date)",
          "today": cell.date == today, "column": index + 1, "marks": marks.map { ["name": $0] },
          "events": (single[cell.date] ?? []).prefix(3).map { occurrence -> [String: Any] in
            let title = ViewWords.title(occurrence.event.value)
            let time = ViewWords.time(occurrence.event.value, on: cell.date, occurrence: occurrence)
            var chip: [String: Any] = ["title": title, "time": time == "all day" ? "" : String(time.prefix(5))]
            let path = occurrence.event.path
            let other = WorkspaceOverlay.unmark(path)
            // A one-off event of this workspace can be dragged to another day (`/events/move`,
            // as the day's form).
            if occurrence.event.value.recurrence == nil, other == nil { chip["path"] = path }
            if let color = Self.workspaceColor(of: path) { chip["ws"] = color }
            if let other { chip["workspace"] = other.workspace }
            return chip
          },
          "label": ViewWords.longDate(cell.date) + (marks.isEmpty ? "" : ": " + marks.joined(separator: ", ")),
        ]
      }
      var bars: [[String: Any]] = []
      for (lane, laneBars) in week.lanes.enumerated() {
        for bar in laneBars {
          let place = "grid-column: \(bar.first + 1) / \(bar.last + 2); grid-row: \(lane + 2)"
          let path = bar.occurrence.event.path
          let workspace = Self.workspaceColor(of: path)
          bars.append([
            "title": ViewWords.title(bar.occurrence.event.value), "href": Self.eventAddress(path),
            "style": place + (color(of: bar.occurrence.event.value).map { "; --bar: \($0)" } ?? "")
              + (workspace.map { "; --ws: \($0)" } ?? ""),
            "before": bar.continuesBefore, "after": bar.continuesAfter, "ws": workspace != nil,
            "workspace": WorkspaceOverlay.unmark(path)?.workspace ?? "",
          ])
        }
      }
      return ["number": week.number, "days": cells, "bars": bars]
    }
    let names = (0..<7).map { offset in
      ["name": String(from.startOfWeek(weekStart).adding(days: offset).weekday.name.prefix(3).capitalized)]
    }
    var values: [String: Any] = [
      "heading": heading, "weeks": weeks, "previous": previous, "next": next, "weekdays": names,
      "todayHref": byWeek ? "/calendar?week=\(today)" : "/calendar",
      "switchHref": byWeek ? "/calendar?month=" + Self.monthText(from) : "/calendar?week=\(today)",
      "switchName": byWeek ? "Month" : "Week",
    ]
    if let viewer = Viewer.current, !overlays.isEmpty {
      values["workspaces"] = ([viewer.workspace] + overlays.map(\.workspace)).map {
        ["name": $0.name, "color": Viewer.css($0.color)]
      }
    }
    if byWeek { values["hourGrid"] = hourGrid(days, from: from, now: await session.now) }
    return renderer.page("calendar", title: heading, section: "/calendar", values: values)
  }

  /// `/day?date=2026-11-24`: that day's agenda.
  func day(_ request: Request) async throws -> Response {
    let today = await session.today
    let date = try Self.date(String(request.uri.queryParameters.get("date") ?? ""), "date", today: today) ?? today
    let vault = vault
    let days = try await session.read { store, _ in try vault.agenda(in: store, from: date, through: date) }
    let back = "/day?date=\(date)"
    let agenda = days.first
    // With accounts: the other workspaces' events of the day, each opening in its own.
    let shown = await WorkspaceOverlay.merge(
      days, with: Viewer.current?.overlays ?? [], from: date, through: date)
    let theirs = (shown.first?.events ?? []).filter { WorkspaceOverlay.unmark($0.event.path) != nil }
    var values: [String: Any] = [
      "heading": ViewWords.longDate(date), "date": date.description, "back": back,
      // Each event moves (a one-off one) and goes to the trash from here.
      "events": (agenda?.events ?? []).map { occurrence -> [String: Any] in
        var row = eventRow(occurrence, on: date)
        row["editable"] = true
        row["oneOff"] = occurrence.event.value.recurrence == nil
        row["path"] = occurrence.event.path
        row["back"] = back
        row["day"] = date.description
        // What its change form starts from: the note's own values.
        let event = occurrence.event.value
        row["plainTitle"] = event.title
        row["startTime"] = event.startTime?.hourMinute ?? ""
        row["endTime"] = event.endTime?.hourMinute ?? ""
        row["place"] = event.location ?? ""
        row["category"] = event.category ?? ""
        return row
      } + theirs.map { eventRow($0, on: date) },
      "tasks": (agenda?.tasks ?? []).map {
        taskRow($0.task, when: ViewWords.reason($0, today: date), overdue: $0.reason == .overdue, back: back)
      },
      "notes": (agenda?.notes ?? []).map { ["title": $0.title, "href": Self.noteAddress($0.path)] },
      "empty": (agenda?.isEmpty ?? true) && theirs.isEmpty, "previous": "/day?date=\(date.adding(days: -1))",
      "next": "/day?date=\(date.adding(days: 1))", "month": "/calendar?month=" + Self.monthText(date),
    ]
    if let journal = agenda?.journal {
      values["journal"] = ["href": Self.noteAddress(journal.path), "mood": moodText(journal.value.mood) ?? "no mood"]
    }
    // The day by the hour, when it has timed events.
    if shown.first?.events.contains(where: { !$0.event.value.allDay && $0.dayCount == 1 }) == true {
      values["hourGrid"] = hourGrid(shown, from: date, count: 1, now: await session.now)
    }
    return renderer.page("day", title: ViewWords.longDate(date), section: "/calendar", values: values)
  }

  static func month(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "-")
    guard parts.count == 2, let year = Int(parts[0]), let month = Int(parts[1]), (1...9999).contains(year),
      (1...12).contains(month)
    else { return nil }
    return (year, month)
  }

  /// The first day of the month `months` after `date`'s.
  static func firstOfMonth(_ date: LocalDate, plus months: Int) -> LocalDate {
    let index = date.year * 12 + date.month - 1 + months
    return LocalDate(year: index / 12, month: index % 12 + 1, day: 1) ?? date
  }

  static func monthText(_ date: LocalDate) -> String {
    String(format: "%04d-%02d", date.year, date.month)
  }
}
