import Foundation
import Hummingbird
import VaultCore
import VaultKit

/// The pages to look back and ahead: countdowns, goals (with their progress to set), the
/// journal (with a new entry and its mood), insights, one principle at a time, and the mood
/// over weeks and months.
extension WebSite {
  func countdown() async throws -> Response {
    let today = await session.today
    let vault = vault
    let events = try await session.read { store, _ in try vault.events(in: store) }
    let countdowns = Countdown.upcoming(events, today: today, horizon: 366, routine: false, current: true)
    let values: [String: Any] = [
      "countdowns": countdowns.map { countdown -> [String: Any] in
        let occurrence = countdown.occurrence
        var values: [String: Any] = [
          "phrase": countdown.phrase, "days": countdown.days, "title": ViewWords.title(occurrence.event.value),
          "href": Self.noteAddress(occurrence.event.path),
          "date": ViewWords.longDate(occurrence.start),
        ]
        if let milestone = countdown.milestone { values["milestone"] = milestone }
        if let color = color(of: occurrence.event.value) { values["style"] = "--bar: \(color)" }
        return values
      },
      "empty": countdowns.isEmpty,
    ]
    return renderer.page("countdown", title: "Countdown", section: "/countdown", values: values)
  }

  func goals() async throws -> Response {
    let today = await session.today
    let vault = vault
    let goals = try await session.read { store, _ in try vault.goals(in: store) }
    // As `vault goals` lists them: open ones by target; then those done.
    let row = { (progress: GoalProgress) -> [String: Any] in
      var values = goalValues(progress.goal, daysLeft: progress.daysLeft)
      if let forecast = ViewWords.forecast(progress) { values["forecast"] = forecast }
      let source = progress.goal.value.progressSource
      values["settable"] = source == nil || source == "progress property"
      values["percentValue"] = values["percent"] ?? 0
      return values
    }
    let values: [String: Any] = [
      "goals": vault.withForecasts(GoalProgress.open(goals, today: today), today: today).map(row),
      "done": GoalProgress.done(goals, today: today).map(row), "empty": goals.isEmpty,
    ]
    return renderer.page("goals", title: "Goals", section: "/goals", values: values)
  }

  /// `vault goal … --progress N%`.
  func setProgress(_ form: [String: String]) async throws -> Response {
    guard let path = form["goal"], let percent = Double(form["percent"] ?? ""), (0...100).contains(percent) else {
      throw WebFailure(status: .badRequest, title: "Which progress?", advice: "Give the progress as 0 to 100.")
    }
    let vault = vault
    let goal = try await session.read { store, _ in try vault.goals(in: store).first { $0.path == path } }
    guard let goal else { throw WebFailure(status: .notFound, title: "No such goal", advice: "Reload the page.") }
    _ = try vault.setGoalProgress(percent / 100, in: goal.path, on: await session.today)
    return back(form, fallback: "/goals")
  }

  /// `/journal?date=…`: that day's entry (today's by default), a form for a new one with a mood
  /// slider, and the days before with their moods.
  func journal(_ request: Request) async throws -> Response {
    let today = await session.today
    let date = try Self.date(String(request.uri.queryParameters.get("date") ?? ""), "date", today: today) ?? today
    let vault = vault
    let days = try await session.read { store, _ in
      try vault.journalDays(in: store, from: date.adding(days: -30), through: date)
    }
    let entry = days.last { $0.date == date }
    let moods = vault.settings.moods
    var values: [String: Any] = [
      "heading": ViewWords.longDate(date), "date": date.description, "isToday": date == today,
      "moods": (1...10).map { mood in
        ["value": mood, "name": moods.entries[mood].map { "\($0.emoji) \($0.name)" } ?? "\(mood)"]
      },
      "earlier": days.filter { $0.date != date }.reversed().map { day -> [String: Any] in
        [
          "date": ViewWords.shortDate(day.date), "href": "/journal?date=\(day.date)",
          "mood": moodText(day.mood) ?? "no mood", "line": Self.inlineHTML(day.firstLine),
        ]
      },
      "moodDefault": entry?.mood ?? 5,
    ]
    if let entry {
      values["entry"] = [
        "mood": moodText(entry.mood) ?? "no mood yet", "tags": entry.moodTags.joined(separator: ", "),
        "html": Self.html(entry.text), "href": Self.noteAddress(entry.path),
      ]
    }
    return renderer.page("journal", title: "Journal", section: "/journal", values: values)
  }

