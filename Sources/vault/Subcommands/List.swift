import ArgumentParser
import VaultCore
import VaultIndex
import VaultKit

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List the items that match property filters.",
    discussion: """
      Every filter must hold. --where takes KEY OP VALUE with OP one of = != < <= > >=; the value \
      compares as a date, a number, or text (= and != ignore case); a list property matches when \
      one of its elements does. A date key (due, created, date… or any key whose values are \
      dates) takes the natural dates add takes (tomorrow, fri, dec 1, -1w) and refuses a value \
      that is no date; a date-time compares moments (created>=2026-11-23T08:00, a date being its \
      day's start). date is also a journal day's date.
        vault list --where 'created>=2026-11-23T08:00' --sort created
        vault list --type event --where category=music
        vault list --type journal --where 'mood>=7'
        vault list --tag health --where 'created<2026-01-01'
        vault list --type task --where 'due<dec 1' --where priority>=high
      With --type task the lines are tasks: --where names a task field (due, scheduled, start, \
      created, done, cancelled, priority, status, description) or a property of the task's \
      note, and --tag a tag on the task line. \
      The index is brought up to date first.
      """)

  @OptionGroup var options: GlobalOptions

  @Option(name: .long, help: "Only this kind: event, task, goal, insight, principle, journal, note.")
  var type: String?

  @Option(name: .long, help: "Only items with this tag or one nested under it (repeatable).")
  var tag: [String] = []

  @Option(
    name: .customLong("where"), help: ArgumentHelp("A property filter KEY OP VALUE (repeatable).", valueName: "expr"))
  var conditions: [String] = []

  @Option(name: .long, help: "Only paths starting with this (a folder such as Journal/).")
  var path: String?

  @Option(
    name: .long,
    help:
      "Order: date (none last), path, title, kind or created (the created property); pinned notes (pinned: true) come first."
  )
  var sort: FileOrder = .date

  @Flag(name: .long, help: "Reverse the order.")
  var reverse = false

  @Option(name: .long, help: "Show at most this many.")
  var limit: Int?

  func validate() throws {
    if let limit, limit < 1 { throw ValidationError("--limit must be at least 1") }
    do {
      _ = try query()
    } catch {
      throw ValidationError(error.description)
    }
  }

  func query() throws(Query.Problem) -> (Query, kind: ItemKind?) {
    var query = Query()
    var kind: ItemKind?
    if let type {
      guard let named = ItemKind(naming: type) else {
        throw Query.Problem(
          description:
            "--type '\(type)' is no kind: use one of \(ItemKind.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      kind = named
      if named != .task { query.kinds = [named] }
    }
    for tag in tag {
      let normalized = TagSyntax.normalized(tag)
      guard !normalized.isEmpty else { throw Query.Problem(description: "--tag needs a tag name") }
      query.tags.append(normalized)
    }
    for text in conditions {
      guard let condition = try Query.condition(text) else {
        throw Query.Problem(
          description: "--where '\(text)' is not KEY OP VALUE: write it as category=music, mood>=7 or due<2026-12-01")
      }
      query.conditions.append(condition)
    }
    if let path { query.paths = [path] }
    return (query, kind)
  }

  func run() throws {
    let (query, kind) = try query()
    let vault = try options.openVault()
    let today = options.today(vault)
    let (limit, sort, reverse) = (limit, sort, reverse)
    let terminal = options.terminal()
    let noun = kind.map { ($0.singular, $0.plural) } ?? ("item", "items")
    if kind == .task {
      let (tasks, total) = try options.fromFreshIndex(vault) { store throws(VaultError) in
        try vault.listTasks(vault.resolvingDates(query, in: store, today: today), in: store, limit: limit)
      }
      if options.json {
        try terminal.json(TaskList(total: total, tasks: tasks))
        return
      }
      let rows = tasks.map { task in
        [
          "[\(task.statusSymbol)]", task.due.map { "📅 \($0)" } ?? "", vault.settings.tasks.shown(task.description),
          "\(task.path):\(task.line)",
        ]
      }
      print(rows, text: 2, total: total, noun: noun, type: "task", terminal: terminal)
      return
    }
    let (files, total) = try options.fromFreshIndex(vault) { store throws(VaultError) in
      try vault.list(
        vault.resolvingDates(query, in: store, today: today), in: store, order: sort, reverse: reverse, limit: limit)
    }
    if options.json {
      try terminal.json(FileList(total: total, items: files))
      return
    }
    let keys = Array(Set(query.conditions.map(\.key))).sorted()
    let rows = files.map { file in
      // A journal day's title is its date: said once.
      [file.date ?? "", file.title == file.date ? "" : file.title]
        + keys.map { key in "\(key): " + (file.properties[key] ?? []).joined(separator: ", ") }
        + [kind == nil ? file.kind : "", file.path].filter { !$0.isEmpty }
    }
    print(rows, text: 1, total: total, noun: noun, type: kind?.rawValue ?? "note", terminal: terminal)
  }

  /// The rows, column `text` (the item's text) given the width first, the path last.
  /// With none, a hint that runs: `vault list --type TYPE` (the kind's own name: `journal`,
  /// where the noun says "journal entries").
  func print(_ rows: [[String]], text: Int, total: Int, noun: (String, String), type: String, terminal: Terminal) {
    guard !rows.isEmpty else {
      terminal.print("no \(noun.1) match")
      terminal.print(
        terminal.dim(
          "loosen a filter, or see what there is with `vault list --type \(type)`"))
      return
    }
    terminal.print(lines: terminal.table(rows, indent: 0, flexible: text, trailing: 1))
    terminal.print(
      terminal.dim(
        total > rows.count
          ? "\(rows.count) of \(Counting.of(total, noun.0, plural: noun.1))"
          : Counting.of(total, noun.0, plural: noun.1)))
  }
}

extension FileOrder: ExpressibleByArgument {}

/// `vault list --json`.
struct FileList: Encodable {
  var total: Int
  var items: [FileMatch]
}

/// `vault list --type task --json`.
struct TaskList: Encodable {
  var total: Int
  var tasks: [TaskMatch]
}
