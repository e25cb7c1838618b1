#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files the safe way: the new bytes go to a temporary file in the same folder, are
/// flushed to disk, get the old file's mode, and replace it with one `rename`, so a crash leaves
/// the old file or the new one, never a mix. Nothing is written when the file no longer holds
/// the bytes the change was computed from.
enum FileWriter {
  /// Replaces the file at `path` (absolute) with `bytes`, if it still holds `expected`.
  static func replace(
    _ path: String, with bytes: [UInt8], expecting expected: [UInt8], display: String
  )
    throws(VaultError)
  {
    guard case .success(let current) = FileSystem.readFile(path), current == expected else {
      throw .changedOnDisk(display)
    }
    var info = stat()
    let mode = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array("\(folder)/.\(name).vault-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw .cannotWrite(display, reason: FileSystem.Reason.current().description) }
    let temporary = String(cString: template)
    var failure: String?
    var written = 0
    while written < bytes.count && failure == nil {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno != EINTR { failure = FileSystem.Reason.current().description }
      } else {
        written += count
      }
    }
    if failure == nil, fchmod(descriptor, mode) != 0 || fsync(descriptor) != 0 {
      failure = FileSystem.Reason.current().description
    }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = FileSystem.Reason.current().description }
    if let failure {
      unlink(temporary)
      throw .cannotWrite(display, reason: failure)
    }
    // The rename itself reaches the disk with the folder.
    let folderDescriptor = open(folder, O_RDONLY)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// Creates the file at `path` with `bytes`, never over an existing one: the bytes are written
  /// to a temporary file and linked in under the name, which fails if the name is taken.
  static func create(_ path: String, with bytes: [UInt8], display: String) throws(VaultError) {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    var template = Array("\(folder)/.vault-new-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw .cannotWrite(display, reason: FileSystem.Reason.current().description) }
    let temporary = String(cString: template)
    defer { unlink(temporary) }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        close(descriptor)
        throw .cannotWrite(display, reason: FileSystem.Reason.current().description)
      }
      written += count
    }
    let mask = umask(0)
    umask(mask)
    let synced = fchmod(descriptor, 0o666 & ~mask) == 0 && fsync(descriptor) == 0
    close(descriptor)
    guard synced, link(temporary, path) == 0 else {
      if errno == EEXIST { throw .cannotWrite(display, reason: "it exists already") }
      throw .cannotWrite(display, reason: FileSystem.Reason.current().description)
    }
  }
}
