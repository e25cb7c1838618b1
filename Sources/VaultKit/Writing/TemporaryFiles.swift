import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files a write leaves in a note's folder for a moment: `.vault-write-PID-XXXXXX`,
/// hidden (so neither vault nor Obsidian reads them) and named after the process that writes
/// them, so that the ones of a writer killed midway are recognised and removed by the next
/// write to that folder.
enum TemporaryFiles {
  static let prefix = ".vault-write-"

  /// The folder of an absolute path.
  static func folder(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
  }

  /// A `mkstemp` template for a temporary file of this process in `folder`.
  static func template(in folder: String) -> String {
    "\(folder)/\(prefix)\(getpid())-XXXXXX"
  }

  /// The folders this process has cleaned already.
  private static let cleaned = CleanedFolders()

  /// `removeStale(in:)` once per folder and process: reading a folder is a walk of all its
  /// entries, and an import of 10,000 events into one folder did it for each (quadratic: 73 s
  /// where 1,000 took 1 s). Files left by a writer killed while this process runs are removed
  /// by the next process that writes there.
  static func removeStaleOnce(in folder: String) {
    if cleaned.insert(folder) { removeStale(in: folder) }
  }

  /// Removes the temporary files in `folder` of writers that no longer run; also those of
  /// earlier versions of vault (`.NAME.vault-XXXXXX`, `.vault-new-XXXXXX`, which do not name
  /// their process) once they are an hour old. Returns how many it removed.
  @discardableResult
  static func removeStale(in folder: String) -> Int {
    guard let directory = try? FileSystem.Directory(folder) else { return 0 }
    var removed = 0
    for (name, type) in directory.entries() where name.hasPrefix(".") && (type == .regular || type == .unknown) {
      guard isStale(name, in: directory) else { continue }
      if unlink(folder + "/" + name) == 0 { removed += 1 }
    }
    return removed
  }

  static func isStale(_ name: String, in directory: FileSystem.Directory) -> Bool {
    if name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid != getpid() else { return false }
      return kill(pid, 0) == -1 && errno == ESRCH
    }
    // Earlier versions: six random characters at the end, and no process to ask.
    let legacy =
      (name.hasPrefix(".vault-new-") && name.count == ".vault-new-".count + 6)
      || (name.hasPrefix(".") && name.dropLast(6).hasSuffix(".md.vault-"))
    guard legacy, let status = directory.status(of: name), status.isRegular else { return false }
    let now = Int64(Date().timeIntervalSince1970 * 1_000_000_000)
    return now - status.modified > 3_600_000_000_000
  }
}

/// A set of folder paths shared by every thread of the process.
private final class CleanedFolders: @unchecked Sendable {
  private let lock = NSLock()
  private var folders = Set<String>()

  /// Adds `folder`; false when it was there already.
  func insert(_ folder: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return folders.insert(folder).inserted
  }
}
