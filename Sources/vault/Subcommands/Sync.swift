import ArgumentParser
import Foundation
import VaultCore
import VaultKit

/// `vault sync`: the vault's changes committed, fetched, merged by meaning and pushed with git.
struct Sync: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync",
    abstract: "Commit the vault's changes, merge the remote's, push: git sync without conflict markers.",
    discussion: """
      Commits every change with a message that says what changed (done: Renew passport; journal \
      2026-11-23; +2 tasks), fetches, merges and pushes, with the git CLI: remotes, credentials and \
      hooks stay git's. Notes merge by meaning (tasks part by part, journal entries of both sides in \
      time order, properties key by key); where both sides changed one line differently, yours stays \
      and theirs follows in a > [!conflict] callout, which vault check lists. Offline, the commit \
      waits for the next sync. Each sync makes sure the merge is set up (--setup does only that).
        vault sync
        vault sync --status
        vault sync --setup
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Show ahead, behind, the last sync and the unsynced notes; fetch nothing.")
  var status = false

  @Flag(
    name: .long,
    help: "Set up the merge of notes (.gitattributes, the repository's git config; git init when needed), and stop.")
  var setup = false

  func validate() throws {
    if status && setup { throw ValidationError("give one of --status and --setup") }
  }

  func run() throws {
    let vault = try options.openVault(writing: !status)
    let terminal = options.terminal()
    let sync = VaultSync(vault: vault, executable: Self.executable, environment: options.environment)
    if status {
      let state = try sync.status()
      if options.json { return try terminal.json(state) }
      terminal.print(lines: SyncText.status(state, now: Date()))
      return
    }
    if setup {
      let changed = try sync.setup()
      if options.json { return try terminal.json(["changed": changed]) }
      terminal.print(
        changed.isEmpty
          ? "notes already merge by meaning here"
          : "notes now merge by meaning (set up: " + changed.joined(separator: ", ") + ")")
      if changed.contains(".gitattributes") {
        terminal.print("vault sync commits .gitattributes, so that every clone merges notes the same way")
      }
      return
    }
    let report = try sync.sync(now: Date())
    if options.json {
      try terminal.json(report)
    } else {
      terminal.print(lines: SyncText.report(report))
    }
    if report.offline != nil { throw ExitCode(1) }
  }

  /// This binary, by its real path: what git runs as the merge driver.
  static var executable: String {
    Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
  }
}

/// `vault merge-driver %O %A %B %P`: what git runs, through .gitattributes, to merge a note.
struct MergeDriverCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge-driver",
    abstract: "Merge three versions of a note by meaning (git runs this; see vault sync --setup).",
    discussion: """
      Writes the merge over OURS and exits 0: a note never gets conflict markers. Where both \
      sides changed one line differently, ours stays and theirs follows in a > [!conflict] callout.
      """,
    shouldDisplay: false)

  @Argument(help: "The common ancestor's version (git's %O).") var base: String
  @Argument(help: "Our version, replaced by the merge (git's %A).") var ours: String
  @Argument(help: "Their version (git's %B).") var theirs: String
  @Argument(help: "The note's path in the repository (git's %P).") var path: String

  func run() throws {
    // The merge is `vault-merge-driver`'s, a small program beside this one that git runs directly.
    let helper = (Sync.executable as NSString).deletingLastPathComponent + "/vault-merge-driver"
    guard FileManager.default.isExecutableFile(atPath: helper) else {
      throw VaultError.cannotSync("\(helper) is missing: install vault again (make install), then vault sync --setup")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: helper)
    process.arguments = [base, ours, theirs, path]
    do { try process.run() } catch { throw VaultError.cannotSync("cannot run \(helper): \(error)") }
    process.waitUntilExit()
    if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
  }
}
