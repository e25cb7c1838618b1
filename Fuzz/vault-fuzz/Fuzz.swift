import ArgumentParser
import Foundation
import VaultCore
import VaultMarkdown

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `make fuzz`: the reading side must never be stalled by one note. Parses the pathological
/// recipes at 1 MB, then mutates real notes for a bounded time; fails on a crash (the input is
/// saved first) or on any input slower than the limit.
@main
struct Fuzz: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vault-fuzz",
    abstract: "Parse pathological and mutated notes; fail on a crash or on any input slower than a second.",
    subcommands: [Fixtures.self, Mutate.self, Files.self],
    defaultSubcommand: Fixtures.self)
}

struct Limits: ParsableArguments {
  @Option(help: "The slowest a note may take to read, in seconds.") var limit = 1.0
  @Option(help: "Where failing inputs are written.") var save = "/tmp/vault-fuzz"
}

struct Fixtures: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Read every pathological recipe (Pathological.swift) at the given size and time it.")

  @Option(help: "The size of each input in bytes.") var size = 1_000_000
  @Option(help: "Only the recipes whose name contains this.") var only: String?
  @Option(help: "Also write each input to this folder, as NAME.md, to try with vault itself.") var write: String?
  @OptionGroup var limits: Limits

  func run() throws {
    let reader = Reader(limits: limits)
    var slow: [String] = []
    let recipes = Pathological.all.filter { recipe in only.map { recipe.name.contains($0) } ?? true }
    if let write { try FileManager.default.createDirectory(atPath: write, withIntermediateDirectories: true) }
    for recipe in recipes {
      let bytes = recipe.bytes(size: size)
      if let write { try Data(bytes).write(to: URL(fileURLWithPath: "\(write)/\(recipe.name).md")) }
      let seconds = reader.time(bytes, name: recipe.name)
      let mark = seconds > limits.limit ? "  SLOW" : ""
      print(
        "\(recipe.name.padding(toLength: 32, withPad: " ", startingAt: 0)) \(bytes.count / 1000) KB  \(String(format: "%7.3f", seconds)) s\(mark)"
      )
      if seconds > limits.limit {
        slow.append(recipe.name)
        try reader.save(bytes, as: recipe.name)
      }
    }
    guard slow.isEmpty else {
      throw ValidationError(
        "\(slow.count) of \(recipes.count) inputs took longer than \(limits.limit) s: \(slow.joined(separator: ", ")); saved in \(limits.save)"
      )
    }
    print("all \(recipes.count) inputs read in under \(limits.limit) s each")
  }
}

struct Mutate: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Mutate the notes of a vault and the recipes for a while; time each read.")

  @Option(help: "How long to run, in seconds.") var seconds = 60.0
  @Option(help: "The seed (the same seed gives the same inputs).") var seed: UInt64 = 22
  @Option(help: "The vault whose notes are mutated.") var corpus = "ExampleVault"
  @Option(help: "The largest input in bytes.") var size = 1_000_000
  @OptionGroup var limits: Limits

  func run() throws {
    var seeds = try Self.notes(in: corpus)
    seeds += Pathological.all.map { $0.bytes(size: 200) }
    let reader = Reader(limits: limits)
    var mutator = Mutator(seed: seed)
    let start = Date()
    var count = 0
    var slowest = (seconds: 0.0, size: 0)
    var pool = seeds
    while Date().timeIntervalSince(start) < seconds {
      let input = mutator.mutate(pool[mutator.random.below(pool.count)], corpus: seeds, limit: size)
      let time = reader.time(input, name: "mutation \(count) of seed \(seed)")
      count += 1
      if time > slowest.seconds { slowest = (time, input.count) }
      if time > limits.limit {
        try reader.save(input, as: "slow-\(seed)-\(count)")
        throw ValidationError(
          "mutation \(count) of seed \(seed) (\(input.count) bytes) took \(String(format: "%.2f", time)) s; saved in \(limits.save)"
        )
      }
      // Keep some mutants to mutate further, so runs of tokens build up.
      if input.count < size / 2, mutator.random.below(4) == 0 {
        if pool.count < 4 * seeds.count { pool.append(input) } else { pool[mutator.random.below(pool.count)] = input }
      }
    }
    print(
      "\(count) mutations of \(seeds.count) notes in \(Int(seconds)) s (seed \(seed)); slowest \(String(format: "%.3f", slowest.seconds)) s for \(slowest.size / 1000) KB"
    )
  }

  static func notes(in folder: String) throws -> [[UInt8]] {
    guard let walk = FileManager.default.enumerator(atPath: folder) else {
      throw ValidationError("cannot read \(folder)")
    }
    var notes: [[UInt8]] = []
    for case let path as String in walk where path.hasSuffix(".md") {
      if let data = FileManager.default.contents(atPath: folder + "/" + path) { notes.append(Array(data)) }
    }
    guard !notes.isEmpty else { throw ValidationError("no notes in \(folder)") }
    return notes
  }
}

