/// A task in `vault tasks --json`: its id, where it is, and the task's fields.
public struct TaskListing: Sendable, Encodable {
  public let id: String
  public let path: String
  public let line: Int
  public let title: String
  public let task: TaskItem

  public init(_ located: Located<TaskItem>) {
    id = located.shortID
    path = located.path
    line = located.line
    title = located.title
    task = located.value
  }
}
