/// `vault labels --suggest TASK`: labels for a task from the words and labels of
/// similar tasks already in the vault, with the tasks each was learned from.
public enum LabelSuggester {
  public struct Proposal: Sendable, Encodable {
    public var label: String
    /// The sum of the overlap (shared words over the words of the shorter text) of the tasks
    /// that carry the label.
    public var score: Double
    /// `Tasks.md:3 Buy milk`: the most similar tasks carrying it.
    public var from: [String]
  }

  /// Words that say little about a task.
  static let stopWords: Set<String> = [
    "the", "and", "for", "with", "to", "a", "an", "of", "in", "on", "at", "my", "our", "your", "this", "that", "from",
    "by", "or", "is", "be", "up", "it", "some", "new",
  ]

  /// The task's words: lower case, tags and fields left out, two letters at least.
  public static func words(_ text: String) -> Set<String> {
    var words = Set<String>()
    var current = ""
    var skipping = false
    for character in text.lowercased() + " " {
      if character.isLetter || character.isNumber || (character == "#" && current.isEmpty) {
        current.append(character)
        continue
      }
      // A word ends; words inside a Dataview field (`[duration:: 15m]`) do not count.
      if !skipping, current.count >= 2, !current.hasPrefix("#"), !stopWords.contains(current) { words.insert(current) }
      current = ""
      if character == "[" { skipping = true }
      if character == "]" { skipping = false }
    }
    return words
  }

  /// The labels (among `labels`) of the tasks most like `task`, best first; none it carries already.
  public static func proposals(
    for task: Located<TaskItem>, among tasks: [Located<TaskItem>], labels: [String], limit: Int = 3
  ) -> [Proposal] {
    let wanted = Set(labels.map { $0.lowercased() })
    let own = Set(task.value.tags.map { ($0.hasPrefix("#") ? String($0.dropFirst()) : $0).lowercased() })
    let mine = words(task.value.description)
    guard !mine.isEmpty else { return [] }
    var scores: [String: Double] = [:]
    var sources: [String: [(Double, String)]] = [:]
    for other in tasks where !(other.path == task.path && other.line == task.line) {
      let theirs = words(other.value.description)
      let shared = mine.intersection(theirs).count
      guard shared > 0 else { continue }
      let overlap = Double(shared) / Double(min(mine.count, theirs.count))
      for tag in other.value.tags {
        let name = (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag).lowercased()
        guard wanted.contains(name), !own.contains(name) else { continue }
        scores[name, default: 0] += overlap
        sources[name, default: []].append(
          (
            overlap,
            "\(other.path):\(other.line) \(TaskReminder.split(other.value.description, defaultTime: .midnight).0)"
          ))
      }
    }
    return scores.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(limit).map { name, score in
      Proposal(
        label: name, score: score,
        from: (sources[name] ?? []).sorted { $0.0 > $1.0 }.prefix(3).map(\.1))
    }
  }
}
