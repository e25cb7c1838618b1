/// The three-way merge of a note's body, tasks as tasks across the whole note.
///
/// A task is matched across the three versions wherever it stands (`pairTasks`): a task moved
/// on one side and ticked on the other is one moved, ticked task, never two. The merge runs in
/// two steps:
/// 1. What each task becomes: merged part by part (`TaskLineMerge`), or gone when a side removed
///    it and the other did not change it; a task removed on one side and changed on the other
///    stays, changed.
/// 2. Where it stands: each task line is replaced by a token naming the task, and the versions
///    are merged as lines (`ThreeWayLines`, `ChunkMerge`), so that only moves, additions and
///    removals count there; then each token becomes its task's merged line, once.
enum BodyMerge {
  /// Marks a token line: no line of a note starts with U+0001.
  static let tokenLead: Character = "\u{1}"

  static func pieces(base: [Substring], ours: [Substring], theirs: [Substring]) -> [ChunkMerge.Piece] {
    if ours == theirs { return ours.map { .line(String($0)) } }
    if base == ours { return theirs.map { .line(String($0)) } }
    if base == theirs { return ours.map { .line(String($0)) } }
    if let merged = oneSided(ThreeWayLines.chunks(base: base, ours: ours, theirs: theirs)) { return merged }
    // A line all three versions hold as often is matched by the line merge as it is: only the
    // others are read as tasks (reading every task of a long note was most of a merge's time).
    // Lines are told apart by their bytes (hashing them as Strings normalises every one), and
    // numbered: one look-up a line.
    var idOf: [LineKey: Int] = [:]
    var tally: [(base: Int, ours: Int, theirs: Int)] = []
    var ids: [[Int]] = [[], [], []]
    for (side, lines) in [base, ours, theirs].enumerated() {
      ids[side].reserveCapacity(lines.count)
      for line in lines {
        let key = LineKey(line)
        let id: Int
        if let known = idOf[key] {
          id = known
        } else {
          id = tally.count
          idOf[key] = id
          tally.append((0, 0, 0))
        }
        switch side {
        case 0: tally[id].base += 1
        case 1: tally[id].ours += 1
        default: tally[id].theirs += 1
        }
        ids[side].append(id)
      }
    }
    // The number of a line all three hold as often; nil for one that differs.
    let stable = { (id: Int) -> Int? in
      let count = tally[id]
      return count.base == count.ours && count.ours == count.theirs ? id : nil
    }
    let versions = [base, ours, theirs].enumerated().map { Version($1, ids: ids[$0], stable: stable) }
    let (b, o, t) = (versions[0], versions[1], versions[2])
    let oursFor = pairTasks(b.tasks, o.tasks)
    let theirsFor = pairTasks(b.tasks, t.tasks)
    // Tasks both sides added (a recurring task's next instance, made on both): one task.
    let oursPaired = Set(oursFor.compactMap { $0 })
    let theirsPaired = Set(theirsFor.compactMap { $0 })
    let oursNew = o.tasks.indices.filter { !oursPaired.contains($0) }
    let theirsNew = t.tasks.indices.filter { !theirsPaired.contains($0) }
    let twins = pairByIdentity(oursNew.map { o.tasks[$0] }, theirsNew.map { t.tasks[$0] })

    var tokenOfOurs = [String](repeating: "", count: o.tasks.count)
    var tokenOfTheirs = [String](repeating: "", count: t.tasks.count)
    var content: [String: ChunkMerge.Piece] = [:]
    var keptBy: [String: Side] = [:]
    for index in b.tasks.indices {
      let token = "b\(index)"
      let mine = oursFor[index].map { o.tasks[$0] }
      let other = theirsFor[index].map { t.tasks[$0] }
      if let mine = oursFor[index] { tokenOfOurs[mine] = token }
      if let other = theirsFor[index] { tokenOfTheirs[other] = token }
      switch (mine, other) {
      case (nil, nil): break
      case (let mine?, nil):
        if mine != b.tasks[index] { (content[token], keptBy[token]) = (.line(mine.text), .ours) }
      case (nil, let other?):
        if other != b.tasks[index] { (content[token], keptBy[token]) = (.line(other.text), .theirs) }
      case (let mine?, let other?):
        content[token] = piece(TaskLineMerge.merge(base: b.tasks[index], ours: mine, theirs: other))
      }
    }
    for (position, partner) in twins.enumerated() {
      let (mine, other) = (oursNew[position], partner.map { theirsNew[$0] })
      let token = other == nil ? "o\(mine)" : "n\(mine)"
      tokenOfOurs[mine] = token
      if let other {
        tokenOfTheirs[other] = token
        content[token] = piece(TaskLineMerge.merge(base: nil, ours: o.tasks[mine], theirs: t.tasks[other]))
      } else {
        content[token] = .line(o.tasks[mine].text)
      }
    }
    for index in t.tasks.indices where tokenOfTheirs[index].isEmpty {
      tokenOfTheirs[index] = "t\(index)"
      content["t\(index)"] = .line(t.tasks[index].text)
    }

    // Step 2: the lines, with tokens for tasks.
    // A task line all three hold alike stands for itself: its n-th copy in each version is one
    // token, so that a move of it counts once.
    for version in versions {
      for task in version.stableTasks { content["s" + task.key] = .line(String(version.lines[task.line])) }
    }
    let baseLines = b.tokenized { "b\($0)" }
    let ourLines = o.tokenized { tokenOfOurs[$0] }
    let theirLines = t.tokenized { tokenOfTheirs[$0] }
    var merged: [ChunkMerge.Piece] = []
    for chunk in ThreeWayLines.chunks(base: baseLines, ours: ourLines, theirs: theirLines) {
      switch chunk {
      case .stable(let lines): merged += lines.map { .line(String($0)) }
      case .changed(let base, let ours, let theirs):
        merged += ChunkMerge.resolve(base: base, ours: ours, theirs: theirs)
      }
    }
    // A task removed on one side and changed on the other comes back after the line it
    // follows on the side that changed it.
    var placed = Set(merged.compactMap { $0.firstLine.flatMap(tokenName(of:)) })
    for token in content.keys.sorted() where !placed.contains(token) {
      guard let side = keptBy[token] else { continue }
      let lines = side == .ours ? ourLines : theirLines
      guard let at = lines.firstIndex(where: { tokenName(of: String($0)) == token }) else { continue }
      let before = lines[..<at].reversed().lazy.compactMap { line in
        merged.firstIndex { $0.firstLine == String(line) }
      }.first
      merged.insert(.line(tokenLine(token)), at: before.map { $0 + 1 } ?? 0)
      placed.insert(token)
    }
    // Tokens become their tasks, once each (a task moved to two places keeps the first).
    var emitted = Set<String>()
    var pieces: [ChunkMerge.Piece] = []
    for piece in merged {
      guard let line = piece.firstLine, let token = tokenName(of: line), case .line = piece else {
        pieces.append(piece)
        continue
      }
      guard !emitted.contains(token), let task = content[token] else { continue }
      emitted.insert(token)
      pieces.append(task)
    }
    return pieces
  }

