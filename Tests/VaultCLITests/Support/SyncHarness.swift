import Foundation
import TestSupport
import Testing

/// Two machines editing one vault at random and syncing after every round, with `vault sync` or,
/// for the baseline, with plain git (`git pull` merges, conflict markers committed as they are,
/// as a careless sync plugin would).
///
/// Each round, both machines make 1–3 edits (done, undo, add a task, postpone, a journal line, a
/// mood, a property, a goal's progress, an editor changing a line, a rename); every edit a command
/// acknowledged (exit 0) becomes an expectation: a line that must be in the vault afterwards, as
/// it is or in a conflict callout. Then laptop, phone and laptop again sync, and the round is
/// checked.
struct SyncHarness {
  enum Mode { case vaultSync, plainGit }

  struct Counts: CustomStringConvertible {
    var rounds = 0
    var edits = 0
    /// Expectations not found after their round: edits lost.
    var lost = 0
    /// Files with conflict markers after a round (summed over rounds).
    var markedFiles = 0
    /// Conflict callouts written (vault) or merges that stopped on a conflict (plain git).
    var conflicts = 0
    /// Rounds after which the two clones differed.
    var diverged = 0
    /// Rounds after which a note had an error in `vault check`.
    var unreadable = 0
    /// Changes made on one side only found only in a callout.
    var onlyInCallout = 0
    /// Tasks found twice outside callouts.
    var duplicated = 0
    /// Rounds after which a view (`vault today`) left `git status` dirty.
    var dirtyAfterViews = 0
    var description: String {
      "\(rounds) rounds, \(edits) acknowledged edits: \(lost) lost, \(onlyInCallout) only in a callout, "
        + "\(duplicated) tasks duplicated, \(markedFiles) files with conflict markers, \(conflicts) conflicts, "
        + "\(diverged) rounds diverged, \(dirtyAfterViews) rounds dirty after views, "
        + "\(unreadable) rounds with notes in error"
    }
  }

  /// A line, somewhere in the vault (or in `path`), holding every fragment.
  struct Expectation {
    var path: String?
    var fragments: [String]
    var edit: String
    /// What the edit set (a task, a property): a later edit of the same thing on the same machine
    /// replaces it, as a person's second edit replaces their first.
    var subject: String? = nil
    /// Set to what it was when the round began: no change for a merge to keep.
    var unchanged = false
    /// The note at `path` was removed (`vault rm`): gone after the round, unless the other
    /// machine changed it meanwhile.
    var removed = false
    /// The note the edit changed, when it changed one note in place (an editor's change).
    var note: String? = nil
    /// The task (its words) deleted in an editor: gone after the round, unless the other
    /// machine changed it meanwhile.
    var deletedTask: String? = nil
  }

  let clones: SyncedClones
  let mode: Mode
  var random: SeededRandom
  var counts = Counts()
  var failures: [String] = []
  var serial = 0
  /// Notes each machine made in the editor, by clone name (a machine renames only its own).
  var ownNotes: [String: [String]] = [:]
  /// Notes removed this round, dropped from `ownNotes` when it ends.
  var removedThisRound: [String] = []
  /// Files as they were when the round began (the last sync), by clone and path: a property set
  /// to the value it had then changes nothing, so the other machine's change of it stands.
  var atRoundStart: [String: String] = [:]
  static let days = ["2026-11-24", "2026-11-25", "2026-11-26"]

  init(mode: Mode, seed: UInt64) throws {
    clones = try SyncedClones.make(setUp: mode == .vaultSync)
    self.mode = mode
    random = SeededRandom(seed: seed)
  }

