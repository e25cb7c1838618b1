/// A task in `vault tasks --json`: its id, where it is, and the task's fields.
public struct TaskListing: Sendable, Encodable {
  public let id: String
  /// All 16 digits of the id, for when two tasks share the short one.
  public let fullID: String
  public let path: String
  public let line: Int
  public let title: String
  public let task: TaskItem
  /// Difficulty, duration (minutes), energy and mood; null when not written.
  public let attributes: TaskAttributes

  public init(_ located: Located<TaskItem>) {
    id = located.shortID
    fullID = located.fullID
    path = located.path
    line = located.line
    title = located.title
    task = located.value
    attributes = located.value.attributes
  }
}
