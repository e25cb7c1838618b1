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
      usual, so an answer is never stale. It follows edits, renames, deletes, folders made or \
      moved, a git checkout of thousands of files, and the settings in .vault/ and .obsidian/. \
      One watcher per vault; Ctrl-C (or SIGTERM) stops it. Linux only for now (inotify); on \
      network and FUSE file systems, which send no notifications, it refuses and commands walk.
        vault watch
        vault watch --install
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Install a user service (systemd on Linux, launchd on macOS) running vault watch.")
  var install = false

  @Flag(name: .long, help: "Remove the user service --install wrote.")
  var uninstall = false

  @Flag(name: .long, help: "Say whether a watcher keeps the index fresh now (exit status 1 when none does).")
  var status = false

  @Flag(name: .long, help: "Print a line for each batch of changes applied to the index.")
  var verbose = false

  func validate() throws {
    guard [install, uninstall, status].filter({ $0 }).count <= 1 else {
      throw ValidationError("give one of --install, --uninstall and --status")
    }
  }

  func run() throws {
    let vault = try options.openVault()
    let terminal = options.terminal()
    if status {
      let watched = vault.watcherVouches(explicit: options.index, environment: options.environment)
      if options.json {
        try terminal.json(["watching": watched])
      } else if watched {
        terminal.print("a watcher keeps the index of \(vault.displayRoot) fresh: commands read it without a walk")
      } else {
        terminal.print(
          "no watcher answers for \(vault.displayRoot): commands walk the vault (start one with: vault watch)")
      }
      if !watched { throw ExitCode(1) }
      return
    }
    if install || uninstall {
      try UserService(.watcher, vault: vault, environment: options.environment, terminal: terminal)
        .run(install: install)
      return
    }
    let watcher: IndexWatcher
    do {
      watcher = try IndexWatcher(
        vault: vault, index: options.index, environment: options.environment,
        notice: { terminal.printError("vault: warning: \($0)") })
    } catch let failure as IndexWatcher.Failure {
      throw VaultError.cannotWatch(failure.description)
    }
    if verbose {
      watcher.onChange = { refresh in
        terminal.printError(
          "vault: index: \(refresh.readAll ? "walked the vault, " : "")\(refresh.parsed) read, "
            + "\(refresh.removed) removed in \(String(format: "%.3f", refresh.seconds)) s")
      }
    }
    StopSignals.writeByte(to: watcher.stopDescriptor)
    terminal.printError(
      "vault: watching \(vault.displayRoot); the index stays fresh while this runs. Stop with Ctrl-C.")
    try watcher.run()
    terminal.printError("vault: stopped watching \(vault.displayRoot)")
  }
}