  mutating func run(rounds: Int) throws {
    for round in 1...rounds where failures.isEmpty || ProcessInfo.processInfo.environment["VAULT_SYNC_KEEP"] == nil {
      atRoundStart = [:]
      var expectations: [Expectation] = []
      var bySide: [[Expectation]] = []
      for clone in [clones.laptop, clones.phone] {
        var own: [Expectation] = []
        for _ in 0..<(1 + random.below(3)) {
          guard let expectation = try edit(clone, round: round) else { continue }
          if let subject = expectation.subject { own.removeAll { $0.subject == subject } }
          // Deleting a task, or removing a note, undoes this machine's own edits of it this round.
          if let words = expectation.deletedTask {
            own.removeAll { $0.fragments.contains { $0.contains(words) } }
          }
          if expectation.removed, let path = expectation.path {
            own.removeAll { $0.path == path || $0.note == path }
          }
          if !expectation.unchanged { own.append(expectation) }
        }
        bySide.append(own)
        expectations += own
      }
      counts.edits += expectations.count
      for clone in [clones.laptop, clones.phone, clones.laptop] { try sync(clone) }
      try check(round: round, sides: bySide, last: round == rounds)
      for path in removedThisRound {
        for (machine, notes) in ownNotes { ownNotes[machine] = notes.filter { $0 != path } }
      }
      removedThisRound = []
      counts.rounds += 1
    }
  }

  // MARK: Edits

  private mutating func name(_ prefix: String, _ clone: URL, _ round: Int) -> String {
    serial += 1
    return "\(prefix)\(round)\(clone.lastPathComponent.prefix(1))\(serial)"
  }

  private func vault(_ arguments: [String], _ clone: URL, now: String? = nil) throws -> Bool {
    try clones.vault(arguments, on: clone, now: now).status == 0
  }

  /// The harness's tasks in a clone's Tasks.md: open or closed, by their words.
  private func tasks(_ clone: URL, open: Bool) throws -> [String] {
    try Fixture.text(clone, "Tasks.md").split(separator: "\n").compactMap { line in
      guard line.hasPrefix(open ? "- [ ] T" : "- [x] T"), !line.contains("🔁") else { return nil }
      return line.dropFirst(6).split(separator: " ").first.map(String.init)
    }
  }

  /// The line of a clone's Tasks.md that holds task `words`.
  private func line(of words: String, in clone: URL) throws -> String? {
    try Fixture.text(clone, "Tasks.md").split(separator: "\n").first { $0.contains(words + " ") || $0.hasSuffix(words) }
      .map(String.init)
  }