  /// The merge of lines as diff3 makes it, when every stretch that changed on both sides holds
  /// no task and no task was touched on both sides (moved on one, ticked on the other, say):
  /// then matching tasks across the whole note would give the same, and the usual merge of two
  /// machines' edits in different places reads no task but those changed. Nil otherwise.
  static func oneSided(_ chunks: [ThreeWayLines.Chunk]) -> [ChunkMerge.Piece]? {
    var pieces: [ChunkMerge.Piece] = []
    var touched: (ours: Set<String>, theirs: Set<String>) = ([], [])
    let identities = { (lines: [Substring]) in
      lines.compactMap(TaskLineParts.init).filter { !$0.isQuoted }.map(\.identity)
    }
    for chunk in chunks {
      switch chunk {
      case .stable(let lines): pieces += lines.map { .line(String($0)) }
      case .changed(let base, let ours, let theirs):
        if ours == theirs {
          // The same change on both sides: its tasks count as touched by both.
          let same = identities(base + ours)
          touched.ours.formUnion(same)
          touched.theirs.formUnion(same)
          pieces += ours.map { .line(String($0)) }
        } else if base == theirs {
          touched.ours.formUnion(identities(base + ours))
          pieces += ours.map { .line(String($0)) }
        } else if base == ours {
          touched.theirs.formUnion(identities(base + theirs))
          pieces += theirs.map { .line(String($0)) }
        } else if identities(base + ours + theirs).isEmpty {
          // Both changed lines that hold no task (entries added at one place, a paragraph):
          // merged where they are.
          pieces += ChunkMerge.resolve(base: base, ours: ours, theirs: theirs)
        } else {
          return nil
        }
      }
    }
    return touched.ours.isDisjoint(with: touched.theirs) ? pieces : nil
  }

  enum Side { case ours, theirs }

  private static func piece(_ merged: TaskLineMerge.Merged) -> ChunkMerge.Piece {
    switch merged {
    case .clean(let line): return .line(line)
    case .clash(let ours, let theirs): return .clash(ours: [ours], theirs: [theirs])
    }
  }

  static func tokenLine(_ token: String) -> String { String(tokenLead) + token + "\n" }

