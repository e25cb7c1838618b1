/// A task line seen as its parts — status, text, and each field (`📅 2026-12-01`, `[due:: …]`,
/// `⏫`, `🔁 every week`, `^block`) — so two sides that changed different parts of one task both
/// land: ticked on the phone and reworded on the laptop is one ticked, reworded task.
struct TaskLineParts: Equatable {
  /// What comes before the status symbol: indentation, list marker, `[`.
  var lead: Substring
  var status: Character
  /// `] ` and anything up to the text.
  var afterStatus: Substring
  var description: Substring
  /// Each field with the spaces before it, keyed by what it sets (`due`, `priority`, …).
  var fields: [(key: String, text: Substring)]
  /// The line ending, or "".
  var ending: Substring
  /// The parsed task, for identity and dates.
  var task: TaskItem

  static func == (lhs: TaskLineParts, rhs: TaskLineParts) -> Bool { lhs.text == rhs.text }

  /// The line as written, ending included.
  var text: String {
    lead + String(status) + afterStatus + description + fields.map(\.text).joined() + ending
  }

  /// Whether the line is quoted (`> - [ ] …`, a conflict callout's copy): text, not a task to
  /// match or count.
  var isQuoted: Bool { lead.utf8.contains(UInt8(ascii: ">")) }

  /// Which task this is across versions: its `🆔` when it has one, else its words.
  var identity: String { task.id.map { "id:" + $0 } ?? "text:" + task.description.trimmingSpaces() }

  init?(_ line: Substring) {
    var body = line
    var ending: Substring = ""
    if body.hasSuffix("\n") || body.hasSuffix("\r\n") {
      let cut = body.index(before: body.endIndex)
      ending = body[cut...]
      body = body[..<cut]
    }
    guard let checkbox = TaskLineParser.checkbox(String(body)) else { return nil }
    var task = TaskItem(
      line: 0, indentation: checkbox.indentation, marker: checkbox.marker, status: TaskStatus(symbol: checkbox.symbol))
    _ = TaskLineParser.readFields(checkbox.text, into: &task)
    // Cut by Unicode scalars, not Characters: counting Characters finds grapheme breaks, and
    // this runs for every task line a merge reads.
    let scalars = body.unicodeScalars
    let split = scalars.index(scalars.endIndex, offsetBy: -checkbox.text.unicodeScalars.count)
    let head = body[..<split]
    guard let open = head.unicodeScalars.lastIndex(of: "["), head.index(after: open) < head.endIndex else {
      return nil
    }
    let symbolIndex = head.index(after: open)
    let text = body[split...]
    guard text.hasPrefix(task.description) else { return nil }
    let descriptionEnd = text.unicodeScalars.index(text.startIndex, offsetBy: task.description.unicodeScalars.count)
    self.lead = head[...open]
    self.status = head[symbolIndex]
    self.afterStatus = head[head.index(after: symbolIndex)...]
    self.description = text[..<descriptionEnd]
    self.fields = Self.fields(in: text[descriptionEnd...])
    self.ending = ending
    self.task = task
  }

  /// The fields after a task's text, each from the spaces before its sign to the next one.
  static func fields(in text: Substring) -> [(key: String, text: Substring)] {
    // By Unicode scalars: every sign is one scalar starting a Character.
    var starts: [(String.Index, String)] = []
    let scalars = text.unicodeScalars
    var index = scalars.startIndex
    var previous: Unicode.Scalar = " "
    while index < scalars.endIndex {
      let scalar = scalars[index]
      if TaskFieldEditor.fieldEmoji.contains(scalar) {
        starts.append((index, key(ofEmoji: scalar)))
      } else if scalar == "[" || scalar == "(", let key = dataviewKey(at: index, in: text) {
        starts.append((index, key))
      } else if scalar == "^", index == scalars.startIndex || previous == " " {
        starts.append((index, "block"))
      }
      previous = scalar
      index = scalars.index(after: index)
    }
    guard !starts.isEmpty else { return text.isEmpty ? [] : [("rest", text)] }
    var fields: [(key: String, text: Substring)] = []
    // Each field takes the spaces before it; text before the first field (rare) is its own part.
    func spaceStart(_ index: String.Index) -> String.Index {
      var start = index
      while start > scalars.startIndex, scalars[scalars.index(before: start)] == " " {
        start = scalars.index(before: start)
      }
      return start
    }
    let first = spaceStart(starts[0].0)
    if first > text.startIndex { fields.append(("rest", text[..<first])) }
    for (position, start) in starts.enumerated() {
      let end = position + 1 < starts.count ? spaceStart(starts[position + 1].0) : text.endIndex
      fields.append((start.1, text[spaceStart(start.0)..<end]))
    }
    return fields
  }