  private mutating func edit(_ clone: URL, round: Int) throws -> Expectation? {
    let day = Self.days[random.below(Self.days.count)]
    switch random.below(10) {
    case 0:
      let words = name("T", clone, round)
      let recurring = random.below(4) == 0 ? " 🔁 every day 📅 \(day)" : " 📅 \(day)"
      guard try vault(["add", "task", words + recurring], clone) else { return nil }
      return Expectation(fragments: ["- [ ] " + words], edit: "add task \(words)")
    case 1:
      guard let words = try tasks(clone, open: true).randomElement(using: &random) else { return nil }
      guard try vault(["done", words], clone) else { return nil }
      return Expectation(fragments: ["- [x] " + words], edit: "done \(words)", subject: "status " + words)
    case 2:
      guard let words = try tasks(clone, open: false).randomElement(using: &random) else { return nil }
      guard try vault(["undo", words], clone) else { return nil }
      return Expectation(fragments: ["- [ ] " + words], edit: "undo \(words)", subject: "status " + words)
    case 3:
      guard let words = try tasks(clone, open: true).randomElement(using: &random) else { return nil }
      guard try vault(["postpone", words, "\(1 + random.below(5))d"], clone),
        let line = try line(of: words, in: clone), let due = line.range(of: "📅 ")
      else { return nil }
      return Expectation(
        fragments: [words, String(line[due.lowerBound...].prefix(13))], edit: "postpone \(words)",
        subject: "due " + words)
    case 4:
      let words = name("J", clone, round)
      let time = String(format: "%02d:%02d", random.below(24), random.below(60))
      guard try vault(["journal", words, "--today", day], clone, now: "\(day)T\(time)") else { return nil }
      return Expectation(path: journalPath(day), fragments: ["- \(time) \(words)"], edit: "journal \(words)")
    case 5:
      let mood = 1 + random.below(10)
      remember(journalPath(day), clone)
      guard try vault(["journal", name("M", clone, round), "--mood", "\(mood)", "--today", day], clone) else {
        return nil
      }
      return changed(
        Expectation(
          path: journalPath(day), fragments: ["mood: \(mood)"], edit: "mood \(mood) on \(day)", subject: "mood " + day),
        clone)
    case 6:
      let value = name("s", clone, round)
      let note = ["Notes/Anna.md", "Notes/Reading List.md", "Projects/Garden.md"][random.below(3)]
      guard try vault(["set", note, "status", value], clone) else { return nil }
      return Expectation(
        path: note, fragments: ["status: \(value)"], edit: "set status \(value)", subject: note + " status")
    case 7:
      let progress = 1 + random.below(99)
      remember("Goals/Learn Spanish.md", clone)
      guard try vault(["progress", "Learn Spanish", "\(progress)"], clone),
        let line = try Fixture.text(clone, "Goals/Learn Spanish.md").split(separator: "\n").first(where: {
          $0.hasPrefix("progress:")
        })
      else { return nil }
      return changed(
        Expectation(
          path: "Goals/Learn Spanish.md", fragments: [String(line)], edit: "progress \(progress)", subject: "progress"),
        clone)
    case 8:
      // An editor: half the time on a task line (reworded, moved or deleted), else on prose.
      return random.below(2) == 0 ? try taskEdit(clone, round: round) : try editorChange(clone, round: round)
    case 9 where random.below(3) == 0:
      return try remove(clone)
    default:
      return try rename(clone, round: round)
    }
  }

  /// Notes `path` as it is before this round's first edit of it.
  private mutating func remember(_ path: String, _ clone: URL) {
    let key = clone.lastPathComponent + "/" + path
    if atRoundStart[key] == nil { atRoundStart[key] = (try? Fixture.text(clone, path)) ?? "" }
  }

  /// The expectation, marked unchanged when its property line was there when the round began.
  private func changed(_ expectation: Expectation, _ clone: URL) -> Expectation {
    guard let path = expectation.path, let before = atRoundStart[clone.lastPathComponent + "/" + path] else {
      return expectation
    }
    var result = expectation
    result.unchanged = before.split(separator: "\n").contains { line in expectation.fragments.allSatisfy { line == $0 }
    }
    return result
  }

  private func journalPath(_ day: String) -> String {
    "Journal/\(day.prefix(4))/\(day.dropFirst(5).prefix(2))/\(day).md"
  }

  /// An editor writing a note: a new one (kept by its machine), or a line changed or added in one.
  private mutating func editorChange(_ clone: URL, round: Int) throws -> Expectation? {
    let words = name("E", clone, round)
    // A note either machine made is on both after a sync (unless one removed it since).
    let notes = ["Notes/Anna.md", "Notes/Reading List.md", "Projects/Garden.md"] + ownNotes.values.joined()
    if random.below(4) == 0 {
      let path = "Notes/\(words).md"
      let text = "# \(words)\n\nWritten on \(clone.lastPathComponent) in round \(round).\n\n- one\n- two\n- three\n"
      try Data(text.utf8).write(to: clone.appendingPathComponent(path))
      ownNotes[clone.lastPathComponent, default: []].append(path)
      return Expectation(
        path: nil, fragments: ["Written on \(clone.lastPathComponent) in round \(round)."], edit: "new note \(path)",
        note: path)
    }
    let path = notes[random.below(notes.count)]
    let file = clone.appendingPathComponent(path)
    guard let text = try? Fixture.text(clone, path) else { return nil }
    var lines = text.components(separatedBy: "\n")
    let replaceable = lines.indices.filter { index in
      let line = lines[index]
      // Not a line this machine wrote this round: replacing it would undo its own edit.
      return !line.isEmpty && !line.hasPrefix("#") && !line.hasPrefix(">") && !line.hasPrefix("---")
        && !line.contains(":") && index > 0 && !line.contains("E\(round)\(clone.lastPathComponent.prefix(1))")
    }
    var subject: String?
    if let index = replaceable.randomElement(using: &random), random.below(2) == 0 {
      // Both machines replacing one line is a clash: the other's words may be in a callout.
      subject = "line \(path) \(lines[index])"
      lines[index] = "Changed to \(words) on \(clone.lastPathComponent)."
    } else {
      lines.insert("Added \(words) on \(clone.lastPathComponent).", at: max(lines.count - 1, 0))
    }
    try Data(lines.joined(separator: "\n").utf8).write(to: file)
    return Expectation(
      path: nil, fragments: [words], edit: "editor \(words) in \(path)", subject: subject, note: path)
  }

