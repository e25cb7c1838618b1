import Foundation

/// The git CLI, run in a repository with its arguments as a list (no shell): vault syncs through
/// git itself, so credentials, remotes, hooks and config stay git's.
struct GitCommand: Sendable {
  struct Output: Sendable {
    var status: Int32
    /// Standard output as bytes (a file's content from `git cat-file`), and as text.
    var data: Data
    var err: String
    var out: String { String(decoding: data, as: UTF8.self) }
    var succeeded: Bool { status == 0 }
    /// git's own words for why it failed, first line first.
    var reason: String {
      let text = err.isEmpty ? out : err
      return text.split(separator: "\n").map {
        $0.hasPrefix("fatal: ") || $0.hasPrefix("error: ") ? $0.dropFirst(7) : $0
      }
      .prefix(4).joined(separator: "; ")
    }
  }

  /// The folder git runs in.
  let folder: String

  /// git, found on `PATH` once (rather than through `/usr/bin/env` on every call: a sync runs it
  /// a dozen times).
  static let executable: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/git" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Runs `git args`; a machine without git gives status 127.
  @discardableResult
  func run(_ arguments: [String], environment extra: [String: String] = [:], input: Data? = nil) -> Output {
    start(arguments, environment: extra, input: input).wait()
  }

  /// A git process started; `wait` gives what it printed.
  final class Running: @unchecked Sendable {
    private let finished = DispatchGroup()
    private var output = Output(status: 127, data: Data(), err: "")

    init(_ body: @escaping @Sendable () -> Output) {
      finished.enter()
      Thread.detachNewThread { [self] in
        output = body()
        finished.leave()
      }
    }

    init(done: Output) { output = done }

    func wait() -> Output {
      finished.wait()
      return output
    }
  }

  /// Starts `git args` and returns at once, so that a slow command (a fetch over the network) runs
  /// while others do.
  func start(_ arguments: [String], environment extra: [String: String] = [:], input: Data? = nil) -> Running {
    guard let executable = Self.executable else {
      return Running(done: Output(status: 127, data: Data(), err: "git is not installed"))
    }
    var environment = ProcessInfo.processInfo.environment
    // Never wait for a password on a terminal nobody watches; git's credential helpers still work.
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    environment.merge(extra) { $1 }
    let arguments = [executable, "-C", folder, "-c", "core.quotepath=off"] + arguments
    guard let child = Spawned(executable, arguments, environment: environment, withInput: input != nil) else {
      return Running(
        done: Output(status: 127, data: Data(), err: "git could not be started: \(String(cString: strerror(errno)))"))
    }
    if let input, let write = child.input {
      // Written from a thread of its own: git may answer (`cat-file --batch`) before it has read
      // it all, and a full pipe either way would stop both.
      Thread.detachNewThread {
        let handle = FileHandle(fileDescriptor: write, closeOnDealloc: true)
        handle.write(input)
        try? handle.close()
      }
    }
    return Running {
      // Both pipes drained at once: a full stderr pipe would stop git while stdout is read.
      let errData = LockedData()
      let group = DispatchGroup()
      group.enter()
      DispatchQueue.global().async {
        errData.set(Spawned.readAll(child.error))
        group.leave()
      }
      let outData = Spawned.readAll(child.output)
      group.wait()
      return Output(status: child.wait(), data: outData, err: String(decoding: errData.get(), as: UTF8.self))
    }
  }

  /// The text of each blob named (`HEAD:Notes/A.md`, `:Notes/A.md` for the staged one) from one
  /// `git cat-file --batch`, rather than a process per file; nil for one git does not have.
  func blobs(_ names: [String]) -> [String?] {
    let asked = names.filter { !$0.contains("\n") && !$0.isEmpty }
    guard !asked.isEmpty else { return names.map { _ in nil } }
    let output = run(["cat-file", "--batch"], input: Data((asked.joined(separator: "\n") + "\n").utf8))
    let bytes = [UInt8](output.data)
    var found: [String: String] = [:]
    var offset = 0
    for name in asked {
      guard let end = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { break }
      let header = String(decoding: bytes[offset..<end], as: UTF8.self)
      offset = end + 1
      guard !header.hasSuffix(" missing"), !header.hasSuffix(" ambiguous"),
        let size = header.split(separator: " ").last.flatMap({ Int($0) }), offset + size <= bytes.count
      else { continue }
      found[name] = String(decoding: bytes[offset..<offset + size], as: UTF8.self)
      offset += size + 1
    }
    return names.map { found[$0] }
  }

  /// The output of a command that must succeed, trimmed; nil when it failed.
  func value(_ arguments: [String]) -> String? {
    let output = run(arguments)
    guard output.succeeded else { return nil }
    return output.out.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

/// Bytes handed from the thread that read them.
private final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  func set(_ value: Data) { lock.withLock { data = value } }
  func get() -> Data { lock.withLock { data } }
}

/// A child process started with `posix_spawn`, its standard output and error (and input, when
/// asked) on pipes. Foundation's `Process` cost 0.7–0.9 ms more a start (a sync starts three
/// git commands when it has nothing to do), and a termination handler to avoid its 50 ms polls.
/// Every descriptor of the pipes is close-on-exec, so git inherits only its three.
private struct Spawned {
  let pid: pid_t
  let output: Int32
  let error: Int32
  let input: Int32?

  init?(_ executable: String, _ arguments: [String], environment: [String: String], withInput: Bool) {
    func pipePair() -> (read: Int32, write: Int32)? {
      var ends: [Int32] = [0, 0]
      guard pipe(&ends) == 0 else { return nil }
      _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
      _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
      return (ends[0], ends[1])
    }
    guard let out = pipePair() else { return nil }
    guard let err = pipePair() else {
      [out.read, out.write].forEach { close($0) }
      return nil
    }
    let inPipe = withInput ? pipePair() : nil
    #if canImport(Glibc)
    var actions = posix_spawn_file_actions_t()
    #else
    var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    if let inPipe {
      posix_spawn_file_actions_adddup2(&actions, inPipe.read, 0)
    } else {
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    }
    posix_spawn_file_actions_adddup2(&actions, out.write, 1)
    posix_spawn_file_actions_adddup2(&actions, err.write, 2)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    // The child's ends, closed here whether or not it started.
    close(out.write)
    close(err.write)
    if let inPipe { close(inPipe.read) }
    guard spawned == 0 else {
      close(out.read)
      close(err.read)
      if let inPipe { close(inPipe.write) }
      errno = spawned
      return nil
    }
    self.pid = pid
    output = out.read
    error = err.read
    input = inPipe?.write
  }

  /// Everything written to `descriptor` until it closes; the descriptor is closed.
  static func readAll(_ descriptor: Int32) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
    close(descriptor)
    return data
  }

  /// The exit status (128 + the signal when a signal ended it).
  func wait() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return 127 }
    }
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as macros.
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}
