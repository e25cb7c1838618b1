#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls vault needs, wrapped: they are faster than Foundation's for walking a
/// large vault, and errno gives the user a precise reason.
public enum FileSystem {
  struct Status: Sendable {
    var isDirectory: Bool
    var isRegular: Bool
    var isSymlink: Bool
    var size: Int
    /// Modification time in nanoseconds since 1970.
    var modified: Int64
    /// Status change time in nanoseconds since 1970: it moves with every write, and no one can
    /// set it back.
    var changed: Int64
    var device: UInt64
    var inode: UInt64
    /// The permission bits.
    var mode: mode_t
    var owner: uid_t
    var group: gid_t

    init(_ info: stat) {
      let type = info.st_mode & S_IFMT
      #if canImport(Darwin)
      modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
      changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
      #else
      modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
      #endif
      isDirectory = type == S_IFDIR
      isRegular = type == S_IFREG
      isSymlink = type == S_IFLNK
      size = Int(info.st_size)
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      mode = info.st_mode & 0o7777
      owner = info.st_uid
      group = info.st_gid
    }
  }

  static func status(_ path: String, followLinks: Bool) -> Status? {
    var info = stat()
    let result = followLinks ? stat(path, &info) : lstat(path, &info)
    return result == 0 ? Status(info) : nil
  }

  /// What `readdir` says an entry is, without a `stat`.
  enum EntryType {
    case directory, regular, symlink, other
    /// The file system does not say (`DT_UNKNOWN`): ask `stat`.
    case unknown
  }

  /// An open folder: its entries, and the status of each by name (`fstatat` on the folder's
  /// descriptor, so the kernel does not walk the whole path again for every file).
  /// `status(of:)` may be called from several threads at once; `entries()` from one.
  final class Directory: @unchecked Sendable {
    private let handle: OpaquePointer

    init(_ path: String) throws(Reason) {
      guard let handle = opendir(path) else { throw Reason.current() }
      self.handle = handle
    }

    deinit { closedir(handle) }

    /// Names and types, without `.` and `..`.
    func entries() -> [(name: String, type: EntryType)] {
      var result: [(name: String, type: EntryType)] = []
      // The name is read where it lies. Copying `d_name` (a 256-byte array) copied past the
      // end of a short record, which crashed when the record ended a page (seen once in 40
      // walks of 100,000 notes).
      guard let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return [] }
      while let entry = readdir(handle) {
        let name = String(cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
        guard name != "." && name != ".." else { continue }
        let type: EntryType =
          switch Int32(entry.pointee.d_type) {
          case Int32(DT_DIR): .directory
          case Int32(DT_REG): .regular
          case Int32(DT_LNK): .symlink
          case Int32(DT_UNKNOWN): .unknown
          default: .other
          }
        result.append((name, type))
      }
      return result
    }

    /// The status of an entry, not following a link.
    func status(of name: String) -> Status? {
      var info = stat()
      return fstatat(dirfd(handle), name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? Status(info) : nil
    }
  }

  /// The whole file, or the reason it cannot be read.
  ///
  /// The bytes are read straight into one array of the file's size (`known`, which the walk
  /// saw, else `fstat`), one byte more so that the end is seen without a second buffer; a file
  /// that grew meanwhile is read on in chunks. (A zeroed 64 KB chunk per file, copied out, was 5% of a cold `vault check`.)
  static func readFile(_ path: String, size known: Int? = nil) -> Result<[UInt8], Reason> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Reason.current()) }
    defer { close(descriptor) }
    var info = stat()
    let size = known ?? (fstat(descriptor, &info) == 0 ? max(Int(info.st_size), 0) : 0)
    var failure: Reason?
    var filled = false
    var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
      failure = readAll(descriptor, into: buffer, count: &count)
      filled = count == buffer.count
    }
    while filled, failure == nil {
      let start = bytes.count
      bytes += repeatElement(0, count: max(start, 64 * 1024))
      var count = start
      bytes.withUnsafeMutableBufferPointer { buffer in
        failure = readAll(descriptor, into: buffer, count: &count)
      }
      filled = count == bytes.count
      bytes.removeSubrange(count...)
    }
    return failure.map { .failure($0) } ?? .success(bytes)
  }

  /// Everything an open file holds from `offset` on (its current position when nil).
  static func readAll(_ descriptor: Int32, from offset: Int? = nil) -> Result<[UInt8], Reason> {
    if let offset, lseek(descriptor, off_t(offset), SEEK_SET) < 0 { return .failure(.current()) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if got < 0 {
        if errno == EINTR { continue }
        return .failure(.current())
      }
      if got == 0 { return .success(bytes) }
      bytes += chunk[..<got]
    }
  }

  /// Reads into `buffer` from index `count` on, until the buffer is full or the file ends;
  /// `count` is then the bytes in the buffer.
  private static func readAll(
    _ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, count: inout Int
  ) -> Reason? {
    guard let base = buffer.baseAddress else { return nil }
    while count < buffer.count {
      let got = read(descriptor, base + count, buffer.count - count)
      if got < 0 {
        if errno == EINTR { continue }
        return Reason.current()
      }
      if got == 0 { break }
      count += got
    }
    return nil
  }

  /// The canonical absolute path, links resolved.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// `path` as an absolute path, one relative to the working directory joined to it and
  /// tidied (`a/../b`); an absolute one as it is.
  public static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var parts: [Substring] = []
    for part in (currentDirectory() + "/" + path).split(separator: "/") where part != "." {
      if part == ".." { _ = parts.popLast() } else { parts.append(part) }
    }
    return "/" + parts.joined(separator: "/")
  }

  static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// An errno as text: "Permission denied".
  struct Reason: Error, CustomStringConvertible {
    let description: String

    static func current() -> Reason { Reason(description: String(cString: strerror(errno))) }
  }
}