  /// An editor changing one of the harness's task lines in Tasks.md: rewording it (its first
  /// word, which names it, kept), moving it elsewhere among the tasks, or deleting it.
  private mutating func taskEdit(_ clone: URL, round: Int) throws -> Expectation? {
    let file = clone.appendingPathComponent("Tasks.md")
    var lines = try Fixture.text(clone, "Tasks.md").components(separatedBy: "\n")
    let tasks = lines.indices.filter { index in
      let line = lines[index]
      return (line.hasPrefix("- [ ] T") || line.hasPrefix("- [x] T")) && !line.contains("🔁")
    }
    guard let index = tasks.randomElement(using: &random) else { return nil }
    let line = lines[index]
    guard let words = line.dropFirst(6).split(separator: " ").first.map(String.init) else { return nil }
    switch random.below(3) {
    case 0:
      let added = name("w", clone, round)
      lines[index] = line.replacingOccurrences(of: words + " ", with: words + " " + added + " ")
      if lines[index] == line { lines[index] = line + " " + added }
      try Data(lines.joined(separator: "\n").utf8).write(to: file)
      return Expectation(
        path: "Tasks.md", fragments: [words + " ", added], edit: "reword \(words)", subject: "words " + words)
    case 1:
      lines.remove(at: index)
      let others = lines.indices.filter { lines[$0].hasPrefix("- [") }
      let at = others.randomElement(using: &random).map { $0 + random.below(2) } ?? index
      lines.insert(line, at: min(at, lines.count))
      try Data(lines.joined(separator: "\n").utf8).write(to: file)
      return Expectation(path: "Tasks.md", fragments: [words + " "], edit: "move \(words)", subject: "place " + words)
    default:
      lines.remove(at: index)
      try Data(lines.joined(separator: "\n").utf8).write(to: file)
      return Expectation(
        path: "Tasks.md", fragments: [], edit: "delete \(words)", subject: "deleted " + words, deletedTask: words)
    }
  }

  /// `vault rm` of a note a machine made: it goes to `.trash/`.
  private mutating func remove(_ clone: URL) throws -> Expectation? {
    let made = ownNotes.values.joined().filter {
      FileManager.default.fileExists(atPath: clone.appendingPathComponent($0).path)
    }
    guard let path = made.randomElement(using: &random) else { return nil }
    guard try vault(["rm", path, "--yes"], clone) else { return nil }
    removedThisRound.append(path)
    return Expectation(path: path, fragments: [], edit: "rm \(path)", subject: "note " + path, removed: true)
  }

