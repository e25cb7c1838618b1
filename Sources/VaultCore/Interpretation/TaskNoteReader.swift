/// The TaskNotes plugin's values: its statuses and priorities, read and written.
public enum TaskNoteReader {
  /// `open`, `in-progress`, `done`, `cancelled` (and common spellings) as a checkbox status; an
  /// unknown status is open, as the plugin shows a status it does not know.
  public static func status(_ text: String) -> TaskStatus {
    switch String(text.trimmingSpaces().lowercased().map { $0 == "_" || $0 == " " ? "-" : $0 }) {
    case "done", "completed", "complete", "closed": return .done
    case "in-progress", "doing", "active", "started": return .inProgress
    case "cancelled", "canceled", "dropped": return .cancelled
    case "waiting", "on-hold", "blocked": return TaskStatus(symbol: "?", type: .onHold)
    default: return .todo
    }
  }

  /// The `status` value written for a change: `done`, `cancelled`, `open`.
  public static func statusValue(_ kind: TaskStatus.Kind) -> String {
    switch kind {
    case .done: return "done"
    case .cancelled: return "cancelled"
    case .inProgress: return "in-progress"
    default: return "open"
    }
  }

  /// The Tasks plugin's names (`high`), also as TaskNotes writes them; nil for anything else.
  public static func priority(_ text: String) -> TaskPriority? {
    TaskPriority(rawValue: text.trimmingSpaces().lowercased())
  }
}
