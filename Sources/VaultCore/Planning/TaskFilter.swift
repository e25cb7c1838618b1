/// What `vault tasks` and the web view's task list ask of a task beyond what the index selects:
/// its estimates (energy, duration, difficulty), and the order the list is shown in.
public struct TaskFilter: Sendable, Equatable {
  public var energy: TaskAttributes.Energy?
  /// At most this many minutes; a task without a duration does not fit.
  public var maxMinutes: Int?
  /// At most this difficulty (1-5); a task without one does not fit.
  public var maxDifficulty: Int?
  /// Only tasks of this category (any case).
  public var category: String?

  public init(
    energy: TaskAttributes.Energy? = nil, maxMinutes: Int? = nil, maxDifficulty: Int? = nil, category: String? = nil
  ) {
    self.energy = energy
    self.maxMinutes = maxMinutes
    self.maxDifficulty = maxDifficulty
    self.category = category
  }

  /// True when it asks nothing: every task fits.
  public var isEmpty: Bool { energy == nil && maxMinutes == nil && maxDifficulty == nil && category == nil }

  public func fits(_ task: TaskItem) -> Bool {
    if isEmpty { return true }
    let attributes = task.attributes
    if let energy, attributes.energy != energy { return false }
    if let category, attributes.category?.lowercased() != category.lowercased() { return false }
    if let maxMinutes {
      guard let duration = attributes.duration, duration <= maxMinutes else { return false }
    }
    if let maxDifficulty {
      guard let difficulty = attributes.difficulty, difficulty <= maxDifficulty else { return false }
    }
    return true
  }

  /// By priority, then the task's date (due, else scheduled, else start; undated last), then
  /// where it is.
  public static func order(_ left: Located<TaskItem>, _ right: Located<TaskItem>) -> Bool {
    // Fields read in place: copying both tasks was a sixth of listing 125,000 of them.
    if left.value.priority != right.value.priority { return left.value.priority < right.value.priority }
    let (dateA, dateB) = (left.value.sortDate, right.value.sortDate)
    if dateA != dateB {
      guard let dateA else { return false }
      guard let dateB else { return true }
      return dateA < dateB
    }
    return (left.path, left.line) < (right.path, right.line)
  }
}