  private mutating func rename(_ clone: URL, round: Int) throws -> Expectation? {
    var own = ownNotes[clone.lastPathComponent] ?? []
    guard !own.isEmpty else { return try editorChange(clone, round: round) }
    let index = random.below(own.count)
    let old = own[index]
    guard FileManager.default.fileExists(atPath: clone.appendingPathComponent(old).path) else { return nil }
    let new = "Notes/\(name("R", clone, round)).md"
    // Its heading, which the editor never changes, shows it arrived under its new name.
    let heading = try Fixture.text(clone, old).split(separator: "\n").first.map(String.init) ?? ""
    try FileManager.default.moveItem(at: clone.appendingPathComponent(old), to: clone.appendingPathComponent(new))
    own[index] = new
    ownNotes[clone.lastPathComponent] = own
    // A second rename of the note in a round replaces the first.
    return Expectation(
      path: new, fragments: [heading], edit: "rename \(old) to \(new)", subject: "renamed " + heading, note: old)
  }

  // MARK: Syncing

  private mutating func sync(_ clone: URL) throws {
    switch mode {
    case .vaultSync:
      let result = try clones.vault(["sync"], on: clone)
      if result.status != 0 { failures.append("vault sync on \(clone.lastPathComponent): \(result.stderr)") }
      counts.conflicts +=
        result.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(".md:") }.count
    case .plainGit:
      try SyncedClones.git(["add", "-A"], in: clone)
      try SyncedClones.git(["commit", "-q", "-m", "edits"], in: clone, allowFailure: true)
      let pull = try SyncedClones.git(["pull", "-q", "--no-rebase", "--no-edit"], in: clone, allowFailure: true)
      if pull.status != 0 {
        counts.conflicts += 1
        try SyncedClones.git(["add", "-A"], in: clone)
        try SyncedClones.git(["commit", "-q", "--no-edit"], in: clone, allowFailure: true)
      }
      try SyncedClones.git(["push", "-q"], in: clone, allowFailure: true)
    }
  }

  // MARK: Checking

  private mutating func check(round: Int, sides: [[Expectation]], last: Bool) throws {
    // Looking changes nothing: a view run after the sync leaves git's status clean.
    let view = try clones.vault(["today"], on: clones.laptop)
    if view.status != 0 { failures.append("round \(round): vault today: \(view.stderr)") }
    let laptopDirty = try SyncedClones.git(["status", "--porcelain"], in: clones.laptop).stdout
    if !laptopDirty.isEmpty, mode == .vaultSync {
      counts.dirtyAfterViews += 1
      failures.append("round \(round): git status after vault today: \(laptopDirty)")
    }
    // Two clean work trees at one commit hold the same files; every 50th round and the last
    // compare them byte for byte too.
    let heads = try [clones.laptop, clones.phone].map { try SyncedClones.git(["rev-parse", "HEAD"], in: $0).stdout }
    let dirty = try !SyncedClones.git(["status", "--porcelain"], in: clones.phone).stdout.isEmpty
    let files = try SyncedClones.files(of: clones.laptop)
    let thorough = last || round % 50 == 0
    let phoneFiles = thorough ? try SyncedClones.files(of: clones.phone) : files
    if heads[0] != heads[1] || dirty || files != phoneFiles {
      counts.diverged += 1
      failures.append("round \(round): the clones differ")
    }
    // Each note's lines, and which of them are inside conflict callouts.
    var notes: [String: [(line: Substring, inCallout: Bool)]] = [:]
    var taskLines: [String: Int] = [:]
    for (path, data) in files where path.hasSuffix(".md") && !path.hasPrefix(".trash/") {
      let text = String(decoding: data, as: UTF8.self)
      if text.contains("<<<<<<< ") || text.contains(">>>>>>> ") {
        counts.markedFiles += 1
        if mode == .vaultSync { failures.append("round \(round): conflict markers in \(path)") }
      }
      var inCallout = false
      var lines: [(Substring, Bool)] = []
      for line in text.split(separator: "\n") {
        if line.hasPrefix("> [!conflict]") { inCallout = true } else if !line.hasPrefix(">") { inCallout = false }
        lines.append((line, inCallout))
        // A task the harness added, outside callouts and not recurring (whose next instance
        // keeps its words), is in the vault once.
        if !inCallout, line.hasPrefix("- ["), !line.contains("🔁"),
          let words = line.dropFirst(6).split(separator: " ").first,
          words.hasPrefix("T"), words.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber })
        {
          taskLines[String(words), default: 0] += 1
        }
      }
      notes[path] = lines
    }
    for (words, count) in taskLines where count > 1 {
      counts.duplicated += 1
      if mode == .vaultSync { failures.append("round \(round): task \(words) is in the vault \(count) times") }
    }
    for (side, expectations) in sides.enumerated() {
      let other = sides[1 - side]
      for expectation in expectations {
        if expectation.removed, let path = expectation.path {
          // Gone, unless the other machine changed it meanwhile (then it stays, changed).
          let changedThere = other.contains { $0.note == path || $0.path == path }
          if !changedThere, notes[path] != nil {
            counts.lost += 1
            failures.append("round \(round): \(expectation.edit): the note is still there")
          }
          continue
        }
        if let words = expectation.deletedTask {
          // Gone, unless the other machine changed the task meanwhile (then it stays, changed).
          let changedThere = other.contains { other in
            ["status ", "due ", "words "].contains { other.subject == $0 + words }
          }
          let stillThere = (notes["Tasks.md"] ?? []).contains { !$0.inCallout && $0.line.contains("] " + words + " ") }
          if !changedThere, stillThere {
            counts.lost += 1
            failures.append("round \(round): \(expectation.edit): the task is still there")
          }
          continue
        }
        // A task deleted there and changed here stays, changed; one deleted there is not
        // looked for.
        if let subject = expectation.subject, ["status ", "due ", "words "].contains(where: subject.hasPrefix),
          let words = subject.split(separator: " ").last.map(String.init),
          other.contains(where: { $0.deletedTask == words }),
          !(notes["Tasks.md"] ?? []).contains(where: { $0.line.contains(words + " ") })
        {
          counts.lost += 1
          failures.append("round \(round): \(expectation.edit): gone, though only the other machine deleted it")
          continue
        }
        // A note renamed here and removed there may go either way: both changed where it is.
        if let note = expectation.note, expectation.edit.hasPrefix("rename"),
          other.contains(where: { $0.removed && $0.path == note })
        {
          continue
        }
        let candidates = expectation.path.map { [notes[$0] ?? []] } ?? Array(notes.values)
        let matches = { (inCallout: Bool) in
          candidates.contains { lines in
            lines.contains { $0.inCallout == inCallout && expectation.fragments.allSatisfy($0.line.contains) }
          }
        }
        if matches(false) { continue }
        // In a callout only when the other machine set the same thing differently.
        let clashed = expectation.subject.map { subject in other.contains { $0.subject == subject } } ?? false
        if matches(true) {
          if clashed { continue }
          counts.onlyInCallout += 1
          if mode == .vaultSync {
            failures.append("round \(round): \(expectation.edit) is only in a callout: \(expectation.fragments)")
          }
          continue
        }
        counts.lost += 1
        if let keep = ProcessInfo.processInfo.environment["VAULT_SYNC_KEEP"] {
          try? FileManager.default.copyItem(at: clones.folder, to: URL(fileURLWithPath: keep))
        }
        if mode == .vaultSync {
          failures.append(
            "round \(round): lost \(expectation.edit): \(expectation.fragments) (this side: "
              + "\(expectations.map(\.edit)); other side: \(other.map(\.edit)))")
        }
      }
    }
    guard thorough || round % 10 == 0 else { return }
    let check = try clones.vault(["check", "--json"], on: clones.laptop)
    if check.status != 0 {
      counts.unreadable += 1
      if mode == .vaultSync { failures.append("round \(round): vault check: \(check.stdout.prefix(400))") }
    }
  }
}
