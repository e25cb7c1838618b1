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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-C", folder, "-c", "core.quotepath=off"] + arguments
    var environment = ProcessInfo.processInfo.environment
    // Never wait for a password on a terminal nobody watches; git's credential helpers still work.
    environment["GIT_TERMINAL_PROMPT"] = "0"
    environment["LC_ALL"] = "C"
    environment.merge(extra) { $1 }
    process.environment = environment
    let outPipe = Pipe()
    let errPipe = Pipe()
    let inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = input == nil ? FileHandle.nullDevice : inPipe
    // `waitUntilExit` polls its run loop every 50 ms on Linux, which was most of a sync's time;
    // the termination handler answers at once.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do { try process.run() } catch {
      return Running(done: Output(status: 127, data: Data(), err: "git is not installed: \(error)"))
    }
    if let input {
      // Written from a thread of its own: git may answer (`cat-file --batch`) before it has read
      // it all, and a full pipe either way would stop both.
      let handle = inPipe.fileHandleForWriting
      Thread.detachNewThread {
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
        errData.set(errPipe.fileHandleForReading.readDataToEndOfFile())
        group.leave()
      }
      let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
      group.wait()
      exited.wait()
      // Closed here, not left to the pipes' deinit: on Linux, Foundation keeps a Process that
      // had a termination handler (and its pipes) alive, and a `vault watch --sync` running for
      // days would run out of file descriptors.
      try? outPipe.fileHandleForReading.close()
      try? errPipe.fileHandleForReading.close()
      return Output(
        status: process.terminationStatus, data: outData, err: String(decoding: errData.get(), as: UTF8.self))
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
