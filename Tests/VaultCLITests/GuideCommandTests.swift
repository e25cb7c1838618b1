import Foundation
import TestSupport
import Testing

/// Every command the user guide (docs/GUIDE.md) and the README show in a `sh` block runs as
/// written: each section of the guide on a fresh copy of ExampleVault, its commands in order
/// through `bash -c` with the built `vault` first on `PATH`, as a person would type them, on
/// 23 November 2026. A command exits 0 unless its comment says `exit status N`; one whose
/// comment says it runs "until Ctrl-C" must still run after a moment and stop cleanly on
/// SIGTERM. And every command of `vault --help` is shown in the guide.
@Suite struct GuideCommandTests {
  struct Command: CustomStringConvertible {
    var document: String
    var section: String
    var line: String
    var description: String { "\(document), \(section): \(line)" }

    /// The comment after the command, if any (` # ...`).
    var comment: String { line.range(of: " # ").map { String(line[$0.upperBound...]) } ?? "" }
    var runsUntilStopped: Bool { comment.contains("until Ctrl-C") }
    var expectedStatus: Int32 {
      guard let range = comment.range(of: #"exit status (\d+)"#, options: .regularExpression) else { return 0 }
      return Int32(comment[range].split(separator: " ").last ?? "0") ?? 0
    }
  }

  /// The commands of each `## ` section's `sh` blocks, in order; in the README only lines
  /// that run vault (its quick start's `make` lines are what CI runs).
  static func sections(of document: String, onlyVault: Bool) throws -> [(String, [Command])] {
    let text = try String(contentsOf: Fixture.repository.appendingPathComponent(document), encoding: .utf8)
    var result: [(String, [Command])] = []
    var section = "(top)"
    var inShell = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if !inShell, line.hasPrefix("## ") { section = String(line.dropFirst(3)) }
      if line.hasPrefix("```") {
        inShell = !inShell && line == "```sh"
        continue
      }
      guard inShell, !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
      if onlyVault && !line.hasPrefix("vault") { continue }
      let command = Command(document: document, section: section, line: line)
      if result.last?.0 == section {
        result[result.count - 1].1.append(command)
      } else {
        result.append((section, [command]))
      }
    }
    return result
  }

  static let guide = (try? sections(of: "docs/GUIDE.md", onlyVault: false)) ?? []
  static let readme = (try? sections(of: "README.md", onlyVault: true)) ?? []

  @Test func theGuideAndTheREADMEShowCommands() {
    #expect(Self.guide.count >= 12, "sections with commands in docs/GUIDE.md")
    #expect(Self.guide.flatMap(\.1).count >= 100)
    #expect(!Self.readme.isEmpty)
  }

  @Test(arguments: guide + readme)
  func everyCommandRuns(section: String, commands: [Command]) throws {
    let vault = try Fixture.copy("ExampleVault")
    let home = vault.deletingLastPathComponent().appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    let overrides = [
      "HOME": home.path, "XDG_CONFIG_HOME": home.path + "/.config", "XDG_STATE_HOME": home.path + "/.state",
      "XDG_CACHE_HOME": home.path + "/.cache", "VAULT_TODAY": "2026-11-23", "VAULT_NOW": "2026-11-23T08:30",
      "NO_COLOR": "1", "EDITOR": "true", "VISUAL": "true",
      "PATH": CLI.executable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin"),
      "GIT_AUTHOR_NAME": "Guide", "GIT_AUTHOR_EMAIL": "guide@example.org", "GIT_COMMITTER_NAME": "Guide",
      "GIT_COMMITTER_EMAIL": "guide@example.org", "GIT_CONFIG_NOSYSTEM": "1",
    ]
    environment.merge(overrides) { $1 }
    for key in ["VAULT_DIR", "VAULT_INDEX", "COLUMNS"] { environment[key] = nil }
    for command in commands {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      // `exec`: the signal that stops a long-running command reaches vault itself.
      process.arguments = ["-c", (command.runsUntilStopped ? "exec " : "") + command.line]
      process.currentDirectoryURL = vault
      process.environment = environment
      let output = Pipe()
      let errors = Pipe()
      process.standardOutput = output
      process.standardError = errors
      process.standardInput = FileHandle.nullDevice
      try process.run()
      // Read as it comes, so a command with much to say never blocks on a full pipe.
      let read = DispatchGroup()
      nonisolated(unsafe) var written = Data()
      nonisolated(unsafe) var said = Data()
      DispatchQueue.global().async(group: read) { written = output.fileHandleForReading.readDataToEndOfFile() }
      DispatchQueue.global().async(group: read) { said = errors.fileHandleForReading.readDataToEndOfFile() }
      let deadline = Date().addingTimeInterval(command.runsUntilStopped ? 2 : 60)
      while process.isRunning && Date() < deadline { usleep(20_000) }
      if command.runsUntilStopped {
        #expect(process.isRunning, "\(command) ended by itself: \(String(decoding: said, as: UTF8.self))")
        if process.isRunning { process.terminate() }
      } else if process.isRunning {
        process.terminate()
        Issue.record("\(command) still ran after 60 s")
      }
      process.waitUntilExit()
      read.wait()
      let status = process.terminationStatus
      #expect(
        status == command.expectedStatus,
        "\(command) exited \(status): \(String(decoding: said, as: UTF8.self))\(String(decoding: written.prefix(2000), as: UTF8.self))"
      )
    }
  }

  /// Every command `vault --help` lists is shown in the guide, so none is left undocumented.
  @Test func theGuideShowsEveryCommand() throws {
    let help = try CLI.run(["--help"], in: Fixture.repository)
    let list = help.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
    let names = list.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().prefix { !$0.isEmpty }
      .compactMap {
        line -> String? in
        // `  name   what it does`; its continuation lines are indented further.
        guard line.hasPrefix("  "), line.dropFirst(2).first?.isLetter == true,
          let first = line.split(separator: " ").first
        else { return nil }
        return String(first)
      }
    #expect(names.count > 30)
    let shown = Set(
      Self.guide.flatMap(\.1).flatMap { command -> [String] in
        let code = command.line.components(separatedBy: " # ")[0]
        let words = code.split(separator: " ").map(String.init)
        // The word after `vault` and its global options (`vault --vault ~/Work import ...`).
        guard var index = words.firstIndex(of: "vault").map({ $0 + 1 }) else { return [] }
        while index < words.count, words[index].hasPrefix("--") { index += 2 }
        return index < words.count ? [words[index]] : ["today"]
      })
    for name in names { #expect(shown.contains(name), "docs/GUIDE.md shows no `vault \(name)`") }
  }

  /// The morning the README shows under the quick start is what `make demo` prints in a
  /// terminal of 80 columns, line for line.
  @Test func theREADMEShowsTheDemosMorningAsItIs() throws {
    let readme = try String(contentsOf: Fixture.repository.appendingPathComponent("README.md"), encoding: .utf8)
    let after = try #require(readme.components(separatedBy: "`make demo` shows").dropFirst().first)
    let block = try #require(after.components(separatedBy: "```\n").dropFirst().first)
    let folder = try Fixture.copy("ExampleVault")
    let result = try CLI.run(
      ["today", "--now", "2026-11-23T07:30"], in: folder,
      environment: ["COLUMNS": "80", "VAULT_INDEX": folder.path + "-index.sqlite"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(block == result.stdout, "README.md's demo differs from vault today at 80 columns:\n\(result.stdout)")
  }
}
