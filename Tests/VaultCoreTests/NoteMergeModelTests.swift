import Foundation
import TestSupport
import Testing

@testable import VaultCore

/// Thousands of random rounds of two machines editing one note, each merged by `NoteMerge` and
/// compared with a model of the planner: the note as tasks (by identity), journal entries, a
/// paragraph and properties, where the expected result is worked out field by field.
///
/// Every round: each change made on one side only is in the note (in place, not only in a
/// callout); every task is there once; callouts hold exactly the tasks and properties both sides
/// set differently; no conflict marker. `VAULT_MERGE_ROUNDS` and `VAULT_MERGE_SEED` change the run.
struct NoteMergeModelTests {
  static var rounds: Int {
    ProcessInfo.processInfo.environment["VAULT_MERGE_ROUNDS"].flatMap { Int($0) } ?? 10_000
  }
  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["VAULT_MERGE_SEED"].flatMap { UInt64($0) } ?? 20_261_129
  }

  @Test func randomEditsOnTwoSidesMergeAsTheModelSays() {
    var random = SeededRandom(seed: Self.seed)
    var failures: [String] = []
    var clashes = 0
    for round in 1...Self.rounds {
      var model = MergeModel(random: &random)
      let base = model.note
      var ours = base
      var theirs = base
      // A group of identical lines is edited by one side a round: which copy a side changed
      // cannot be told from the text.
      let twinsOwner = random.below(2)
      // A person rewords a task once between syncs (two rewordings of three words leave a
      // task no one could tell from another).
      var reworded: (ours: Set<Int>, theirs: Set<Int>) = ([], [])
      for _ in 0..<(1 + random.below(4)) {
        model.edit(&ours, random: &random, twins: twinsOwner == 0, reworded: &reworded.ours)
      }
      for _ in 0..<(1 + random.below(4)) {
        model.edit(&theirs, random: &random, twins: twinsOwner == 1, reworded: &reworded.theirs)
      }
      let expected = MergeModel.expected(base: base, ours: ours, theirs: theirs)
      let result = NoteMerge.merge(
        base: base.text, ours: ours.text, theirs: theirs.text, us: .init(name: "laptop", time: "t1"),
        them: .init(name: "phone", time: "t2"), theirsIsLater: true)
      let problems = MergeModel.check(result, expected)
      clashes += expected.clashCount
      if !problems.isEmpty, failures.count < 5 {
        failures.append(
          "round \(round): \(problems.joined(separator: "; "))\n--- base\n\(base.text)--- ours\n\(ours.text)"
            + "--- theirs\n\(theirs.text)--- merged\n\(result.text)")
      }
    }
    print("\(Self.rounds) model rounds, \(clashes) clashes expected and found, \(failures.count) failing")
    #expect(failures.isEmpty, "\(failures.joined(separator: "\n\n"))")
    #expect(clashes > Self.rounds / 20, "the rounds should make clashes too")
  }
}

/// A note as the model sees it.
struct ModelNote: Equatable {
  struct Task: Equatable {
    var key: Int
    var words: [String]
    var status: Character = " "
    var due: String?
    var priority: String?
    var done: String?
    var id: String?

    var line: String {
      var text = "- [\(status)] " + words.joined(separator: " ")
      if let priority { text += " " + priority }
      if let due { text += " 📅 " + due }
      if let id { text += " 🆔 " + id }
      if let done { text += " ✅ " + done }
      return text
    }

    /// What the merge must keep of it: everything but the model's key.
    var fields: Fields {
      Fields(words: words.joined(separator: " "), status: status, due: due, priority: priority, done: done, id: id)
    }
  }

  struct Fields: Hashable, CustomStringConvertible {
    var words: String
    var status: Character
    var due: String?
    var priority: String?
    var done: String?
    var id: String?
    var description: String { "[\(status)] \(words) due=\(due ?? "-") prio=\(priority ?? "-") done=\(done ?? "-")" }
  }

  var properties: [(key: String, value: String)]
  var plan: String
  var tasks: [Task]
  var entries: [String]

  static func == (a: ModelNote, b: ModelNote) -> Bool {
    a.properties.map { $0.key + $0.value } == b.properties.map { $0.key + $0.value } && a.plan == b.plan
      && a.tasks == b.tasks && a.entries == b.entries
  }

