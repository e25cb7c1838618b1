import Foundation
import TestSupport
import Testing

@testable import VaultKit

/// Vault writers running at once on one file, and another program appending to it
/// without a lock, never lose an edit. Real processes of the built binary, many trials.
@Suite(.serialized) struct ConcurrentWriteTests {
  static let today = "2026-11-23"
  static let daily = "Journal/2026/11/2026-11-23.md"

  /// Lines of `text` that contain `needle`.
  func count(_ needle: String, in text: String) -> Int {
    text.split(separator: "\n").filter { $0.contains(needle) }.count
  }

  func report(_ name: String, edits: Int, lost: Int, refused: Int) {
    print("concurrent writers \(name): \(edits) edits, \(lost) lost, \(refused) refused")
  }

  @Test func twentyJournalWritersOnOneNoteAllLand() throws {
    var lost = 0
    var refused = 0
    for trial in 1...3 {
      let folder = try Fixture.copy("ExampleVault")
      let results = try CLI.runTogether(
        (1...20).map { ["journal", "entry \(trial)-\($0) end"] }, inVault: folder, today: Self.today)
      refused += results.filter { $0.status != 0 }.count
      let note = try Fixture.text(folder, Self.daily)
      lost += (1...20).filter { count(" entry \(trial)-\($0) end", in: note) != 1 }.count
      #expect(note.hasPrefix("---\nmood: 6\nmood_tags: [work, tired]\n---\n# Monday, November 23, 2026\n"))
    }
    report("journal ×20", edits: 60, lost: lost, refused: refused)
    #expect((lost, refused) == (0, 0))
  }

  /// Every write command at once on one daily note: done, cancel, journal, mood, add task,
  /// set, unset.
  @Test func everyWriteCommandAtOnceOnOneNote() throws {
    var lost = 0
    var refused = 0
    let trials = 4
    for trial in 1...trials {
      let folder = try Fixture.copy("ExampleVault")
      let path = folder.appendingPathComponent(Self.daily)
      try Data(
        """
        ---
        mood: 6
        colour: blue
        ---
        # Monday

        ## Tasks
        - [ ] first \(trial)
        - [ ] second \(trial)
        - [ ] third \(trial) 🔁 every day 📅 2026-11-23

        ## Journal
        - 07:10 morning

        """.utf8
      ).write(to: path)
      let results = try CLI.runTogether(
        [
          // By their text, as a person names them: a line number moves when another command
          // adds a property above it.
          ["done", "first \(trial)"], ["cancel", "second \(trial)"], ["done", "third \(trial)"],
          ["journal", "written \(trial)"], ["mood", "8", "--tags", "calm"],
          ["add", "task", "added \(trial)", "--daily"],
          ["set", Self.daily, "energy", "7"], ["unset", Self.daily, "colour"],
        ], inVault: folder, today: Self.today)
      refused += results.filter { $0.status != 0 }.count
      for result in results where result.status != 0 { Issue.record("refused: \(result.stderr)") }
      let note = try Fixture.text(folder, Self.daily)
      let expectations = [
        "- [x] first \(trial) ✅ 2026-11-23", "- [-] second \(trial) ❌ 2026-11-23",
        "- [x] third \(trial) 🔁 every day 📅 2026-11-23 ✅ 2026-11-23",
        "- [ ] third \(trial) 🔁 every day 📅 2026-11-24", " written \(trial)", "mood: 8", "mood_tags: [calm]",
        "- [ ] added \(trial)", "energy: 7",
      ]
      lost += expectations.filter { count($0, in: note) != 1 }.count + (note.contains("colour") ? 1 : 0)
      #expect(count("07:10 morning", in: note) == 1)
    }
    report("every write command ×8", edits: 8 * trials, lost: lost, refused: refused)
    #expect((lost, refused) == (0, 0))
  }

  @Test func twoSetsOfDifferentKeysBothLand() throws {
    let folder = try Fixture.copy("ExampleVault")
    var lost = 0
    for trial in 1...10 {
      let results = try CLI.runTogether(
        [["set", "Read 24 Books", "a\(trial)", "1"], ["set", "Read 24 Books", "b\(trial)", "2"]],
        inVault: folder, today: Self.today)
      #expect(results.allSatisfy { $0.status == 0 })
      let note = try Fixture.text(folder, "Goals/Read 24 Books.md")
      lost += (note.contains("\na\(trial): 1\n") ? 0 : 1) + (note.contains("\nb\(trial): 2\n") ? 0 : 1)
    }
    report("set ×2", edits: 20, lost: lost, refused: 0)
    #expect(lost == 0)
  }

  /// Writers whose environments differ (a user service without the terminal's
  /// `XDG_CACHE_HOME`, another `HOME` or `TMPDIR`, a container) still take turns: the lock is
  /// the vault's own folder. Twenty journal entries at once, each writer in its own environment.
  @Test func writersWithDifferentCacheFoldersStillTakeTurns() throws {
    var lost = 0
    var refused = 0
    for trial in 1...3 {
      let folder = try Fixture.copy("ExampleVault")
      let running = try (1...20).map { number in
        let own = try ScratchFolder.make("environment-\(number)").path
        return try CLI.start(
          ["journal", "entry \(trial)-\(number) end"], in: folder,
          environment: [
            "VAULT_TODAY": Self.today, "VAULT_NOW": Self.today + "T09:00", "VAULT_INDEX": folder.path + "-index.sqlite",
            "XDG_CACHE_HOME": own + "/cache", "HOME": own, "TMPDIR": own,
          ])
      }
      let results = running.map { $0.finish() }
      refused += results.filter { $0.status != 0 }.count
      let note = try Fixture.text(folder, Self.daily)
      lost += (1...20).filter { count(" entry \(trial)-\($0) end", in: note) != 1 }.count
    }
    report("journal ×20, each in its own environment", edits: 60, lost: lost, refused: refused)
    #expect((lost, refused) == (0, 0))
  }

