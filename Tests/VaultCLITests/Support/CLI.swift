import Foundation
import TestSupport
import Testing

/// Runs the built `vault` binary and captures what it prints.
struct CLI {
  struct Result {
    var stdout: String
    var stderr: String
    var status: Int32
  }

  /// The `vault` executable next to the test bundle in the build folder.
  static let executable: URL = {
    var folder = Bundle.main.bundleURL
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("vault")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder.deleteLastPathComponent()
    }
    return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("vault")
  }()

  /// Runs vault in a fixture copy on a fixed day (at 09:00, the time new notes' `created`
  /// takes), its index beside the copy.
  static func run(
    _ arguments: [String], inVault folder: URL, today: String, extra: [String: String] = [:]
  ) throws
    -> Result
  {
    try run(
      arguments, in: folder,
      environment: [
        "VAULT_TODAY": today, "VAULT_NOW": today + "T09:00", "VAULT_INDEX": folder.path + "-index.sqlite",
      ].merging(extra) { $1 })
  }

  static func run(
    _ arguments: [String], in directory: URL, environment extra: [String: String] = [:], input: String? = nil,
    program: URL = executable
  ) throws -> Result {
    try start(arguments, in: directory, environment: extra, input: input, program: program).finish()
  }

  /// Runs `vault` on a pseudo-terminal (util-linux `script`), typing `input`: what a person
  /// at a terminal sees, standard output and error together, line ends as `\n`.
  static func runInTerminal(
    _ arguments: [String], in directory: URL, input: String, environment extra: [String: String] = [:]
  ) throws -> Result {
    let quote = { (word: String) in "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let command = ([executable.path] + arguments).map(quote).joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["script", "-qec", command, "/dev/null"]
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    for key in ["VAULT_DIR", "VAULT_TODAY", "VAULT_NOW", "VAULT_INDEX", "NO_COLOR"] { environment[key] = nil }
    environment["TERM"] = "dumb"
    environment["XDG_CACHE_HOME"] = ScratchFolder.cache.path
    environment["XDG_STATE_HOME"] = ScratchFolder.state.path
    environment.merge(extra) { $1 }
    process.environment = environment
    let output = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = standardInput
    try process.run()
    standardInput.fileHandleForWriting.write(Data(input.utf8))
    let text = output.fileHandleForReading.readDataToEndOfFile()
    try standardInput.fileHandleForWriting.close()
    process.waitUntilExit()
    return Result(
      stdout: String(decoding: text, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"), stderr: "",
      status: process.terminationStatus)
  }

  /// Runs every command line at once (real processes, started one after another without
  /// waiting), and returns their results in the same order.
  static func runTogether(
    _ commands: [[String]], inVault folder: URL, today: String, extra: [String: String] = [:]
  ) throws -> [Result] {
    let environment = [
      "VAULT_TODAY": today, "VAULT_NOW": today + "T09:00", "VAULT_INDEX": folder.path + "-index.sqlite",
    ].merging(extra) { $1 }
    let running = try commands.map { try start($0, in: folder, environment: environment) }
    return running.map { $0.finish() }
  }

  /// A started `vault` process.
  struct Running {
    let process: Process
    let out: Pipe
    let err: Pipe
    /// Signalled when the process ends: `waitUntilExit` polls every 50 ms on Linux.
    let exited = DispatchSemaphore(value: 0)

    /// Waits for it, reading what it prints.
    func finish() -> Result {
      let stdout = out.fileHandleForReading.readDataToEndOfFile()
      let stderr = err.fileHandleForReading.readDataToEndOfFile()
      exited.wait()
      // Closed here, not left to the pipes' deinit: on Linux, Foundation keeps a Process that
      // had a termination handler alive with its pipes, and the test process ran out of file
      // descriptors (Process.run crashed past 1,024).
      try? out.fileHandleForReading.close()
      try? err.fileHandleForReading.close()
      return Result(
        stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
        status: process.terminationStatus)
    }
  }

  static func start(
    _ arguments: [String], in directory: URL, environment extra: [String: String] = [:], input: String? = nil,
    program: URL = executable
  ) throws
    -> Running
  {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    for key in ["VAULT_DIR", "VAULT_TODAY", "VAULT_NOW", "VAULT_INDEX", "NO_COLOR"] { environment[key] = nil }
    environment["TERM"] = "dumb"
    // Indexes the test does not place go to the scratch folder, not to ~/.cache/vault.
    environment["XDG_CACHE_HOME"] = ScratchFolder.cache.path
    environment["XDG_STATE_HOME"] = ScratchFolder.state.path
    environment.merge(extra) { $1 }
    process.environment = environment
    let running = Running(process: process, out: Pipe(), err: Pipe())
    process.standardOutput = running.out
    process.standardError = running.err
    process.terminationHandler = { [exited = running.exited] _ in exited.signal() }
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    try process.run()
    if let input {
      // Written from another thread, so a large input never waits on unread output.
      let handle = stdin.fileHandleForWriting
      Thread.detachNewThread {
        try? handle.write(contentsOf: Data(input.utf8))
        try? handle.close()
      }
    }
    return running
  }
}

/// Fixture vaults, copied to a fresh temporary folder so tests can never change the originals.
enum Fixture {
  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  static let repository = testsFolder.deletingLastPathComponent().deletingLastPathComponent()

  /// A copy of ExampleVault to run `vault watch` on, with its environment: the index beside
  /// it, a fixed day, and a long wait for the watcher's answer (a loaded machine may take more
  /// than a second to answer: the tests wait longer than a command), and `extra` beside these.
  static func watchedExampleVault(_ extra: [String: String] = [:]) throws -> (URL, [String: String]) {
    let folder = try copy("ExampleVault")
    let environment = [
      "VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23", "VAULT_WATCH_TIMEOUT_MS": "20000",
    ]
    return (folder, environment.merging(extra) { $1 })
  }

  /// A copy of `Fixtures/NAME`, or of the repository's ExampleVault for "ExampleVault".
  static func copy(_ name: String) throws -> URL {
    let source =
      name == "ExampleVault"
      ? repository.appendingPathComponent("ExampleVault")
      : testsFolder.appendingPathComponent("Fixtures").appendingPathComponent(name)
    let target = try ScratchFolder.make("fixture").appendingPathComponent(name)
    try FileManager.default.copyItem(at: source, to: target)
    // Every file written on one fixed day long ago, so what `vault today` shows under
    // "Recently" depends on what a test writes, never on when the copy was made.
    if let files = FileManager.default.enumerator(at: target, includingPropertiesForKeys: nil) {
      for case let file as URL in files {
        try? FileManager.default.setAttributes([.modificationDate: fixedDate], ofItemAtPath: file.path)
      }
    }
    return target
  }

  /// 1 January 2020, 12:00 UTC.
  static let fixedDate = Date(timeIntervalSince1970: 1_577_880_000)

  /// Sets a fixture file's modification time to `day` (YYYY-MM-DD) at noon UTC.
  static func touch(_ folder: URL, _ path: String, on day: String) throws {
    let formatter = ISO8601DateFormatter()
    let date = try #require(formatter.date(from: day + "T12:00:00Z"))
    try FileManager.default.setAttributes(
      [.modificationDate: date], ofItemAtPath: folder.appendingPathComponent(path).path)
  }

  /// A file of a fixture copy as text.
  static func text(_ folder: URL, _ path: String) throws -> String {
    String(decoding: try Data(contentsOf: folder.appendingPathComponent(path)), as: UTF8.self)
  }

  /// Every file's path and bytes, to prove a command left the vault alone.
  static func contents(of folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
        result[url.path] = try Data(contentsOf: url)
      }
    }
    return result
  }
}

/// Golden files under `Snapshots/`. Set `VAULT_RECORD_SNAPSHOTS=1` to write them anew; a
/// recording run fails on purpose, so a recorded file is always looked at before it is kept.
enum Snapshot {
  static let folder = Fixture.testsFolder.appendingPathComponent("Snapshots")

  static func assert(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let file = folder.appendingPathComponent(name + ".txt")
    if ProcessInfo.processInfo.environment["VAULT_RECORD_SNAPSHOTS"] == "1" {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: file)
      Issue.record(
        "recorded snapshot \(name); run again without VAULT_RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
      return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
      Issue.record(
        "no snapshot \(name): run with VAULT_RECORD_SNAPSHOTS=1 to record it", sourceLocation: sourceLocation)
      return
    }
    #expect(actual == expected, "output differs from Snapshots/\(name).txt", sourceLocation: sourceLocation)
  }
}
