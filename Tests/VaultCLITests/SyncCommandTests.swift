import Foundation
import TestSupport
import Testing

/// `vault sync` with the git CLI: two clones and a bare remote, edits on both machines, and the
/// states of a repository a sync must refuse or survive.
@Suite(.serialized) struct SyncCommandTests {
  typealias Clones = SyncedClones

  func write(_ text: String, to path: String, in clone: URL) throws {
    try Data(text.utf8).write(to: clone.appendingPathComponent(path))
  }

  @Test func editsOnTwoMachinesAllLandWithoutConflictMarkers() throws {
    let clones = try Clones.make()
    let (laptop, phone) = (clones.laptop, clones.phone)
    #expect(try clones.vault(["done", "Renew passport"], on: laptop).status == 0)
    #expect(try clones.vault(["journal", "Walked to the lake"], on: laptop, now: "2026-11-25T08:30").status == 0)
    #expect(try clones.vault(["add", "task", "Buy milk"], on: laptop).status == 0)
    #expect(
      try clones.vault(["task", "Renew passport", "--text", "Renew passport and ID card"], on: phone).status == 0)
    #expect(try clones.vault(["journal", "Coffee with Ana"], on: phone, now: "2026-11-25T10:30").status == 0)
    #expect(try clones.vault(["done", "Water the plants"], on: phone).status == 0)
    #expect(try clones.vault(["add", "task", "Call the bank"], on: phone).status == 0)

