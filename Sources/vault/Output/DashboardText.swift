import VaultCore

/// `vault today` as text: each section left out when it has nothing to show.
struct DashboardText {
  let dashboard: Dashboard
  let terminal: Terminal
  /// How task descriptions are shown (`TasksPluginSettings.shown`).
  let tasks: TasksPluginSettings
  /// The daily note's path for today, to say where to write when there is none.
  let journalPath: String
  /// The names and emojis of the moods (`moods:` in .vault/config.yml).
  var moods = MoodScale.standard
  /// Labels, shown in their colour with their emoji on a terminal.
  var labels: [Label] = []

  var lines: [String] {
    let today = dashboard.today
    var lines = [terminal.heading(ViewWords.longDate(today)) + terminal.dim(" · week \(dashboard.week)")]
    // A timer running: first, with how to stop it.
    if let timer = dashboard.timer {
      lines +=
        [""]
        + terminal.table(
          [[timer.text(today: today), terminal.dim("`vault track stop`")]], indent: 0, flexible: 0, trailing: 1)
    }
    func section(_ title: String, _ body: [String]) {
      guard !body.isEmpty else { return }
      lines += ["", terminal.heading(title)] + body
    }
    section(
      "Today",
      terminal.table(
        dashboard.events.map { occurrence in
          [
            ViewWords.time(occurrence.event.value, on: today, occurrence: occurrence),
            ViewWords.title(occurrence.event.value),
            terminal.dim(ViewWords.details(occurrence, on: today)),
          ]
        }, flexible: 1, trailing: 1))
    let more =
      dashboard.taskCount > dashboard.tasks.count ? " (\(dashboard.tasks.count) of \(dashboard.taskCount))" : ""
    // The day's progress, as DoMotive shows it: what today's list held, and how much is done.
    let stats = dashboard.stats
    let day =
      stats.totalToday > 0
      ? " · \(stats.doneToday) of \(stats.totalToday) done today"
        + (stats.todayRate.map { " (\(Int(($0 * 100).rounded()))%)" } ?? "") : ""
    section(
      "Tasks" + more + day,
      TaskText.rows(dashboard.tasks, today: today, terminal: terminal, settings: tasks, labels: labels))
    // Tomorrow: its events, then the tasks with a date tomorrow, one line each.
    let tomorrow = today.adding(days: 1)
    section(
      "Tomorrow",
      terminal.table(
        dashboard.tomorrowEvents.map { occurrence in
          [
            ViewWords.time(occurrence.event.value, on: tomorrow, occurrence: occurrence),
            ViewWords.title(occurrence.event.value), terminal.dim(ViewWords.details(occurrence, on: tomorrow)),
          ]
        }
          + dashboard.tomorrowTasks.map { entry in
            [
              entry.reason.rawValue,
              (entry.task.value.priority.emoji.map { $0 + " " } ?? "")
                + ViewText.task(entry.task.value, tasks, labels, terminal),
              terminal.dim(entry.task.shortID + "  " + entry.task.location),
            ]
          }, flexible: 1, trailing: 1))
    section(
      "Coming up",
      terminal.table(
        dashboard.countdowns.map { countdown in
          let occurrence = countdown.occurrence
          return [
            countdown.phrase, ViewWords.title(occurrence.event.value) + (countdown.milestone.map { " — " + $0 } ?? ""),
            terminal.dim(ViewWords.shortDate(occurrence.start)),
          ]
        }, flexible: 1))
    section(
      "Goals",
      terminal.table(
        dashboard.goals.map { progress in
          [
            progress.goal.title, ViewText.bar(progress.goal.value.progress),
            terminal.dim(ViewText.daysLeft(progress.daysLeft)),
          ]
        }, flexible: 0))
    let journal = dashboard.journal
    let anyJournal = journal.entry != nil || journal.week.contains { $0 != nil }
    if anyJournal || lines.count > 1 { section("Journal", journalLines) }
    if !dashboard.suggestions.isEmpty {
      let rows = dashboard.suggestions.map { template in
        let facts = template.attributes.facts.prefix(2).joined(separator: " · ")
        return [template.title, terminal.dim(facts)]
      }
      section(
        "Suggested for your mood",
        terminal.table(rows, indent: 2, flexible: 0)
          + ViewText.joined(
            ["`vault suggest accept 1` takes the first;", "`vault suggest` shows more"], by: " ", indent: 2,
            width: terminal.width
          ).map(terminal.dim))
    }
    var reflection: [String] = []
    if let insight = dashboard.insight {
      let value = insight.value
      let source = [value.author, value.source].compactMap { $0 }.joined(separator: ", ")
      let quote = "“\(value.text)”" + (source.isEmpty ? "" : " — " + source)
      // On a terminal the quote wraps to its width; in a pipe it stays one line.
      let lines = terminal.width.map { ViewText.wrap(quote, max($0 - 2, 20)) } ?? [quote]
      reflection += lines.map { "  " + $0 }
    }
    if let principle = dashboard.principle {
      let text = "Principle: " + principle.value.text
      let lines = terminal.width.map { ViewText.wrap(text, max($0 - 2, 20)) } ?? [text]
      reflection += lines.map { "  " + $0 }
    }
    section("Reflect", reflection)
    let recently = dashboard.recently
    var recent: [String] = []
    if !recently.tasksDone.isEmpty {
      let names = recently.tasksDone.map { tasks.shown($0.value.text) }
      recent.append("  done: " + names.joined(separator: " · "))
    }
    for note in recently.changed {
      let what = note.kind == .journal ? "journal" : note.added ? "added" : "edited"
      recent.append("  " + what + ": " + note.title + "  " + terminal.location(note.path))
    }
    section("Recently", recent)
    if !dashboard.pinned.isEmpty {
      lines += ["", terminal.heading("Pinned") + "  " + dashboard.pinned.map(\.title).joined(separator: " · ")]
    }
    var summary: [String] = []
    if stats.totalThisWeek > 0 {
      let rate = stats.completionRate.map { " (\(Int(($0 * 100).rounded()))%)" } ?? ""
      summary.append("\(stats.doneThisWeek) of \(Counting.of(stats.totalThisWeek, "task")) done\(rate)")
    }
    if stats.cancelledThisWeek > 0 { summary.append("\(stats.cancelledThisWeek) cancelled") }
    if stats.goalsTotal > 0 { summary.append("goals \(stats.goalsDone) of \(stats.goalsTotal) done") }
    if stats.journalStreak > 0 { summary.append("journal streak " + Counting.of(stats.journalStreak, "day")) }
    if !summary.isEmpty { section("This week", ViewText.joined(summary, by: " · ", indent: 2, width: terminal.width)) }
    let planned =
      !dashboard.events.isEmpty || !dashboard.tasks.isEmpty || !dashboard.countdowns.isEmpty
      || !dashboard.goals.isEmpty || anyJournal
    if !planned {
      // A new vault: what to do first, right under the date.
      lines.insert(
        contentsOf: [
          "", "Nothing planned, nothing due. Try `vault add task \"Call Mum\" --due tomorrow`,",
          "`vault journal \"First entry\" --mood 7`, or an event note in Events/ (docs/FORMAT.md).",
        ], at: 1)
    }
    return lines
  }

