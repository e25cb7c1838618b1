import ArgumentParser
import VaultCore
import VaultKit

struct TaskEdit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "task",
    abstract: "Change a task's dates, priority, text, repeat rule or attributes, and nothing else.",
    discussion: """
      Only the fields given change: a field already on the line keeps its place and notation \
      (📅 2026-12-01 or [due:: 2026-12-01]) and only its value changes; a new one is added \
      in the line's notation, a priority or a rule before the dates as the Tasks plugin \
      orders them, a date at the end (before a block link). Dates take natural language \
      (fri, next friday, in 2 weeks, +3d, dec 5, 2026-12-05); `none` removes a date. A task \
      note (status and due as properties) gets its properties changed. TASK is the short id \
      `vault tasks` shows, path:line, or words of its text.

      --move-before, --move-after, --move-to-top and --move-to-bottom put the task in your \
      own order within its list (the items at its level under the same heading or parent \
      task), with its subtasks and indented lines; views list tasks of the same priority and \
      date in that order.

      Examples:
        vault task 5889a8 --due fri --priority high
        vault task "call mum" --text "Call Mum and Dad" --repeat "every week on Sunday"
        vault task Tasks.md:12 --scheduled none --no-repeat
        vault task "electricity bill" --move-before "renew passport"
        vault task 8379c4 --move-to-top
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: TaskCommand.argumentHelp)
  var task: String

  @Option(name: .long, help: ArgumentHelp("The due date, or none.", valueName: "date"))
  var due: String?

  @Option(name: .long, help: ArgumentHelp("The scheduled date, or none.", valueName: "date"))
  var scheduled: String?

  @Option(name: .long, help: ArgumentHelp("The start date, or none.", valueName: "date"))
  var start: String?

  @Option(name: .long, help: "highest, high, medium, normal (removes it), low or lowest.")
  var priority: TaskPriority?

  @Option(name: .long, help: "The task's new text (its fields stay).")
  var text: String?

  @Option(
    name: .customLong("repeat"), help: ArgumentHelp("A Tasks-plugin rule: 'every week on Monday'.", valueName: "rule"))
  var rule: String?

  @Option(name: .long, help: "How hard it is, 1-5, or none: [difficulty:: N].")
  var difficulty: String?

  @Option(name: .long, help: ArgumentHelp("Its estimated time (15m, 1h30m), or none.", valueName: "time"))
  var duration: String?

  @Option(name: .long, help: "The energy it needs: low, medium, high, or none.")
  var energy: String?

  @Option(name: .long, help: "Its category, in your own words (work, home), or none: [category:: work].")
  var category: String?

  @Flag(name: .customLong("no-repeat"), help: "Remove the repeat rule.")
  var noRepeat = false

  @Option(
    name: .customLong("move-before"), help: ArgumentHelp("Move it before this task of its list.", valueName: "task"))
  var moveBefore: String?

  @Option(
    name: .customLong("move-after"), help: ArgumentHelp("Move it after this task of its list.", valueName: "task"))
  var moveAfter: String?

  @Flag(name: .customLong("move-to-top"), help: "Move it to the top of its list.")
  var moveToTop = false

  @Flag(name: .customLong("move-to-bottom"), help: "Move it to the bottom of its list.")
  var moveToBottom = false

  var moves: Int { [moveBefore != nil, moveAfter != nil, moveToTop, moveToBottom].filter { $0 }.count }

  var changesFields: Bool {
    ![due, scheduled, start, priority.map(\.rawValue), text, rule, difficulty, duration, energy, category].allSatisfy({
      $0 == nil
    }) || noRepeat
  }

  func validate() throws {
    if rule != nil && noRepeat { throw ValidationError("--repeat and --no-repeat exclude each other") }
    if moves > 1 {
      throw ValidationError("give one of --move-before, --move-after, --move-to-top and --move-to-bottom")
    }
    if !changesFields && moves == 0 {
      throw ValidationError(
        "nothing to change: give --due, --scheduled, --start, --priority, --text, --repeat, --no-repeat, --difficulty, --duration, --energy, --category or a --move- option"
      )
    }
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let today = options.today(vault)
    func date(_ text: String?, _ option: String) throws -> LocalDate?? {
      guard let text else { return nil }
      if ["none", "-"].contains(text.lowercased()) { return .some(nil) }
      return .some(try DateOption.parse(text, option, today))
    }
    var changes = TaskFieldEditor.Changes()
    changes.due = try date(due, "--due")
    changes.scheduled = try date(scheduled, "--scheduled")
    changes.start = try date(start, "--start")
    changes.priority = priority
    changes.text = text
    if let rule { changes.recurrence = .some(rule) }
    if noRepeat { changes.recurrence = .some(nil) }
    for (key, value) in [
      ("difficulty", difficulty), ("duration", duration), ("energy", energy), ("category", category),
    ] {
      guard let value else { continue }
      if value.lowercased() == "none" {
        changes.inlineFields[key] = .some(nil)
        continue
      }
      if let problem = TaskAttributes.problem(key: key, value: value) { throw ValidationError("--\(key): \(problem)") }
      let written = key == "duration" ? TaskAttributes.minutes(value).map(TaskAttributes.durationText) ?? value : value
      changes.inlineFields[key] = .some(key == "energy" ? written.lowercased() : written)
    }
    let index = try options.healingIndex(vault)
    let statuses: [TaskStatus.Kind] = [.todo, .inProgress, .onHold]
    // A task moves among its list's items whatever their status (a done one included).
    let everyStatus: [TaskStatus.Kind] = [.todo, .inProgress, .onHold, .done, .cancelled, .nonTask]
    let (found, other) = try index.read { store throws(VaultError) -> (Located<TaskItem>, Located<TaskItem>?) in
      let found = try vault.resolveTask(task, among: moves > 0 ? everyStatus : statuses, in: store)
      let other = try (moveBefore ?? moveAfter).map { text throws(VaultError) in
        try vault.resolveTask(text, among: everyStatus, in: store)
      }
      return (found, other)
    }
    var result: TaskChangeResult?
    if changesFields { result = try vault.editTask(found, changes) }
    if moves > 0 {
      let place: TaskReorder.Place =
        if let other { moveBefore != nil ? .before(line: other.value.line) : .after(line: other.value.line) } else {
          moveToTop ? .top : .bottom
        }
      // Just changed: the task is the one on its line now.
      let moved = try vault.moveTask(found, to: place, other: other, nowOnLine: result?.line)
      if var edited = result {
        edited.line = moved.line
        result = edited
      } else {
        result = moved
      }
    }
    guard let result else { return }
    try TaskCommand.report(result, vault: vault, options: options)
    if moves > 0 && !options.json {
      let terminal = options.terminal()
      terminal.print(
        terminal.dim(
          result.line == found.value.line ? "already there: nothing moved" : "moved from line \(found.value.line)"))
    }
  }
}

struct Postpone: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "postpone",
    abstract: "Move a task's due date (else scheduled, else start) later, as the Tasks plugin does.",
    discussion: """
      BY is an amount (1d, 3d, 2w, 1m, 1y; default 1d) or a date in natural language (fri, \
      next monday, dec 5). An amount counts from the date when it is today or later, and from \
      today when the date is past, as the Tasks plugin's postpone does. Only that date's value \
      changes on the line.

      Examples:
        vault postpone 5889a8
        vault postpone "call mum" 1w
        vault postpone Tasks.md:12 fri
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: TaskCommand.argumentHelp)
  var task: String

  @Argument(help: ArgumentHelp("How far: 1d, 2w, 1m, or a date such as fri.", valueName: "by"))
  var by: String = "1d"

  func run() throws {
    let vault = try options.openVault(writing: true)
    let today = options.today(vault)
    let index = try options.healingIndex(vault)
    let found = try index.read { store throws(VaultError) in
      try vault.resolveTask(task, among: [.todo, .inProgress, .onHold], in: store)
    }
    guard let (field, date) = TaskFieldEditor.postponedField(of: found.value) else {
      throw VaultError.cannotChange(
        "\(found.location)",
        reason:
          "the task has no due, scheduled or start date to postpone; give it one with `vault task \(found.shortID) --due fri`"
      )
    }
    let moved: LocalDate
    if let (amount, unit) = TaskFieldEditor.amount(by) {
      moved = TaskFieldEditor.postpone(date, by: amount, unit, today: today)
    } else {
      moved = try DateOption.parse(by, "postpone", today)
    }
    var changes = TaskFieldEditor.Changes()
    switch field {
    case "due": changes.due = .some(moved)
    case "scheduled": changes.scheduled = .some(moved)
    default: changes.start = .some(moved)
    }
    let result = try vault.editTask(found, changes)
    try TaskCommand.report(result, vault: vault, options: options)
  }
}
