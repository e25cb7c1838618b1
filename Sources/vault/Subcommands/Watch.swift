import ArgumentParser
import Foundation
import VaultCore
import VaultKit

/// `vault watch`: keeps the index fresh as files change, so every other command reads it
/// without walking the vault.
struct Watch: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Keep the index fresh as files change, so other commands skip the walk of the vault.",
    discussion: """
      While it runs, each command asks it (over a socket beside the index) whether the index \
      holds every change made so far, and reads the index at once when it does; without an \
      answer within a second (no watcher, a stopped one), the command walks the vault as \
      usual, so an answer is never stale. The views (today, agenda, calendar, countdown, goals, \
      tasks) it answers itself, as the command would, in a fraction of the time; \
      VAULT_WATCH_VIEWS=0 has a command work out its view itself. It follows edits, renames, \
      deletes, folders made or moved, a git checkout of thousands of files, and the settings \
      in .vault/ and .obsidian/. \
      One watcher per vault; Ctrl-C (or SIGTERM) stops it. Linux only for now (inotify); on \
      network and FUSE file systems, which send no notifications, it refuses and commands walk.
        vault watch
        vault watch --sync
        vault watch --install
      With --sync it also syncs over git (vault sync): --sync-delay seconds after changes \
      settle (30), and every --sync-every seconds (600) for the other machines' changes; \
      --install --sync installs a service that does.
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Install a user service (systemd on Linux, launchd on macOS) running vault watch.")
  var install = false

  @Flag(name: .long, help: "Remove the user service --install wrote.")
  var uninstall = false

  @Flag(name: .long, help: "Say whether a watcher keeps the index fresh now (exit status 1 when none does).")
  var status = false

  @Flag(name: .long, help: "Print a line for each batch of changes applied to the index, and each view answered.")
  var verbose = false

  @Flag(name: .long, help: "Also run vault sync: after changes settle, and on a timer (see vault sync).")
  var sync = false

  @Option(name: .long, help: "With --sync: seconds to wait after the last change before syncing.")
  var syncDelay: Double = 30

  @Option(name: .long, help: "With --sync: seconds between syncs that bring in the other machines' changes.")
  var syncEvery: Double = 600

  func validate() throws {
    guard [install, uninstall, status].filter({ $0 }).count <= 1 else {
      throw ValidationError("give one of --install, --uninstall and --status")
    }
    guard syncDelay >= 0, syncEvery >= 1 else {
      throw ValidationError("--sync-delay takes 0 or more seconds, --sync-every 1 or more")
    }
  }

  func run() throws {
    let vault = try options.openVault()
    let terminal = options.terminal()
    if status {
      let watched = vault.watcherVouches(explicit: options.index, environment: options.environment)
      let declines = watched ? nil : vault.watcherDeclines(explicit: options.index, environment: options.environment)
      if options.json {
        try terminal.json(WatchState(watching: watched, notVouching: declines))
      } else if watched {
        terminal.print("a watcher keeps the index of \(vault.displayRoot) fresh: commands read it without a walk")
      } else if let declines {
        terminal.print("a watcher runs for \(vault.displayRoot) but does not vouch for the index: \(declines)")
        terminal.print("commands walk the vault meanwhile")
      } else {
        terminal.print(
          "no watcher answers for \(vault.displayRoot): commands walk the vault (start one with: vault watch)")
      }
      if !watched { throw ExitCode(1) }
      return
    }
    if install || uninstall {
      try UserService(
        sync ? .syncingWatcher : .watcher, vault: vault, environment: options.environment, terminal: terminal
      )
      .run(install: install)
      return
    }
    ProcessHeap.returnFreedMemory()
    let watcher: IndexWatcher
    do {
      watcher = try IndexWatcher(
        vault: vault, index: options.index, environment: options.environment,
        notice: { terminal.printError("vault: warning: \($0)") })
    } catch let failure as IndexWatcher.Failure {
      throw VaultError.cannotWatch(failure.description)
    }
    let autoSync =
      sync
      ? AutoSync(
        VaultSync(vault: vault, executable: Sync.executable, environment: options.environment), delay: syncDelay,
        interval: syncEvery
      ) { result in
        switch result {
        case .success(let report): for line in SyncText.report(report) { terminal.printError("vault: sync: " + line) }
        case .failure(let error): terminal.printError("vault: sync: \(error)")
        }
      } : nil
    let verbose = verbose
    watcher.answerView = { request, root, index in
      let started = DispatchTime.now().uptimeNanoseconds
      let answer = ViewAnswering.answer(request, root: root, index: index)
      if verbose {
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
        terminal.printError(
          "vault: view: \(answer == nil ? "declined" : "answered") "
            + "`\((["vault"] + request.arguments).joined(separator: " "))` in \(String(format: "%.2f", milliseconds)) ms"
        )
      }
      return answer
    }
    watcher.onChange = { refresh in
      if verbose {
        terminal.printError(
          "vault: index: \(refresh.readAll ? "walked the vault, " : "")\(refresh.parsed) read, "
            + "\(refresh.removed) removed in \(String(format: "%.3f", refresh.seconds)) s")
      }
      autoSync?.changed()
    }
    StopSignals.writeByte(to: watcher.stopDescriptor)
    autoSync?.start()
    defer { autoSync?.stop() }
    terminal.printError(
      "vault: watching \(vault.displayRoot); the index stays fresh while this runs. Stop with Ctrl-C.")
    try watcher.run()
    // Its folder moved or deleted, or its drive taken away: a failure, which the service `--install` writes
    // starts again (every 30 s) until the folder is back.
    if let problem = vault.folderProblem { throw VaultError.vaultFolderGone(problem) }
    terminal.printError("vault: stopped watching \(vault.displayRoot)")
  }
}

/// `vault watch --status --json`.
struct WatchState: Encodable {
  var watching: Bool
  /// Why a running watcher does not vouch for the index; null when it does or none runs.
  var notVouching: String?

  private enum Key: String, CodingKey { case watching, notVouching }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(watching, forKey: .watching)
    try container.encode(notVouching, forKey: .notVouching)
  }
}
