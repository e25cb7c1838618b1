import Foundation
import VaultCore
import VaultMarkdown

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vault sync`: commit the vault's changes, fetch, merge (notes by meaning, through the merge
/// driver), push — with the git CLI, so remotes, credentials and hooks stay git's.
public struct VaultSync: Sendable {
  public let vault: Vault
  /// The merge driver's command as git runs it (through `sh`): `vault-merge-driver` beside
  /// `vault`, else `vault merge-driver`, quoted.
  let driverCommand: String
  let machine: String
  let git: GitCommand
  let environment: [String: String]

  /// `executable` is the `vault` binary that git runs as the merge driver.
  public init(vault: Vault, executable: String, environment: [String: String]) {
    self.vault = vault
    let helper = (executable as NSString).deletingLastPathComponent + "/vault-merge-driver"
    driverCommand =
      FileManager.default.isExecutableFile(atPath: helper)
      ? ShellQuote.quoted(helper) + " %O %A %B %P" : ShellQuote.quoted(executable) + " merge-driver %O %A %B %P"
    machine = Self.machineName(environment)
    git = GitCommand(folder: vault.root)
    self.environment = environment
  }

  /// The name this machine goes by in conflict callouts and commit trailers: `$VAULT_MACHINE`, else
  /// the host name.
  public static func machineName(_ environment: [String: String]) -> String {
    if let name = environment["VAULT_MACHINE"], !name.isEmpty { return name }
    let host = ProcessInfo.processInfo.hostName
    return host.split(separator: ".").first.map(String.init) ?? host
  }

  /// The attribute line that sends notes to the driver.
  static let attributeLine = "*.md merge=vault"

  /// Where the repository is, and what state it is in.
  struct Repository {
    var top: String
    var gitDirectory: String
  }

  /// The repository the vault is in, found as git finds it (a `.git` folder, or a `.git` file
  /// naming one, here or above) without running git; git itself decides when that fails.
  func repository() throws(VaultError) -> Repository {
    var folder = vault.root
    while true {
      let dotGit = folder + "/.git"
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: dotGit, isDirectory: &isFolder) {
        if isFolder.boolValue { return Repository(top: folder, gitDirectory: dotGit) }
        break  // a worktree or submodule: git knows where its folder is
      }
      let parent = (folder as NSString).deletingLastPathComponent
      if parent == folder || parent.isEmpty { break }
      folder = parent
    }
    let output = git.run(["rev-parse", "--show-toplevel", "--absolute-git-dir"])
    guard output.succeeded else {
      if output.status == 127 { throw .cannotSync("git is not installed (apt-get install git, or brew install git)") }
      throw .cannotSync(
        "\(vault.displayRoot) is not a git repository, so nothing was changed: `vault sync --setup` makes it "
          + "one (git init) and sets up the merge of notes; then add where to sync: git remote add origin URL")
    }
    let lines = output.out.split(separator: "\n").map(String.init)
    guard lines.count == 2 else { throw .cannotSync("git gave no repository for \(vault.displayRoot)") }
    return Repository(top: lines[0], gitDirectory: lines[1])
  }

  /// What sync reads of git's config, in one call: the merge driver and the remotes.
  struct Config {
    var driver: String?
    var remotes: [String] = []
    /// `branch.NAME.remote` and `branch.NAME.merge`: each branch's upstream.
    var branchSettings: [String: String] = [:]

    /// The remote and its branch that `branch` syncs with: its upstream, else the same name on
    /// `origin` (or the only remote).
    func upstream(of branch: String) -> (remote: String, branch: String, configured: Bool)? {
      if let remote = branchSettings["branch.\(branch).remote"], remotes.contains(remote),
        let merge = branchSettings["branch.\(branch).merge"], merge.hasPrefix("refs/heads/")
      {
        return (remote, String(merge.dropFirst("refs/heads/".count)), true)
      }
      guard let remote = remotes.contains("origin") ? "origin" : remotes.first else { return nil }
      return (remote, branch, false)
    }
  }

  /// The config, from the repository's config file when it reads plainly (`ConfigFile`), else
  /// from `git config`.
  func config(_ repository: Repository) -> Config {
    ConfigFile.read(gitDirectory: repository.gitDirectory, environment: environment) ?? config()
  }

  func config() -> Config {
    let output = git.run([
      "config", "-z", "--get-regexp", #"^(merge\.vault\.driver|remote\..*\.url|branch\..*\.(remote|merge))$"#,
    ])
    var config = Config()
    for entry in output.out.split(separator: "\0") {
      let parts = entry.split(separator: "\n", maxSplits: 1).map(String.init)
      guard let key = parts.first else { continue }
      let value = parts.count > 1 ? parts[1] : ""
      if key == "merge.vault.driver" {
        config.driver = value
      } else if key.hasPrefix("remote."), key.hasSuffix(".url") {
        config.remotes.append(String(key.dropFirst("remote.".count).dropLast(".url".count)))
      } else if key.hasPrefix("branch.") {
        config.branchSettings[key] = value
      }
    }
    return config
  }

  /// When `vault sync` last finished, kept beside git's own state (not in the vault: it would be a
  /// change to sync).
  func lastSyncFile(_ repository: Repository) -> String { repository.gitDirectory + "/vault-last-sync" }

  /// Refuses a repository in the middle of something only its owner can finish.
  func checkIdle(_ repository: Repository) throws(VaultError) {
    let exists = { (name: String) in FileManager.default.fileExists(atPath: repository.gitDirectory + "/" + name) }
    if exists("rebase-merge") || exists("rebase-apply") {
      throw .cannotSync(
        "a rebase is in progress, so nothing was changed: finish it (`git rebase --continue`) or undo it "
          + "(`git rebase --abort`), then run `vault sync` again")
    }
    if exists("MERGE_HEAD") {
      throw .cannotSync(
        "a merge is in progress, so nothing was changed: finish it (`git commit`) or undo it (`git merge --abort`), "
          + "then run `vault sync` again")
    }
    if exists("CHERRY_PICK_HEAD") || exists("REVERT_HEAD") {
      throw .cannotSync(
        "a cherry-pick or revert is in progress, so nothing was changed: finish it (`git cherry-pick --continue`) "
          + "or undo it (`git cherry-pick --abort`), then run `vault sync` again")
    }
  }

  // MARK: Setup

  /// Installs the merge driver: in the repository's config (not versioned: every clone needs it)
  /// and in `.gitattributes` at the vault's root (versioned). Returns what it changed.
  @discardableResult
  /// A vault that is no git repository yet becomes one (`git init`) first.
  public func setup() throws(VaultError) -> [String] {
    let repository: Repository
    var made: [String] = []
    do {
      repository = try self.repository()
    } catch {
      let initialize = git.run(["init", "-q"])
      guard initialize.succeeded else { throw initialize.status == 127 ? error : .cannotSync(initialize.reason) }
      made.append("git init")
      repository = try self.repository()
    }
    return made + (try setup(repository, config()))
  }

  func setup(_ repository: Repository, _ config: Config) throws(VaultError) -> [String] {
    var changed: [String] = []
    if config.driver != driverCommand {
      let name = git.run(["config", "--local", "merge.vault.name", "vault: notes merged by meaning"])
      let driver = git.run(["config", "--local", "merge.vault.driver", driverCommand])
      guard name.succeeded, driver.succeeded else {
        if name.status == 127 { throw .cannotSync("git is not installed (apt-get install git, or brew install git)") }
        throw .cannotSync("git could not write its config: " + (name.succeeded ? driver : name).reason)
      }
      changed.append("git config merge.vault.driver")
    }
    let hasLine = { (bytes: [UInt8]?) in
      (bytes.map { String(decoding: $0, as: UTF8.self) } ?? "").split(whereSeparator: \.isNewline)
        .contains { $0.trimmingCharacters(in: .whitespaces) == Self.attributeLine }
    }
    // Read first without the write lock: nearly always the line is there.
    if case .success(let bytes) = FileSystem.readFile(vault.root + "/.gitattributes"), hasLine(bytes) { return changed }
    let added: Bool = try vault.edit(".gitattributes") { current throws(VaultError) -> FileEdit<Bool> in
      if hasLine(current) { return .keep(false) }
      let text = current.map { String(decoding: $0, as: UTF8.self) } ?? ""
      let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
      let comment =
        "# Notes merged by meaning on `vault sync` (tasks, journal entries, properties): no conflict markers.\n"
      return .write(Array((text + separator + comment + Self.attributeLine + "\n").utf8), true)
    }
    if added { changed.append(".gitattributes") }
    return changed
  }

  // MARK: Status

  /// Where the branch stands against its remote, as of the last fetch; `vault sync --status`.
  public struct Status: Sendable, Encodable {
    public var branch: String?
    public var upstream: String?
    public var ahead: Int
    public var behind: Int
    /// When `vault sync` last finished, ISO 8601.
    public var lastSync: String?
    /// Files with changes not yet committed, with git's two-letter state.
    public var unsynced: [UnsyncedFile]
    /// Whether notes merge by meaning here (`vault sync --setup` done).
    public var mergeDriverInstalled: Bool
    /// Conflict callouts still in notes, waiting for someone to pick a version.
    public var callouts: [Callout]
    /// Notes holding git's conflict markers (the next `vault sync` turns them into callouts).
    public var markers: [String]
    /// This machine's name, as callouts give it.
    public var machine: String
  }

  public struct UnsyncedFile: Sendable, Encodable {
    public var path: String
    /// `new`, `changed`, `deleted`.
    public var change: String
  }

  public func status() throws(VaultError) -> Status {
    let repository = try repository()
    let branch = try branchState()
    let lastSync = (try? String(contentsOfFile: lastSyncFile(repository), encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let installed = config(repository).driver != nil && attributesInstalled(repository)
    // Only the notes that may hold them are read: not every note (`notesToLookAt`).
    let (callouts, markers) = lookAt(notesToLookAt(repository, uncommitted: branch.changes), in: repository)
    recordCalloutNotes(Set(callouts.map { String($0.at[..<($0.at.lastIndex(of: ":") ?? $0.at.endIndex)]) }), repository)
    return Status(
      branch: branch.head, upstream: branch.upstream, ahead: branch.ahead, behind: branch.behind, lastSync: lastSync,
      unsynced: branch.changes, mergeDriverInstalled: installed, callouts: callouts, markers: markers,
      machine: machine)
  }

  func attributesInstalled(_ repository: Repository) -> Bool {
    git.value(["check-attr", "merge", "--", "Note.md"]).map { $0.hasSuffix(": vault") } ?? false
  }

  struct BranchState {
    var head: String?
    var upstream: String?
    var ahead = 0
    var behind = 0
    var changes: [UnsyncedFile] = []
  }

  /// One `git status`: the branch, its upstream, ahead/behind and the changed files.
  func branchState() throws(VaultError) -> BranchState {
    let output = git.run(["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=all", "--", "."])
    guard output.succeeded else {
      if output.status == 127 { throw .cannotSync("git is not installed (apt-get install git, or brew install git)") }
      throw .cannotSync("git status failed: " + output.reason)
    }
    var state = BranchState()
    var records = output.out.split(separator: "\0", omittingEmptySubsequences: true)[...]
    while let record = records.popFirst() {
      if record.hasPrefix("# branch.head ") {
        let head = String(record.dropFirst("# branch.head ".count))
        state.head = head == "(detached)" ? nil : head
      } else if record.hasPrefix("# branch.upstream ") {
        state.upstream = String(record.dropFirst("# branch.upstream ".count))
      } else if record.hasPrefix("# branch.ab ") {
        let numbers = record.dropFirst("# branch.ab ".count).split(separator: " ").compactMap { Int($0.dropFirst()) }
        if numbers.count == 2 { (state.ahead, state.behind) = (numbers[0], numbers[1]) }
      } else if record.hasPrefix("? ") {
        state.changes.append(UnsyncedFile(path: String(record.dropFirst(2)), change: "new"))
      } else if record.hasPrefix("1 ") || record.hasPrefix("2 ") || record.hasPrefix("u ") {
        let fields = record.split(
          separator: " ", maxSplits: record.hasPrefix("2 ") ? 9 : (record.hasPrefix("u ") ? 10 : 8))
        guard let path = fields.last else { continue }
        let xy = fields[1]
        let change = xy.contains("D") ? "deleted" : xy.contains("A") ? "new" : "changed"
        state.changes.append(UnsyncedFile(path: String(path), change: change))
        if record.hasPrefix("2 ") { _ = records.popFirst() }  // a rename's old path
      }
    }
    return state
  }

  // MARK: Sync

  /// What one `vault sync` did.
  public struct Report: Sendable, Encodable {
    /// The commit's subject, when there was something to commit.
    public var committed: String?
    public var upstream: String?
    /// Commits sent and received.
    public var sent = 0
    public var received = 0
    /// Notes the merge changed.
    public var notesReceived = 0
    /// Why the remote could not be reached; the commit waits for the next sync.
    public var offline: String?
    /// No remote is set up.
    public var noRemote = false
    /// Conflict callouts the merge left, as `path:line`.
    public var conflicts: [String] = []
    /// The same callouts, with whose version each holds and whose stays in place.
    public var callouts: [Callout] = []
    /// Notes removed on one side and changed on the other, kept where they were, in words.
    public var kept: [String] = []
    /// Notes whose git conflict markers (from a plain `git pull`) became callouts.
    public var mended: [String] = []
    /// This machine's name, as callouts and commits give it.
    public var machine = ""
    /// Files other than notes changed on both sides: ours kept, theirs saved beside it.
    public var keptBoth: [String] = []
    /// What `setup` had to add first.
    public var setUp: [String] = []
  }

  /// Commits, fetches, merges and pushes. `now` is recorded as the last sync.
  public func sync(now: Date) throws(VaultError) -> Report {
    let repository = try repository()
    // One sync at a time (a watcher's timer and a sync typed meanwhile): the second waits, so two
    // fetches or merges never race for git's locks. vault's writes wait only for the commit and
    // the merge (the write lock), never for the network.
    let syncLock = open(repository.gitDirectory + "/vault-sync.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    defer { if syncLock >= 0 { close(syncLock) } }
    if syncLock >= 0 { while flock(syncLock, LOCK_EX) != 0 && errno == EINTR {} }
    try checkIdle(repository)
    var report = Report()
    report.machine = machine
    let config = config(repository)
    // A clone has `.gitattributes` but not the config that names the driver: without it git
    // would write conflict markers, so every sync makes sure.
    report.setUp = try setup(repository, config)
    // The fetch, the slow part, starts first and runs while the vault's changes are committed,
    // with no automatic gc of its own meanwhile (it would lock the refs the commit writes). The
    // branch comes from HEAD's file: a detached HEAD names none, and nothing is fetched.
    let headBranch = RefFiles.branch(in: repository.gitDirectory)
    let upstream = headBranch.flatMap { config.upstream(of: $0) }
    let fetchArguments = upstream.map { upstream in
      [
        "-c", "gc.auto=0", "-c", "maintenance.auto=false", "fetch", "-q", upstream.remote,
        "+refs/heads/\(upstream.branch):refs/remotes/\(upstream.remote)/\(upstream.branch)",
      ]
    }
    var fetching = fetchArguments.map { git.start($0) }
    let state = try branchState()
    guard state.head != nil else {
      _ = fetching?.wait()
      throw .cannotSync(
        "HEAD is detached (no branch is checked out), so nothing was changed: `git switch main` "
          + "(or your branch), then run `vault sync` again")
    }
    let looked = notesToLookAt(repository, uncommitted: state.changes)
    report.mended = try resolveMarkers(in: lookAt(looked, in: repository).markers, repository)
    report.committed = try commitChanges(state, setUp: report.setUp, mended: !report.mended.isEmpty)
    defer {
      recordSyncedHead(repository)
      // The notes holding callouts now, for `--status`: those that did, and those the merge wrote in.
      let paths = looked.union(report.conflicts.map { String($0[..<($0.lastIndex(of: ":") ?? $0.endIndex)]) })
      let found = lookAt(paths, in: repository).callouts
      recordCalloutNotes(Set(found.map { String($0.at[..<($0.at.lastIndex(of: ":") ?? $0.at.endIndex)]) }), repository)
    }
    guard let upstream, let fetchArguments else {
      report.noRemote = true
      return report
    }
    let (remote, remoteBranch) = (upstream.remote, upstream.branch)
    report.upstream = remote + "/" + remoteBranch
    let tracking = "refs/remotes/\(remote)/\(remoteBranch)"
    for _ in 0..<3 {
      let fetch = fetching?.wait() ?? git.run(fetchArguments)
      fetching = nil
      // A remote without the branch yet (a new, empty repository) is no failure: the push makes it.
      if !fetch.succeeded && !fetch.err.contains("couldn't find remote ref") {
        report.offline = fetch.reason
        return report
      }
      var (ahead, behind) = counts(tracking, in: repository)
      if behind > 0 {
        try merge(tracking, in: repository, incoming: behind, into: &report)
        (ahead, behind) = counts(tracking, in: repository)
      }
      guard ahead > 0 else { break }
      var push = ["push", "-q", remote, "HEAD:refs/heads/\(remoteBranch)"]
      if !upstream.configured { push.insert("-u", at: 2) }
      let pushed = git.run(push)
      if pushed.succeeded {
        report.sent += ahead
        break
      }
      let rejected = pushed.err.contains("rejected") || pushed.err.contains("fetch first")
      if !rejected {
        report.offline = pushed.reason
        return report
      }
      // Someone pushed meanwhile: fetch and merge again, then push.
    }
    try? Data((ISO8601DateFormatter().string(from: now) + "\n").utf8).write(
      to: URL(fileURLWithPath: lastSyncFile(repository)), options: .atomic)
    return report
  }

  /// Commits every change (under the vault's write lock, so no vault command writes meanwhile).
  private func commitChanges(_ state: BranchState, setUp: [String], mended: Bool) throws(VaultError) -> String? {
    guard !state.changes.isEmpty || setUp.contains(".gitattributes") || mended else { return nil }
    return try WriteLock.withLock(vault.writeLockPlaces) { () throws(VaultError) -> String? in
      try SyncCommit.commit(in: git, machine: machine)
    }
  }

  /// Notes the commit HEAD names now as looked at for markers (`notesToLookAtForMarkers`).
  private func recordSyncedHead(_ repository: Repository) {
    guard let head = RefFiles.commit(of: "HEAD", in: repository.gitDirectory) else { return }
    // A sync with nothing to do writes nothing here.
    let file = syncedHeadFile(repository)
    guard (try? String(contentsOfFile: file, encoding: .utf8)) != head + "\n" else { return }
    try? Data((head + "\n").utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
  }

  /// Commits here and not in `tracking`, and there and not here; without `tracking` (a new remote),
  /// every commit here is ahead.
  private func counts(_ tracking: String, in repository: Repository) -> (ahead: Int, behind: Int) {
    // Nothing to do, the usual case, is read from git's files: both name the same commit.
    if let here = RefFiles.commit(of: "HEAD", in: repository.gitDirectory),
      here == RefFiles.commit(of: tracking, in: repository.gitDirectory)
    {
      return (0, 0)
    }
    if let both = git.value(["rev-list", "--left-right", "--count", "HEAD..." + tracking]) {
      let numbers = both.split(separator: "\t").compactMap { Int($0) }
      if numbers.count == 2 { return (numbers[0], numbers[1]) }
    }
    if let remote = git.value(["rev-list", "--count", tracking]).flatMap({ Int($0) }) { return (0, remote) }
    return (git.value(["rev-list", "--count", "HEAD"]).flatMap { Int($0) } ?? 0, 0)
  }

  /// Merges `tracking` into the branch; notes go through the merge driver, other files that both
  /// sides changed keep ours, with theirs saved beside it.
  private func merge(
    _ tracking: String, in repository: Repository, incoming: Int, into report: inout Report
  ) throws(VaultError) {
    let before = git.value(["rev-parse", "-q", "--verify", "HEAD"])
    report.received += incoming
    // What each side changed since they parted, for the notes one removed and the other changed.
    let base = before.flatMap { _ in git.value(["merge-base", "HEAD", tracking]) }
    let (here, there) =
      base.map { (changes(from: $0, to: "HEAD"), changes(from: $0, to: tracking)) } ?? (.init(), .init())
    try WriteLock.withLock(vault.writeLockPlaces) { () throws(VaultError) in
      // With nothing committed here yet, git takes the remote's history as it is.
      let merge = git.run(
        ["merge", "-q", "--no-edit", "--no-stat", tracking],
        environment: [MergeSides.mergingVariable: tracking, MergeSides.machineVariable: machine])
      if !merge.succeeded {
        let unmerged =
          git.value(["diff", "--name-only", "--diff-filter=U", "-z"])?.split(separator: "\0").map(String.init) ?? []
        guard !unmerged.isEmpty else {
          _ = git.run(["merge", "--abort"])
          throw .cannotSync("git could not merge, so the merge was undone and nothing was lost: " + merge.reason)
        }
        do throws(VaultError) {
          for path in unmerged { if let kept = try keepBoth(path, in: repository) { report.keptBoth.append(kept) } }
        } catch {
          _ = git.run(["merge", "--abort"])
          throw error
        }
        let commit = git.run(["commit", "-q", "--no-edit"])
        guard commit.succeeded else {
          _ = git.run(["merge", "--abort"])
          throw .cannotSync("git could not finish the merge, so it was undone and nothing was lost: " + commit.reason)
        }
      }
      if !here.trashed.isEmpty || !there.trashed.isEmpty {
        let them =
          MergeSides.side(fromLog: git.run(MergeSides.logArguments(revision: tracking, path: ".")).out)?.side.name
          ?? "the other machine"
        report.kept += try keepChangedNotes(
          trashedHere: here.trashed, trashedThere: there.trashed, changedHere: here.changed,
          changedThere: there.changed, them: them)
      }
    }
    guard let before else { return }
    let changed = git.value(["diff", "--name-only", "-z", before, "HEAD", "--", "*.md"])?.split(separator: "\0") ?? []
    report.notesReceived += changed.count
    // The callouts the merge brought: those after as many as the note held before.
    for path in changed {
      let old = git.run(["show", "\(before):\(path)"]).out
      let before = old.components(separatedBy: NoteMerge.calloutMarker).count - 1
      let brought = lookAt([String(path)], in: repository).callouts.dropFirst(max(0, before))
      report.conflicts += brought.map(\.at)
      report.callouts += brought
    }
  }

  /// A file git could not merge (no note, or a rename both sides made differently): what only one
  /// side has stays; when both have a version, ours stays and theirs is saved beside it as
  /// `name (conflict, theirs).ext`; all of it committed. Returns the paths kept twice.
  private func keepBoth(_ path: String, in repository: Repository) throws(VaultError) -> String? {
    let stages = Set(
      (git.value(["ls-files", "-u", "-z", "--", path]) ?? "").split(separator: "\0").compactMap { entry in
        entry.split(separator: "\t").first?.split(separator: " ").last.flatMap { Int($0) }
      })
    switch (stages.contains(2), stages.contains(3)) {
    case (true, true):
      let theirs = git.run(["show", ":3:" + path])
      let name = (path as NSString).deletingPathExtension
      let ext = (path as NSString).pathExtension
      let copy = name + " (conflict, theirs)" + (ext.isEmpty ? "" : "." + ext)
      // Made as every new file of the vault is (temporary file, fsync, link): never over another.
      guard
        case .written = try FileWriter.create(repository.top + "/" + copy, with: [UInt8](theirs.data), display: copy)
      else { throw .cannotSync("\(copy) exists already, so \(path) was left unmerged: move it away, then vault sync") }
      _ = git.run(["checkout", "--ours", "--", path])
      _ = git.run(["add", "--", path, copy])
      return path
    case (true, false):
      _ = git.run(["checkout", "--ours", "--", path])
      _ = git.run(["add", "--", path])
    case (false, true):
      _ = git.run(["checkout", "--theirs", "--", path])
      _ = git.run(["add", "--", path])
    case (false, false):
      _ = git.run(["rm", "-q", "--cached", "--ignore-unmatch", "--", path])
    }
    return nil
  }
}

// `--json` writes every key, null included (docs/JSON.md), as the other commands do.
extension VaultSync.Report {
  private enum Key: String, CodingKey {
    case committed, upstream, sent, received, notesReceived, offline, noRemote, conflicts, callouts, kept, mended,
      keptBoth, setUp, machine
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(committed, forKey: .committed)
    try container.encode(upstream, forKey: .upstream)
    try container.encode(sent, forKey: .sent)
    try container.encode(received, forKey: .received)
    try container.encode(notesReceived, forKey: .notesReceived)
    try container.encode(offline, forKey: .offline)
    try container.encode(noRemote, forKey: .noRemote)
    try container.encode(conflicts, forKey: .conflicts)
    try container.encode(callouts, forKey: .callouts)
    try container.encode(kept, forKey: .kept)
    try container.encode(mended, forKey: .mended)
    try container.encode(machine, forKey: .machine)
    try container.encode(keptBoth, forKey: .keptBoth)
    try container.encode(setUp, forKey: .setUp)
  }
}

extension VaultSync.Status {
  private enum Key: String, CodingKey {
    case branch, upstream, ahead, behind, lastSync, unsynced, mergeDriverInstalled, callouts, markers, machine
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(branch, forKey: .branch)
    try container.encode(upstream, forKey: .upstream)
    try container.encode(ahead, forKey: .ahead)
    try container.encode(behind, forKey: .behind)
    try container.encode(lastSync, forKey: .lastSync)
    try container.encode(unsynced, forKey: .unsynced)
    try container.encode(mergeDriverInstalled, forKey: .mergeDriverInstalled)
    try container.encode(callouts, forKey: .callouts)
    try container.encode(markers, forKey: .markers)
    try container.encode(machine, forKey: .machine)
  }
}
