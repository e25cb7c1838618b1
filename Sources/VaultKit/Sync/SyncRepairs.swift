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

  // MARK: Conflict markers

  /// The commit of the last sync, kept beside git's own state: notes changed since then (by a
  /// plain `git pull`, say) are looked at for conflict markers.
  func syncedHeadFile(_ repository: Repository) -> String { repository.gitDirectory + "/vault-synced-head" }

  /// The notes that may hold git's conflict markers: those changed since the last sync and not
  /// yet committed; every note when no sync ran here yet.
  func notesToLookAtForMarkers(_ repository: Repository, uncommitted: [UnsyncedFile]) -> [String] {
    var paths = Set(uncommitted.filter { $0.change != "deleted" && $0.path.lowercased().hasSuffix(".md") }.map(\.path))
    let head = RefFiles.commit(of: "HEAD", in: repository.gitDirectory)
    let synced = (try? String(contentsOfFile: syncedHeadFile(repository), encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    if let head, head != synced {
      var listed: [Substring] = []
      let changed = synced.map { synced in
        git.run(["diff", "--name-only", "-z", "--relative", "--diff-filter=AM", synced, head, "--", "*.md"])
      }
      if let changed, changed.succeeded {
        listed = changed.out.split(separator: "\0")
      } else {
        // No sync here yet (or its commit is gone): every note of HEAD holding a marker.
        let found = git.run(["grep", "-l", "-z", "-E", "^<<<<<<<( |$)", head, "--", "*.md"])
        listed = found.out.split(separator: "\0").map { $0.hasPrefix(head + ":") ? $0.dropFirst(head.count + 1) : $0 }
      }
      paths.formUnion(listed.map(String.init))
    }
    return paths.sorted()
  }

  /// Turns git's conflict markers in `paths` into callouts; returns the notes mended.
  func resolveMarkers(in paths: [String]) throws(VaultError) -> [String] {
    var mended: [String] = []
    for path in paths {
      guard case .success(let bytes) = FileSystem.readFile(vault.root + "/" + path), bytes.contains(UInt8(ascii: "<"))
      else { continue }
      guard let text = String(validating: bytes, as: UTF8.self), ConflictMarkers.contains(text) else { continue }
      let changed: Bool = try vault.edit(path) { current throws(VaultError) -> FileEdit<Bool> in
        guard let current, let text = String(validating: current, as: UTF8.self),
          let resolved = ConflictMarkers.resolve(text)
        else { return .keep(false) }
        return .write(Array(resolved.text.utf8), true)
      }
      if changed { mended.append(path) }
    }
    return mended
  }

  /// The callouts in the vault's notes, by `git grep` of the work tree.
  func openCallouts() -> [Callout] {
    let output = git.run(["grep", "-n", "-z", "-F", "--untracked", "-e", "[!conflict]", "--", "*.md"])
    guard output.succeeded else { return [] }
    var callouts: [Callout] = []
    for record in output.out.split(separator: "\n") {
      let fields = record.split(separator: "\0", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3, let sides = NoteMerge.calloutSides(fields[2]) else { continue }
      callouts.append(Callout(at: "\(fields[0]):\(fields[1])", inCallout: sides.from, inPlace: sides.inPlace))
    }
    return callouts
  }
}
