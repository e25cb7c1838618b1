import Foundation

/// What a vault kept in git says about its history, through `GitCommand` (git's arguments as a
/// list, no shell); a vault without git, or a machine without it, gives nothing.
enum GitLog {
  /// Paths (relative to `root`, the repository's top) of files added by commits from `since`
  /// until `until`.
  static func added(in root: String, since: Date, until: Date) -> Set<String> {
    guard FileManager.default.fileExists(atPath: root + "/.git") else { return [] }
    let output = GitCommand(folder: root).run([
      "log", "--diff-filter=A", "--name-only", "--format=",
      "--since=@\(Int(since.timeIntervalSince1970))", "--until=@\(Int(until.timeIntervalSince1970))",
    ])
    guard output.succeeded else { return [] }
    return Set(output.out.split(separator: "\n").map(String.init))
  }
}
