import Foundation
import VaultCore

/// git's merge driver for notes (`vault merge-driver %O %A %B %P`, named in `.gitattributes`):
/// merges the three versions git hands over by meaning (`NoteMerge`) and writes the result over
/// ours, so a note never gets conflict markers.
public enum MergeDriver {
  /// What the driver did to one note.
  public struct Outcome: Sendable {
    /// 1-based lines of the conflict callouts written.
    public var conflictLines: [Int]
  }

  /// The name this machine goes by in conflict callouts and commit trailers: `$VAULT_MACHINE`, else
  /// the host name.
  public static func machineName(_ environment: [String: String]) -> String {
    if let name = environment["VAULT_MACHINE"], !name.isEmpty { return name }
    let host = ProcessInfo.processInfo.hostName
    return host.split(separator: ".").first.map(String.init) ?? host
  }

  /// The variable through which `vault sync` tells the driver the revision being merged.
  static let mergingVariable = "VAULT_MERGING"

  /// Merges `ours` (git's %A, overwritten), `base` (%O) and `theirs` (%B) of the note at `path`
  /// (%P), in the repository at `folder` (git runs a driver at the top of the work tree).
  public static func merge(
    base: String, ours: String, theirs: String, path: String, folder: String, environment: [String: String]
  ) throws(VaultError) -> Outcome {
    func read(_ file: String) throws(VaultError) -> Data {
      do { return try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
        throw .unreadable(file, reason: error.localizedDescription)
      }
    }
    let texts = try [read(base), read(ours), read(theirs)]
    // Text that is not UTF-8 is merged as Latin-1, one character per byte, so no byte changes
    // on the way through; only its task lines are not recognised.
    let isUTF8 = texts.allSatisfy { String(data: $0, encoding: .utf8) != nil }
    let decode: (Data) -> String = { data in
      isUTF8 ? String(decoding: data, as: UTF8.self) : String(data: data, encoding: .isoLatin1) ?? ""
    }
    let (base, mine, other) = (decode(texts[0]), decode(texts[1]), decode(texts[2]))
    // Who and when matter only to a conflict, which most merges have none of: git is asked then.
    let unknown = NoteMerge.Side(name: "the other side", time: "unknown time")
    var result = NoteMerge.merge(
      base: base, ours: mine, theirs: other, us: unknown, them: unknown, theirsIsLater: false)
    if !result.conflictLines.isEmpty {
      let git = GitCommand(folder: folder)
      let us = side(of: "HEAD", path: path, git: git, fallback: machineName(environment))
      // `vault sync` names what it merges; git writes MERGE_HEAD only after the merge.
      let merging =
        [environment[mergingVariable] ?? "", "MERGE_HEAD", "REBASE_HEAD", "CHERRY_PICK_HEAD"].lazy.compactMap { head in
          head.isEmpty ? nil : git.value(["rev-parse", "-q", "--verify", head]).map { _ in head }
        }.first
      let them = merging.map { side(of: $0, path: path, git: git, fallback: unknown.name) } ?? (unknown, 0)
      result = NoteMerge.merge(
        base: base, ours: mine, theirs: other, us: us.0, them: them.0, theirsIsLater: them.1 > us.1)
    }
    let bytes = isUTF8 ? Data(result.text.utf8) : result.text.data(using: .isoLatin1) ?? texts[1]
    do { try bytes.write(to: URL(fileURLWithPath: ours), options: .atomic) } catch {
      throw .cannotWrite(ours, reason: error.localizedDescription)
    }
    return Outcome(conflictLines: result.conflictLines)
  }

  /// Who made the latest commit of `path` reachable from `revision`, when, and its time in seconds.
  private static func side(
    of revision: String, path: String, git: GitCommand, fallback: String
  ) -> (
    NoteMerge.Side, Int
  ) {
    let format = "%ct%x00%cd%x00%an%x00%(trailers:key=\(SyncCommit.machineTrailer),valueonly,separator=%x2C)"
    let output = git.run([
      "log", "-1", "--format=" + format, "--date=format-local:%Y-%m-%d %H:%M", revision, "--", path,
    ])
    let fields = output.out.trimmingCharacters(in: .newlines).components(separatedBy: "\0")
    guard output.succeeded, fields.count == 4, let seconds = Int(fields[0]) else {
      return (NoteMerge.Side(name: fallback, time: "unknown time"), 0)
    }
    let machine = fields[3].trimmingCharacters(in: .whitespaces)
    return (NoteMerge.Side(name: machine.isEmpty ? fields[2] : machine, time: fields[1]), seconds)
  }
}
