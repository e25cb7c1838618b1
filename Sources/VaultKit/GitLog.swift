import Foundation

/// What a vault kept in git says about its history. git runs with its arguments as a list
/// (no shell), and a vault without git, or a machine without it, gives nothing.
enum GitLog {
  /// Paths (relative to `root`, the repository's top) of files added by commits from `since`
  /// until `until`.
  static func added(in root: String, since: Date, until: Date) -> Set<String> {
    guard FileManager.default.fileExists(atPath: root + "/.git") else { return [] }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "git", "-C", root, "-c", "core.quotepath=off", "log", "--diff-filter=A", "--name-only", "--format=",
      "--since=@\(Int(since.timeIntervalSince1970))", "--until=@\(Int(until.timeIntervalSince1970))",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return [] }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return [] }
    return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
  }
}
