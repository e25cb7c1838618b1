extension Dashboard {
  /// The morning digest (`reminders.digest_at`): `vault today` in a few lines for a
  /// notification — the day's events with their times, the tasks on today's list (overdue
  /// ones said so), the next countdown, and today's mood when it is logged.
  public var digest: (title: String, body: String) {
    let dayName = today.weekday.name.prefix(1).uppercased() + today.weekday.name.dropFirst()
    var counts: [String] = []
    if !events.isEmpty { counts.append(count(events.count, "event")) }
    if taskCount > 0 { counts.append(count(taskCount, "task")) }
    let title = "\(dayName) \(today)" + (counts.isEmpty ? ": nothing planned" : ": " + counts.joined(separator: ", "))
    var lines: [String] = []
    for occurrence in events.prefix(4) {
      let event = occurrence.event.value
      let when =
        occurrence.startTime == nil
        ? (occurrence.dayCount > 1 ? "day \(occurrence.dayNumber(of: today))/\(occurrence.dayCount)" : "all day")
        : occurrence.startTime?.hourMinute ?? ""
      lines.append("\(when) " + ([event.emoji, event.title].compactMap { $0 }.joined(separator: " ")))
    }
    if events.count > 4 { lines.append("… and \(count(events.count - 4, "more event"))") }
    if !tasks.isEmpty {
      let shown = tasks.prefix(3).map { entry in
        TaskReminder.split(entry.task.value.description, defaultTime: .midnight).0
          + (entry.reason == .overdue ? " (overdue)" : "")
      }
      let more = taskCount - shown.count
      lines.append("Tasks: " + shown.joined(separator: "; ") + (more > 0 ? "; … and \(more) more" : ""))
    }
    if let next = countdowns.first(where: { $0.days > 0 }) {
      lines.append("Next: \(next.occurrence.event.value.title) in \(count(next.days, "day"))")
    }
    if let mood = journal.entry?.value.mood { lines.append("Mood: \(mood)/10") }
    return (title, lines.joined(separator: "\n"))
  }

  private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
