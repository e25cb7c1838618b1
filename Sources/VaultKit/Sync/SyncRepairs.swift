import Foundation
import VaultCore

/// What `vault sync` mends around git's merge: a note removed on one side and changed on the
/// other stays where it was; git's conflict markers (from a plain `git pull`) become callouts;
/// and the callouts left in notes, listed with whose version is where.
extension VaultSync {
  /// A conflict callout in a note: where it is, whose version it holds and whose stays in place.
  public struct Callout: Sendable, Encodable, Equatable {
    /// `path:line`.
    public var at: String
    public var inCallout: String
    /// nil for a callout whose title does not say (written before titles named both sides).
    public var inPlace: String?
  }

  /// What changed between two commits, by git with renames: files changed in place, and notes
  /// moved into `.trash/` (`vault rm`), old path to new. Paths are relative to the vault.
  struct SideChanges {
    var changed = Set<String>()
    var trashed: [String: String] = [:]
  }

  func changes(from base: String, to revision: String) -> SideChanges {
    var result = SideChanges()
    let output = git.run(["diff", "--name-status", "-z", "-M", "--relative", base, revision, "--", "."])
    guard output.succeeded else { return result }
    var fields = output.out.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)[...]
    while let status = fields.popFirst() {
      if status.hasPrefix("R") || status.hasPrefix("C") {
        guard let old = fields.popFirst(), let new = fields.popFirst() else { break }
        if status.hasPrefix("R"), new.hasPrefix(".trash/"), !old.hasPrefix(".trash/") { result.trashed[old] = new }
      } else if let path = fields.popFirst(), status == "M" {
        result.changed.insert(path)
      }
    }
    return result
  }

  /// A note one side moved to `.trash/` and the other changed: git follows the move and puts the
  /// change in the trash. The note goes back where it was, with the change, in a commit of its
  /// own; returns what was kept, in words.
  func keepChangedNotes(
    trashedHere: [String: String], trashedThere: [String: String], changedHere: Set<String>,
    changedThere: Set<String>, them: String
  ) throws(VaultError) -> [String] {
    var kept: [String] = []
    var moves: [(from: String, to: String)] = []
    for (old, new) in trashedThere.sorted(by: { $0.key < $1.key }) where changedHere.contains(old) {
      moves.append((new, old))
      kept.append("kept \(old): changed here after it was removed on \(them)")
    }
    for (old, new) in trashedHere.sorted(by: { $0.key < $1.key }) where changedThere.contains(old) {
      moves.append((new, old))
      kept.append("kept \(old): changed on \(them) after it was removed here")
    }
    guard !moves.isEmpty else { return [] }
    var done: [String] = []
    for (move, words) in zip(moves, kept) {
      let (from, to) = (vault.root + "/" + move.from, vault.root + "/" + move.to)
      guard FileManager.default.fileExists(atPath: from), !FileManager.default.fileExists(atPath: to) else { continue }
      let folder = (to as NSString).deletingLastPathComponent
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let moved = git.run(["mv", "-k", "--", move.from, move.to])
      guard moved.succeeded, FileManager.default.fileExists(atPath: to) else { continue }
      done.append(words)
    }
    guard !done.isEmpty else { return [] }
    let message =
      (done.count == 1 ? done[0] : "kept \(done.count) notes changed on one side and removed on the other") + "\n\n"
      + (done.count == 1 ? "" : done.map { "- " + $0 }.joined(separator: "\n") + "\n\n")
      + "\(MergeSides.machineTrailer): \(machine)\n"
    let commit = git.run(["commit", "-q", "-F", "-"], input: Data(message.utf8))
    guard commit.succeeded else { throw .cannotSync("git could not commit the notes it kept: " + commit.reason) }
    return done
  }

  // MARK: Conflict markers and callouts

  /// The commit of the last sync, kept beside git's own state: notes changed since then (by a
  /// plain `git pull`, say) are looked at for conflict markers and callouts.
  func syncedHeadFile(_ repository: Repository) -> String { repository.gitDirectory + "/vault-synced-head" }

  /// The notes that held conflict callouts when last looked at, one path a line (from the top
  /// of the repository), beside git's own state: `vault sync --status` looks at them again
  /// rather than at every note.
  func calloutNotesFile(_ repository: Repository) -> String { repository.gitDirectory + "/vault-callout-notes" }

  func recordedCalloutNotes(_ repository: Repository) -> Set<String>? {
    guard let text = try? String(contentsOfFile: calloutNotesFile(repository), encoding: .utf8) else { return nil }
    return Set(text.split(separator: "\n").map(String.init))
  }

  func recordCalloutNotes(_ paths: Set<String>, _ repository: Repository) {
    guard paths != recordedCalloutNotes(repository) else { return }
    let text = paths.sorted().map { $0 + "\n" }.joined()
    try? Data(text.utf8).write(to: URL(fileURLWithPath: calloutNotesFile(repository)), options: .atomic)
  }

  /// The notes that may hold git's conflict markers or callouts (paths from the top of the
  /// repository): those not yet committed, those changed since the last sync, and those that
  /// held callouts when last looked at; every note holding either, by `git grep`, when no sync
  /// ran here yet.
  func notesToLookAt(_ repository: Repository, uncommitted: [UnsyncedFile]) -> Set<String> {
    var paths = Set(uncommitted.filter { $0.change != "deleted" && $0.path.lowercased().hasSuffix(".md") }.map(\.path))
    paths.formUnion(recordedCalloutNotes(repository) ?? [])
    let head = RefFiles.commit(of: "HEAD", in: repository.gitDirectory)
    let synced = (try? String(contentsOfFile: syncedHeadFile(repository), encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard let head, head != synced else { return paths }
    let changed = synced.map { synced in
      git.run(["diff", "--name-only", "-z", "--diff-filter=AM", synced, head, "--", "*.md"])
    }
    if let changed, changed.succeeded {
      paths.formUnion(changed.out.split(separator: "\0").map(String.init))
    } else {
      // No sync here yet (or its commit is gone): every note of HEAD holding either.
      let found = git.run([
        "grep", "-l", "-z", "--full-name", "-E", "-e", "^<<<<<<<( |$)", "-e", "\\[!conflict\\]", head, "--", "*.md",
      ])
      paths.formUnion(
        found.out.split(separator: "\0").map { String($0.hasPrefix(head + ":") ? $0.dropFirst(head.count + 1) : $0) })
    }
    return paths
  }

  /// The callouts and git's conflict markers in `paths` (from the top of the repository).
  func lookAt(_ paths: Set<String>, in repository: Repository) -> (callouts: [Callout], markers: [String]) {
    var callouts: [Callout] = []
    var markers: [String] = []
    for path in paths.sorted() {
      guard case .success(let bytes) = FileSystem.readFile(repository.top + "/" + path),
        bytes.contains(UInt8(ascii: "[")) || bytes.contains(UInt8(ascii: "<"))
      else { continue }
      let text = String(decoding: bytes, as: UTF8.self)
      if text.contains("<<<<<<<"), ConflictMarkers.contains(text) { markers.append(path) }
      guard text.contains("[!conflict]") else { continue }
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if let sides = NoteMerge.calloutSides(line) {
          callouts.append(Callout(at: "\(path):\(index + 1)", inCallout: sides.from, inPlace: sides.inPlace))
        }
      }
    }
    return (callouts, markers)
  }

  /// The vault-relative path of a path from the top of the repository; nil when outside the vault.
  func vaultPath(_ path: String, in repository: Repository) -> String? {
    let top = FileSystem.realPath(repository.top) ?? repository.top
    let root = FileSystem.realPath(vault.root) ?? vault.root
    if root == top { return path }
    guard root.hasPrefix(top + "/") else { return nil }
    let prefix = String(root.dropFirst(top.count + 1)) + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
  }

  /// Turns git's conflict markers in `paths` (from the top of the repository) into callouts;
  /// returns the notes mended.
  func resolveMarkers(in paths: [String], _ repository: Repository) throws(VaultError) -> [String] {
    var mended: [String] = []
    for path in paths {
      guard let relative = vaultPath(path, in: repository) else { continue }
      let changed: Bool = try vault.edit(relative) { current throws(VaultError) -> FileEdit<Bool> in
        guard let current, let text = String(validating: current, as: UTF8.self),
          let resolved = ConflictMarkers.resolve(text)
        else { return .keep(false) }
        return .write(Array(resolved.text.utf8), true)
      }
      if changed { mended.append(path) }
    }
    return mended
  }
}