struct Files: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Time the reading of the given files, such as an input a failed run saved.")

  @Argument(help: "The files to read.") var files: [String]
  @OptionGroup var limits: Limits

  func run() throws {
    let reader = Reader(limits: limits)
    var slow = 0
    for file in files {
      guard let data = FileManager.default.contents(atPath: file) else { throw ValidationError("cannot read \(file)") }
      let seconds = reader.time(Array(data), name: file)
      print(
        "\(file)  \(data.count / 1000) KB  \(String(format: "%.3f", seconds)) s\(seconds > limits.limit ? "  SLOW" : "")"
      )
      if seconds > limits.limit { slow += 1 }
    }
    if slow > 0 { throw ExitCode.failure }
  }
}

/// Reads one input as vault reads a note (parse, then interpret), timing it; a watchdog ends the
/// process when one read runs ten times past the limit, and a crash handler saves the input.
final class Reader: @unchecked Sendable {
  let limits: Limits
  let interpreter = NoteInterpreter(settings: VaultSettings())
  private let lock = NSLock()
  private var started: Date?
  private var current: (bytes: [UInt8], name: String) = ([], "")

  init(limits: Limits) {
    self.limits = limits
    try? FileManager.default.createDirectory(atPath: limits.save, withIntermediateDirectories: true)
    CrashSaver.install(path: limits.save + "/crash.md")
    // The watchdog holds the reader for as long as the process runs: with `unowned`, a reader
    // that went away as the command returned crashed the watchdog's next look, after a run
    // that had found nothing (seen once in CI at the end of `make fuzz`).
    let watchdog = Thread { [self] in
      while true {
        Thread.sleep(forTimeInterval: 0.05)
        self.lock.lock()
        let overdue = self.started.map { Date().timeIntervalSince($0) > 10 * self.limits.limit } ?? false
        let (bytes, name) = self.current
        self.lock.unlock()
        if overdue {
          try? self.save(bytes, as: "stalled")
          FileHandle.standardError.write(
            Data(
              "error: \(name) (\(bytes.count) bytes) ran past \(10 * self.limits.limit) s; saved as \(self.limits.save)/stalled.md\n"
                .utf8))
          exit(1)
        }
      }
    }
    watchdog.start()
  }

  func time(_ bytes: [UInt8], name: String) -> Double {
    CrashSaver.hold(bytes)
    lock.lock()
    current = (bytes, name)
    started = Date()
    lock.unlock()
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      var note = NoteParser.parse(bytes, path: "fuzz.md")
      interpreter.interpret(&note)
    }
    lock.lock()
    started = nil
    lock.unlock()
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  func save(_ bytes: [UInt8], as name: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: "\(limits.save)/\(name).md"))
  }
}

/// On a crash (a trap or a bad access), writes the input being read to a file with only
/// async-signal-safe calls, then exits.
enum CrashSaver {
  nonisolated(unsafe) static var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
  nonisolated(unsafe) static var count = 0
  nonisolated(unsafe) static var capacity = 1
  nonisolated(unsafe) static var path: UnsafeMutablePointer<CChar>?

  static func install(path: String) {
    self.path = strdup(path)
    for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
      signal(number) { number in
        if let path = CrashSaver.path {
          let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
          if file >= 0 {
            _ = write(file, CrashSaver.buffer, CrashSaver.count)
            close(file)
          }
        }
        let message = "vault-fuzz: crashed reading an input; it is saved as the file crash.md in the save folder\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(128 + number)
      }
    }
  }

  static func hold(_ bytes: [UInt8]) {
    if bytes.count > capacity {
      buffer.deallocate()
      capacity = bytes.count
      buffer = .allocate(capacity: capacity)
    }
    bytes.withUnsafeBufferPointer { if let base = $0.baseAddress { buffer.update(from: base, count: $0.count) } }
    count = bytes.count
  }
}
