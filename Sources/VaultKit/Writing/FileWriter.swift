#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files the safe way: the new bytes go to a temporary file in the same folder, are
/// flushed to disk, get the old file's mode and owner, and replace it in one step (an exchange
/// of the two names where the system has it, else `rename`), so a crash leaves the old file or
/// the new one, never a mix. Nothing is written when the file no
/// longer holds the bytes the change was computed from.
///
/// Only `Vault.edit` calls this (it holds the vault's write lock, re-reads and recomputes on
/// `.changed`); vault's other writers never rename files themselves.
enum FileWriter {
  /// A file as it was read: its bytes, its status then, and a descriptor still open on it, to
  /// see whether another program wrote into it.
  final class Original {
    let descriptor: Int32
    let bytes: [UInt8]
    let status: FileSystem.Status

    init(descriptor: Int32, bytes: [UInt8], status: FileSystem.Status) {
      self.descriptor = descriptor
      self.bytes = bytes
      self.status = status
    }

    deinit { close(descriptor) }

    /// Opens and reads the file at `path`: nil when there is none.
    static func read(_ path: String) -> Result<Original?, FileSystem.Reason> {
      let descriptor = open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        return errno == ENOENT ? .success(nil) : .failure(.current())
      }
      var info = stat()
      guard fstat(descriptor, &info) == 0 else {
        let reason = FileSystem.Reason.current()
        close(descriptor)
        return .failure(reason)
      }
      switch FileSystem.readAll(descriptor) {
      case .success(let bytes):
        return .success(Original(descriptor: descriptor, bytes: bytes, status: FileSystem.Status(info)))
      case .failure(let reason):
        close(descriptor)
        return .failure(reason)
      }
    }

    /// The status of the file read, now (it may have been written in place since).
    func statusNow() -> FileSystem.Status? {
      var info = stat()
      return fstat(descriptor, &info) == 0 ? FileSystem.Status(info) : nil
    }
  }

  enum Outcome {
    case written
    /// The file changed after it was read: nothing was written.
    case changed
    /// Written, but another program wrote into the old file in the moment between the last
    /// check and the rename: these are the old file's bytes now, its change included.
    case raced([UInt8])
  }

  /// Replaces the file at `path` (absolute, no link) with `bytes`, unless it no longer holds
  /// `original`'s bytes: its size, modification time, inode and bytes are checked again after
  /// the new bytes are on disk, right before the rename, so the moment left for another
  /// program's write to be lost is the rename itself (docs/FORMAT.md#writing).
  /// `beforeRename` runs between the last check and the rename: tests write there, as another
  /// program could.
  static func replace(
    _ path: String, original: Original, with bytes: [UInt8], display: String,
    beforeRename: (() -> Void)? = nil
  ) throws(VaultError) -> Outcome {
    let folder = TemporaryFiles.folder(of: path)
    let temporary = try writeTemporary(bytes, in: folder, like: original.status, display: display)
    // The checks, cheapest last so that the rename follows the final one at once.
    let unchanged =
      FileSystem.readFile(path).map { $0 == original.bytes }.value == true
      && original.statusNow().map { same($0, original.status) } == true
      && FileSystem.status(path, followLinks: false).map { same($0, original.status) } == true
    guard unchanged else {
      unlink(temporary)
      return .changed
    }
    beforeRename?()
    let exchanged = exchange(temporary, path)
    guard exchanged || rename(temporary, path) == 0 else {
      let reason = FileSystem.Reason.current().description
      unlink(temporary)
      throw .cannotWrite(display, reason: reason)
    }
    syncFolder(folder)
    if exchanged {
      // `temporary` names what was at `path` at the instant of the exchange: the file read,
      // unless another program saved by renaming its own file into place since the check (as
      // most editors and sync clients do). Then that is its change, handed back to be merged.
      let late =
        FileSystem.status(temporary, followLinks: false).map {
          $0.device != original.status.device || $0.inode != original.status.inode
        } == true ? FileSystem.readFile(temporary).value : nil
      unlink(temporary)
      if let late { return .raced(late) }
    }
    // A program that wrote into the old file between the check and the rename wrote into a
    // file no longer in the vault: its bytes are handed back, to be merged and written again.
    if let after = original.statusNow(), !same(after, original.status),
      case .success(let late) = FileSystem.readAll(original.descriptor, from: 0)
    {
      return .raced(late)
    }
    return .written
  }

  /// Swaps the names `temporary` and `path` in one step, where the system can (Linux 3.15 and
  /// later, on most file systems): true when it did. Else (another system, a file system without
  /// it, `path` removed meanwhile) nothing changed, and the caller renames.
  private static func exchange(_ temporary: String, _ path: String) -> Bool {
    #if os(Linux)
    guard let renameat2 = Self.renameat2 else { return false }
    // RENAME_EXCHANGE (linux/fs.h).
    return renameat2(AT_FDCWD, temporary, AT_FDCWD, path, 2) == 0
    #else
    return false
    #endif
  }

  #if os(Linux)
  /// glibc's `renameat2` (2.28 and later), which Swift's Glibc module does not declare (it is
  /// behind `_GNU_SOURCE`); nil with a C library that lacks it.
  private static let renameat2:
    (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
      guard let symbol = dlsym(nil, "renameat2") else { return nil }
      return unsafeBitCast(
        symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()
  #endif

  /// Creates the file at `path` with `bytes`, never over an existing one: the bytes are written
  /// to a temporary file and linked in under the name, which fails (`.changed`) if it is taken.
  static func create(_ path: String, with bytes: [UInt8], display: String) throws(VaultError) -> Outcome {
    let folder = TemporaryFiles.folder(of: path)
    let temporary = try writeTemporary(bytes, in: folder, like: nil, display: display)
    defer { unlink(temporary) }
    guard link(temporary, path) == 0 else {
      if errno == EEXIST { return .changed }
      throw .cannotWrite(display, reason: FileSystem.Reason.current().description)
    }
    syncFolder(folder)
    return .written
  }

  /// Writes `bytes` to a new temporary file in `folder`, with the mode and owner of `like` (else
  /// the umask's), flushed to disk; returns its path.
  private static func writeTemporary(
    _ bytes: [UInt8], in folder: String, like status: FileSystem.Status?, display: String
  ) throws(VaultError) -> String {
    var template = Array(TemporaryFiles.template(in: folder).utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw .cannotWrite(display, reason: FileSystem.Reason.current().description) }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
    let mode: mode_t
    if let status {
      mode = status.mode
      // The owner stays when vault runs as someone else who may change it (root); else the
      // file becomes the writer's, as with any editor that saves by renaming.
      _ = fchown(descriptor, status.owner, status.group)
    } else {
      let mask = umask(0)
      umask(mask)
      mode = 0o666 & ~mask
    }
    if failure == nil, fchmod(descriptor, mode) != 0 || fsync(descriptor) != 0 {
      failure = FileSystem.Reason.current().description
    }
    close(descriptor)
    if let failure {
      unlink(temporary)
      throw .cannotWrite(display, reason: failure)
    }
    return temporary
  }

  /// Whether a file's status says it holds what it held: same file, size and modification time.
  private static func same(_ a: FileSystem.Status, _ b: FileSystem.Status) -> Bool {
    // Not the status change time: the rename itself changes the old file's (its link count).
    a.device == b.device && a.inode == b.inode && a.size == b.size && a.modified == b.modified
  }

  /// The rename itself reaches the disk with the folder.
  private static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

extension Result {
  /// The success value, if any.
  var value: Success? {
    if case .success(let value) = self { return value }
    return nil
  }
}
