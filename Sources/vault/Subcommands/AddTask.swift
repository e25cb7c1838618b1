import ArgumentParser
import VaultCore
import VaultKit

struct AddTask: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "task",
    abstract: "Append a task line to the inbox, a note, or today's daily note.",
    discussion: """
      The line is written as the Tasks plugin writes it, in the vault's notation (emoji, or \
      Dataview when .obsidian/plugins/obsidian-tasks-plugin/data.json says taskFormat: \
      dataview), fields in the plugin's order, with its global filter. The inbox is `inbox` in \
      .vault/config.yml (default Tasks.md); it is made when missing. A new task goes under the \
      inbox's `inbox_heading` (from the config) or after its first list of tasks, so not below \
      a `## Someday` at its end; --to appends at the end of the note. Dates take natural \
      language: today, tomorrow, fri, next friday, in 3 days, +2w, dec 5, 2026-12-05.
        vault add task "Call Mum" --due fri --priority high --tag family
        vault add task "Water the plants" --scheduled sun --repeat "every week on Sunday"
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "What to do.")
  var text: String

  @Option(name: .long, help: ArgumentHelp("Due date.", valueName: "date"))
  var due: String?

  @Option(name: .long, help: ArgumentHelp("Scheduled date.", valueName: "date"))
  var scheduled: String?

  @Option(name: .long, help: ArgumentHelp("Start date.", valueName: "date"))
  var start: String?

  @Option(name: .long, help: "highest, high, medium, low or lowest.")
  var priority: TaskPriority?

  @Option(
    name: .long, help: ArgumentHelp("A Tasks repeat rule: 'every week', 'every month on the 1st'.", valueName: "rule"))
  var `repeat`: String?

  @Option(name: .long, help: "A tag for the task (repeatable).")
  var tag: [String] = []

  @Option(name: .long, help: "How hard it is, 1 (easy) to 5 (hard): [difficulty:: N].")
  var difficulty: Int?

  @Option(name: .long, help: ArgumentHelp("How long it takes, estimated: 15m, 1h30m.", valueName: "time"))
  var duration: String?

  @Option(name: .long, help: "The energy it needs: low, medium or high.")
  var energy: TaskAttributes.Energy?

  @Option(name: .long, help: "Its category, in your own words (work, home): [category:: work].")
  var category: String?

  @Option(name: .long, help: "A label (a tag, as labels are): errand, deep-work (repeatable).")
  var label: [String] = []

  @Option(name: .long, help: ArgumentHelp("The note to append to (made when missing).", valueName: "note"))
  var to: String?

  @Flag(name: .long, help: "Append to today's daily note (made when missing).")
  var daily = false

  func validate() throws {
    if to != nil && daily { throw ValidationError("give --to or --daily, not both") }
    if text.trimmingSpaces().isEmpty { throw ValidationError("the task needs some text") }
    if let rule = `repeat`,
      RecurrenceRule.parse(phrase: rule.lowercased().hasPrefix("every") ? rule : "every " + rule) == nil
    {
      throw ValidationError(
        "--repeat '\(rule)' is not a rule the Tasks plugin reads: use 'every day', 'every 2 weeks', 'every week on Monday', 'every month on the 1st'"
      )
    }
    for tag in tag where !TagSyntax.isValid(tag.hasPrefix("#") ? String(tag.dropFirst()) : tag) {
      throw ValidationError("--tag '\(tag)' is not a tag: letters, digits, _, - and / only, not all digits")
    }
    for label in label where !TagSyntax.isValid(label.hasPrefix("#") ? String(label.dropFirst()) : label) {
      throw ValidationError("--label '\(label)' is not a label: letters, digits, _, - and / only, not all digits")
    }
    if let category, let problem = TaskAttributes.problem(key: "category", value: category) {
      throw ValidationError("--category: \(problem)")
    }
    if let difficulty, !(1...5).contains(difficulty) {
      throw ValidationError("--difficulty must be from 1 (easy) to 5 (hard), not \(difficulty)")
    }
    if let duration, TaskAttributes.minutes(duration) == nil {
      throw ValidationError("--duration takes a time such as 15m, 1h or 1h30m, not '\(duration)'")
    }
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let today = options.today(vault)
    var task = NewTask(description: text)
    task.priority = priority ?? .normal
    task.recurrence = `repeat`.map { $0.lowercased().hasPrefix("every") ? $0 : "every " + $0 }
    task.tags = tag + label
    task.attributes = TaskAttributes(
      difficulty: difficulty, duration: duration.flatMap(TaskAttributes.minutes), energy: energy)
    task.attributes.category = category.map { SingleLine.joined($0).trimmingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
    if vault.settings.tasks.setCreatedDate { task.created = today }
    task.due = try date(due, "--due", today)
    task.scheduled = try date(scheduled, "--scheduled", today)
    task.start = try date(start, "--start", today)
    if task.recurrence != nil && task.due == nil && task.scheduled == nil && task.start == nil {
      throw ValidationError("a repeating task needs --due, --scheduled or --start to repeat from (as the Tasks plugin)")
    }
    let target: String
    if let to {
      // An existing note by any name vault resolves, else a new note at that path.
      if let existing = try? options.resolveNote(to, in: vault) {
        target = existing
      } else {
        target = try vault.newNotePath(to)
      }
    } else if daily {
      // Made from the daily template when missing, as `vault journal` makes it.
      target = try vault.dailyNote(for: today, time: options.now(vault).time).path
    } else {
      target = try vault.newNotePath(vault.settings.inbox)
    }
    let line = task.line(format: vault.settings.tasks.format, globalFilter: vault.settings.tasks.globalFilter)
    // In a daily note, under its Tasks heading (made when missing); in the inbox, where its
    // structure says; elsewhere, at the end.
    let added =
      if daily {
        try vault.append(line, under: "Tasks", in: target)
      } else if to == nil {
        try vault.appendToInbox(line, at: target)
      } else {
        try vault.append(line, to: target)
      }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(added)
      return
    }
    terminal.say(
      terminal.location(added.path + ":\(added.line)") + "  " + added.text
        + (added.created ? terminal.dim("  (new note)") : ""))
  }

  private func date(_ text: String?, _ option: String, _ today: LocalDate) throws -> LocalDate? {
    guard let text else { return nil }
    switch NaturalDate.date(text, today: today) {
    case .success(let date): return date
    case .failure(let problem): throw ValidationError("\(option): \(problem)")
    }
  }
}