    let first = try clones.vault(["sync"], on: laptop)
    #expect(
      first.stdout == "committed “done: Renew passport; journal 2026-11-25; +1 task”; sent 1 commit to origin/main\n")
    let second = try clones.vault(["sync"], on: phone)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(
      second.stdout.hasPrefix(
        "committed “done: Water the plants; journal 2026-11-25; +1 task; 1 task reworded”; sent 2 commits to origin/main; received 1 commit (2 notes)"
      ))
    #expect(try clones.vault(["sync"], on: laptop).stdout == "received 2 commits (2 notes) from origin/main\n")
    #expect(try clones.vault(["sync"], on: laptop).stdout == "up to date with origin/main\n")

    #expect(try Clones.files(of: laptop) == Clones.files(of: phone))
    let tasks = try Fixture.text(laptop, "Tasks.md")
    #expect(tasks.contains("- [x] Renew passport and ID card ⏫ 📅 2026-11-20 ✅ 2026-11-25\n"))
    #expect(
      tasks.contains(
        "- [ ] Water the plants 🔁 every week on Sunday ⏳ 2026-11-29\n"
          + "- [x] Water the plants 🔁 every week on Sunday ⏳ 2026-11-22 ✅ 2026-11-25\n"))
    #expect(tasks.contains("- [ ] Buy milk\n") && tasks.contains("- [ ] Call the bank\n"))
    let day = try Fixture.text(laptop, "Journal/2026/11/2026-11-25.md")
    #expect(day.contains("## Journal\n\n- 08:30 Walked to the lake\n- 10:30 Coffee with Ana\n\n## Tasks\n"))
    for (path, data) in try Clones.files(of: laptop) where path.hasSuffix(".md") {
      #expect(!String(decoding: data, as: UTF8.self).contains("<<<<<<<"), "\(path)")
    }
    let log = try Clones.git(["log", "-1", "--format=%B", "HEAD^1"], in: laptop, allowFailure: true).stdout
    #expect(log.contains("Vault-Machine: phone"))
  }

  @Test func aLineBothMachinesChangedStaysOnceWithTheOtherInACalloutThatCheckLists() throws {
    let clones = try Clones.make()
    let note = "Notes/Reading List.md"
    let original = try Fixture.text(clones.laptop, note)
    let line = try #require(
      original.split(separator: "\n").first {
        !$0.hasPrefix("#") && !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasPrefix("---") && !$0.contains(":")
      })
    try write(original.replacingOccurrences(of: line, with: "Laptop's words."), to: note, in: clones.laptop)
    try write(original.replacingOccurrences(of: line, with: "Phone's words."), to: note, in: clones.phone)
    #expect(try clones.vault(["sync"], on: clones.laptop).status == 0)
    let sync = try clones.vault(["sync"], on: clones.phone)
    #expect(sync.status == 0)
    let merged = try Fixture.text(clones.phone, note)
    let lines = merged.split(separator: "\n", omittingEmptySubsequences: false)
    let at = try #require(lines.firstIndex(of: "Phone's words."))
    #expect(lines[at + 1].hasPrefix("> [!conflict] From laptop ("))
    #expect(lines[at + 2] == "> Laptop's words.")
    #expect(sync.stdout.contains("1 conflict kept as a callout"))
    #expect(sync.stdout.contains("  \(note):\(at + 2)  yours in place, laptop's in the callout\n"), "\(sync.stdout)")
    // On the laptop, after the phone's merge: the same callout, in the laptop's words.
    let after = try clones.vault(["sync"], on: clones.laptop)
    #expect(after.stdout.contains("  \(note):\(at + 2)  phone's in place, yours in the callout\n"), "\(after.stdout)")
    let check = try clones.vault(["check"], on: clones.phone)
    #expect(
      check.stdout.contains(
        "\(note):\(at + 2):1: warning: a sync conflict is kept here: keep the version you want and delete the callout"))
    #expect(!merged.contains("<<<<<<<"))
  }

  @Test func offlineTheCommitWaitsForTheNextSync() throws {
    let clones = try Clones.make()
    let away = clones.folder.appendingPathComponent("away.git")
    try FileManager.default.moveItem(at: clones.remote, to: away)
    #expect(try clones.vault(["add", "task", "Buy stamps"], on: clones.laptop).status == 0)
    let offline = try clones.vault(["sync"], on: clones.laptop)
    #expect(offline.status == 1)
    #expect(
      offline.stdout.hasPrefix(
        "committed “+1 task” here\norigin/main is out of reach, so it goes out with the next sync: "))
    #expect(try Clones.git(["status", "--porcelain"], in: clones.laptop).stdout == "")
    try FileManager.default.moveItem(at: away, to: clones.remote)
    #expect(try clones.vault(["sync"], on: clones.laptop).stdout == "sent 1 commit to origin/main\n")
    #expect(try clones.vault(["sync"], on: clones.phone).stdout == "received 1 commit (1 note) from origin/main\n")
    #expect(try Fixture.text(clones.phone, "Tasks.md").contains("- [ ] Buy stamps\n"))
  }

  @Test func theMergeDriverAsGitRunsItKeepsBytesThatAreNotUTF8() throws {
    let folder = try ScratchFolder.make("merge-driver")
    let write = { (name: String, bytes: [UInt8]) in try Data(bytes).write(to: folder.appendingPathComponent(name)) }
    let cafe: [UInt8] = Array("caf".utf8) + [0xE9] + Array("\n".utf8)
    try write("base", cafe)
    try write("ours", cafe + Array("- [ ] Ours\n".utf8))
    try write("theirs", Array("# Top\n".utf8) + cafe)
    let result = try CLI.run(["merge-driver", "base", "ours", "theirs", "Notes/Café.md"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let merged = try [UInt8](Data(contentsOf: folder.appendingPathComponent("ours")))
    #expect(merged == Array("# Top\n".utf8) + cafe + Array("- [ ] Ours\n".utf8))
  }

  @Test func writersAndSyncsAtOnceAllLandAndAreCommittedAndPushed() throws {
    let clones = try Clones.make()
    let environment = clones.environment(of: clones.laptop)
    var running: [CLI.Running] = []
    for number in 0..<12 {
      running.append(
        try CLI.start(["add", "task", "Written meanwhile \(number)"], in: clones.laptop, environment: environment))
      if number % 4 == 0 { running.append(try CLI.start(["sync"], in: clones.laptop, environment: environment)) }
    }
    let results = running.map { $0.finish() }
    for result in results { #expect(result.status == 0, "\(result.stdout)\(result.stderr)") }
    #expect(try clones.vault(["sync"], on: clones.laptop).status == 0)
    #expect(try Clones.git(["status", "--porcelain"], in: clones.laptop).stdout == "")
    let pushed = try Clones.git(["show", "main:Tasks.md"], in: clones.remote).stdout
    for number in 0..<12 { #expect(pushed.contains("- [ ] Written meanwhile \(number)\n"), "task \(number)") }
  }

  @Test func theJSONOfASyncNamesEveryKeyNullIncluded() throws {
    let clones = try Clones.make()
    #expect(try clones.vault(["add", "task", "Buy stamps"], on: clones.phone).status == 0)
    #expect(try clones.vault(["sync"], on: clones.phone).status == 0)
    let sync = try clones.vault(["sync", "--json"], on: clones.laptop)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any])
    #expect(
      Set(object.keys) == [
        "committed", "upstream", "sent", "received", "notesReceived", "offline", "noRemote", "conflicts", "callouts",
        "kept", "mended", "keptBoth", "setUp", "machine",
      ])
    #expect(object["committed"] is NSNull && object["offline"] is NSNull)
    #expect(
      object["received"] as? Int == 1 && object["notesReceived"] as? Int == 1
        && object["upstream"] as? String == "origin/main")
  }

  @Test func aRemoteThatDoesNotExistIsSaidAndNothingIsLost() throws {
    let clones = try Clones.make()
    try Clones.git(
      ["remote", "set-url", "origin", clones.folder.appendingPathComponent("nowhere.git").path], in: clones.laptop)
    #expect(try clones.vault(["add", "task", "Buy stamps"], on: clones.laptop).status == 0)
    let sync = try clones.vault(["sync"], on: clones.laptop)
    #expect(sync.status == 1)
    #expect(sync.stdout.contains("does not appear to be a git repository"))
    #expect(try Clones.git(["log", "-1", "--format=%s"], in: clones.laptop).stdout == "+1 task\n")
  }

  @Test func aPushRejectedBecauseSomeonePushedMeanwhileIsMergedAndPushedAgain() throws {
    let clones = try Clones.make()
    #expect(try clones.vault(["add", "task", "From the phone"], on: clones.phone).status == 0)
    // The phone commits now and pushes from inside the laptop's pre-push hook, once: after the
    // laptop fetched, before its push lands.
    #expect(try clones.vault(["sync"], on: clones.phone, today: "2026-11-25").status == 0)
    try Clones.git(["reset", "-q", "--hard", "HEAD~1"], in: clones.phone)
    #expect(try clones.vault(["add", "task", "From the phone, later"], on: clones.phone).status == 0)
    try Clones.git(["add", "-A"], in: clones.phone)
    try Clones.git(["commit", "-q", "-m", "later"], in: clones.phone)
    try Clones.git(["fetch", "-q"], in: clones.phone)
    try Clones.git(["merge", "-q", "--no-edit", "origin/main"], in: clones.phone, allowFailure: true)
    let hook = clones.laptop.appendingPathComponent(".git/hooks/pre-push")
    let marker = clones.folder.appendingPathComponent("pushed-once")
    try Data(
      """
      #!/bin/sh
      [ -e '\(marker.path)' ] && exit 0
      touch '\(marker.path)'
      git -C '\(clones.phone.path)' push -q origin main >/dev/null 2>&1
      exit 0

      """.utf8
    ).write(to: hook)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
    #expect(try clones.vault(["add", "task", "From the laptop"], on: clones.laptop).status == 0)
    let sync = try clones.vault(["sync"], on: clones.laptop)
    #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
    #expect(FileManager.default.fileExists(atPath: marker.path))
    let remoteTasks = try Clones.git(["show", "main:Tasks.md"], in: clones.remote).stdout
    for task in ["From the phone", "From the phone, later", "From the laptop"] {
      #expect(remoteTasks.contains("- [ ] \(task)\n"), "\(task)")
    }
  }

  @Test(arguments: [
    ("detached", "HEAD is detached (no branch is checked out), so nothing was changed: `git switch main`"),
    ("rebase", "a rebase is in progress, so nothing was changed: finish it (`git rebase --continue`)"),
    ("merge", "a merge is in progress, so nothing was changed: finish it (`git commit`)"),
  ])
  func aRepositoryInTheMiddleOfSomethingIsLeftAlone(state: String, message: String) throws {
    let clones = try Clones.make()
    let laptop = clones.laptop
    switch state {
    case "detached":
      try Clones.git(["checkout", "-q", "--detach"], in: laptop)
    case "rebase":
      try write("one\n", to: "Notes/Rebase.md", in: laptop)
      try Clones.git(["add", "-A"], in: laptop)
      try Clones.git(["commit", "-q", "-m", "one"], in: laptop)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "rebase", "-q", "-i", "HEAD~1"]
      process.currentDirectoryURL = laptop
      process.environment = ProcessInfo.processInfo.environment.merging(["GIT_SEQUENCE_EDITOR": "sed -i s/^pick/edit/"])
      { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
    default:
      try write("laptop\n", to: "Notes/Clash.txt", in: laptop)
      try Clones.git(["add", "-A"], in: laptop)
      try Clones.git(["commit", "-q", "-m", "laptop"], in: laptop)
      try write("phone\n", to: "Notes/Clash.txt", in: clones.phone)
      try Clones.git(["add", "-A"], in: clones.phone)
      try Clones.git(["commit", "-q", "-m", "phone"], in: clones.phone)
      try Clones.git(["push", "-q"], in: clones.phone)
      try Clones.git(["fetch", "-q"], in: laptop)
      try Clones.git(["merge", "-q", "origin/main"], in: laptop, allowFailure: true)
    }
    try write("an edit\n", to: "Notes/Edit.md", in: laptop)
    let before = try Clones.files(of: laptop)
    let head = try Clones.git(["rev-parse", "HEAD"], in: laptop).stdout
    let sync = try clones.vault(["sync"], on: laptop)
    #expect(sync.status != 0)
    #expect(sync.stderr.hasPrefix("vault: error: cannot sync: " + message), "\(sync.stderr)")
    #expect(try Clones.files(of: laptop) == before)
    #expect(try Clones.git(["rev-parse", "HEAD"], in: laptop).stdout == head)
  }

  @Test func aVaultThatIsNoGitRepositoryIsToldHowToStartOne() throws {
    let vault = try Fixture.copy("ExampleVault")
    let before = try Fixture.contents(of: vault)
    let sync = try CLI.run(["sync"], in: vault, environment: ["VAULT_DIR": vault.path])
    #expect(sync.status == 1)
    #expect(sync.stderr.contains("is not a git repository, so nothing was changed: `vault sync --setup` makes it one"))
    #expect(try Fixture.contents(of: vault) == before)
    let setup = try CLI.run(["sync", "--setup"], in: vault, environment: ["VAULT_DIR": vault.path])
    #expect(
      setup.stdout.hasPrefix(
        "notes now merge by meaning (set up: git init, git config merge.vault.driver, .gitattributes)\n"))
    #expect(FileManager.default.fileExists(atPath: vault.appendingPathComponent(".git/HEAD").path))
  }

  @Test func withoutARemoteTheChangesAreCommitted() throws {
    let vault = try Fixture.copy("ExampleVault")
    try Clones.git(["init", "-q", "-b", "main"], in: vault)
    try Clones.identify(vault, as: "laptop")
    let sync = try CLI.run(["sync"], in: vault, environment: ["VAULT_DIR": vault.path, "VAULT_MACHINE": "laptop"])
    #expect(sync.status == 0)
    #expect(sync.stdout.hasSuffix("\nno remote to sync with: git remote add origin URL, then vault sync\n"))
    #expect(try Clones.git(["status", "--porcelain"], in: vault).stdout == "")
    #expect(try Fixture.text(vault, ".gitattributes").contains("*.md merge=vault\n"))
  }

  @Test func statusSaysAheadBehindAndWhatIsNotSynced() throws {
    let clones = try Clones.make()
    #expect(try clones.vault(["add", "task", "Buy stamps"], on: clones.phone).status == 0)
    #expect(try clones.vault(["sync"], on: clones.phone).status == 0)
    try Clones.git(["fetch", "-q"], in: clones.laptop)
    try write("new\n", to: "Notes/Fresh.md", in: clones.laptop)
    let status = try clones.vault(["sync", "--status"], on: clones.laptop)
    let lines = status.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "main ⇄ origin/main: 0 ahead, 1 behind (as of the last fetch)")
    #expect(lines.contains("1 file not synced yet (vault sync commits them):"))
    #expect(lines.contains("  Notes/Fresh.md (new)"))
    let json = try clones.vault(["sync", "--status", "--json"], on: clones.laptop)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(object["behind"] as? Int == 1 && object["mergeDriverInstalled"] as? Bool == true)
  }

  @Test func aFileThatIsNoNoteChangedOnBothSidesKeepsBoth() throws {
    let clones = try Clones.make()
    try write("{\"laptop\": true}\n", to: ".obsidian/app.json", in: clones.laptop)
    try write("{\"phone\": true}\n", to: ".obsidian/app.json", in: clones.phone)
    #expect(try clones.vault(["sync"], on: clones.laptop).status == 0)
    let sync = try clones.vault(["sync"], on: clones.phone)
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stdout.contains("yours kept and theirs saved beside it"))
    #expect(try Fixture.text(clones.phone, ".obsidian/app.json") == "{\"phone\": true}\n")
    #expect(try Fixture.text(clones.phone, ".obsidian/app (conflict, theirs).json") == "{\"laptop\": true}\n")
    #expect(try Clones.git(["status", "--porcelain"], in: clones.phone).stdout == "")
  }

  @Test(.enabled(if: isLinux)) func aWatcherSyncsAfterChangesSettleAndOnItsTimer() throws {
    let clones = try Clones.make()
    let environment = clones.environment(of: clones.laptop)
    let watch = try CLI.start(
      ["watch", "--sync", "--sync-delay", "0.3", "--sync-every", "1"], in: clones.laptop, environment: environment)
    defer {
      watch.process.interrupt()
      let result = watch.finish()
      #expect(result.status == 0, "\(result.stderr)")
    }
    func eventually(_ check: () throws -> Bool) rethrows -> Bool {
      let deadline = Date().addingTimeInterval(20)
      while Date() < deadline {
        if try check() { return true }
        Thread.sleep(forTimeInterval: 0.1)
      }
      return try check()
    }
    #expect(
      try eventually { try CLI.run(["watch", "--status"], in: clones.laptop, environment: environment).status == 0 })
    #expect(try clones.vault(["add", "task", "Ticked on the laptop"], on: clones.laptop).status == 0)
    let pushed = try eventually {
      try Clones.git(["show", "main:Tasks.md"], in: clones.remote).stdout.contains("- [ ] Ticked on the laptop\n")
    }
    #expect(pushed, "the watcher never pushed the laptop's change")
    #expect(try clones.vault(["add", "task", "Written on the phone"], on: clones.phone).status == 0)
    #expect(try clones.vault(["sync"], on: clones.phone).status == 0)
    // git replaces the file as it merges: a read at that moment finds none, and looks again.
    let pulled = eventually {
      (try? Fixture.text(clones.laptop, "Tasks.md"))?.contains("- [ ] Written on the phone\n") == true
    }
    #expect(pulled, "the watcher's timer never brought the phone's change")
  }
}

#if os(Linux)
let isLinux = true
#else
let isLinux = false
#endif
