import ArgumentParser
import VaultCore
import VaultIndex
import VaultKit

struct Tasks: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tasks",
    // Parsed as a root by `ViewParsing`: argument-parser then skips its completion-script check.
    _superCommandName: "vault",
    abstract: "Task lines from the whole vault, by priority then due date.",
    discussion: """
      Every checkbox line (Obsidian Tasks emoji or Dataview format), open ones by default. \
      Each line ends with a short id and path:line; commands that change a task accept either, \
      and the id stays the same while the task's text and note do. The first 50 are listed, \
      with how many there are in all; --limit changes that, --all lists every one (as --json does).
      """)

  enum StatusChoice: String, ExpressibleByArgument, CaseIterable {
    case todo, done, cancelled, all
  }

  @OptionGroup var options: GlobalOptions

  @Option(name: .long, help: "todo (also in progress and on hold), done, cancelled or all.")
  var status: StatusChoice = .todo

  @Flag(name: .long, help: "Only open tasks due before today.")
  var overdue = false

  @Option(name: .long, help: ArgumentHelp("Only tasks due before this day, YYYY-MM-DD.", valueName: "date"))
  var dueBefore: String?

  @Option(name: .long, help: "Only this priority: highest, high, medium, normal, low, lowest.")
  var priority: TaskPriority?

  @Option(name: .long, help: "Only tasks with this tag or one nested under it.")
  var tag: String?

  @Option(name: .long, help: "Only tasks whose text holds these words (any case).")
  var search: String?

  enum FilterChoice: String, ExpressibleByArgument, CaseIterable {
    case all, active, completed, overdue
  }

  @Option(name: .long, help: "all, active (open), completed (done) or overdue (open, due before today).")
  var filter: FilterChoice?

  @Option(name: .long, help: "Only tasks that need this energy: low, medium or high.")
  var energy: TaskAttributes.Energy?

  @Option(name: .long, help: ArgumentHelp("Only tasks estimated at most this long: 30m, 1h.", valueName: "duration"))
  var maxDuration: String?

  @Option(name: .long, help: "Only tasks of at most this difficulty (1-5).")
  var maxDifficulty: Int?

  @Option(name: .long, help: ArgumentHelp("Only tasks of this category: [category:: work].", valueName: "name"))
  var category: String?

  @Option(name: .long, help: ArgumentHelp("List the first n tasks (default 50).", valueName: "n"))
  var limit: Int?

  @Flag(name: .long, help: "List every task, not only the first 50.")
  var all = false

  /// How many tasks the text lists unless told otherwise.
  static let defaultLimit = 50

  func validate() throws {
    if filter != nil && (overdue || status != .todo) {
      throw ValidationError("give --filter or --status/--overdue, not both")
    }
    if let maxDuration, TaskAttributes.minutes(maxDuration) == nil {
      throw ValidationError("--max-duration takes a time such as 30m, 1h or 1h30m, not '\(maxDuration)'")
    }
    if let maxDifficulty, !(1...5).contains(maxDifficulty) {
      throw ValidationError("--max-difficulty must be from 1 to 5")
    }
    if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more, not \(limit)") }
    if limit != nil && all { throw ValidationError("give --limit or --all, not both") }
  }

  /// The attribute filters (`--energy`, `--max-duration`, `--max-difficulty`, `--category`).
  var attributeFilter: TaskFilter {
    TaskFilter(
      energy: energy, maxMinutes: maxDuration.flatMap(TaskAttributes.minutes), maxDifficulty: maxDifficulty,
      category: category)
  }

  static func filters(of task: TaskItem, today: LocalDate) -> [FilterChoice] {
    var result: [FilterChoice] = [.all]
    if task.isOpen { result.append(.active) }
    if task.status.type == .done { result.append(.completed) }
    if task.isOpen, let due = task.due, due < today { result.append(.overdue) }
    return result
  }

  func run() throws {
    let vault = try options.openVault()
    let index = try options.healingIndex(vault)
    let today = options.today(vault)
    var selection = TaskSelection()
    let terminal = options.terminal()
    // On a terminal, `--filter` heads the list with the count of each of the four.
    let counting = filter != nil && !options.json && terminal.isTerminal
    switch overdue ? .todo : status {
    case _ where counting: break
    case _ where filter == .all: break
    case _ where filter == .active || filter == .overdue: selection.statuses = [.todo, .inProgress, .onHold]
    case _ where filter == .completed: selection.statuses = [.done]
    case .todo: selection.statuses = [.todo, .inProgress, .onHold]
    case .done: selection.statuses = [.done]
    case .cancelled: selection.statuses = [.cancelled]
    case .all: break
    }
    let limits = [
      overdue || (filter == .overdue && !counting) ? today : nil,
      try dueBefore.map { try DateOption.parse($0, "--due-before", today) },
    ].compactMap { $0 }
    selection.dueBefore = limits.min()
    selection.tag = tag
    selection.text = search
    selection.priority = priority
    let attributes = attributeFilter
    if options.json {
      // Printed as they are read, in order: 125,000 tasks are never all in memory.
      var array = JSONArrayWriter()
      var left = limit ?? Int.max
      try index.read { store throws(VaultError) in
        array.restart()
        left = limit ?? Int.max
        if let limit, attributes.isEmpty {
          // The first few from the index, without reading the rest.
          for task in try vault.firstTasks(in: store, selection, limit: limit).tasks {
            array.add { TaskListing(task).writeJSON(to: &$0) }
          }
          return
        }
        try vault.forEachTask(in: store, selection) { task in
          guard left > 0, attributes.fits(task.value) else { return }
          left -= 1
          array.add { TaskListing(task).writeJSON(to: &$0) }
        }
      }
      array.finish()
      return
    }
    let shown = all ? Int.max : limit ?? Self.defaultLimit
    var tasks: [Located<TaskItem>] = []
    var total = 0
    try index.read { store throws(VaultError) in
      if attributes.isEmpty && !counting && shown < Int.max {
        // The first few from the index, and the count (of 100,000 overdue tasks, 50 are read).
        (tasks, total) = try vault.firstTasks(in: store, selection, limit: shown)
        return
      }
      tasks = []
      try vault.forEachTask(in: store, selection) { task in if attributes.fits(task.value) { tasks.append(task) } }
      total = tasks.count
    }
    if let filter, counting {
      var counts: [FilterChoice: Int] = [:]
      for task in tasks { for kind in Self.filters(of: task.value, today: today) { counts[kind, default: 0] += 1 } }
      terminal.print(
        FilterChoice.allCases.map { kind in
          let text = "\(kind.rawValue) \(counts[kind] ?? 0)"
          return kind == filter ? terminal.bold(text) : terminal.dim(text)
        }.joined(separator: " · "))
      tasks = tasks.filter { Self.filters(of: $0.value, today: today).contains(filter) }
      total = tasks.count
    }
    if tasks.count > shown { tasks.removeSubrange(shown...) }
    guard !tasks.isEmpty else {
      terminal.print(
        "no tasks match: try --status all, or add one as a line such as '- [ ] Call Mum 📅 \(today.adding(days: 1))' in any note"
      )
      return
    }
    let rows = tasks.map { task -> [String] in
      let item = task.value
      let box = "[\(item.status.symbol)]"
      return [
        ViewText.priority(item.priority),
        box + " " + ViewText.task(item, vault.settings.tasks, vault.settings.labels, terminal),
        dates(item, today: today, terminal: terminal),
        terminal.dim(task.shortID), terminal.location(task.location),
      ]
    }
    terminal.print(lines: terminal.table(rows, indent: 0, flexible: 1, trailing: 2))
    guard total > tasks.count else { return terminal.print(terminal.dim(Counting.of(total, "task"))) }
    // The same command again with --all (the words as they were typed).
    let again = Self.allCommand(CommandLine.arguments.dropFirst())
    terminal.print(terminal.dim("\(tasks.count) of \(Counting.of(total, "task")): `\(again)` lists every one"))
  }

  /// `vault` with `arguments` and `--all`, quoted for a shell: without a `--limit` among them,
  /// nor the `--color` a view over several workspaces passes to each (`WorkspaceDispatch`).
  static func allCommand(_ arguments: some Sequence<String>) -> String {
    var words: [String] = []
    var skipNext = false
    for word in arguments {
      if skipNext {
        skipNext = false
        continue
      }
      if word == "--limit" || word == "--color" {
        skipNext = true
        continue
      }
      if word.hasPrefix("--limit=") || word.hasPrefix("--color=") { continue }
      words.append(word)
    }
    return (["vault"] + words + ["--all"]).map(ShellQuote.quoted).joined(separator: " ")
  }

  /// The date that matters most: overdue, due, scheduled, starts, done.
  private func dates(_ task: TaskItem, today: LocalDate, terminal: Terminal) -> String {
    if let done = task.done { return "done \(done)" }
    if let cancelled = task.cancelled { return "cancelled \(cancelled)" }
    if let due = task.due {
      let days = today.days(until: due)
      if days < 0 { return terminal.red("overdue " + Counting.of(-days, "day")) }
      return days == 0 ? terminal.yellow("due today") : days == 1 ? "due tomorrow" : "due \(due)"
    }
    if let scheduled = task.scheduled { return "scheduled \(scheduled)" }
    if let start = task.start { return "starts \(start)" }
    return ""
  }

  /// Highest priority first, then the earliest date (due, else scheduled, else start; none
  /// last), then where it is.
}

extension TaskPriority: ExpressibleByArgument {}
extension TaskAttributes.Energy: ExpressibleByArgument {}
