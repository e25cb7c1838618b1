import Foundation
import Testing

@Suite struct IndexCommandTests {
  @Test func summaryThenNothingToDo() throws {
    let vault = try Fixture.copy("ExampleVault")
    let index = vault.deletingLastPathComponent().appendingPathComponent("cache/index.sqlite").path
    let first = try CLI.run(["index", "--index", index], in: vault)
    #expect(first.status == 0)
    let lines = first.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("indexed 51 files in ") == true)
    #expect(lines.first?.hasSuffix(" s: 51 parsed, 0 removed") == true)
    #expect(
      lines.dropFirst().first
        == "10 events, 39 tasks, 3 goals, 3 insights, 7 principles, 27 journal entries, 6 notes; 0 errors, 0 warnings")
    #expect(lines.last == "index: \(index)")
    let second = try CLI.run(["index"], in: vault, environment: ["VAULT_INDEX": index])
    #expect(second.stdout.contains(" s: 0 parsed, 0 removed"))
  }

  @Test func twoProcessesAtOnceBothAnswer() throws {
    let vault = try Fixture.copy("ExampleVault")
    let index = vault.deletingLastPathComponent().appendingPathComponent("cache/index.sqlite").path
    let errors = [Pipe(), Pipe()]
    let results = try errors.map { error -> Process in
      let process = Process()
      process.executableURL = CLI.executable
      process.arguments = ["index", "--json", "--index", index, "--vault", vault.path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = error
      try process.run()
      return process
    }
    let messages = errors.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
    for process in results { process.waitUntilExit() }
    #expect(results.map(\.terminationStatus) == [0, 0])
    // Neither took the other's new index for a damaged one (it was once rebuilt under it).
    #expect(messages == ["", ""])
    let check = try CLI.run(["index", "--json", "--index", index], in: vault)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    #expect(object["parsed"] as? Int == 0)
    #expect((object["items"] as? [String: Int])?["task"] == 39)
  }

  @Test func defaultLocationIsOutsideTheVault() throws {
    let vault = try Fixture.copy("ExampleVault")
    let cache = vault.deletingLastPathComponent().appendingPathComponent("xdg")
    let result = try CLI.run(["index", "--json"], in: vault, environment: ["XDG_CACHE_HOME": cache.path])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let path = try #require(object["index"] as? String)
    #expect(path.hasPrefix(cache.path + "/vault/ExampleVault-"))
    #expect(path.hasSuffix("/index.sqlite"))
    #expect(FileManager.default.fileExists(atPath: path))
  }
}
