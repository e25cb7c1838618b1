/// `vault agenda` and the calendar's list: what each day holds.
public enum Agenda {
  /// A task and why it is on a day's list.
  public struct TaskEntry: Sendable {
    public enum Reason: String, Sendable, Codable {
      case overdue, due, scheduled, starts
    }

    public var task: Located<TaskItem>
    public var reason: Reason
    /// The date that put it here (the due date of an overdue task).
    public var date: LocalDate

    /// Days from `day` back to the date: how overdue, or how long ago it was scheduled.
    public func daysBefore(_ day: LocalDate) -> Int { date.days(until: day) }

    /// Why an open task belongs on `day`'s list of things to do, or nil: overdue, due that
    /// day, scheduled on or before it, or starting that day.
    public init?(_ task: Located<TaskItem>, on day: LocalDate) {
      let item = task.value
      guard item.isOpen else { return nil }
      self.task = task
      if let due = item.due, due < day {
        (reason, date) = (.overdue, due)
      } else if item.due == day {
        (reason, date) = (.due, day)
      } else if let scheduled = item.scheduled, scheduled <= day {
        (reason, date) = (.scheduled, scheduled)
      } else if item.start == day {
        (reason, date) = (.starts, day)
      } else {
        return nil
      }
    }

    /// A task on exactly `day`: due, scheduled or starting then (any status).
    public init?(exactly task: Located<TaskItem>, on day: LocalDate) {
      let item = task.value
      self.task = task
      date = day
      if item.due == day {
        reason = .due
      } else if item.scheduled == day {
        reason = .scheduled
      } else if item.start == day {
        reason = .starts
      } else {
        return nil
      }
    }

    /// `entries` sorted by `order`, by their positions: the sort moving the entries themselves
    /// (each a whole task) was a fifth of `vault agenda --days 30` at 10,000 notes.
    public static func inOrder(_ entries: [TaskEntry]) -> [TaskEntry] {
      entries.indices.sorted { order(entries[$0], entries[$1]) }.map { entries[$0] }
    }

    /// Open tasks before done and cancelled ones, then the highest priority, the earliest due
    /// date (none last), then where it is (as the index chooses a long day's first tasks:
    /// `IndexStore.tasks(on:limit:)`).
    public static func order(_ left: TaskEntry, _ right: TaskEntry) -> Bool {
      // Fields read in place: copying the two tasks made sorting a long agenda its main cost.
      if left.task.value.isOpen != right.task.value.isOpen { return left.task.value.isOpen }
      if left.task.value.priority != right.task.value.priority {
        return left.task.value.priority < right.task.value.priority
      }
      if left.task.value.due != right.task.value.due {
        guard let dueA = left.task.value.due else { return false }
        guard let dueB = right.task.value.due else { return true }
        return dueA < dueB
      }
      if left.task.path != right.task.path { return left.task.path < right.task.path }
      return left.task.line < right.task.line
    }
  }

  /// One day of the agenda.
  public struct Day: Sendable {
    public var date: LocalDate
    public var events: [EventOccurrence]
    public var tasks: [TaskEntry]
    /// Notes dated that day (not events, not daily notes).
    public var notes: [Located<LocalDate>]
    public var journal: Located<JournalEntry>?
    /// How many more tasks the day has than `tasks` holds (when the input held each day's first few).
    public var moreTasks = 0

    public var isEmpty: Bool { events.isEmpty && tasks.isEmpty && moreTasks == 0 && notes.isEmpty && journal == nil }
  }

  /// What the agenda is built from, read by the caller from the index for the range.
  public struct Input: Sendable {
    public var events: [Located<Event>] = []
    /// Tasks with a due, scheduled or start date in the range.
    public var tasks: [Located<TaskItem>] = []
    /// Instead of `tasks`: each day's first few tasks and how many it has in all
    /// (`IndexStore.tasks(on:limit:)`).
    public var firstTasks: [LocalDate: (tasks: [Located<TaskItem>], total: Int)] = [:]
    public var notes: [Located<LocalDate>] = []
    public var journal: [Located<JournalEntry>] = []

    public init() {}
  }

  /// Every day from `from` through `through`, each with what it holds (empty days included).
  public static func days(_ input: Input, from: LocalDate, through: LocalDate) -> [Day] {
    guard from <= through else { return [] }
    let all = occurrences(of: input.events.filter { !$0.value.archived }, in: from...through)
    let journal = Dictionary(input.journal.map { ($0.value.date, $0) }, uniquingKeysWith: { first, _ in first })
    let notes = Dictionary(grouping: input.notes, by: \.value)
    // Each task under the days it names, in input order: a day looks at its own tasks only.
    var tasksByDay: [LocalDate: [Located<TaskItem>]] = [:]
    for task in input.tasks {
      let days = Set([task.value.due, task.value.scheduled, task.value.start].compactMap { $0 })
      for day in days where from <= day && day <= through { tasksByDay[day, default: []].append(task) }
    }
    return (0...from.days(until: through)).map { offset in
      let day = from.adding(days: offset)
      let first = input.firstTasks[day]
      let tasks = TaskEntry.inOrder(
        (first?.tasks ?? tasksByDay[day] ?? []).compactMap { TaskEntry(exactly: $0, on: day) })
      var result = Day(
        date: day, events: all.filter { $0.covers(day) }, tasks: tasks, notes: notes[day] ?? [],
        journal: journal[day])
      result.moreTasks = max(0, (first?.total ?? 0) - tasks.count)
      return result
    }
  }
}
