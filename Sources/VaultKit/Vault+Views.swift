import Foundation
import VaultCore
import VaultIndex

/// The views, fed from the index: each reads what it shows and hands it to the pure view code
/// in VaultCore, with event times moved into the vault's time zone.
extension Vault {
  /// "Today": `explicit` (`--today`), else the date of `now` (`--now`), else `$VAULT_TODAY`,
  /// else the date of `$VAULT_NOW`, else the date now in the vault's time zone (`timezone` in
  /// .vault/config.yml, else the system's). The command line comes before the environment.
  public func today(explicit: String?, now: String? = nil, environment: [String: String]) -> LocalDate {
    if let explicit, let date = DateParsing.validDate(explicit) { return date }
    // `--today fri`, `--today -1d`: natural dates, from the clock's day.
    if let explicit, case .success(let date) = NaturalDate.date(explicit, today: clockNow().date) { return date }
    if let now, let moment = moment(now) { return moment.date }
    if let text = environment["VAULT_TODAY"], let date = DateParsing.validDate(text) { return date }
    if let text = environment["VAULT_NOW"], let moment = moment(text) { return moment.date }
    return clockNow().date
  }

  /// "Now", in the vault's time zone: `explicit` (`--now`), else `$VAULT_NOW`, else the clock.
  /// An injected day (`--today`, or `$VAULT_TODAY` without `$VAULT_NOW`) keeps that day, at
  /// `$VAULT_NOW`'s or the clock's time of day.
  public func now(explicit: String?, today: String? = nil, environment: [String: String]) -> LocalDateTime {
    if let explicit, let moment = moment(explicit) { return moment }
    let injected = environment["VAULT_NOW"].flatMap(moment)
    let time = injected?.time ?? clockNow().time
    if let today, let date = DateParsing.validDate(today) { return LocalDateTime(date: date, time: time) }
    if let injected { return injected }
    return LocalDateTime(date: self.today(explicit: nil, environment: environment), time: time)
  }

  /// `YYYY-MM-DDTHH:mm[:ss]` (or with a space) as a moment in the vault's time zone: one with a
  /// UTC offset (`Z`, `+01:00`) is moved into the vault's zone.
  public func moment(_ text: String) -> LocalDateTime? {
    var text = text.trimmingSpaces()
    if text.count > 10, let space = text.firstIndex(of: " "), text.distance(from: text.startIndex, to: space) == 10 {
      text.replaceSubrange(space...space, with: "T")
    }
    guard case .value(let moment) = DateParsing.dateTime(text) else { return nil }
    guard let offset = moment.utcOffset else { return moment }
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(secondsFromGMT: offset) ?? .gmt
    let parts = DateComponents(
      year: moment.date.year, month: moment.date.month, day: moment.date.day, hour: moment.time.hour,
      minute: moment.time.minute, second: moment.time.second)
    guard let instant = utc.date(from: parts) else { return nil }
    return local(instant)
  }

  /// The clock's moment in the vault's time zone.
  private func clockNow() -> LocalDateTime { local(Date()) }

  /// `instant` on the wall clock of the vault's time zone: its offset added, no `Calendar` set up.
  private func local(_ instant: Date) -> LocalDateTime {
    Self.local(instant, offset: offsetFromUTC)
  }

  static func local(_ instant: Date, offset: (Int) -> Int) -> LocalDateTime {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
    return LocalDateTime(secondsSinceEpoch: seconds + offset(seconds))
  }

