import Hummingbird
import VaultCore
import VaultKit

/// `/`: the dashboard of `vault today`, from the same `Vault.dashboard` call.
extension WebSite {
  func today(_ request: Request) async throws -> Response {
    let today = await session.today
    let now = await session.now
    let vault = vault
    let limit = vault.settings.dashboardLimit
    var dashboard = try await session.read { store, _ in
      try vault.dashboard(in: store, today: today, limit: limit, time: TaskTemplate.TimeOfDay(now.time))
    }
    dashboard.timer = vault.runningTimer(now: now)
    // What the page suggests is what its accept button (and `vault suggest accept N`) takes.
    try? vault.recordShown(
      dashboard.suggestions, mood: dashboard.journal.entry?.value.mood, at: LocalDateTime(date: today, time: now.time),
      shownLast: dashboard.suggestionsShownLast)
    // With accounts: the other workspaces' events of today and tomorrow too.
    let overlays = Viewer.current?.overlays ?? []
    let events = await WorkspaceOverlay.events(on: today, besides: dashboard.events, with: overlays)
    let tomorrow = await WorkspaceOverlay.events(
      on: today.adding(days: 1), besides: dashboard.tomorrowEvents, with: overlays)
    var values: [String: Any] = [
      "date": ViewWords.longDate(today), "week": dashboard.week, "back": "/",
      "timer": dashboard.timer.map { $0.text(today: today) } ?? "",
      "events": events.map { eventRow($0, on: today) },
      "tasks": dashboard.tasks.map {
        taskRow($0.task, when: ViewWords.reason($0, today: today), overdue: $0.reason == .overdue, back: "/")
      },
      "moreTasks": dashboard.taskCount > dashboard.tasks.count ? dashboard.taskCount - dashboard.tasks.count : 0,
      "tomorrowEvents": tomorrow.map { eventRow($0, on: today.adding(days: 1)) },
      "tomorrowTasks": dashboard.tomorrowTasks.map {
        taskRow($0.task, when: nil, back: "/")
      },
      "countdowns": dashboard.countdowns.map { countdown -> [String: Any] in
        let occurrence = countdown.occurrence
        return [
          "phrase": countdown.phrase, "title": ViewWords.title(occurrence.event.value),
          "href": Self.noteAddress(occurrence.event.path), "date": ViewWords.shortDate(occurrence.start),
        ].merging(countdown.milestone.map { ["milestone": $0] } ?? [:]) { first, _ in first }
      },
      "goals": dashboard.goals.map { goalValues($0.goal, daysLeft: $0.daysLeft) },
      "stats": [
        "done": dashboard.stats.doneThisWeek, "total": dashboard.stats.totalThisWeek,
        "streak": dashboard.stats.journalStreak, "doneToday": dashboard.stats.doneToday,
        "totalToday": dashboard.stats.totalToday,
      ],
      "suggestions": dashboard.suggestions.enumerated().map { index, template in
        ["number": index + 1, "text": template.title]
      },
    ]
    values["hasTasks"] = !dashboard.tasks.isEmpty
    values["hasTomorrow"] = !dashboard.tomorrowEvents.isEmpty || !dashboard.tomorrowTasks.isEmpty
    if let entry = dashboard.journal.entry {
      values["journal"] = [
        "href": Self.noteAddress(entry.path), "mood": moodText(entry.value.mood) ?? "no mood yet",
        "tags": entry.value.moodTags.joined(separator: ", "),
      ]
    }
    // The last seven days' moods as a small chart, as the terminal draws its sparkline, with
    // the day under each bar and the average.
    let week = dashboard.journal.week
    values["week7"] = week.enumerated().map { index, mood -> [String: Any] in
      let day = today.adding(days: index - (week.count - 1))
      return [
        "value": mood ?? 0, "shown": mood.map(String.init) ?? "–", "has": mood != nil,
        "height": "height: \(max(2, (mood ?? 0) * 5))px", "day": String(day.weekday.name.prefix(2)).capitalized,
        "label": "\(ViewWords.shortDate(day)): " + (mood.map { "\($0) of 10" } ?? "no mood"),
      ]
    }
    let logged = week.compactMap { $0 }
    if !logged.isEmpty {
      values["moodAverage"] = String(format: "%.1f", Double(logged.reduce(0, +)) / Double(logged.count))
    }
    if let insight = dashboard.insight {
      values["insight"] = [
        "text": insight.value.text, "author": insight.value.author as Any, "href": Self.noteAddress(insight.path),
      ]
    }
    if let principle = dashboard.principle {
      values["principle"] = ["text": principle.value.text, "href": Self.noteAddress(principle.path)]
    }
    return renderer.page("today", title: "Today", section: "/", values: values)
  }

  func goalValues(_ goal: Located<Goal>, daysLeft: Int?) -> [String: Any] {
    var values: [String: Any] = [
      "title": goal.title, "href": Self.noteAddress(goal.path), "path": goal.path, "done": goal.value.isDone,
    ]
    if let progress = goal.value.progress {
      values["percent"] = Int((progress * 100).rounded())
      values["hasProgress"] = true
    }
    if let target = goal.value.target { values["target"] = target.description }
    if let daysLeft { values["daysLeft"] = daysLeft < 0 ? "\(-daysLeft) days past" : "\(daysLeft) days left" }
    return values
  }
}
