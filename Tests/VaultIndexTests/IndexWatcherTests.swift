import Foundation
import GRDB
import TestSupport
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// A watcher keeps the index as a fresh rebuild would have it, whatever writers do to the
/// files, and a command that syncs with it reads the index with no walk.
@Suite(.serialized) struct IndexWatcherTests {
  static let files: [String: String] = [
    ".obsidian/app.json": "{}\n",
    "Tasks.md": "# Tasks\n- [ ] Renew passport 📅 2026-11-20\n- [ ] Buy bread\n",
    "Projects/Garden.md": "---\ntags: [garden]\n---\n# Garden\n- [ ] Move the lemon tree inside\n",
    "Projects/Deep/Plan.md": "# Plan\nSee [[Garden]].\n",
    "Events/Dentist.md": "---\ndate: 2026-12-01\nstartTime: \"09:00\"\n---\n",
    "Archive/Old.md": "- [ ] An old task\n",
    "日记/2026-11-23.md": "---\nmood: 7\n---\n# 今天\n- [x] 写日记\n",
  ]

  /// A watcher over a copy of `files` on its own thread, stopped when `body` ends.
  func watching(_ files: [String: String] = files, _ body: (TemporaryVault, IndexWatcher) throws -> Void) throws {
    let folder = try TemporaryVault(files)
    let watcher = try IndexWatcher(
      vault: try folder.vault(), index: folder.indexPath, environment: [:], notice: { _ in })
    try whileRunning(watcher) { try body(folder, watcher) }
  }

  /// The index as a command sees it after syncing with the watcher, and as a rebuild from the
  /// files gives it.
  func compare(_ folder: TemporaryVault, _ comment: Comment) throws {
    let vault = try folder.vault()
    // A loaded machine (the rest of the suite runs beside) may take more than a second to
    // apply a storm: the test waits for the watcher's answer longer than a command does.
    let patient = ["VAULT_WATCH_TIMEOUT_MS": "20000"]
    let watched = try vault.withIndex(explicit: folder.indexPath, environment: patient, notice: { _ in }) {
      store throws(VaultError) in
      try Self.dump(store) + Self.stampsDisagreeing(store)
    }
    #expect(watched.refresh.watched, "the command walked instead of trusting the watcher: \(comment)")
    let rebuilt = try vault.withIndex(
      explicit: folder.indexPath + "-fresh", environment: [:], rebuild: true, trustWatcher: false, notice: { _ in }
    ) { store throws(VaultError) in try Self.dump(store) }
    watched.store.close()
    rebuilt.store.close()
    let missing = rebuilt.value.filter { !watched.value.contains($0) }
    let extra = watched.value.filter { !rebuilt.value.contains($0) }
    #expect(missing.isEmpty && extra.isEmpty, "\(comment): missing \(missing.prefix(5)), extra \(extra.prefix(5))")
  }

  static func dump(_ store: IndexStore) throws(VaultError) -> [String] {
    do { return try store.dump() } catch { throw VaultError(indexFailure: error) }
  }

  /// The paths whose stamps the stamps' snapshot and its changes (`StampSnapshot`) give
  /// otherwise than `files`, as lines a rebuild never has.
  static func stampsDisagreeing(_ store: IndexStore) throws(VaultError) -> [String] {
    do {
      return try store.database.read { db in
        guard let kept = try StampSnapshot.read(db) else { return ["stamps: no snapshot"] }
        let files = try IndexStore.rowStamps(db)
        let paths = Set(kept.paths).union(files.paths)
        return paths.filter { kept[$0] != files[$0] }.sorted().map { "stamps: snapshot differs for \($0)" }
      }
    } catch {
      throw VaultError(indexFailure: error)
    }
  }