  private var journalLines: [String] {
    let journal = dashboard.journal
    var lines: [String] = []
    if let entry = journal.entry {
      let mood = entry.value.mood.map {
        moods.text($0)
          + (entry.value.moodTags.isEmpty ? "" : " (" + entry.value.moodTags.joined(separator: ", ") + ")")
      }
      // The mood goes on a line of its own where the two do not fit side by side.
      lines += ViewText.joined(
        ["today: " + terminal.location(entry.path), mood ?? "no mood yet"], by: " · ", indent: 2,
        width: terminal.width)
    } else {
      lines.append("  no entry yet today: " + terminal.dim(journalPath))
    }
    if journal.week.contains(where: { $0 != nil }) {
      let moods = journal.week.compactMap { $0 }
      let average = Double(moods.reduce(0, +)) / Double(moods.count)
      lines.append(
        "  last 7 days " + ViewText.sparkline(journal.week) + terminal.dim(" average " + String(format1: average)))
    }
    return lines
  }
}

/// Task rows: priority, description, why it is listed, short id, `path:line`.
enum TaskText {
  static func rows(
    _ entries: [Agenda.TaskEntry], today: LocalDate, terminal: Terminal, settings: TasksPluginSettings,
    labels: [Label] = []
  ) -> [String] {
    terminal.table(
      entries.map { entry in
        let reason = ViewText.reason(entry, today: today)
        return [
          ViewText.priority(entry.task.value.priority),
          ViewText.task(entry.task.value, settings, labels, terminal),
          entry.reason == .overdue ? terminal.red(reason) : reason, terminal.dim(entry.task.shortID),
          terminal.location(entry.task.location),
        ]
      }, flexible: 1, trailing: 2)
  }
}

extension String {
  /// One decimal: `6.4`.
  init(format1 value: Double) {
    let tenths = Int((value * 10).rounded())
    self = "\(tenths / 10).\(abs(tenths % 10))"
  }
}
