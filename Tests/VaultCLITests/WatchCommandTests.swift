import Foundation
import TestSupport
import Testing

/// `vault watch` through the built binary: commands read what it keeps, a killed watcher
/// leaves them walking (never a stale answer), and a new watcher sees what changed meanwhile.
@Suite(.serialized) struct WatchCommandTests {
  func vault() throws -> (URL, [String: String]) { try Fixture.watchedExampleVault() }

  func eventually(within seconds: Double, _ check: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if try check() { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return try check()
  }

  /// Starts `vault watch` and waits until it answers; stops it with Ctrl-C afterwards.
  func watching(_ folder: URL, _ environment: [String: String], _ body: (CLI.Running) throws -> Void) throws {
    let watch = try CLI.start(["watch"], in: folder, environment: environment)
    defer {
      watch.process.interrupt()
      if !eventually(within: 10, { !watch.process.isRunning }) { kill(watch.process.processIdentifier, SIGKILL) }
      let result = watch.finish()
      #expect(result.status == 0 && result.stderr.contains("stopped watching"), "\(result.stderr)")
    }
    let up = try eventually(within: 30) {
      try CLI.run(["watch", "--status"], in: folder, environment: environment).status == 0
    }
    #expect(up, "the watcher never answered")
    try body(watch)
  }

  /// The same command on an index of its own, built by walking the vault.
  func walked(_ arguments: [String], _ folder: URL, _ environment: [String: String]) throws -> CLI.Result {
    var fresh = environment
    fresh["VAULT_INDEX"] = folder.path + "-fresh-\(UUID().uuidString).sqlite"
    return try CLI.run(arguments, in: folder, environment: fresh)
  }

  @Test func aNoteWrittenWhileWatchingIsInTheNextCommand() throws {
    let (folder, environment) = try vault()
    try watching(folder, environment) { _ in
      let status = try CLI.run(["watch", "--status"], in: folder, environment: environment)
      #expect(status.stdout.contains("a watcher keeps the index of"))
      try Editor.append("- [ ] Written while watched 📅 2026-11-23\n", to: folder.appendingPathComponent("Tasks.md"))
      let tasks = try CLI.run(["tasks", "--due-before", "2026-11-24"], in: folder, environment: environment)
      #expect(tasks.status == 0 && tasks.stdout.contains("Written while watched"), "\(tasks.stdout)")
      #expect(tasks.stdout == (try walked(["tasks", "--due-before", "2026-11-24"], folder, environment)).stdout)
      let today = try CLI.run(["today"], in: folder, environment: environment)
      #expect(today.stdout == (try walked(["today"], folder, environment)).stdout)
    }
    let status = try CLI.run(["watch", "--status"], in: folder, environment: environment)
    #expect(status.status == 1 && status.stdout.contains("start one with: vault watch"))
  }

  @Test func aKilledWatcherLeavesCommandsWalkingAndANewOneSeesWhatChangedMeanwhile() throws {
    let (folder, environment) = try vault()
    let watch = try CLI.start(["watch"], in: folder, environment: environment)
    #expect(
      try eventually(within: 30) {
        try CLI.run(["watch", "--status"], in: folder, environment: environment).status == 0
      })
    // Killed in the middle of a batch of 300 new notes.
    let inbox = folder.appendingPathComponent("Inbox")
    try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
    for number in 0..<300 {
      try Data("- [ ] Batch task \(number) 📅 2026-11-23\n".utf8).write(
        to: inbox.appendingPathComponent("Note \(number).md"))
      if number == 150 { kill(watch.process.processIdentifier, SIGKILL) }
    }
    watch.process.waitUntilExit()
    _ = watch.finish()
    try Data("- [ ] Written with no watcher 📅 2026-11-23\n".utf8).write(to: inbox.appendingPathComponent("Late.md"))
    let status = try CLI.run(["watch", "--status"], in: folder, environment: environment)
    #expect(status.status == 1)
    let arguments = ["tasks", "--json"]
    let unwatched = try CLI.run(arguments, in: folder, environment: environment)
    #expect(unwatched.status == 0 && unwatched.stdout.contains("Written with no watcher"))
    #expect(unwatched.stdout == (try walked(arguments, folder, environment)).stdout)
    try Data("- [ ] Written before the new watcher 📅 2026-11-23\n".utf8).write(
      to: inbox.appendingPathComponent("Later.md"))
    try watching(folder, environment) { _ in
      try Data("- [ ] Written under the new watcher 📅 2026-11-23\n".utf8).write(
        to: inbox.appendingPathComponent("Latest.md"))
      let watched = try CLI.run(arguments, in: folder, environment: environment)
      #expect(watched.stdout.contains("Written before the new watcher"))
      #expect(watched.stdout.contains("Written under the new watcher"))
      #expect(watched.stdout == (try walked(arguments, folder, environment)).stdout)
    }
  }

