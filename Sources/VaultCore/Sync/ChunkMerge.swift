/// What to do with a stretch of lines both sides changed, by what the lines mean: never as a
/// stretch, always line by line.
///
/// - Lines added at the same place on both sides are all kept; journal entries (`- 08:30 …`)
///   in time order.
/// - Each line is matched across the versions: a task by identity (its `🆔`, else its words and
///   dates, else its position), another line by its text, else by its position when both sides
///   have as many lines left. A task is merged part by part (`TaskLineMerge`).
/// - Only a line both sides changed differently clashes: ours (with every part only the other
///   side changed) stays in place, and theirs follows it in a callout — that line alone.
/// A line removed on one side and changed on the other stays, changed.
enum ChunkMerge {
  /// A piece of the merged text.
  enum Piece: Equatable {
    case line(String)
    /// A line both sides changed differently: `ours` stays in place, `theirs` goes in a callout
    /// after it (empty when they removed it).
    case clash(ours: [String], theirs: [String])

    /// The first line that stays in place.
    var firstLine: String? {
      switch self {
      case .line(let line): return line
      case .clash(let ours, _): return ours.first
      }
    }
  }

  static func resolve(base: [Substring], ours: [Substring], theirs: [Substring]) -> [Piece] {
    if ours == theirs { return ours.map { .line(String($0)) } }
    if base == ours { return theirs.map { .line(String($0)) } }
    if base == theirs { return ours.map { .line(String($0)) } }
    if base.isEmpty { return bothCreated(ours, theirs).map(Piece.line) }
    return byIdentity(base, ours, theirs)
  }

  /// One line changed on both sides: a task merged part by part; another line clashes.
  static func mergeLine(base: Substring?, ours: Substring, theirs: Substring) -> Piece {
    if ours == theirs { return .line(String(ours)) }
    if let base, base == ours { return .line(String(theirs)) }
    if let base, base == theirs { return .line(String(ours)) }
    guard let mine = TaskLineParts(ours), let other = TaskLineParts(theirs) else {
      return .clash(ours: [String(ours)], theirs: [String(theirs)])
    }
    switch TaskLineMerge.merge(base: base.flatMap(TaskLineParts.init), ours: mine, theirs: other) {
    case .clean(let line): return .line(line)
    case .clash(let ours, let theirs): return .clash(ours: [ours], theirs: [theirs])
    }
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

  /// Lines matched across versions (tasks by identity) and merged one by one.
  static func byIdentity(_ base: [Substring], _ ours: [Substring], _ theirs: [Substring]) -> [Piece] {
    let oursFor = pair(base, with: ours)
    let theirsFor = pair(base, with: theirs)
    // What each side's line stands for: a base line (by index), or a line of its own.
    enum Item: Hashable {
      case base(Int)
      case ours(Int)
      case theirs(Int)
    }
    var merged: [Item: Piece] = [:]
    var dropped = Set<Item>()
    for index in base.indices {
      let mine = oursFor[index].map { ours[$0] }
      let other = theirsFor[index].map { theirs[$0] }
      switch (mine, other) {
      case (nil, nil): dropped.insert(.base(index))
      case (let mine?, nil):
        if mine == base[index] { dropped.insert(.base(index)) } else { merged[.base(index)] = .line(String(mine)) }
      case (nil, let other?):
        if other == base[index] { dropped.insert(.base(index)) } else { merged[.base(index)] = .line(String(other)) }
      case (let mine?, let other?):
        merged[.base(index)] = mergeLine(base: base[index], ours: mine, theirs: other)
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
      merged[.ours(mine)] = mergeLine(base: nil, ours: ours[mine], theirs: theirs[other])
      theirsTwin[other] = mine
    }
    for index in oursNew where merged[.ours(index)] == nil { merged[.ours(index)] = .line(String(ours[index])) }
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
        merged[item] = .line(String(theirs[index]))
        let at = previous.flatMap { order.firstIndex(of: $0) }.map { $0 + 1 } ?? 0
        order.insert(item, at: at)
      }
      previous = item
    }
    let pieces = order.filter { !dropped.contains($0) }.compactMap { merged[$0] }
    let times = pieces.map { $0.firstLine.flatMap(entryTime) }
    guard times.allSatisfy({ $0 != nil }) else { return pieces }
    return pieces.indices.sorted { (times[$0] ?? "", $0) < (times[$1] ?? "", $1) }.map { pieces[$0] }
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
    // A blank line, or a task's token (`BodyMerge`), is matched by its text only.
    let blank = { (line: Substring) in
      line.first == BodyMerge.tokenLead || line.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" }
    }
    let leftFrom = from.indices.filter { partner[$0] == nil && !blank(from[$0]) }
    let leftTo = to.indices.filter { !taken.contains($0) && !blank(to[$0]) }
    if leftFrom.count == leftTo.count {
      for (index, other) in zip(leftFrom, leftTo) { partner[index] = other }
    }
    return partner
  }
}
