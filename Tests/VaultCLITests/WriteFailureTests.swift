import Foundation
import TestSupport
import Testing

#if os(Linux)
/// A full disk or a read-only file system gives one clear error line and leaves
/// every file as it was — never a stack trace. The failures are real system call failures,
/// injected into the built binary by `Fixtures/Shims/write-failure.c` (LD_PRELOAD): on the
/// vault's files only, so the index outside it keeps working.
@Suite struct WriteFailureTests {
  static let writes: [[String]] = [
    ["add", "task", "Call Mum"], ["done", "Tasks.md:6"], ["task", "Tasks.md:6", "--due", "fri"],
    ["set", "Read 24 Books", "progress", "50"], ["journal", "A walk"], ["mood", "7"],
    ["add", "event", "Party", "--date", "fri"], ["add", "note", "Idea"], ["principle", "add", "Be kind"],
    ["archive"], ["postpone", "Tasks.md:6"],
  ]

  /// The shim, compiled once per test run with the toolchain's clang.
  static let shim: Result<String, Oracle.Failure> = {
    do {
      let library = ScratchFolder.root.appendingPathComponent("write-failure.so").path
      let source = Fixture.testsFolder.appendingPathComponent("Fixtures/Shims/write-failure.c").path
      _ = try Oracle.run("clang", ["-shared", "-fPIC", "-o", library, source, "-ldl"])
      return .success(library)
    } catch let failure as Oracle.Failure {
      return .failure(failure)
    } catch {
      return .failure(Oracle.Failure(description: "\(error)"))
    }
  }()

  func failing(_ errno: Int32, _ folder: URL) throws -> [String: String] {
    [
      "LD_PRELOAD": try Self.shim.get(), "FAIL_DIR": folder.path + "/", "FAIL_ERRNO": String(errno),
      "SWIFT_BACKTRACE": "enable=no", "VAULT_TODAY": "2026-11-23", "VAULT_INDEX": folder.path + "-index.sqlite",
    ]
  }

  @Test(arguments: [(ENOSPC, "No space left on device"), (EROFS, "Read-only file system")])
  func aFailedWriteIsOneLineAndChangesNothing(errno: Int32, reason: String) throws {
    let folder = try Fixture.copy("ExampleVault")
    // The index is built first, without failures, as on a disk that filled up later.
    #expect(try CLI.run(["today"], in: folder, environment: failing(0, folder)).status == 0)
    let before = try Fixture.contents(of: folder)
    for command in Self.writes + (errno == EROFS ? [["rm", "Tasks", "--yes"]] : []) {
      let result = try CLI.run(command, in: folder, environment: failing(errno, folder))
      #expect(result.status == 1, "\(command): \(result.stdout)")
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(command): \(result.stderr)")
      #expect(
        lines.first?.hasPrefix("vault: error: cannot write '") == true && lines.first?.hasSuffix(reason) == true,
        "\(command): \(result.stderr)")
      #expect(try Fixture.contents(of: folder) == before, "\(command) changed the vault")
    }
  }

  /// Output that cannot be written (`vault tasks > file` on a full disk) is one line on
  /// standard error and exit status 74, not a crash.
  @Test func outputOnAFullDiskIsOneLine() throws {
    let folder = try Fixture.copy("ExampleVault")
    let output = folder.appendingPathComponent("out.txt")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let process = Process()
    process.executableURL = CLI.executable
    process.arguments = ["tasks"]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(try failing(ENOSPC, folder)) { $1 }
    let errors = Pipe()
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(text == "vault: error: cannot write the output: No space left on device\n")
  }
}
#endif