  /// A watcher that could not watch every folder does not vouch for the index: commands walk
  /// (and see what it missed), and `vault watch --status` says why.
  @Test func aWatcherThatCannotWatchEveryFolderSaysWhyAndCommandsWalk() throws {
    let (folder, environment) = try vault()
    var limited = environment
    limited["VAULT_WATCH_LIMIT"] = "3"
    let watch = try CLI.start(["watch"], in: folder, environment: limited)
    defer {
      watch.process.interrupt()
      if !eventually(within: 10, { !watch.process.isRunning }) { kill(watch.process.processIdentifier, SIGKILL) }
      let result = watch.finish()
      #expect(result.stderr.contains("the system's limit of watched folders is reached"), "\(result.stderr)")
    }
    var status = CLI.Result(stdout: "", stderr: "", status: 0)
    let said = try eventually(within: 30) {
      status = try CLI.run(["watch", "--status"], in: folder, environment: environment)
      return status.stdout.contains("does not vouch")
    }
    #expect(said, "\(status.stdout)")
    #expect(status.status == 1)
    #expect(
      status.stdout.contains(
        "a watcher runs for . but does not vouch for the index: the system's limit of watched folders "
          + "is reached (VAULT_WATCH_LIMIT = 3)"), "\(status.stdout)")
    let json = try CLI.run(["watch", "--status", "--json"], in: folder, environment: environment)
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    #expect(object?["watching"] as? Bool == false)
    #expect((object?["notVouching"] as? String)?.contains("VAULT_WATCH_LIMIT = 3") == true)
    // A note in a folder it does not watch is seen all the same: the command walks.
    try Data("- [ ] Written where no watch looks 📅 2026-11-23\n".utf8).write(
      to: folder.appendingPathComponent("Journal/2026/11/Unwatched.md"))
    let tasks = try CLI.run(["tasks", "--due-before", "2026-11-24"], in: folder, environment: environment)
    #expect(tasks.stdout.contains("Written where no watch looks"), "\(tasks.stdout)")
  }

  /// A watcher whose folder is moved away stops with a failure that says so (the service
  /// `--install` writes starts it again when it fails), and commands meanwhile walk.
  @Test func aWatcherWhoseFolderIsMovedAwayFailsSayingWhy() throws {
    let (folder, environment) = try vault()
    let watch = try CLI.start(["watch"], in: folder, environment: environment)
    let up = try eventually(within: 30) {
      try CLI.run(["watch", "--status"], in: folder, environment: environment).status == 0
    }
    #expect(up, "the watcher never answered")
    let away = folder.deletingLastPathComponent().appendingPathComponent(folder.lastPathComponent + "-away")
    try FileManager.default.moveItem(at: folder, to: away)
    let stopped = eventually(within: 10) { !watch.process.isRunning }
    if !stopped { kill(watch.process.processIdentifier, SIGKILL) }
    let result = watch.finish()
    #expect(stopped && result.status == 1, "\(result.status) \(result.stderr)")
    #expect(result.stderr.contains("error: the vault folder '.' was moved or deleted"), "\(result.stderr)")
    let status = try CLI.run(["watch", "--status"], in: away, environment: environment)
    #expect(status.status == 1 && status.stdout.contains("start one with: vault watch"), "\(status.stdout)")
  }

  @Test func aSecondWatcherOfTheVaultIsRefused() throws {
    let (folder, environment) = try vault()
    try watching(folder, environment) { _ in
      let second = try CLI.run(["watch"], in: folder, environment: environment)
      #expect(second.status != 0)
      #expect(second.stderr.contains("cannot watch: "), "\(second.stderr)")
      #expect(second.stderr.contains("is watched already"), "\(second.stderr)")
    }
  }

  @Test func installWritesAUserUnitRunningVaultWatch() throws {
    let (folder, environment) = try vault()
    var home = environment
    home["XDG_CONFIG_HOME"] = folder.path + "-config"
    let installed = try CLI.run(["watch", "--install"], in: folder, environment: home)
    #expect(installed.status == 0, "\(installed.stderr)")
    let units = try FileManager.default.contentsOfDirectory(atPath: folder.path + "-config/systemd/user")
    #expect(units.count == 1 && units[0].hasPrefix("vault-watch-") && units[0].hasSuffix(".service"))
    let unit = try String(contentsOfFile: folder.path + "-config/systemd/user/" + units[0], encoding: .utf8)
    #expect(unit.contains("\" \"watch\" \"--vault\""))
    #expect(unit.contains("Description=vault index watcher for"))
    #expect(installed.stdout.contains("`systemctl --user enable --now vault-watch-"))
    let removed = try CLI.run(["watch", "--uninstall"], in: folder, environment: home)
    #expect(removed.status == 0 && removed.stdout.contains("removed "))
    // With --sync, the service syncs too.
    #expect(try CLI.run(["watch", "--install", "--sync"], in: folder, environment: home).status == 0)
    let syncing = try String(contentsOfFile: folder.path + "-config/systemd/user/" + units[0], encoding: .utf8)
    #expect(syncing.contains("\" \"watch\" \"--sync\" \"--vault\""))
    #expect(syncing.contains("Description=vault index watcher and git sync for"))
    // Installed from another folder with the vault's absolute path: the unit names that path.
    let elsewhere = try CLI.run(
      ["watch", "--install", "--vault", folder.path], in: folder.deletingLastPathComponent(), environment: home)
    #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
    let named = try String(contentsOfFile: folder.path + "-config/systemd/user/" + units[0], encoding: .utf8)
    #expect(named.contains("\"--vault\" \"\(folder.resolvingSymlinksInPath().path)\""), "\(named)")
  }
}