  @Test func everyWayOfWritingIsInTheIndexWhenTheSyncReturns() throws {
    try watching { folder, _ in
      let manager = FileManager.default
      let root = folder.root.path
      try compare(folder, "at start")
      // Obsidian: in place.
      try Editor.append("- [ ] Call the plumber ⏫\n", to: folder.root.appendingPathComponent("Tasks.md"))
      try compare(folder, "an edit in place")
      // vim and VS Code: a temporary file renamed over the note.
      try Data("# Garden\n- [x] Move the lemon tree inside ✅ 2026-11-23\n".utf8).write(
        to: folder.root.appendingPathComponent("Projects/.Garden.md.swp"))
      #expect(rename(root + "/Projects/.Garden.md.swp", root + "/Projects/Garden.md") == 0)
      try compare(folder, "a temporary file renamed over a note")
      try folder.remove("Events/Dentist.md")
      try compare(folder, "a delete")
      // A folder made with notes in it at once, and one moved in from outside.
      try folder.write("New/Inner/Idea.md", "- [ ] Write the idea down #idea\n")
      let outside = folder.root.deletingLastPathComponent().appendingPathComponent("Outside")
      try manager.createDirectory(at: outside.appendingPathComponent("Sub"), withIntermediateDirectories: true)
      try Data("- [ ] Moved in\n".utf8).write(to: outside.appendingPathComponent("Sub/Moved.md"))
      try manager.moveItem(at: outside, to: folder.root.appendingPathComponent("Outside"))
      try compare(folder, "folders made and moved in")
      // A folder renamed inside the vault, then moved out of it.
      try manager.moveItem(
        at: folder.root.appendingPathComponent("Projects"), to: folder.root.appendingPathComponent("Work"))
      try compare(folder, "a folder renamed")
      try folder.write("Work/Deep/Later.md", "- [ ] Written in a renamed folder\n")
      try compare(folder, "a note made in a renamed folder")
      try manager.moveItem(
        at: folder.root.appendingPathComponent("Work"),
        to: folder.root.deletingLastPathComponent().appendingPathComponent("Gone"))
      try compare(folder, "a folder moved out")
      // A folder linked from outside the vault is not read, by the watcher as by a walk.
      let linked = folder.root.deletingLastPathComponent().appendingPathComponent("Linked")
      try manager.createDirectory(at: linked, withIntermediateDirectories: true)
      try Data("- [ ] Behind a link\n".utf8).write(to: linked.appendingPathComponent("Linked.md"))
      try manager.createSymbolicLink(at: folder.root.appendingPathComponent("Shared"), withDestinationURL: linked)
      try compare(folder, "a linked folder")
      try Data("- [ ] Behind a link, edited\n".utf8).write(to: linked.appendingPathComponent("Linked.md"))
      try compare(folder, "a note edited behind a link")
      // A link to a note of the vault is that note, listed once under its real path.
      try folder.write("Inside/Linked.md", "- [ ] Linked from within\n")
      try manager.createSymbolicLink(
        atPath: folder.root.appendingPathComponent("Another name.md").path, withDestinationPath: "Inside/Linked.md")
      try compare(folder, "a second name for a note")
      // Settings: Obsidian's excluded files leave a folder out.
      try folder.write(".obsidian/app.json", "{\"userIgnoreFilters\": [\"Archive/\"]}\n")
      try compare(folder, "a settings change")
    }
  }

