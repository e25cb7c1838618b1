/// `vault today`: the morning dashboard, a pure function of the vault's items and the day.
public struct Dashboard: Sendable {
  public var today: LocalDate
  /// ISO 8601 week number.
  public var week: Int
  /// Today's events: one-off, multi-day and recurring ones.
  public var events: [EventOccurrence]
  /// Tasks overdue, due today, or scheduled or starting on or before today; best first.
  public var tasks: [Agenda.TaskEntry]
  /// How many tasks there were before the limit.
  public var taskCount: Int
  /// The next events after today (not the daily or weekly ones).
  public var countdowns: [Countdown]
  public var goals: [GoalProgress]
  public var journal: JournalSummary
  public var insight: Located<Insight>?
  public var principle: Located<Principle>?
  public var stats: Stats
  /// Tomorrow's events, and the open tasks due (or scheduled, or starting) tomorrow.
  public var tomorrowEvents: [EventOccurrence]
  public var tomorrowTasks: [Agenda.TaskEntry]
  /// What changed since the start of yesterday: tasks done, notes written or edited.
  public var recently: Recently
  /// Notes with `pinned: true`, by title.
  public var pinned: [Located<String>]
  /// The best two suggestions for today's mood, filled in by the caller.
  public var suggestions: [TaskTemplate] = []
  /// The timer `vault track start` left running (the caller sets it: it reads the notes).
  public var timer: RunningTimer?
  /// The ids of the list of suggestions shown last today, as the log read for `suggestions`
  /// had them (nil when it was not read): what `Vault.recordShown` compares with.
  public var suggestionsShownLast: [String]?

  /// What changed in the last day, from the index's record of the files (and, in a git vault,
  /// `git log`): never from a separate activity file.
  public struct Recently: Sendable, Encodable {
    /// Tasks done yesterday or today.
    public var tasksDone: [Located<TaskItem>] = []
    /// Notes changed (written to) yesterday or today, most recent first; journal entries
    /// among them.
    public var changed: [ChangedNote] = []

    public init() {}

    public var isEmpty: Bool { tasksDone.isEmpty && changed.isEmpty }
  }

  /// A note changed recently: `added` when git (or nothing else) says it is new.
  public struct ChangedNote: Sendable, Encodable {
    public var path: String
    public var title: String
    public var kind: ItemKind
    public var added: Bool

    public init(path: String, title: String, kind: ItemKind, added: Bool) {
      self.path = path
      self.title = title
      self.kind = kind
      self.added = added
    }
  }

  /// Today's daily note and mood, and the mood of the last seven days (oldest first).
  public struct JournalSummary: Sendable {
    public var entry: Located<JournalEntry>?
    public var week: [Int?]
  }

  public struct Stats: Sendable {
    /// Tasks done this week (not those cancelled: a cancelled task is not done).
    public var doneThisWeek: Int
    /// Those plus the open tasks due this week or overdue; cancelled tasks count in neither.
    public var totalThisWeek: Int
    /// Tasks cancelled this week.
    public var cancelledThisWeek: Int
    /// The day's progress: tasks done today, and those plus the open ones on today's list (due,
    /// scheduled or starting by today, overdue included).
    public var doneToday: Int = 0
    public var totalToday: Int = 0
    /// Goals done, and all goals.
    public var goalsDone: Int
    public var goalsTotal: Int
    /// Consecutive days with a journal entry, ending today (or yesterday, while today's is unwritten).
    public var journalStreak: Int

    /// Done over total, 0 to 1; nil when there is nothing to count.
    public var completionRate: Double? { totalThisWeek == 0 ? nil : Double(doneThisWeek) / Double(totalThisWeek) }
    /// The day's done over its total, 0 to 1; nil when there is nothing to count.
    public var todayRate: Double? { totalToday == 0 ? nil : Double(doneToday) / Double(totalToday) }
  }

  /// What the dashboard is built from: read by the caller from the index.
  public struct Input: Sendable {
    public var events: [Located<Event>] = []
    /// Open tasks that belong on today's list (at least the first `limit` by priority).
    public var actionableTasks: [Located<TaskItem>] = []
    /// How many there are in all.
    public var actionableCount = 0
    /// Tasks done this week.
    public var doneThisWeek = 0
    /// Tasks cancelled this week.
    public var cancelledThisWeek = 0
    public var doneToday = 0
    /// Goals done, of all goals.
    public var goalsDone = 0
    public var goalsTotal = 0
    /// Open tasks due this week or before.
    public var openDueThisWeek = 0
    public var goals: [Located<Goal>] = []
    /// Journal entries of (at least) the last week, by date.
    public var journal: [Located<JournalEntry>] = []
    /// Days in a row with an entry, ending today (or yesterday, while today's is unwritten);
    /// nil: counted from `journal`, which then must reach back past the streak's start.
    public var journalStreak: Int?
    /// The insight and the principle of the day (`Dashboard.ofTheDay` picks them).
    public var insight: Located<Insight>?
    public var principle: Located<Principle>?
    /// Open tasks with a date tomorrow, and what changed lately (`Recently`).
    public var tomorrowTasks: [Located<TaskItem>] = []
    public var recently = Recently()
    public var pinned: [Located<String>] = []