  var text: String {
    "---\n" + properties.map { "\($0.key): \($0.value)\n" }.joined() + "---\n# Tasks\nPlan: \(plan)\n"
      + tasks.map { $0.line + "\n" }.joined() + "\n## Journal\n" + entries.map { $0 + "\n" }.joined()
  }
}

struct MergeModel {
  var note: ModelNote
  var nextKey = 100
  static let wordsA = ["apple", "river", "stone", "cloud", "maple", "ember", "lantern", "meadow", "harbor", "quartz"]
  static let wordsB = [
    "violet", "copper", "falcon", "glacier", "orchid", "pepper", "saffron", "tundra", "walnut", "zephyr",
  ]
  static let days = ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"]
  static let priorities: [String?] = [nil, "⏫", "🔼", "🔽"]

  init(random: inout SeededRandom) {
    var tasks: [ModelNote.Task] = []
    for key in 0..<(2 + random.below(7)) {
      var task = ModelNote.Task(
        key: key, words: ["T\(key)", Self.wordsA[random.below(10)], Self.wordsA[random.below(10)]])
      if random.below(2) == 0 { task.due = Self.days[random.below(4)] }
      if random.below(3) == 0 { task.priority = Self.priorities[1 + random.below(3)] }
      if random.below(4) == 0 { task.id = "id\(key)" }
      if random.below(4) == 0 {
        task.status = "x"
        task.done = Self.days[random.below(4)]
      }
      tasks.append(task)
    }
    // Two identical lines, now and then.
    if random.below(3) == 0 {
      let twin = ModelNote.Task(key: 50, words: ["Call", "mum"], due: "2026-11-30")
      var other = twin
      other.key = 51
      tasks.insert(contentsOf: [twin, other], at: random.below(tasks.count + 1))
    }
    let entries = (0..<random.below(3)).map { "- 0\($0 + 1):00 Base entry \($0)" }
    note = ModelNote(
      properties: [("mood", "5"), ("energy", "high"), ("status", "open")], plan: "start", tasks: tasks, entries: entries
    )
  }

  /// One random edit of `side`, as a person or a vault command makes it.
  mutating func edit(_ side: inout ModelNote, random: inout SeededRandom, twins: Bool, reworded: inout Set<Int>) {
    let editable = side.tasks.indices.filter { twins || side.tasks[$0].key < 50 || side.tasks[$0].key >= 100 }
    func pick(_ random: inout SeededRandom, _ filter: (ModelNote.Task) -> Bool) -> Int? {
      let candidates = editable.filter { filter(side.tasks[$0]) }
      return candidates.isEmpty ? nil : candidates[random.below(candidates.count)]
    }
    switch random.below(12) {
    case 0:
      if let index = pick(&random, { $0.status == " " }) {
        side.tasks[index].status = "x"
        side.tasks[index].done = Self.days[random.below(4)]
      }
    case 1:
      if let index = pick(&random, { $0.status == "x" }) {
        side.tasks[index].status = " "
        side.tasks[index].done = nil
      }
    case 2:
      if let index = pick(&random, { ($0.key < 50 || $0.key >= 100) && !reworded.contains($0.key) }) {
        reworded.insert(side.tasks[index].key)
        let position = 1 + random.below(side.tasks[index].words.count - 1)
        side.tasks[index].words[position] = Self.wordsA[random.below(10)] + "\(random.below(100))"
      }
    case 3, 4:
      if let index = pick(&random, { _ in true }) { side.tasks[index].due = "2026-12-" + format2(1 + random.below(28)) }
    case 5:
      if let index = pick(&random, { _ in true }) { side.tasks[index].priority = Self.priorities[random.below(4)] }
    case 6:
      nextKey += 1
      let task = ModelNote.Task(
        key: nextKey + 1000 * random.below(1000),
        words: ["N\(nextKey)x\(random.below(100_000))", Self.wordsB[random.below(10)], Self.wordsB[random.below(10)]],
        due: random.below(2) == 0 ? Self.days[random.below(4)] : nil)
      side.tasks.insert(task, at: random.below(side.tasks.count + 1))
    case 7:
      if let index = pick(&random, { _ in true }) { side.tasks.remove(at: index) }
    case 8:
      if let index = pick(&random, { _ in true }) {
        let task = side.tasks.remove(at: index)
        side.tasks.insert(task, at: random.below(side.tasks.count + 1))
      }
    case 9:
      let time = format2(random.below(24)) + ":" + format2(random.below(60))
      let entry = "- \(time) Entry \(random.below(1_000_000))"
      let at = side.entries.firstIndex { $0 > entry } ?? side.entries.count
      side.entries.insert(entry, at: at)
    case 10:
      let keys = ["mood", "energy", "status", "place"]
      let key = keys[random.below(keys.count)]
      if random.below(5) == 0 {
        side.properties.removeAll { $0.key == key }
      } else if let index = side.properties.firstIndex(where: { $0.key == key }) {
        side.properties[index].value = "v\(random.below(1000))"
      } else {
        side.properties.append((key, "v\(random.below(1000))"))
      }
    default:
      side.plan = Self.wordsB[random.below(10)] + "\(random.below(100))"
    }
  }

