/// The words of a sync's commit message, from what changed in each note:
/// `done: Renew passport; journal 2026-11-23; +2 tasks`.
public enum ChangeSummary {
  /// One file's change: its path and its text before and after (nil: it did not exist).
  public struct Change: Sendable {
    public var path: String
    public var before: String?
    public var after: String?
    public init(path: String, before: String?, after: String?) {
      self.path = path
      self.before = before
      self.after = after
    }
  }

  /// The subject line (at most `width` characters, cut at a part) and the full list of parts.
  public static func message(
    _ changes: [Change], width: Int = 72
  ) -> (
    subject: String, parts: [String]
  ) {
    var done: [String] = []
    var cancelled: [String] = []
    var reopened: [String] = []
    var added = 0
    var removed = 0
    var reworded = 0
    var redated = 0
    var changedTasks = 0
    var journal: [String] = []
    var created: [String] = []
    var deleted: [String] = []
    var edited: [String] = []
    for change in changes.sorted(by: { $0.path < $1.path }) {
      let name = noteName(change.path)
      let isMarkdown = change.path.lowercased().hasSuffix(".md")
      if let day = journalDay(change.path), change.after != nil {
        journal.append(day)
      } else if change.before == nil {
        created.append(name)
      } else if change.after == nil {
        deleted.append(name)
      }
      guard isMarkdown else {
        if change.before != nil, change.after != nil { edited.append(name) }
        continue
      }
      let old = tasks(change.before ?? "")
      let new = tasks(change.after ?? "")
      var taskChanged = false
      var fileAdded = 0
      // Each old task is matched with its likeliest new version: a completed recurring task keeps
      // its dates, its next instance moves them.
      var unmatched = Array(new.indices)
      var closedIdentities = Set<String>()
      var gone = 0
      for before in old {
        let candidates = unmatched.filter { new[$0].identity == before.identity }
        guard
          let best = candidates.max(by: {
            TaskLineMerge.likeness(before, new[$0]) < TaskLineMerge.likeness(before, new[$1])
          })
        else {
          gone += 1
          continue
        }
        unmatched.removeAll { $0 == best }
        let task = new[best]
        let (was, now) = (before.task.status.type, task.task.status.type)
        if was != now {
          taskChanged = true
          switch now {
          case .done: done.append(task.task.description.trimmingSpaces())
          case .cancelled: cancelled.append(task.task.description.trimmingSpaces())
          default: if !was.isOpen { reopened.append(task.task.description.trimmingSpaces()) }
          }
          if !now.isOpen { closedIdentities.insert(task.identity) }
        } else if before != task {
          taskChanged = true
          let dates = { (parts: TaskLineParts) in
            parts.fields.filter { ["due", "scheduled", "start"].contains($0.key) }.map { $0.key + $0.text }
          }
          if dates(before) != dates(task) {
            redated += 1
          } else if before.description == task.description {
            changedTasks += 1
          }
        }
      }
      for index in unmatched where new[index].task.status.type.isOpen && !closedIdentities.contains(new[index].identity)
      {
        added += 1
        fileAdded += 1
        taskChanged = true
      }
      // A task whose words changed leaves under its old words and comes back under its new ones.
      if gone > 0, change.after != nil {
        let pairs = min(gone, fileAdded)
        (reworded, added, removed) = (reworded + pairs, added - pairs, removed + gone - pairs)
        taskChanged = true
      }
      if change.before != nil, change.after != nil, !taskChanged,
        journalDay(change.path) == nil
      {
        edited.append(name)
      }
    }
    var parts: [String] = []
    // A few names are named; more are counted (a first sync commits thousands of notes).
    func named(_ label: String, _ names: [String], _ noun: String) {
      guard !names.isEmpty else { return }
      parts.append(
        label + (names.count <= 3 ? names.joined(separator: ", ") : "\(names.count) \(noun)"))
    }
    named("done: ", done, "tasks")
    named("cancelled: ", cancelled, "tasks")
    named("reopened: ", reopened, "tasks")
    named("journal ", journal, "days")
    if added > 0 { parts.append("+\(added) task" + (added == 1 ? "" : "s")) }
    if reworded > 0 { parts.append("\(reworded) task" + (reworded == 1 ? "" : "s") + " reworded") }
    if redated > 0 { parts.append("\(redated) task" + (redated == 1 ? "" : "s") + " re-dated") }
    if changedTasks > 0 { parts.append("\(changedTasks) task" + (changedTasks == 1 ? "" : "s") + " changed") }
    if removed > 0 { parts.append("−\(removed) task" + (removed == 1 ? "" : "s")) }
    named("new: ", created, "files")
    named("edited: ", edited, "files")
    named("removed: ", deleted, "files")
    if parts.isEmpty { parts = ["vault sync"] }
    var subject = ""
    for (index, part) in parts.enumerated() {
      let candidate = subject.isEmpty ? part : subject + "; " + part
      let more = parts.count - index - 1
      if candidate.count > width - (more > 0 ? 10 : 0), !subject.isEmpty {
        subject += "; and \(parts.count - index) more"
        break
      }
      subject = candidate.count > width ? String(candidate.prefix(width - 1)) + "…" : candidate
    }
    return (subject, parts)
  }

  private static func tasks(_ text: String) -> [TaskLineParts] {
    // A callout's copy of a task (`> - [ ] …`) is no task.
    ThreeWayLines.lines(text[...]).compactMap(TaskLineParts.init).filter { !$0.isQuoted }
  }

  private static func noteName(_ path: String) -> String {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.lowercased().hasSuffix(".md") ? String(file.dropLast(3)) : file
  }

  /// The day of a daily note, a note named as its date (`2026-11-23.md`).
  private static func journalDay(_ path: String) -> String? {
    let name = noteName(path)
    guard path.lowercased().hasSuffix(".md"), let date = DateParsing.validDate(name) else { return nil }
    return date.description
  }
}