  /// `vault journal "text" --mood N --mood-tags a,b`: a line at the time, in the day's note.
  func writeJournal(_ form: [String: String]) async throws -> Response {
    let today = await session.today
    let now = await session.now
    let text = (form["text"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    let mood = form["setMood"] == "on" ? Int(form["mood"] ?? "") : nil
    if let mood, !(1...10).contains(mood) {
      throw WebFailure(status: .badRequest, title: "Not a mood", advice: "A mood is from 1 to 10.")
    }
    let tags = (form["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard !text.isEmpty || mood != nil || !tags.isEmpty else {
      throw WebFailure(
        status: .badRequest, title: "Nothing to write", advice: "Write a line, or tick the mood and set it.")
    }
    let (path, _) = try vault.dailyNote(for: today, time: now.time)
    if !text.isEmpty {
      for line in text.split(whereSeparator: \.isNewline) where !line.trimmingCharacters(in: .whitespaces).isEmpty {
        _ = try vault.appendJournal(String(line), at: now.time, in: path)
      }
    }
    if let mood { _ = try vault.setProperty("mood", to: String(mood), in: path, preferred: .number) }
    if !tags.isEmpty {
      _ = try vault.setProperty(
        "mood_tags", to: tags.joined(separator: ","), in: path, preferred: .multitext, addingToList: true)
    }
    return back(form, fallback: "/journal")
  }

  func insights() async throws -> Response {
    let vault = vault
    let insights = try await session.read { store, _ in try vault.insights(in: store) }
    let values: [String: Any] = [
      "insights": insights.map { insight in
        [
          "text": insight.value.text, "author": insight.value.author as Any, "source": insight.value.source as Any,
          "href": Self.noteAddress(insight.path), "title": insight.title,
        ]
      },
      "empty": insights.isEmpty,
    ]
    return renderer.page("insights", title: "Insights", section: "/insights", values: values)
  }

  /// `/align?n=3`: one principle of the personal code at a time, the day's by default.
  func align(_ request: Request) async throws -> Response {
    let today = await session.today
    let vault = vault
    let principles = try await session.read { store, _ in try vault.principles(in: store) }
    var values: [String: Any] = ["empty": principles.isEmpty, "code": vault.settings.personalCode]
    if !principles.isEmpty {
      let chosen = request.uri.queryParameters.get("n").flatMap { Int($0) }
      let index =
        chosen.map { (($0 - 1) % principles.count + principles.count) % principles.count }
        ?? Dashboard.ofTheDay(count: principles.count, today: today)
      let principle = principles[index]
      values["principle"] = [
        "text": principle.value.text, "href": Self.noteAddress(principle.path), "number": index + 1,
        "count": principles.count,
      ]
      values["previous"] = "/align?n=\(index == 0 ? principles.count : index)"
      values["next"] = "/align?n=\((index + 1) % principles.count + 1)"
    }
    return renderer.page("align", title: "Align", section: "/align", values: values)
  }

  /// Mood by week over half a year and by month over two years, as bars; mood by tag.
  func mood() async throws -> Response {
    let today = await session.today
    let vault = vault
    let weekStart = vault.settings.firstWeekday
    let entries = try await session.read { store, _ in
      try vault.journal(in: store, from: today.adding(days: -731), through: today)
    }
    let weeks = MoodReport(
      entries, from: today.adding(days: -7 * 25), through: today, grouping: .week, weekStart: weekStart)
    let months = MoodReport(entries, from: today.adding(days: -700), through: today, grouping: .month)
    let bars = { (report: MoodReport, label: (LocalDate) -> String) -> [[String: Any]] in
      report.rows.map { row in
        [
          "label": label(row.start), "value": row.average.map { String(format: "%.1f", $0) } ?? "–",
          "percent": Int(((row.average ?? 0) * 10).rounded()), "has": row.average != nil,
          "style": "--value: \(Int(((row.average ?? 0) * 10).rounded()))%", "entries": row.entries,
        ]
      }
    }
    let values: [String: Any] = [
      "average": weeks.average.map { String(format: "%.1f", $0) } ?? "–",
      "weeks": bars(weeks) { "week \($0.weekNumber(startingOn: weekStart)), " + ViewWords.shortDate($0) },
      "months": bars(months) { "\(ViewWords.monthNames[$0.month - 1].prefix(3)) \($0.year)" },
      "tags": months.byTag.map { tag in
        ["tag": tag.tag, "average": String(format: "%.1f", tag.average), "days": tag.days]
      },
      "empty": entries.allSatisfy { $0.value.mood == nil },
    ]
    return renderer.page("mood", title: "Mood", section: "/mood", values: values)
  }

  /// `vault suggest accept N` / `dismiss N`, on the list the page showed.
  func suggestion(accept: Bool, _ form: [String: String]) async throws -> Response {
    guard let number = Int(form["number"] ?? "") else {
      throw WebFailure(status: .badRequest, title: "Which suggestion?", advice: "Reload the page.")
    }
    let now = await session.now
    let vault = vault
    let (template, mood) = try await session.read { store, _ in
      try vault.shownSuggestion(number, on: now.date, in: store)
    }
    if accept {
      _ = try vault.accept(template, mood: mood, at: now)
    } else {
      try vault.dismiss(template, mood: mood, at: now)
    }
    return back(form)
  }
}