  func format2(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

  // MARK: What the merge must give

  struct Expected {
    /// Tasks in place, as a multiset.
    var inPlace: [ModelNote.Fields: Int] = [:]
    /// Task lines in callouts: theirs of each task both changed differently.
    var inCallouts: [ModelNote.Fields: Int] = [:]
    var properties: [String: String] = [:]
    /// Property lines in callouts (`key: value`).
    var propertyCallouts: [String] = []
    var plan: String = ""
    var planCallout: String?
    var entries: [String] = []
    var clashCount: Int { inCallouts.values.reduce(0, +) + propertyCallouts.count + (planCallout == nil ? 0 : 1) }
  }

  /// Picks each part: the side that changed it; when both changed it differently, `nil`.
  static func pick<T: Equatable>(_ base: T, _ ours: T, _ theirs: T) -> T? {
    if ours == theirs || base == theirs { return ours }
    if base == ours { return theirs }
    return nil
  }

  static func expected(base: ModelNote, ours: ModelNote, theirs: ModelNote) -> Expected {
    var expected = Expected()
    let find = { (note: ModelNote, key: Int) in note.tasks.first { $0.key == key } }
    var keys = base.tasks.map(\.key)
    for task in ours.tasks + theirs.tasks where !keys.contains(task.key) { keys.append(task.key) }
    for key in keys {
      let (old, mine, other) = (find(base, key), find(ours, key), find(theirs, key))
      var inPlace: ModelNote.Task?
      var callout: ModelNote.Task?
      switch (old, mine, other) {
      case (nil, let mine?, nil): inPlace = mine
      case (nil, nil, let other?): inPlace = other
      case (_?, nil, nil): break
      case (let old?, let mine?, nil): if mine != old { inPlace = mine }
      case (let old?, nil, let other?): if other != old { inPlace = other }
      case (let old?, let mine?, let other?):
        var a = mine
        var b = mine
        var clashed = false
        func part<T: Equatable>(_ path: WritableKeyPath<ModelNote.Task, T>) {
          if let value = pick(old[keyPath: path], mine[keyPath: path], other[keyPath: path]) {
            a[keyPath: path] = value
            b[keyPath: path] = value
          } else {
            a[keyPath: path] = mine[keyPath: path]
            b[keyPath: path] = other[keyPath: path]
            clashed = true
          }
        }
        part(\.words)
        part(\.status)
        part(\.due)
        part(\.priority)
        part(\.id)
        if let done = pick(old.done, mine.done, other.done) {
          (a.done, b.done) = (done, done)
        } else if let x = mine.done, let y = other.done {
          (a.done, b.done) = (min(x, y), min(x, y))
        } else {
          (a.done, b.done) = (mine.done, other.done)
          clashed = true
        }
        inPlace = a
        if clashed { callout = b }
      default: break
      }
      if let inPlace { expected.inPlace[inPlace.fields, default: 0] += 1 }
      if let callout { expected.inCallouts[callout.fields, default: 0] += 1 }
    }
    let value = { (note: ModelNote, key: String) in note.properties.first { $0.key == key }?.value }
    for key in ["mood", "energy", "status", "place"] {
      let (old, mine, other) = (value(base, key), value(ours, key), value(theirs, key))
      if let picked = pick(old, mine, other) {
        expected.properties[key] = picked
      } else if mine == nil || other == nil {
        expected.properties[key] = mine ?? other
      } else if let mine, let other {
        expected.properties[key] = other
        expected.propertyCallouts.append("\(key): \(mine)")
      }
    }
    if let plan = pick(base.plan, ours.plan, theirs.plan) {
      expected.plan = plan
    } else {
      expected.plan = ours.plan
      expected.planCallout = "Plan: " + theirs.plan
    }
    expected.entries = Array(Set(ours.entries + theirs.entries)).sorted()
    return expected
  }

  /// What differs between a merge's result and the model's expectation.
  static func check(_ result: NoteMerge.Result, _ expected: Expected) -> [String] {
    var problems: [String] = []
    let text = result.text
    if text.contains("<<<<<<<") || text.contains(">>>>>>>") { problems.append("conflict markers") }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var inPlace: [ModelNote.Fields: Int] = [:]
    var inCallouts: [ModelNote.Fields: Int] = [:]
    var calloutLines: [String] = []
    var properties: [String: String] = [:]
    var entries: [String] = []
    var plan: [String] = []
    var inCallout = false
    var inMatter = false
    for (index, line) in lines.enumerated() {
      if index == 0, line == "---" {
        inMatter = true
        continue
      }
      if inMatter {
        if line == "---" {
          inMatter = false
        } else if let colon = line.firstIndex(of: ":") {
          properties[String(line[..<colon])] = String(line[line.index(colon, offsetBy: 2)...])
        }
        continue
      }
      if line.hasPrefix(NoteMerge.calloutMarker) {
        inCallout = true
        continue
      }
      if inCallout, line.hasPrefix("> ") {
        let quoted = String(line.dropFirst(2))
        if let task = fields(quoted) { inCallouts[task, default: 0] += 1 } else { calloutLines.append(quoted) }
        continue
      }
      inCallout = false
      if let task = fields(line) {
        inPlace[task, default: 0] += 1
      } else if line.hasPrefix("Plan: ") {
        plan.append(String(line.dropFirst(6)))
      } else if line.hasPrefix("- ") {
        entries.append(line)
      }
    }
    if inPlace != expected.inPlace {
      let missing = expected.inPlace.filter { inPlace[$0.key] != $0.value }.map(\.key.description)
      let extra = inPlace.filter { expected.inPlace[$0.key] != $0.value }.map(\.key.description)
      problems.append("tasks in place differ: expected \(missing), found \(extra)")
    }
    if inCallouts != expected.inCallouts {
      problems.append("callout tasks differ: expected \(expected.inCallouts.keys), found \(inCallouts.keys)")
    }
    if properties != expected.properties {
      problems.append("properties: expected \(expected.properties), found \(properties)")
    }
    let expectedCalloutLines = (expected.propertyCallouts + (expected.planCallout.map { [$0] } ?? [])).sorted()
    if calloutLines.sorted() != expectedCalloutLines {
      problems.append("callout lines: expected \(expectedCalloutLines), found \(calloutLines.sorted())")
    }
    if plan != [expected.plan] { problems.append("plan: expected \(expected.plan), found \(plan)") }
    if entries.sorted() != expected.entries {
      problems.append("entries: expected \(expected.entries), found \(entries)")
    }
    if result.conflictLines.count != expected.clashCount {
      problems.append("\(result.conflictLines.count) callouts, expected \(expected.clashCount)")
    }
    return problems
  }

  /// A task line read back as the model's fields.
  static func fields(_ line: String) -> ModelNote.Fields? {
    guard let parts = TaskLineParts(Substring(line)) else { return nil }
    let task = parts.task
    let priority: String? =
      switch task.priority {
      case .highest: "🔺"
      case .high: "⏫"
      case .medium: "🔼"
      case .low: "🔽"
      case .lowest: "⏬"
      default: nil
      }
    return ModelNote.Fields(
      words: task.description.trimmingSpaces(), status: parts.status, due: task.due?.description,
      priority: priority, done: task.done?.description, id: task.id)
  }
}
