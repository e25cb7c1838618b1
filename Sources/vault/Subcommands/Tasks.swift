import ArgumentParser
import VaultCore
import VaultIndex
import VaultKit

struct Tasks: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tasks",
    abstract: "Task lines from the whole vault, by priority then due date.",
    discussion: """
      Every checkbox line (Obsidian Tasks emoji or Dataview format), open ones by default. \
      Each line ends with a short id and path:line; commands that change a task accept either, \
      and the id stays the same while the task's text and note do.
      """)

  enum StatusChoice: String, ExpressibleByArgument, CaseIterable {
    case todo, done, cancelled, all
  }

  @OptionGroup var options: GlobalOptions

  @Option(name: .long, help: "todo (also in progress and on hold; the default), done, cancelled or all.")
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

  func run() throws {
    let vault = try options.openVault()
    let index = try options.healingIndex(vault)
    let today = options.today(vault)
    var selection = TaskSelection()
    switch overdue ? .todo : status {
    case .todo: selection.statuses = [.todo, .inProgress, .onHold]
    case .done: selection.statuses = [.done]
    case .cancelled: selection.statuses = [.cancelled]
    case .all: break
    }
    let limits = [overdue ? today : nil, try dueBefore.map { try DateOption.parse($0, "--due-before", today) }]
      .compactMap { $0 }
    selection.dueBefore = limits.min()
    selection.tag = tag
    selection.text = search
    selection.priority = priority
    let tasks = try index.read { store throws(VaultError) in
      try vault.tasks(in: store, selection).sorted(by: Self.order)
    }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(tasks.map(TaskListing.init))
      return
    }
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
        ViewText.priority(item.priority), box + " " + vault.settings.tasks.shown(item.description),
        dates(item, today: today, terminal: terminal),
        terminal.dim(task.shortID), terminal.location(task.location),
      ]
    }
    for line in terminal.table(rows, indent: 0, flexible: 1, trailing: 2) { terminal.print(line) }
    terminal.print(terminal.dim(Counting.of(tasks.count, "task")))
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
  static func order(_ left: Located<TaskItem>, _ right: Located<TaskItem>) -> Bool {
    let (a, b) = (left.value, right.value)
    if a.priority != b.priority { return a.priority < b.priority }
    if a.sortDate != b.sortDate {
      guard let dateA = a.sortDate else { return false }
      guard let dateB = b.sortDate else { return true }
      return dateA < dateB
    }
    return (left.path, left.line) < (right.path, right.line)
  }
}

extension TaskPriority: ExpressibleByArgument {}
