import VaultCore
import VaultMarkdown

/// What `vault track stop` did: the stretch logged, and the task's total.
public struct StoppedTimer: Sendable, Encodable {
  public var entry: TimeLogEntry
  public var path: String
  public var line: Int
  /// Where the task is and its `[tracked:: …]` now; nil when its line was not found (changed
  /// or removed since the timer started).
  public var task: String?
  public var totalMinutes: Int?

  enum CodingKeys: String, CodingKey { case entry, path, line, task, totalMinutes }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(entry, forKey: .entry)
    try c.encode(path, forKey: .path)
    try c.encode(line, forKey: .line)
    try c.encode(task, forKey: .task)
    try c.encode(totalMinutes, forKey: .totalMinutes)
  }
}

/// The time logged over some days (`vault track report`).
public struct TimeReport: Sendable, Encodable {
  public struct TaskTime: Sendable, Encodable {
    public var task: String
    public var note: String
    public var minutes: Int
  }
  public struct DayTime: Sendable, Encodable {
    public var date: LocalDate
    public var minutes: Int
  }
  public var from: LocalDate
  public var through: LocalDate
  public var totalMinutes: Int
  public var tasks: [TaskTime]
  public var days: [DayTime]
  /// A timer running now (its minutes so far are counted above).
  public var running: RunningTimer?

  enum CodingKeys: String, CodingKey { case from, through, totalMinutes, tasks, days, running }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(from, forKey: .from)
    try c.encode(through, forKey: .through)
    try c.encode(totalMinutes, forKey: .totalMinutes)
    try c.encode(tasks, forKey: .tasks)
    try c.encode(days, forKey: .days)
    try c.encode(running, forKey: .running)
  }
}

extension Vault {
  /// How many days back a running timer is looked for.
  public static let timerLookBack = 7

  /// The timer running now: the last `⏱` line of the day notes of the last week.
  public func runningTimer(now: LocalDateTime) -> RunningTimer? {
    for back in 0...Self.timerLookBack {
      let day = now.date.adding(days: -back)
      let path = settings.dailyNotes.path(for: day)
      guard case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { continue }
      let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      for (index, line) in lines.enumerated().reversed() {
        guard let entry = TimeLogEntry.parse(String(line), day: day), entry.end == nil else { continue }
        return RunningTimer(entry: entry, path: path, line: index + 1, minutes: minutes(from: entry.start, to: now))
      }
    }
    return nil
  }

  /// Whole minutes between two moments on the vault's clock (a change of the clocks between
  /// them counted as it happened).
  func minutes(from start: LocalDateTime, to end: LocalDateTime) -> Int {
    max(0, (reminderZone.instant(end) - reminderZone.instant(start)) / 60)
  }

  /// Starts a timer on a task: a `⏱` line under "Time log" in today's note (made when missing).
  /// A timer already running is stopped first, at the same moment.
  public func startTimer(
    on task: Located<TaskItem>, now: LocalDateTime
  ) throws(VaultError) -> (started: AddedLine, stopped: StoppedTimer?) {
    let text = SingleLine.joined(settings.tasks.shown(task.value.text)).trimmingSpaces()
    guard !text.isEmpty else {
      throw .cannotChange("the task at \(task.location)", reason: "it has no text to log time under")
    }
    let stopped = try stopTimer(now: now)
    let note = task.path.hasSuffix(".md") ? String(task.path.dropLast(3)) : task.path
    let entry = TimeLogEntry(task: text, note: note, start: now)
    let day = try dailyNote(for: now.date, time: now.time)
    let added = try append(entry.line, under: TimeLogEntry.heading, in: day.path)
    return (added, stopped)
  }

  /// Stops the running timer: its line becomes the stretch it lasted, and the task's line gets
  /// the time added to its `[tracked:: …]`. Nil when no timer runs.
  public func stopTimer(now: LocalDateTime) throws(VaultError) -> StoppedTimer? {
    guard let running = runningTimer(now: now) else { return nil }
    var entry = running.entry
    entry.end = max(now, entry.start)
    entry.minutes = running.minutes
    let stopped = entry
    let before = running.entry.line
    let display = running.path
    let line = try edit(running.path) { current throws(VaultError) -> FileEdit<Int> in
      guard let bytes = current else { throw .changedOnDisk(display) }
      var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
      // The line again, where it is now.
      let number =
        lines.indices.first { index in
          String(decoding: lines[index], as: UTF8.self).trimmingSpaces() == before
        } ?? -1
      guard number >= 0 else { throw .changedOnDisk(display) }
      let ending: [UInt8] = lines[number].last == 13 ? [13] : []
      lines[number] = Array(stopped.line.utf8) + ending
      return .write(Array(lines.joined(separator: [10])), number + 1)
    }
    var result = StoppedTimer(entry: entry, path: running.path, line: line, task: nil, totalMinutes: nil)
    // The task's total: found by its text in its note, open ones first.
    let notePath = entry.note + ".md"
    guard case .success(let bytes) = FileSystem.readFile(root + "/" + notePath) else { return result }
    let parsed = NoteParser.parse(bytes, path: notePath)
    let candidates = parsed.tasks.filter {
      SingleLine.joined(settings.tasks.shown($0.text)).trimmingSpaces() == entry.task
    }
    guard let task = candidates.first(where: \.isOpen) ?? candidates.first else { return result }
    let had = task.fields.first { $0.key.lowercased() == "tracked" }.flatMap { TimeLogEntry.minutes($0.value) } ?? 0
    var changes = TaskFieldEditor.Changes()
    let total = had + entry.minutes
    changes.inlineFields["tracked"] = .some(TimeLogEntry.duration(total))
    let located = Located(path: notePath, title: parsed.title, line: task.line, value: task)
    let changed = try editTask(located, changes)
    result.task = "\(notePath):\(changed.line)"
    result.totalMinutes = total
    return result
  }

  /// The time logged on each day from `from` through `through`, by task and by day; a running
  /// timer counts up to now.
  public func timeReport(from: LocalDate, through: LocalDate, now: LocalDateTime) -> TimeReport {
    var byTask: [String: TimeReport.TaskTime] = [:]
    var order: [String] = []
    var days: [TimeReport.DayTime] = []
    let running = runningTimer(now: now)
    var day = from
    while day <= through {
      var minutes = 0
      if case .success(let bytes) = FileSystem.readFile(root + "/" + settings.dailyNotes.path(for: day)) {
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
          guard var entry = TimeLogEntry.parse(String(line), day: day) else { continue }
          if entry.end == nil {
            guard let running, running.entry == entry else { continue }
            entry.minutes = running.minutes
          }
          minutes += entry.minutes
          let key = entry.note + "\n" + entry.task
          if byTask[key] == nil { order.append(key) }
          byTask[key, default: TimeReport.TaskTime(task: entry.task, note: entry.note, minutes: 0)].minutes +=
            entry.minutes
        }
      }
      days.append(TimeReport.DayTime(date: day, minutes: minutes))
      day = day.adding(days: 1)
    }
    let tasks = order.compactMap { byTask[$0] }.enumerated().sorted {
      $0.element.minutes != $1.element.minutes ? $0.element.minutes > $1.element.minutes : $0.offset < $1.offset
    }.map(\.element)
    return TimeReport(
      from: from, through: through, totalMinutes: days.reduce(0) { $0 + $1.minutes }, tasks: tasks, days: days,
      running: running)
  }
}
