#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few POSIX calls vault needs, wrapped: they are faster than Foundation's for walking a
/// large vault, and errno gives the user a precise reason.
enum FileSystem {
  struct Status {
    var isDirectory: Bool
    var isRegular: Bool
    var isSymlink: Bool
    var size: Int
    /// Modification time in nanoseconds since 1970.
    var modified: Int64
    var device: UInt64
    var inode: UInt64
  }

  static func status(_ path: String, followLinks: Bool) -> Status? {
    var info = stat()
    let result = followLinks ? stat(path, &info) : lstat(path, &info)
    guard result == 0 else { return nil }
    let type = info.st_mode & S_IFMT
    #if canImport(Darwin)
    let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
    let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
    return Status(
      isDirectory: type == S_IFDIR, isRegular: type == S_IFREG, isSymlink: type == S_IFLNK,
      size: Int(info.st_size), modified: modified, device: UInt64(info.st_dev),
      inode: UInt64(info.st_ino))
  }

  /// Names in a folder, without `.` and `..`; nil and the reason when it cannot be read.
  static func entries(of path: String) -> Result<[String], Reason> {
    guard let directory = opendir(path) else { return .failure(Reason.current()) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return .success(names)
  }

  /// The whole file, or the reason it cannot be read.
  static func readFile(_ path: String) -> Result<[UInt8], Reason> {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return .failure(Reason.current()) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(Reason.current())
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return .success(bytes)
  }

  /// The canonical absolute path, links resolved.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
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