  private static func key(ofEmoji scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "✅": return "done"
    case "❌": return "cancelled"
    case "📅", "📆", "🗓": return "due"
    case "⏳", "⌛": return "scheduled"
    case "🛫": return "start"
    case "➕": return "created"
    case "🆔": return "id"
    case "⛔": return "dependsOn"
    case "🔁": return "recurrence"
    case "🏁": return "onCompletion"
    default: return "priority"
    }
  }

  /// The task field a `[key:: value]` at `index` sets, by the plugin's Dataview names.
  private static func dataviewKey(at index: String.Index, in text: Substring) -> String? {
    let rest = text[text.index(after: index)...]
    guard let colons = rest.firstRange(of: "::") else { return nil }
    let name = rest[..<colons.lowerBound]
    switch name {
    case "completion": return "done"
    case "repeat": return "recurrence"
    case "due", "scheduled", "start", "created", "cancelled", "priority", "id", "dependsOn", "onCompletion":
      return String(name)
    default: return nil
    }
  }
}

/// The three-way merge of one task line, part by part.
enum TaskLineMerge {
  /// A task line merged: one line, or — when both sides set one part differently — the line
  /// with our value of each such part (to stay in place) and the line with theirs (for the
  /// callout after it). Either way every part only one side changed is in both.
  enum Merged: Equatable {
    case clean(String)
    case clash(ours: String, theirs: String)

    /// The line that stays in place.
    var inPlace: String {
      switch self {
      case .clean(let line): return line
      case .clash(let ours, _): return ours
      }
    }
  }

  /// The merged line. The done and cancelled dates never clash: a task completed on both sides
  /// keeps the earlier date. With no base (the task was added on both sides), a part the sides
  /// disagree on clashes, except for a recurring task's next instance, where ours stands.
  static func merge(base: TaskLineParts?, ours: TaskLineParts, theirs: TaskLineParts) -> Merged {
    if ours == theirs { return .clean(ours.text) }
    if let base, base == ours { return .clean(theirs.text) }
    if let base, base == theirs { return .clean(ours.text) }
    if base == nil, ours.task.recurrence != nil, theirs.task.recurrence != nil { return .clean(ours.text) }
    var mine = ours
    var other = ours
    var clashed = false
    func take<T: Equatable>(_ part: WritableKeyPath<TaskLineParts, T>) {
      let (a, b) = pick(base?[keyPath: part], ours[keyPath: part], theirs[keyPath: part])
      mine[keyPath: part] = a
      other[keyPath: part] = b
      clashed = clashed || a != b
    }
    take(\.status)
    take(\.description)
    take(\.ending)
    let keys =
      ours.fields.map(\.key) + theirs.fields.map(\.key).filter { key in !ours.fields.contains { $0.key == key } }
    var fields: (mine: [(key: String, text: Substring)], other: [(key: String, text: Substring)]) = ([], [])
    for key in keys {
      let a = ours.fields.first { $0.key == key }?.text
      let b = theirs.fields.first { $0.key == key }?.text
      let old = base?.fields.first { $0.key == key }?.text
      var value: (mine: Substring?, other: Substring?)
      if a == b || old == b {
        value = (a, a)
      } else if old == a {
        value = (b, b)
      } else if key == "done" || key == "cancelled", let a, let b {
        // Completed on both sides: once, on the earlier day.
        let earlier = date(in: a) <= date(in: b) ? a : b
        value = (earlier, earlier)
      } else {
        value = (a, b)
        clashed = true
      }
      if let text = value.mine { fields.mine.append((key, text)) }
      if let text = value.other { fields.other.append((key, text)) }
    }
    // A block link stays last, where Obsidian looks for it.
    let blockLast = { (fields: [(key: String, text: Substring)]) in
      fields.sorted { ($0.key == "block" ? 1 : 0) < ($1.key == "block" ? 1 : 0) }
    }
    mine.fields = blockLast(fields.mine)
    other.fields = blockLast(fields.other)
    return clashed ? .clash(ours: mine.text, theirs: other.text) : .clean(mine.text)
  }

  /// The three-way pick of one part: the side that changed it, for both lines; when both sides
  /// changed it differently (or there is no base and they differ), ours for ours and theirs for theirs.
  private static func pick<T: Equatable>(_ base: T?, _ ours: T, _ theirs: T) -> (T, T) {
    if ours == theirs { return (ours, ours) }
    if let base, base == ours { return (theirs, theirs) }
    if let base, base == theirs { return (ours, ours) }
    return (ours, theirs)
  }

  private static func date(in field: Substring) -> String {
    String(field.filter { $0.isNumber || $0 == "-" })
  }

  /// How alike two versions of a task are in what identifies a task beyond its words: its dates,
  /// priority and rule. A completed recurring task keeps its dates; its next instance moves them.
  static func likeness(_ a: TaskLineParts, _ b: TaskLineParts) -> Int {
    let keys = ["due", "scheduled", "start", "created", "priority", "recurrence"]
    return keys.filter { key in
      a.fields.first { $0.key == key }?.text == b.fields.first { $0.key == key }?.text
    }.count
  }
}
