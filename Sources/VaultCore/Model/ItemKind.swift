/// What a note, or an item inside one, is to the planner.
public enum ItemKind: String, CaseIterable, Sendable, Codable, Comparable {
  case event, task, goal, insight, principle, journal, note

  /// Singular English name for summaries: "event", "journal entry".
  public var singular: String { self == .journal ? "journal entry" : rawValue }

  /// Plural English name for summaries: "events", "journal entries".
  public var plural: String {
    switch self {
    case .journal: return "journal entries"
    default: return rawValue + "s"
    }
  }

  /// Reads a `type` property or a `categories` entry: `event`, `Events`, `[[Events]]`,
  /// `daily`, `journal`...
  public init?(naming text: String) {
    var name = text.trimmingSpaces().lowercased()
    if name.hasPrefix("[[") && name.hasSuffix("]]") { name = String(name.dropFirst(2).dropLast(2)) }
    if let bar = name.firstIndex(of: "|") { name = String(name[..<bar]) }
    if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
    switch name {
    case "event", "events", "calendar": self = .event
    case "task", "tasks", "todo": self = .task
    case "goal", "goals": self = .goal
    case "insight", "insights", "quote", "quotes", "lesson", "lessons": self = .insight
    case "principle", "principles": self = .principle
    case "journal", "journals", "daily", "daily note", "daily notes", "diary": self = .journal
    case "note", "notes": self = .note
    default: return nil
    }
  }

  /// `counts` with every kind present, 0 for none, so JSON readers can rely on every key.
  public static func everyKind(_ counts: [ItemKind: Int]) -> [ItemKind: Int] {
    Dictionary(uniqueKeysWithValues: allCases.map { ($0, counts[$0] ?? 0) })
  }

  var order: Int { ItemKind.allCases.firstIndex(of: self) ?? 0 }

  public static func < (lhs: ItemKind, rhs: ItemKind) -> Bool { lhs.order < rhs.order }
}

// Dictionaries keyed by kind encode as JSON objects: {"event": 10, ...}.
extension ItemKind: CodingKeyRepresentable {}
