/// A checkbox line, anywhere in the vault, with the fields of the Obsidian Tasks plugin.
public struct TaskItem: Hashable, Sendable {
  /// 1-based line of the task in its file.
  public var line: Int
  /// The bytes of the whole line in the file, without its line ending.
  public var byteRange: Range<Int>
  /// What stands before the list marker: spaces, tabs, `>` of quotes and callouts.
  public var indentation: String
  /// `-`, `*`, `+`, `1.` or `1)`.
  public var marker: String
  public var status: TaskStatus
  /// The text without its fields; `#tags` stay, as the Tasks plugin keeps them.
  public var description: String
  /// Tags in the description, without `#`.
  public var tags: [String]
  public var created: LocalDate?
  public var start: LocalDate?
  public var scheduled: LocalDate?
  /// Whether `scheduled` comes from the file's name (the Tasks plugin's
  /// `useFilenameAsScheduledDate`) rather than from the line, which then has no date.
  public var scheduledIsInferred = false
  public var due: LocalDate?
  public var done: LocalDate?
  public var cancelled: LocalDate?
  public var priority: TaskPriority
  /// The recurrence rule as written: `every week on Monday when done`.
  public var recurrence: String?
  /// `keep` or `delete`.
  public var onCompletion: String?
  public var id: String?
  public var dependsOn: [String]
  /// A trailing `^block-id`, without `^`.
  public var blockLink: String?
  /// Which notation the fields were written in.
  public var format: TaskFormat
  /// Dataview fields on the line that are not task fields.
  public var fields: [InlineField]
  /// The line of the task this one is nested under, if any.
  public var parentLine: Int?
  /// Its description: the lines indented under it that are not list items (its notes, as a
  /// planner calls them), joined by line breaks; nil without.
  public var notes: String?
  /// Among the note's tasks with the same text, which one this is, from 0: it keeps the short
  /// ids of identical lines apart.
  public var duplicate = 0

  public init(
    line: Int, byteRange: Range<Int> = 0..<0, indentation: String = "",
    marker: String = "-", status: TaskStatus = .todo, description: String = ""
  ) {
    self.line = line
    self.byteRange = byteRange
    self.indentation = indentation
    self.marker = marker
    self.status = status
    self.description = description
    tags = []
    priority = .normal
    dependsOn = []
    format = .none
    fields = []
  }

  /// The date a task list sorts by: due, else scheduled, else start.
  public var sortDate: LocalDate? { due ?? scheduled ?? start }

  /// Whether the task is still to be done (todo, in progress or on hold).
  public var isOpen: Bool { status.type.isOpen }

  /// Whether `other` reads as this task (text, status, the dates written on the line, priority,
  /// recurrence), wherever it stands.
  public func reads(as other: TaskItem) -> Bool {
    description == other.description && status.symbol == other.status.symbol && due == other.due
      && start == other.start && priority == other.priority && recurrence == other.recurrence
  }
}

extension Array where Element == TaskItem {
  /// Where `task`, read earlier at its line, is in these tasks of its file read again: at the
  /// same line if that still holds the same text, else the task that reads the same nearest to
  /// that line (another writer added or removed lines above it meanwhile).
  public func current(of task: TaskItem) -> TaskItem? {
    if let same = first(where: { $0.line == task.line }), same.description == task.description { return same }
    return filter { $0.reads(as: task) }.min { abs($0.line - task.line) < abs($1.line - task.line) }
  }
}

/// A checkbox's status character and what it means.
public struct TaskStatus: Hashable, Sendable {
  /// The Tasks plugin's status types.
  public enum Kind: String, Sendable, Codable, CaseIterable {
    case todo, done, inProgress = "in_progress", onHold = "on_hold", cancelled, nonTask = "non_task"

    /// Still to be done, as the plugin's `not done` reads it: todo, in progress, on hold.
    public var isOpen: Bool { self == .todo || self == .inProgress || self == .onHold }

    /// The type named as in the plugin's `data.json`: `TODO`, `IN_PROGRESS`, `ON_HOLD`,
    /// `DONE`, `CANCELLED`, `NON_TASK`.
    public init?(pluginName: String) {
      switch pluginName {
      case "TODO": self = .todo
      case "IN_PROGRESS": self = .inProgress
      case "ON_HOLD": self = .onHold
      case "DONE": self = .done
      case "CANCELLED": self = .cancelled
      case "NON_TASK": self = .nonTask
      default: return nil
      }
    }
  }

  /// The character between the brackets.
  public var symbol: Character
  /// What the symbol means: by default as `defaultType(of:)`, else as the Tasks plugin's
  /// `statusSettings` say (`TasksPluginSettings.statusType(of:)`).
  public var type: Kind

  public init(symbol: Character, type: Kind? = nil) {
    self.symbol = symbol
    self.type = type ?? Self.defaultType(of: symbol)
  }

  public static let todo = TaskStatus(symbol: " ")
  public static let done = TaskStatus(symbol: "x")
  public static let inProgress = TaskStatus(symbol: "/")
  public static let cancelled = TaskStatus(symbol: "-")

  /// The meaning the Tasks plugin gives a symbol when its settings add none; any other
  /// symbol is kept as written and, as in the plugin, counts as todo.
  public static func defaultType(of symbol: Character) -> Kind {
    switch symbol {
    case "x", "X": return .done
    case "/": return .inProgress
    case "-": return .cancelled
    default: return .todo
    }
  }
}

/// The Tasks plugin's priorities, highest first.
public enum TaskPriority: String, CaseIterable, Sendable, Codable, Comparable {
  case highest, high, medium, normal, low, lowest

  /// The emoji the Tasks plugin writes; none for normal.
  public var emoji: String? {
    switch self {
    case .highest: return "🔺"
    case .high: return "⏫"
    case .medium: return "🔼"
    case .normal: return nil
    case .low: return "🔽"
    case .lowest: return "⏬"
    }
  }

  var rank: Int { TaskPriority.allCases.firstIndex(of: self) ?? 3 }

  public static func < (lhs: TaskPriority, rhs: TaskPriority) -> Bool { lhs.rank < rhs.rank }
}

/// The notation of a task's fields.
public enum TaskFormat: String, Sendable, Codable {
  /// No fields.
  case none
  /// The Tasks plugin's emoji format: `📅 2026-11-30`.
  case emoji
  /// The Dataview format: `[due:: 2026-11-30]`.
  case dataview
  /// Both notations on one line.
  case mixed
  /// A task note: the task is the whole note, its fields the note's properties (`status`,
  /// `due`, `scheduled`, `priority`, `completedDate`: the TaskNotes plugin's form).
  case note
}
