/// What to do with a stretch of lines both sides changed, by what the lines mean.
///
/// - Lines added at the same place on both sides are all kept; journal entries (`- 08:30 …`)
///   in time order.
/// - Task lines are matched across the versions by identity (their `🆔`, else their words and
///   dates, else their position), and each task is merged part by part (`TaskLineMerge`).
/// - Other lines are matched by position when both sides kept the number of lines, and merged
///   line by line.
/// What is still changed differently on both sides comes back as a conflict: ours stays, theirs
/// follows in a callout.
enum ChunkMerge {
  enum Outcome: Equatable {
    case merged([String])
    /// Ours stays; `theirs` is what the other side has instead.
    case conflict(ours: [String], theirs: [String])
  }

  static func resolve(base: [Substring], ours: [Substring], theirs: [Substring]) -> Outcome {
    if ours == theirs { return .merged(ours.map(String.init)) }
    if base == ours { return .merged(theirs.map(String.init)) }
    if base == theirs { return .merged(ours.map(String.init)) }
    if base.isEmpty { return .merged(bothCreated(ours, theirs)) }
    if (base + ours + theirs).allSatisfy(isListItemOrBlank), let merged = byIdentity(base, ours, theirs) {
      return .merged(merged)
    }
    if base.count == ours.count, base.count == theirs.count {
      var merged: [String] = []
      for index in base.indices {
        let lines = [base[index], ours[index], theirs[index]]
        if let line = mergeLine(base: lines[0], ours: lines[1], theirs: lines[2]) {
          merged.append(line)
        } else {
          return .conflict(ours: ours.map(String.init), theirs: theirs.map(String.init))
        }
      }
      return .merged(merged)
    }
    return .conflict(ours: ours.map(String.init), theirs: theirs.map(String.init))
  }

  /// One line changed on both sides: merged when it is a task changed in different parts.
  static func mergeLine(base: Substring?, ours: Substring, theirs: Substring) -> String? {
    if ours == theirs { return String(ours) }
    if let base, base == ours { return String(theirs) }
    if let base, base == theirs { return String(ours) }
    guard let mine = TaskLineParts(ours), let other = TaskLineParts(theirs) else { return nil }
    return TaskLineMerge.merge(base: base.flatMap(TaskLineParts.init), ours: mine, theirs: other)
  }

  /// Lines both sides wrote where the base had none — a day's note both made, say: the lines
  /// they share once, and between them what each added (`bothAdded`).
  static func bothCreated(_ ours: [Substring], _ theirs: [Substring]) -> [String] {
    let inTheirs = ThreeWayLines.matches(of: ours, in: theirs)
    var merged: [String] = []
    var theirsIndex = 0
    var onlyOurs: [Substring] = []
    for (index, line) in ours.enumerated() {
      guard let match = inTheirs[index] else {
        onlyOurs.append(line)
        continue
      }
      merged += bothAdded(onlyOurs, Array(theirs[theirsIndex..<match]))
      onlyOurs = []
      merged.append(String(line))
      theirsIndex = match + 1
    }
    return merged + bothAdded(onlyOurs, Array(theirs[theirsIndex...]))
  }

  /// Lines both sides added at one place: ours, then theirs that ours lacks; entries with a time
  /// of day in time order.
  static func bothAdded(_ ours: [Substring], _ theirs: [Substring]) -> [String] {
    var remaining = ours.reduce(into: [Substring: Int]()) { $0[$1, default: 0] += 1 }
    var merged = ours.map(String.init)
    for line in theirs {
      if let count = remaining[line], count > 0 {
        remaining[line] = count - 1
      } else {
        merged.append(String(line))
      }
    }
    return inTimeOrder(merged)
  }

  /// `lines` sorted by their time of day when every one is a timed entry (`- 08:30 …`); a
  /// stable sort, so entries of one minute keep their order.
  static func inTimeOrder(_ lines: [String]) -> [String] {
    let times = lines.map(entryTime)
    guard times.allSatisfy({ $0 != nil }) else { return lines }
    return lines.indices.sorted { (times[$0] ?? "", $0) < (times[$1] ?? "", $1) }.map { lines[$0] }
  }

