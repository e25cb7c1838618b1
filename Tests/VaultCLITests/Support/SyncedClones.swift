import Foundation
import TestSupport
import Testing

/// A bare remote and two clones of a vault in a temporary folder — a laptop and a phone — for
/// `vault sync` end to end with the git CLI.
struct SyncedClones {
  let folder: URL
  let remote: URL
  let laptop: URL
  let phone: URL

  /// `fixture` committed in the laptop's clone, pushed by `vault sync`, and cloned to the phone.
  /// `setUp: false` leaves the merge driver out (plain git merges, for the baseline).
  static func make(_ fixture: String = "ExampleVault", setUp: Bool = true) throws -> SyncedClones {
    let folder = try ScratchFolder.make("sync")
    let remote = folder.appendingPathComponent("remote.git")
    let laptop = folder.appendingPathComponent("laptop")
    let phone = folder.appendingPathComponent("phone")
    try FileManager.default.copyItem(at: try Fixture.copy(fixture), to: laptop)
    try git(["init", "-q", "--bare", "-b", "main", remote.path], in: folder)
    try git(["init", "-q", "-b", "main"], in: laptop)
    try identify(laptop, as: "laptop")
    try git(["add", "-A"], in: laptop)
    try git(["commit", "-q", "-m", "My vault"], in: laptop)
    try git(["remote", "add", "origin", remote.path], in: laptop)
    let clones = SyncedClones(folder: folder, remote: remote, laptop: laptop, phone: phone)
    if setUp {
      let first = try clones.vault(["sync"], on: laptop)
      #expect(first.status == 0, "\(first.stderr)")
    } else {
      try git(["push", "-q", "-u", "origin", "main"], in: laptop)
    }
    try git(["clone", "-q", remote.path, phone.path], in: folder)
    try identify(phone, as: "phone")
    if setUp { #expect(try clones.vault(["sync", "--setup"], on: phone).status == 0) }
    return clones
  }

  /// Who commits in a clone: its own config, so the machine's global git config plays no part.
  static func identify(_ clone: URL, as name: String) throws {
    try git(["config", "user.name", name], in: clone)
    try git(["config", "user.email", "\(name)@example.com"], in: clone)
  }

  /// `vault ARGS` in a clone, as the machine of that clone.
  func vault(
    _ arguments: [String], on clone: URL, today: String = "2026-11-25", now: String? = nil
  ) throws -> CLI.Result {
    try CLI.run(arguments, in: clone, environment: environment(of: clone, today: today, now: now))
  }

  /// What `vault` runs with in a clone: its machine name, the day, its own index.
  func environment(of clone: URL, today: String = "2026-11-25", now: String? = nil) -> [String: String] {
    [
      "VAULT_MACHINE": clone.lastPathComponent, "VAULT_TODAY": today, "VAULT_NOW": now ?? today + "T09:00",
      "VAULT_INDEX": clone.path + "-index.sqlite", "VAULT_DIR": clone.path,
    ]
  }

  /// git ARGS in `folder`; fails the test when git does.
  @discardableResult
  static func git(_ arguments: [String], in folder: URL, allowFailure: Bool = false) throws -> CLI.Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_TERMINAL_PROMPT"] = "0"
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    exited.wait()
    // Closed here: Foundation keeps a Process with a termination handler, and its pipes, alive.
    try? out.fileHandleForReading.close()
    try? err.fileHandleForReading.close()
    let result = CLI.Result(
      stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
      status: process.terminationStatus)
    if !allowFailure && result.status != 0 {
      Issue.record("git \(arguments.joined(separator: " ")) failed: \(result.stderr)")
    }
    return result
  }

  /// Every file of a clone but its `.git`, by path.
  static func files(of clone: URL) throws -> [String: Data] {
    try Fixture.contents(of: clone).filter { !$0.key.contains("/.git/") }.reduce(into: [:]) { result, entry in
      result[String(entry.key.dropFirst(clone.path.count + 1))] = entry.value
    }
  }
}