    public init() {}
  }

  /// The dashboard for `today`, each list cut to `limit` items.
  public init(_ input: Input, today: LocalDate, limit: Int, weekStart: Weekday = .monday) {
    self.today = today
    week = today.weekNumber(startingOn: weekStart)
    events = occurrences(of: input.events.filter(\.value.isShown), in: today...today)
    let actionable = input.actionableTasks.compactMap { Agenda.TaskEntry($0, on: today) }.sorted(
      by: Agenda.TaskEntry.order)
    taskCount = max(input.actionableCount, actionable.count)
    tasks = Array(actionable.prefix(limit))
    countdowns = Array(Countdown.upcoming(input.events, today: today, routine: false).prefix(limit))
    goals = Array(GoalProgress.open(input.goals, today: today).prefix(limit))
    let tomorrow = today.adding(days: 1)
    tomorrowEvents = Array(
      occurrences(of: input.events.filter(\.value.isShown), in: tomorrow...tomorrow).filter { $0.start == tomorrow }
        .prefix(limit))
    tomorrowTasks = Array(
      input.tomorrowTasks.filter(\.value.isOpen).compactMap { Agenda.TaskEntry(exactly: $0, on: tomorrow) }
        .sorted(by: Agenda.TaskEntry.order).prefix(limit))
    recently = input.recently
    recently.tasksDone = Array(recently.tasksDone.prefix(limit))
    recently.changed = Array(recently.changed.prefix(limit))
    pinned = input.pinned
    let entries = Dictionary(input.journal.map { ($0.value.date, $0) }, uniquingKeysWith: { first, _ in first })
    journal = JournalSummary(
      entry: entries[today], week: (0..<7).reversed().map { entries[today.adding(days: -$0)]?.value.mood })
    insight = input.insight
    principle = input.principle
    var streak = 0
    if let counted = input.journalStreak {
      streak = counted
    } else {
      var day = entries[today] == nil ? today.adding(days: -1) : today
      while entries[day] != nil {
        streak += 1
        day = day.adding(days: -1)
      }
    }
    stats = Stats(
      doneThisWeek: input.doneThisWeek, totalThisWeek: input.doneThisWeek + input.openDueThisWeek,
      cancelledThisWeek: input.cancelledThisWeek, goalsDone: input.goalsDone, goalsTotal: input.goalsTotal,
      journalStreak: streak)
    stats.doneToday = input.doneToday
    stats.totalToday = input.doneToday + input.actionableCount
  }

  /// Which of `count` items is the one of the day: the same all day, the next one the next
  /// day, in turn.
  public static func ofTheDay(count: Int, today: LocalDate) -> Int {
    count == 0 ? 0 : ((today.dayNumber % count) + count) % count
  }
}

/// A goal's progress and how long is left.
public struct GoalProgress: Sendable {
  public var goal: Located<Goal>
  /// Days until the target date; nil without one.
  public var daysLeft: Int?
  /// When it will be reached at its pace (`GoalForecast`, from the points in its note; the
  /// caller sets it: it reads the note); nil without a rising pace.
  public var forecast: LocalDate?

  /// Days the forecast is after the target (0 or less: on time); nil without both.
  public var daysLate: Int? {
    guard let forecast, let target = goal.value.target else { return nil }
    return target.days(until: forecast)
  }

  /// Open goals: the highest priority first (none counts as normal), then the nearest target,
  /// then those without a target by title.
  public static func open(_ goals: [Located<Goal>], today: LocalDate) -> [GoalProgress] {
    all(goals.filter { !$0.value.isDone }, today: today)
  }

  /// Done goals, the most recently done first (those without a date last, by title).
  public static func done(_ goals: [Located<Goal>], today: LocalDate) -> [GoalProgress] {
    all(goals.filter(\.value.isDone), today: today)
      .sorted { left, right in
        switch (left.goal.value.doneOn, right.goal.value.doneOn) {
        case (let a?, let b?) where a != b: return a > b
        case (nil, _?): return false
        case (_?, nil): return true
        default: return left.goal.title.lowercased() < right.goal.title.lowercased()
        }
      }
  }

  public static func all(_ goals: [Located<Goal>], today: LocalDate) -> [GoalProgress] {
    goals.map { GoalProgress(goal: $0, daysLeft: $0.value.target.map { today.days(until: $0) }) }
      .sorted { left, right in
        let (a, b) = (left.goal.value.priority ?? .normal, right.goal.value.priority ?? .normal)
        if a != b { return a < b }
        switch (left.goal.value.target, right.goal.value.target) {
        case (let a?, let b?) where a != b: return a < b
        case (nil, _?): return false
        case (_?, nil): return true
        default: return left.goal.title.lowercased() < right.goal.title.lowercased()
        }
      }
  }
}