  /// The offset from UTC of the vault's time zone at an instant (seconds since 1970), in
  /// seconds east. The system's zone (no `timezone` setting) is read through the C library's
  /// `localtime_r`, which reads the same `$TZ` or `/etc/localtime` as Foundation's
  /// `TimeZone.current`, without setting up ICU's zone: 0.7 ms of a `vault today` of 16.
  var offsetFromUTC: (Int) -> Int {
    if settings.timeZone == nil, SystemZone.isKnown { return SystemZone.offset(at:) }
    let zone = zone
    return { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) }
  }

  /// Notes written since the start of yesterday and before the end of `today` (by their
  /// files' modification times in the index), most recent first; in a git vault, those that
  /// `git log` shows added in that time are marked added.
  func recentlyChanged(in store: IndexStore, today: LocalDate, limit: Int) throws(VaultError) -> [Dashboard.ChangedNote]
  {
    let offset = offsetFromUTC
    let day = { (date: LocalDate) in Self.start(of: date, offset: offset) }
    let start = day(today.adding(days: -1))
    let end = Int64(day(today.adding(days: 1)).timeIntervalSince1970 * 1_000_000_000)
    let rows = try indexed {
      try store.filesChanged(since: Int64(start.timeIntervalSince1970 * 1_000_000_000), before: end, limit: limit)
    }
    guard !rows.isEmpty else { return [] }
    let added = GitLog.added(in: root, since: start, until: day(today.adding(days: 1)))
    return rows.map {
      Dashboard.ChangedNote(path: $0.path, title: $0.title, kind: $0.kind, added: added.contains($0.path))
    }
  }

  /// The instant `date` begins in `zone`, found from the zone's offsets rather than through a
  /// `Calendar`, whose set-up costs `vault today` a fifth of a millisecond. Where daylight
  /// saving time skips midnight, the day begins at the first moment it has.
  static func start(of date: LocalDate, offset zoneOffset: (Int) -> Int) -> Date {
    func offset(_ instant: TimeInterval) -> TimeInterval { TimeInterval(zoneOffset(Int(instant))) }
    // Midnight on the wall clock, as if in UTC; the zone's offsets a day before and after (a
    // zone changes its offset at most once in two days).
    let wall = TimeInterval(date.dayNumber) * 86_400
    let before = offset(wall - 86_400)
    let after = offset(wall + 86_400)
    // The first instant whose wall clock reads midnight (twice, when the clock is set back).
    for instant in [wall - before, wall - after].sorted() where instant + offset(instant) == wall {
      return Date(timeIntervalSince1970: instant)
    }
    // The clock skipped midnight: the day begins as it jumps.
    return Date(timeIntervalSince1970: wall - before)
  }

  /// The time zone views show times in.
  public var zone: TimeZone {
    settings.timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone.current
  }

  /// Every event, times moved into the vault's time zone.
  public func events(in store: IndexStore) throws(VaultError) -> [Located<Event>] {
    try indexed { try store.events() }.map { localized($0) }
  }

  /// The morning dashboard.
  /// `time`: the time of day the suggestions are for (`vault suggest` scores it), `.any` for none.
  public func dashboard(
    in store: IndexStore, today: LocalDate, limit: Int, time: TaskTemplate.TimeOfDay = .any
  ) throws(VaultError) -> Dashboard {
    try inOneRead(store) { () throws(VaultError) in
      try dashboardReading(in: store, today: today, limit: limit, time: time)
    }
  }

  private func dashboardReading(
    in store: IndexStore, today: LocalDate, limit: Int, time: TaskTemplate.TimeOfDay
  ) throws(VaultError) -> Dashboard {
    var input = Dashboard.Input()
    // Each part is kept by the store and read again only when a write changed what it reads
    // (`IndexStore.part`): after one changed note, most of the dashboard holds.
    let key = "\(today) \(limit) \(settings.firstWeekday)"
    func part<Value: Sendable>(
      _ name: String, also: String = "", _ read: () throws -> Value
    ) throws(VaultError) -> Value {
      try indexed { try store.part("dashboard." + name, key: key + also, read) }
    }
    input.events = try part("events") { try store.events(around: today, upcoming: limit) }.map { localized($0) }
    let weekStart = settings.firstWeekday
    let weekFirst = today.startOfWeek(weekStart)
    // The database orders, cuts and counts: a big vault has thousands of open tasks.
    (input.actionableTasks, input.actionableCount) = try part("actionable") {
      var actionable = TaskSelection()
      actionable.actionableOn = today
      actionable.statuses = [.todo, .inProgress]
      return try store.topTasks(actionable, limit: limit)
    }
    (input.doneThisWeek, input.cancelledThisWeek) = try part("closed") {
      try store.closedCounts(from: weekFirst, before: weekFirst.adding(days: 7))
    }
    input.doneToday = try part("closed today") {
      try store.closedCounts(from: today, before: today.adding(days: 1)).done
    }
    (input.goalsDone, input.goalsTotal) = try part("goal counts") { try store.goalCounts() }
    // The first few open ones in the agenda's order (`Agenda.TaskEntry.order`, open ones
    // first, so the day's first few hold them): a big vault has thousands dated tomorrow.
    input.tomorrowTasks = try part("tomorrow") { try store.tasks(on: today.adding(days: 1), limit: limit).tasks }
    // The last few done: a busy day closes hundreds.
    input.recently.tasksDone = try part("done") {
      try store.recentlyDone(from: today.adding(days: -1), before: today.adding(days: 1), limit: limit)
    }
    input.pinned = try part("pinned") { try store.pinnedNotes() }
    input.openDueThisWeek = try part("due this week") {
      var dueThisWeek = TaskSelection()
      dueThisWeek.statuses = [.todo, .inProgress, .onHold]
      dueThisWeek.dueBefore = weekFirst.adding(days: 7)
      return try store.taskCount(dueThisWeek)
    }
    // The week's moods from the entries; the streak from the index (`journalStreak`).
    input.journal = try part("journal") { try store.journal(from: today.adding(days: -7), through: today) }
    input.journalStreak = try part("streak") {
      let streak = try store.journalStreak(endingOn: today)
      return streak > 0 ? streak : try store.journalStreak(endingOn: today.adding(days: -1))
    }
    let pick = { (count: Int) in Dashboard.ofTheDay(count: count, today: today) }
    input.insight = try part("insight") { try store.insights(pick: pick).first }
    input.principle = try part("principle") { try store.principles(pick: pick).first }
    input.recently.changed = try recentlyChanged(in: store, today: today, limit: limit)
    // Progress only for the goals shown.
    input.goals = try part("goals") { () throws(VaultError) in
      try goals(in: store, among: try indexed { try store.goals(withTags: false, openFirst: limit) })
    }
    var dashboard = Dashboard(input, today: today, limit: limit, weekStart: settings.firstWeekday)
    // Tags only for what is shown: reading them for every event cost a few milliseconds.
    let shown = dashboard.events.map(\.event.path) + dashboard.countdowns.map(\.occurrence.event.path)
    let paths = Array(Set(shown + dashboard.goals.map(\.goal.path))).sorted()
    let tags = try part("tags", also: paths.joined(separator: "\u{1F}")) { try store.tags(ofPaths: paths) }
    for index in dashboard.events.indices {
      dashboard.events[index].event.tags = tags[dashboard.events[index].event.path] ?? []
    }
    for index in dashboard.countdowns.indices {
      let path = dashboard.countdowns[index].occurrence.event.path
      dashboard.countdowns[index].occurrence.event.tags = tags[path] ?? []
    }
    for index in dashboard.goals.indices {
      dashboard.goals[index].goal.tags = tags[dashboard.goals[index].goal.path] ?? []
    }
    dashboard.goals = withForecasts(dashboard.goals, today: today)
    // With a mood logged today, the two best suggestions for it (`recordShown` logs them, so
    // `vault suggest accept 1` takes the first).
    if settings.dashboardSuggestions, let mood = dashboard.journal.entry?.value.mood {
      let history = suggestionHistory()
      // The open tasks that say what they ask are a scan of the open tasks: kept as a part.
      // The templates are notes read from disk, read each time.
      let tasks = try part("suggestion tasks") { () throws(VaultError) in try taskCandidates(in: store) }
      let (all, scored) = try candidates(in: store, tasks: tasks)
      let skipped = skipped(on: today, history: history, all: all)
      // The list shown last today for this mood stays, so `accept N` takes what was shown and
      // showing it (which counts in the history) does not reorder it.
      let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
      let shown = (history.lastShown[today] ?? []).filter { $0.mood == mood }.compactMap { byID[$0.id] }
      dashboard.suggestionsShownLast = (history.lastShown[today] ?? []).map(\.id)
      dashboard.suggestions =
        !shown.isEmpty && shown.allSatisfy({ !skipped.contains($0.id) })
        ? Array(shown.prefix(2))
        : Suggestions.ranked(scored, mood: mood, at: time, history: history, dismissedToday: skipped)
          .prefix(2).map(\.template)
    }
    return dashboard
  }

  /// Every day from `from` through `through`, with its events, tasks, dated notes and journal;
  /// with `tasksPerDay`, each day's first tasks only and how many more it has (`moreTasks`),
  /// read without the rest.
  public func agenda(
    in store: IndexStore, from: LocalDate, through: LocalDate, tasksPerDay: Int? = nil
  ) throws(VaultError) -> [Agenda.Day] {
    try inOneRead(store) { () throws(VaultError) in
      try agendaReading(in: store, from: from, through: through, tasksPerDay: tasksPerDay)
    }
  }

  private func agendaReading(
    in store: IndexStore, from: LocalDate, through: LocalDate, tasksPerDay: Int?
  ) throws(VaultError) -> [Agenda.Day] {
    var input = Agenda.Input()
    // Only the events that can fall in the span: the rest are never expanded.
    input.events = try indexed { try store.events(from: from, through: through) }.map { localized($0) }
    try indexed {
      if let tasksPerDay {
        input.firstTasks = try store.firstTasks(eachDayFrom: from, through: through, limit: tasksPerDay)
      } else {
        var dated = TaskSelection()
        dated.datedFrom = from
        dated.datedThrough = through
        input.tasks = try store.tasks(dated)
      }
      input.notes = try store.datedNotes(from: from, through: through)
      input.journal = try store.journal(from: from, through: through)
    }
    return Agenda.days(input, from: from, through: through)
  }

  /// What a calendar grid of `from` through `through` shows: each day's events, dated notes and
  /// journal entry, and the days an open task is due (the tasks themselves are not read: a
  /// month of a large vault holds tens of thousands).
  public func calendarDays(
    in store: IndexStore, from: LocalDate, through: LocalDate
  ) throws(VaultError) -> (days: [Agenda.Day], openDueDays: Set<LocalDate>) {
    var input = Agenda.Input()
    input.events = try indexed { try store.events(from: from, through: through) }.map { localized($0) }
    let dueDays = try indexed {
      input.notes = try store.datedNotes(from: from, through: through)
      input.journal = try store.journal(from: from, through: through)
      return try store.openDueDays(from: from, through: through)
    }
    return (Agenda.days(input, from: from, through: through), dueDays)
  }

  /// The days from `from` through `through` with an open task due, and how many are due: what
  /// a calendar shows of the tasks when its agenda lists each day's first few only.
  public func openDue(
    in store: IndexStore, from: LocalDate, through: LocalDate
  ) throws(VaultError) -> (days: Set<LocalDate>, count: Int) {
    try indexed {
      (try store.openDueDays(from: from, through: through), try store.openDueCount(from: from, through: through))
    }
  }

  /// Task lines chosen by `selection`.
  public func tasks(in store: IndexStore, _ selection: TaskSelection) throws(VaultError) -> [Located<TaskItem>] {
    try indexed { try store.tasks(selection) }
  }

  /// The first `limit` tasks `selection` chooses in the order of `vault tasks`, and how many it
  /// chooses in all, without reading the rest.
  public func firstTasks(
    in store: IndexStore, _ selection: TaskSelection, limit: Int
  ) throws(VaultError) -> (tasks: [Located<TaskItem>], total: Int) {
    try indexed { try store.firstTasks(selection, limit: limit) }
  }

  /// Each task `selection` chooses, in the order of `vault tasks`, one at a time.
  public func forEachTask(
    in store: IndexStore, _ selection: TaskSelection, _ body: (Located<TaskItem>) -> Void
  ) throws(VaultError) {
    try indexed { try store.forEachTask(selection, body) }
  }

  /// Goals with their progress: from the `progress` property, else from the goal note's
  /// checkboxes together with the tasks elsewhere that link to it.
  public func goals(in store: IndexStore) throws(VaultError) -> [Located<Goal>] {
    try goals(in: store, among: try indexed { try store.goals() })
  }

  func goals(in store: IndexStore, among goals: [Located<Goal>]) throws(VaultError) -> [Located<Goal>] {
    let counted = goals.filter { $0.value.progressSource != "progress property" }
    let progress = try indexed { try store.taskProgress(ofGoals: counted.map { ($0.path, $0.title) }) }
    return goals.map { located in
      var goal = located
      if goal.value.progressSource != "progress property", let (done, total) = progress[goal.path], total > 0 {
        goal.value.progress = Double(done) / Double(total)
        goal.value.progressSource = "checkboxes and linked tasks (\(done)/\(total))"
        // 100 % is done, however it was reached.
        if done == total { goal.value.isDone = true }
      }
      return goal
    }
  }

  /// Journal entries from `from` through `through`.
  public func journal(
    in store: IndexStore, from: LocalDate, through: LocalDate
  ) throws(VaultError)
    -> [Located<JournalEntry>]
  {
    try indexed { try store.journal(from: from, through: through) }
  }

  public func insights(in store: IndexStore) throws(VaultError) -> [Located<Insight>] {
    try indexed { try store.insights() }
  }

  public func principles(in store: IndexStore) throws(VaultError) -> [Located<Principle>] {
    try indexed { try store.principles() }
  }

  public func tagCounts(in store: IndexStore) throws(VaultError) -> [TagCount] {
    try indexed { try store.tagCounts() }
  }

  /// `body`, its reads of `store` in one read transaction (`IndexStore.reading`).
  private func inOneRead<T>(_ store: IndexStore, _ body: () throws(VaultError) -> T) throws(VaultError) -> T {
    do {
      return try store.reading { () throws -> T in try body() }
    } catch let error as VaultError {
      throw error
    } catch let error as IndexError {
      throw VaultError(error)
    } catch {
      throw VaultError(indexFailure: error)
    }
  }

  private func indexed<T>(_ body: () throws -> T) throws(VaultError) -> T {
    do {
      return try body()
    } catch let error as IndexError {
      throw VaultError(error)
    } catch {
      throw VaultError(indexFailure: error)
    }
  }

  /// A timed event with the clocks its occurrences are placed by: its own zone's (its
  /// `timezone`, else the vault's) and the vault's, which views show times on
  /// (`Event.occurrences(in:at:)` moves each occurrence by itself). An unknown zone is read as
  /// the vault's (the index holds a warning about it).
  func localized(_ event: Located<Event>) -> Located<Event> {
    var located = event
    if located.value.leapDay == nil { located.value.leapDay = settings.leapDay }
    guard !located.value.allDay, located.value.startTime != nil else { return located }
    let viewer = viewerClock
    let own = located.value.timeZone.flatMap(Self.zoneClock(named:)) ?? viewer
    located.value.clocks = Self.clocks(own: own, viewer: viewer)
    return located
  }

  /// One `EventClocks` for each pair of zones, shared by their events.
  private static func clocks(own: ZoneClock, viewer: ZoneClock) -> EventClocks {
    let key = own.name + "\u{0}" + viewer.name
    return knownPairs.withLock { pairs in
      if let known = pairs[key] { return known }
      let made = EventClocks(own: own, viewer: viewer)
      pairs[key] = made
      return made
    }
  }

  private static let knownPairs = Locked<[String: EventClocks]>([:])

  /// The vault's zone as the views' clock: by the C library's offsets for the system's zone (no
  /// ICU set up), else by Foundation's.
  var viewerClock: ZoneClock {
    if let name = settings.timeZone, let clock = Self.zoneClock(named: name) { return clock }
    if SystemZone.isKnown { return Self.systemClock }
    return Self.zoneClock(TimeZone.current)
  }

  private static let systemClock = ZoneClock(name: SystemZone.name, offset: { SystemZone.offset(at: $0) })

  /// A named zone's clock, by Foundation's zone database; nil for a name it does not know.
  static func zoneClock(named name: String) -> ZoneClock? {
    if let known = knownClocks.withLock({ $0[name] }) { return known }
    guard let zone = TimeZone(identifier: name) else { return nil }
    let clock = ZoneClock(name: name, offset: zoneClock(zone).offset)
    knownClocks.withLock { $0[name] = clock }
    return clock
  }

  /// A Foundation zone's clock.
  static func zoneClock(_ zone: TimeZone) -> ZoneClock {
    ZoneClock(
      name: zone.identifier, offset: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) })
  }

  private static let knownClocks = Locked<[String: ZoneClock]>([:])
}
