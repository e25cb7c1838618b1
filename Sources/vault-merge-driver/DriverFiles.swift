#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files, the environment and the host name, through the C library alone.
enum DriverFiles {
  /// A line on standard error.
  static func printError(_ text: String) {
    let bytes = Array((text + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  static func contents(of path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 { if errno == EINTR { continue } else { return nil } }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// Writes `bytes` to a temporary file beside `path` and renames it over `path`.
  static func replace(_ path: String, with bytes: [UInt8]) -> Bool {
    var template = Array((path + ".merge-XXXXXX").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
    guard descriptor >= 0 else { return false }
    let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        close(descriptor)
        unlink(temporary)
        return false
      }
      written += count
    }
    // git's own file for ours keeps its mode; the temporary one is made 0600.
    var info = stat()
    if stat(path, &info) == 0 { fchmod(descriptor, info.st_mode & 0o7777) }
    guard close(descriptor) == 0, rename(temporary, path) == 0 else {
      unlink(temporary)
      return false
    }
    return true
  }

  static func latin1(_ bytes: [UInt8]) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
    return String(scalars)
  }

  /// The bytes back; a character beyond Latin-1 (a name in a callout) becomes `?`.
  static func latin1Bytes(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : UInt8(ascii: "?") }
  }

  static func environment() -> [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }

  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return "this machine" }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.split(separator: ".").first.map(String.init) ?? name
  }
}

/// `git ARGS` in the current folder (git runs the driver at the top of the work tree).
enum GitRun {
  /// What git printed, when it succeeded.
  static func output(_ arguments: [String]) -> String? {
    var pipes: [Int32] = [0, 0]
    guard pipe(&pipes) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipes[1], 1)
    posix_spawn_file_actions_addclose(&actions, pipes[0])
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = (["git", "-c", "core.quotepath=off"] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let started = posix_spawnp(&pid, "git", &actions, nil, argv, environ)
    close(pipes[1])
    defer { close(pipes[0]) }
    guard started == 0 else { return nil }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(pipes[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard status == 0 else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }
}