  /// The write lock is an exclusive `flock` on the vault's folder, which a script can take too
  /// (`flock ~/Vault command`), and on the lock file builds before 0.12 took (beside the default
  /// index), so one of those still running takes turns too: while another program holds either,
  /// a vault command waits, whatever its environment, and writes once it is released.
  @Test(arguments: ["the vault's folder", "the lock file of older builds"])
  func aCommandWaitsWhileAnotherProgramHoldsTheWriteLock(held: String) throws {
    let folder = try Fixture.copy("ExampleVault")
    let own = try ScratchFolder.make("environment").path
    let root = folder.resolvingSymlinksInPath().path
    let lock =
      held == "the vault's folder"
      ? root : Vault.defaultIndexFolder(root: root, environment: ["XDG_CACHE_HOME": own]) + "/write.lock"
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    holder.arguments = [
      "python3", "-c",
      "import fcntl, os, sys, time\n"
        + "path = sys.argv[1]\n"
        + "if not os.path.isdir(path): os.makedirs(os.path.dirname(path), exist_ok=True)\n"
        + "descriptor = os.open(path, os.O_RDONLY if os.path.isdir(path) else os.O_RDWR | os.O_CREAT)\n"
        + "fcntl.flock(descriptor, fcntl.LOCK_EX)\n"
        + "print('held', flush=True)\n"
        + "time.sleep(2)\n",
      lock,
    ]
    let said = Pipe()
    holder.standardOutput = said
    try holder.run()
    let first = said.fileHandleForReading.availableData
    #expect(String(decoding: first, as: UTF8.self).hasPrefix("held"))
    let result = try CLI.start(
      ["set", "Tasks.md", "waited", "yes"], in: folder,
      environment: [
        "VAULT_TODAY": Self.today, "VAULT_INDEX": folder.path + "-index.sqlite", "XDG_CACHE_HOME": own,
        "TMPDIR": own,
      ]
    ).finish()
    let holderRunning = holder.isRunning
    holder.waitUntilExit()
    #expect(result.status == 0, "\(result.stderr)")
    #expect(!holderRunning, "vault wrote while another program held \(held)")
    #expect(try Fixture.text(folder, "Tasks.md").contains("waited: \"yes\"\n"))
  }

  /// Two commands making the same new note never replace each other's.
  @Test func commandsCreatingTheSameNoteNeverReplaceEachOther() throws {
    let folder = try Fixture.copy("ExampleVault")
    let results = try CLI.runTogether(
      (1...6).map { ["add", "note", "Same Title", "--tag", "n\($0)"] }
        + (1...6).map { ["add", "task", "line \($0)", "--to", "Inbox/New"] }, inVault: folder, today: Self.today)
    #expect(results.allSatisfy { $0.status == 0 })
    let notes = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("Same Title") }
    #expect(notes.count == 6)
    let tags = try notes.map { try Fixture.text(folder, $0) }.joined()
    #expect((1...6).allSatisfy { count("n\($0)", in: tags) == 1 })
    let inbox = try Fixture.text(folder, "Inbox/New.md")
    #expect((1...6).allSatisfy { count("- [ ] line \($0)", in: inbox) == 1 })
    report("create one note ×12", edits: 12, lost: 12 - notes.count - count("- [ ] line", in: inbox), refused: 0)
  }

  /// Another program appends a line every 2 ms without any lock while `vault add task` runs 30
  /// times: none of its lines is lost, every command that says it wrote did, and one that
  /// gives up says so.
  @Test func anEditorAppendingMeanwhileLosesNothing() throws {
    let folder = try Fixture.copy("ExampleVault")
    let path = folder.appendingPathComponent("Tasks.md").path
    let appended = 400
    let editor = Thread {
      for number in 1...appended {
        if let handle = FileHandle(forWritingAtPath: path) {
          handle.seekToEndOfFile()
          handle.write(Data("editor line \(number)\n".utf8))
          handle.closeFile()
        }
        usleep(2000)
      }
    }
    editor.start()
    var results: [CLI.Result] = []
    for number in 1...30 {
      results.append(try CLI.run(["add", "task", "vault task \(number) end"], inVault: folder, today: Self.today))
    }
    while !editor.isFinished { usleep(10_000) }
    let text = try Fixture.text(folder, "Tasks.md")
    let lines = text.split(separator: "\n")
    let editorLost = (1...appended).filter { number in lines.filter { $0 == "editor line \(number)" }.count != 1 }
      .count
    var vaultLost = 0
    var refused = 0
    for (index, result) in results.enumerated() {
      let present = count("vault task \(index + 1) end", in: text)
      if result.status == 0 {
        if present != 1 { vaultLost += 1 }
      } else {
        refused += 1
        #expect(present == 0)
        #expect(result.stderr.contains("changed on disk while vault was editing it; nothing was written"))
      }
    }
    report("editor append race (\(appended) editor lines)", edits: 30, lost: editorLost + vaultLost, refused: refused)
    #expect(editorLost == 0)
    #expect(vaultLost == 0)
  }
}