  /// `08:30` of `- 08:30 text`, the shape of `vault journal`'s entries.
  static func entryTime(_ line: String) -> String? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard let first = trimmed.first, "-*+".contains(first) else { return nil }
    let rest = trimmed.dropFirst().drop { $0 == " " }
    let time = rest.prefix(5)
    guard time.count == 5, time.dropFirst(2).first == ":",
      time.enumerated().allSatisfy({ $0.offset == 2 || $0.element.isASCII && $0.element.isNumber })
    else { return nil }
    return String(time)
  }

  static func isListItemOrBlank(_ line: Substring) -> Bool {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    if trimmed.allSatisfy({ $0 == "\n" || $0 == "\r\n" }) { return true }
    guard let first = trimmed.first else { return true }
    if "-*+".contains(first) { return trimmed.dropFirst().first == " " }
    let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
    return !digits.isEmpty && [".", ")"].contains(trimmed.dropFirst(digits.count).first)
  }

  /// List items matched across versions by identity and merged one by one; nil when one item
  /// changed differently on both sides.
  static func byIdentity(_ base: [Substring], _ ours: [Substring], _ theirs: [Substring]) -> [String]? {
    let oursFor = pair(base, with: ours)
    let theirsFor = pair(base, with: theirs)
    // What each side's line stands for: a base line (by index), or a line of its own.
    enum Item: Hashable {
      case base(Int)
      case ours(Int)
      case theirs(Int)
    }
    var merged: [Item: String] = [:]
    var dropped = Set<Item>()
    for index in base.indices {
      let mine = oursFor[index].map { ours[$0] }
      let other = theirsFor[index].map { theirs[$0] }
      switch (mine, other) {
      case (nil, nil): dropped.insert(.base(index))
      case (let mine?, nil):
        if mine == base[index] { dropped.insert(.base(index)) } else { merged[.base(index)] = String(mine) }
      case (nil, let other?):
        if other == base[index] { dropped.insert(.base(index)) } else { merged[.base(index)] = String(other) }
      case (let mine?, let other?):
        guard let line = mergeLine(base: base[index], ours: mine, theirs: other) else { return nil }
        merged[.base(index)] = line
      }
    }
    // Lines only one side has; the same task added on both sides (a recurring task's next
    // instance, completed on both) is one.
    let oursPaired = Set(oursFor.compactMap { $0 })
    let theirsPaired = Set(theirsFor.compactMap { $0 })
    let oursNew = ours.indices.filter { !oursPaired.contains($0) }
    let theirsNew = theirs.indices.filter { !theirsPaired.contains($0) }
    let newPairs = pair(oursNew.map { ours[$0] }, with: theirsNew.map { theirs[$0] }, byPosition: false)
    var theirsTwin: [Int: Int] = [:]
    for (position, partner) in newPairs.enumerated() {
      guard let partner else { continue }
      let (mine, other) = (oursNew[position], theirsNew[partner])
      guard let line = mergeLine(base: nil, ours: ours[mine], theirs: theirs[other]) else { return nil }
      merged[.ours(mine)] = line
      theirsTwin[other] = mine
    }
    for index in oursNew where merged[.ours(index)] == nil { merged[.ours(index)] = String(ours[index]) }
    // Ours gives the order; each line of theirs that ours lacks follows its predecessor in theirs.
    var baseOfOurs: [Int: Int] = [:]
    for (index, partner) in oursFor.enumerated() { if let partner { baseOfOurs[partner] = index } }
    var order: [Item] = ours.indices.map { index in baseOfOurs[index].map(Item.base) ?? .ours(index) }
    order.append(contentsOf: base.indices.filter { oursFor[$0] == nil }.map(Item.base))
    var baseOfTheirs: [Int: Int] = [:]
    for (index, partner) in theirsFor.enumerated() { if let partner { baseOfTheirs[partner] = index } }
    var previous: Item?
    for index in theirs.indices {
      let item: Item = baseOfTheirs[index].map(Item.base) ?? theirsTwin[index].map(Item.ours) ?? .theirs(index)
      if case .theirs = item {
        merged[item] = String(theirs[index])
        let at = previous.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        order.insert(item, at: at)
      }
      previous = item
    }
    let lines = order.filter { !dropped.contains($0) }.compactMap { merged[$0] }
    return lines.allSatisfy({ entryTime($0) != nil }) ? inTimeOrder(lines) : lines
  }

  /// For each line of `from`, the index of its partner in `to`: the same task (by identity,
  /// the likeliest when several), else the same line, else — when both have as many lines left — the line in the same place.
  static func pair(_ from: [Substring], with to: [Substring], byPosition: Bool = true) -> [Int?] {
    var partner = [Int?](repeating: nil, count: from.count)
    var taken = Set<Int>()
    let fromTasks = from.map(TaskLineParts.init)
    let toTasks = to.map(TaskLineParts.init)
    for (index, line) in from.enumerated() {
      if let task = fromTasks[index] {
        let candidates = to.indices.filter { !taken.contains($0) && toTasks[$0]?.identity == task.identity }
        let best = candidates.max { a, b in
          let (x, y) = (
            toTasks[a].map { TaskLineMerge.likeness(task, $0) } ?? 0,
            toTasks[b].map { TaskLineMerge.likeness(task, $0) } ?? 0
          )
          return x < y || (x == y && a > b)
        }
        if let best { (partner[index], _) = (best, taken.insert(best)) }
      } else if let same = to.indices.first(where: { !taken.contains($0) && to[$0] == line }) {
        partner[index] = same
        taken.insert(same)
      }
    }
    guard byPosition else { return partner }
    let blank = { (line: Substring) in line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" } }
    let leftFrom = from.indices.filter { partner[$0] == nil && !blank(from[$0]) }
    let leftTo = to.indices.filter { !taken.contains($0) && !blank(to[$0]) }
    if leftFrom.count == leftTo.count {
      for (index, other) in zip(leftFrom, leftTo) { partner[index] = other }
    }
    return partner
  }
}
