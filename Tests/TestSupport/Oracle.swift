import Foundation

/// The real programs that formats are tested against (moment.js, Python's icalendar, khal…):
/// `scripts/install-test-deps` installs them, and `make test` runs it first.
public enum Oracle {
  public struct Failure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// The standard output of `program arguments`, found on `PATH`; a missing program or a
  /// failure is an error that says what to install, never a skipped test.
  public static func run(
    _ program: String, _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
  ) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = standardInput
    try process.run()
    // Read while it runs, on threads of their own: a large output would otherwise fill the
    // pipe and stall it.
    let box = Box()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { box.output = output.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: group) { box.errors = errors.fileHandleForReading.readDataToEndOfFile() }
    if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
    try standardInput.fileHandleForWriting.close()
    process.waitUntilExit()
    group.wait()
    let data = box.output
    let errorText = String(decoding: box.errors, as: UTF8.self)
    guard process.terminationStatus == 0 else {
      if process.terminationStatus == 127 {
        throw Failure(description: "\(program) is not installed: run scripts/install-test-deps (make test does)")
      }
      throw Failure(
        description: "\(program) failed (\(process.terminationStatus)): \(errorText.prefix(2000))"
          + (errorText.contains("Cannot find module") || errorText.contains("No module named")
            ? " — run scripts/install-test-deps (make test does)" : ""))
    }
    return String(decoding: data, as: UTF8.self)
  }

  private final class Box: @unchecked Sendable {
    var output = Data()
    var errors = Data()
  }
}