  @Test func aStormOfWritersLeavesTheIndexAsARebuildWouldHaveIt() throws {
    try watching { folder, _ in
      // Four processes, each making 250 changes in a folder of its own and one they share:
      // writes, renames over notes, deletes, folders made and removed.
      let script = """
        cd "$1"; w=$2; mkdir -p "W$w" Shared
        i=0
        while [ $i -lt 250 ]; do
          n=$((i % 17))
          case $((i % 5)) in
            0) printf -- '- [ ] task %s of %s\\n' $i $w > "W$w/Note $n.md" ;;
            1) printf -- '- [x] done %s\\n' $i > "W$w/.tmp$n" && mv "W$w/.tmp$n" "Shared/S$w-$n.md" ;;
            2) rm -f "W$w/Note $((n / 2)).md" ;;
            3) mkdir -p "W$w/D$n" && printf -- '# %s\\n' $i > "W$w/D$n/In.md" ;;
            4) rm -rf "W$w/D$((n - 1))"; printf -- '- [ ] more %s\\n' $i >> "Shared/S$w-$n.md" ;;
          esac
          i=$((i + 1))
        done
        """
      let writers = try (1...4).map { number in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "storm", folder.root.path, "\(number)"]
        try process.run()
        return process
      }
      for writer in writers {
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
      }
      try compare(folder, "after the storm")
    }
  }

  /// A watcher stopped and started again, at random moments of a storm of edits, renames,
  /// deletes, nested folders made and folders moved (as a service manager restarts it):
  /// after each cycle a command trusting the watcher reads what a rebuild reads. Cycles chain
  /// on one vault, so a folder a watcher missed shows in the next cycle. `VAULT_WATCH_CYCLES`
  /// sets how many (20 here; 100 for the figure in docs/DEVELOPMENT.md).
  @Test func aWatcherRestartedDuringStormsOfFolderMovesMissesNothing() throws {
    let cycles = ProcessInfo.processInfo.environment["VAULT_WATCH_CYCLES"].flatMap { Int($0) } ?? 20
    let folder = try TemporaryVault(Self.files)
    let script = """
      cd "$1"; w=$2; c=$3; mkdir -p "W$w" Moved
      i=0
      while [ $i -lt 120 ]; do
        n=$((i % 7))
        case $((i % 8)) in
          0) printf -- '- [ ] task %s of %s in %s\\n' $i $w $c > "W$w/Note $n.md" ;;
          1) mkdir -p "W$w/D$n/E$i/F" && printf -- '- [ ] deep %s %s\\n' $i $c > "W$w/D$n/E$i/F/Deep.md" ;;
          2) rm -rf "Moved/W$w-$n" && mv "W$w/D$n" "Moved/W$w-$n" 2>/dev/null ;;
          3) printf -- '- [x] saved %s\\n' $i > "W$w/.tmp$n" && mv "W$w/.tmp$n" "W$w/Saved $n.md" ;;
          4) rm -f "W$w/Note $((n / 2)).md" ;;
          5) mv "Moved/W$w-$n" "W$w/Back$n-$i" 2>/dev/null ;;
          6) printf -- '- [ ] appended %s %s\\n' $i $c >> "W$w/Note $n.md" ;;
          7) rm -rf "W$w/Back$((n + 1))-"* ;;
        esac
        i=$((i + 1))
      done
      """
    var random = SystemRandomNumberGenerator()
    // A watcher runs once: each start is a new one, made once the last has let go of the vault.
    func started() throws -> IndexWatcher {
      // The last one's thread lets go of it a moment after it stopped.
      let deadline = Date().addingTimeInterval(5)
      while true {
        do {
          return try IndexWatcher(
            vault: try folder.vault(), index: folder.indexPath, environment: [:], notice: { _ in })
        } catch IndexWatcher.Failure.alreadyWatched where Date() < deadline {
          Thread.sleep(forTimeInterval: 0.005)
        }
      }
    }
    for cycle in 1...cycles {
      let writers = try (1...3).map { number in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "storm", folder.root.path, "\(number)", "\(cycle)"]
        try process.run()
        return process
      }
      // Started, and stopped again, once or twice while the writers run.
      for _ in 0..<(1 + Int.random(in: 0...1, using: &random)) {
        whileRunning(try started()) { Thread.sleep(forTimeInterval: Double.random(in: 0...0.15, using: &random)) }
      }
      let last = try started()
      for writer in writers { writer.waitUntilExit() }
      try whileRunning(last) { try compare(folder, "cycle \(cycle)") }
    }
  }

  @Test func aSecondWatcherOfTheSameVaultIsRefused() throws {
    try watching { folder, _ in
      #expect {
        _ = try IndexWatcher(vault: try folder.vault(), index: folder.indexPath, environment: [:], notice: { _ in })
      } throws: { error in
        "\(error)".contains("is watched already")
      }
    }
  }

  @Test func theSearchRowsOfStoredNotesReachTheFullTextTableOnceTheVaultIsQuiet() throws {
    try watching { folder, _ in
      try folder.write("Projects/Garden.md", "# Garden\n- [ ] Plant the quince\n")
      try compare(folder, "a note edited")
      // Read from the search file itself: a search would write the backlog first.
      let search = try DatabaseQueue(path: folder.indexPath + "-search")
      let waiting = { try search.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM backlog") ?? 0 } }
      #expect(try waiting() == 1)
      let deadline = Date().addingTimeInterval(30)
      while try waiting() > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
      #expect(try waiting() == 0)
      let found = try search.read { db in
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM search WHERE search MATCH 'quince'") ?? 0
      }
      #expect(found == 1)
    }
  }

  @Test func withoutAWatcherACommandWalks() throws {
    let folder = try TemporaryVault(Self.files)
    let answer = try folder.vault().withIndex(explicit: folder.indexPath, environment: [:], notice: { _ in }) { _ in }
    #expect(!answer.refresh.watched)
    #expect(answer.refresh.seen == 6)
  }
}

/// Runs `watcher` on a thread of its own while `body` runs, and stops it afterwards.
func whileRunning(_ watcher: IndexWatcher, _ body: () throws -> Void) rethrows {
  let stopped = DispatchSemaphore(value: 0)
  let thread = Thread {
    try? watcher.run()
    stopped.signal()
  }
  thread.start()
  defer {
    watcher.stop()
    stopped.wait()
  }
  try body()
}