  /// The task a token line names.
  static func tokenName(of line: String) -> String? {
    guard line.first == tokenLead else { return nil }
    var name = line.dropFirst()
    if name.last == "\n" { name = name.dropLast() }
    return String(name)
  }

  /// One version's lines and the tasks among them.
  struct Version {
    var lines: [Substring]
    /// The line of each task.
    var taskLines: [Int] = []
    var tasks: [TaskLineParts] = []

    /// Task lines all three versions hold alike: `id-n` (the line's number, its n-th copy
    /// here), and the line.
    var stableTasks: [(key: String, line: Int)] = []

    init(_ lines: [Substring], ids: [Int], stable: (Int) -> Int?) {
      self.lines = lines
      var copies: [Int: Int] = [:]
      let quote = UInt8(ascii: ">")
      for (index, line) in lines.enumerated() {
        // A quoted line (a callout's copy) is text, not a task to match.
        if let id = stable(ids[index]) {
          guard let checkbox = TaskLineParser.checkbox(String(line)), !checkbox.indentation.utf8.contains(quote) else {
            continue
          }
          let copy = copies[id, default: 0]
          copies[id] = copy + 1
          stableTasks.append(("\(id)-\(copy)", index))
          continue
        }
        guard let task = TaskLineParts(line), !task.isQuoted else { continue }
        taskLines.append(index)
        tasks.append(task)
      }
    }

    /// The lines, each task's replaced by its token.
    func tokenized(_ name: (Int) -> String) -> [Substring] {
      var result = lines
      for (task, line) in taskLines.enumerated() { result[line] = Substring(BodyMerge.tokenLine(name(task))) }
      for task in stableTasks { result[task.line] = Substring(BodyMerge.tokenLine("s" + task.key)) }
      return result
    }
  }

  /// For each task of `from`, its partner in `to`: the same task by identity (`🆔`, else its
  /// words; the likeliest by its dates when several), else a task left over that kept at least
  /// half of its words (reworded), the closest in place when several.
  static func pairTasks(_ from: [TaskLineParts], _ to: [TaskLineParts]) -> [Int?] {
    var partner = pairByIdentity(from, to)
    let taken = Set(partner.compactMap { $0 })
    var free = to.indices.filter { !taken.contains($0) }
    guard !free.isEmpty else { return partner }
    for index in from.indices where partner[index] == nil {
      let place = Double(index) / Double(max(from.count, 1))
      let best = free.indices.filter { similarWords(from[index], to[free[$0]]) }.min { a, b in
        abs(Double(free[a]) / Double(to.count) - place) < abs(Double(free[b]) / Double(to.count) - place)
      }
      guard let best else { continue }
      partner[index] = free[best]
      free.remove(at: best)
    }
    return partner
  }

  /// Partners by identity alone.
  static func pairByIdentity(_ from: [TaskLineParts], _ to: [TaskLineParts]) -> [Int?] {
    var byIdentity: [String: [Int]] = [:]
    for (index, task) in to.enumerated() { byIdentity[task.identity, default: []].append(index) }
    var partner = [Int?](repeating: nil, count: from.count)
    for (index, task) in from.enumerated() {
      guard let candidates = byIdentity[task.identity], !candidates.isEmpty else { continue }
      var best = 0
      var bestLikeness = -1
      for (position, candidate) in candidates.enumerated() {
        let likeness = TaskLineMerge.likeness(task, to[candidate])
        if likeness > bestLikeness { (best, bestLikeness) = (position, likeness) }
      }
      partner[index] = candidates[best]
      byIdentity[task.identity]?.remove(at: best)
    }
    return partner
  }

  /// Whether two task texts share at least half the words of the shorter: a task reworded, not
  /// another task.
  static func similarWords(_ a: TaskLineParts, _ b: TaskLineParts) -> Bool {
    let words = { (task: TaskLineParts) in Set(task.task.description.split(separator: " ").map { $0.lowercased() }) }
    let (x, y) = (words(a), words(b))
    let shorter = min(x.count, y.count)
    return shorter == 0 ? x == y : x.intersection(y).count * 2 >= shorter
  }
}

/// A line as a dictionary key by its UTF-8 bytes.
struct LineKey: Hashable {
  let line: Substring
  init(_ line: Substring) { self.line = line }
  static func == (a: LineKey, b: LineKey) -> Bool {
    guard a.line.utf8.count == b.line.utf8.count else { return false }
    var (x, y) = (a.line, b.line)
    return x.withUTF8 { p in y.withUTF8 { q in p.elementsEqual(q) } }
  }
  func hash(into hasher: inout Hasher) {
    var line = line
    line.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
  }
}
