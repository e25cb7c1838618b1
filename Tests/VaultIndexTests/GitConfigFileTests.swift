import Foundation
import Testing

@testable import VaultKit

/// `vault sync` reads the repository's config file itself (the fetch then starts at once): what
/// it reads must be what `git config` gives, for every way git writes a value, and it must give
/// up (and ask git) on what it does not follow.
struct GitConfigFileTests {
  /// A repository whose config `git config` itself wrote, with the values given.
  func repository(_ values: [(String, String)], extra: String = "") throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try git(["init", "-q"], in: folder)
    for (key, value) in values { try git(["config", "--local", key, value], in: folder) }
    if !extra.isEmpty {
      let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/.git/config"))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(extra.utf8))
      try handle.close()
    }
    return folder
  }

  @discardableResult
  func git(_ arguments: [String], in folder: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder] + arguments
    var environment = ProcessInfo.processInfo.environment
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["HOME"] = folder
    process.environment = environment
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(arguments: [
    "/usr/local/bin/vault-merge-driver %O %A %B %P",
    "'/home/ana/my vault tools/vault-merge-driver' %O %A %B %P",
    "\"/opt/with quotes\"/driver %O # not a comment here",
    "a;b;c  with  spaces\tand tab",
    "back\\slash \\n and trailing space ",
  ])
  func aValueReadsAsGitGivesIt(driver: String) throws {
    let folder = try repository([
      ("merge.vault.driver", driver), ("remote.origin.url", "git@example.com:ana/vault.git"),
      ("remote.Backup Copy.url", "/mnt/backup/vault.git"), ("branch.main.remote", "origin"),
      ("branch.main.merge", "refs/heads/main"),
    ])
    let read = try #require(ConfigFile.read(gitDirectory: folder + "/.git", environment: [:]))
    let asGitGives = try git(["config", "--get", "merge.vault.driver"], in: folder)
    #expect(read.driver.map { $0 + "\n" } == asGitGives)
    #expect(Set(read.remotes) == ["origin", "Backup Copy"])
    #expect(read.branchSettings == ["branch.main.remote": "origin", "branch.main.merge": "refs/heads/main"])
  }

  @Test func anIncludeOrAnUnreadableLineIsLeftToGit() throws {
    let included = try repository([("remote.origin.url", "/x")], extra: "[include]\n\tpath = other.config\n")
    #expect(ConfigFile.read(gitDirectory: included + "/.git", environment: [:]) == nil)
    let continued = try repository([("remote.origin.url", "/x")], extra: "[merge \"vault\"]\n\tdriver = a \\\n b\n")
    #expect(ConfigFile.read(gitDirectory: continued + "/.git", environment: [:]) == nil)
    let plain = try repository([("remote.origin.url", "/x")])
    #expect(ConfigFile.read(gitDirectory: plain + "/.git", environment: ["GIT_DIR": "/elsewhere"]) == nil)
  }
}
