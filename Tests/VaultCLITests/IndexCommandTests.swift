import Foundation
import TestSupport
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

  /// Processes refreshing one index at once, each with something to write: the first round
  /// creates it, the later ones find an edited note. Each takes the index file's lock before
  /// the search file's, so none waits for another crosswise (which would end in "busy").
  @Test func processesAtOnceAllAnswer() throws {
    let vault = try Fixture.copy("ExampleVault")
    let index = vault.deletingLastPathComponent().appendingPathComponent("cache/index.sqlite").path
    let note = vault.appendingPathComponent("Tasks.md")
    for round in 0..<3 {
      if round > 0 {
        let text = try String(contentsOf: note, encoding: .utf8) + "- [ ] round \(round)\n"
        try Data(text.utf8).write(to: note)
        try FileManager.default.setAttributes(
          [.modificationDate: Date().addingTimeInterval(Double(round))], ofItemAtPath: note.path)
      }
      let errors = (0..<4).map { _ in Pipe() }
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
      #expect(results.map(\.terminationStatus) == [0, 0, 0, 0])
      // None took another's new index for a damaged one (it was once rebuilt under it).
      #expect(messages == ["", "", "", ""])
      // The first round's processes each built a first index beside it; one was put in place
      // and the others dropped theirs.
      let folder = (index as NSString).deletingLastPathComponent
      let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
      #expect(
        names.filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") }
          == ["index.sqlite", "index.sqlite-search", "index.sqlite.lock"])
    }
    let check = try CLI.run(["index", "--json", "--index", index], in: vault)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
    #expect(object["parsed"] as? Int == 0)
    #expect((object["items"] as? [String: Int])?["task"] == 41)
    let found = try CLI.run(["search", "round", "--json", "--index", index], in: vault)
    #expect(found.stdout.contains("\"total\" : 1") || found.stdout.contains("\"total\":1"))
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

  /// `--index index.sqlite` names a file in the working directory, and the watcher's socket
  /// beside it is found by a command run there.
  @Test func indexNamedRelativeToTheWorkingDirectory() throws {
    let vault = try Fixture.copy("ExampleVault")
    let here = vault.deletingLastPathComponent()
    let arguments = ["--vault", vault.lastPathComponent, "--index", "index.sqlite"]
    let result = try CLI.run(["index"] + arguments, in: here)
    #expect(result.status == 0)
    #expect(!result.stderr.contains("warning"), "\(result.stderr)")
    #expect(result.stdout.hasSuffix("index: \(here.path)/index.sqlite\n"))
    #expect(FileManager.default.fileExists(atPath: here.appendingPathComponent("index.sqlite").path))
  }

  /// A folder that is there but cannot be read (no permission, or listed but not entered; a
  /// network or FUSE mount whose server went away) is not a folder whose notes were deleted: the index keeps what it read
  /// there, with a warning, and finds it unchanged once the folder can be read again. (As root,
  /// which every folder lets in, vault runs as the user nobody.)
  @Test func aFolderThatCannotBeReadKeepsItsNotesInTheIndex() throws {
    let vault = try Fixture.copy("ExampleVault")
    let index = try Self.indexRunAsNobody(vault)
    let summary: String = "10 events, 39 tasks, 3 goals, 3 insights, 7 principles, 27 journal entries, 6 notes"
    let first = try index()
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains(" s: 51 parsed, 0 removed"), "\(first.stdout)")
    let events = vault.appendingPathComponent("Events").path
    chmod(events, 0)
    defer { chmod(events, 0o755) }
    let unreadable = try index()
    #expect(unreadable.stdout.contains(" s: 0 parsed, 0 removed"), "\(unreadable.stdout)")
    #expect(unreadable.stdout.contains(summary), "\(unreadable.stdout)")
    #expect(unreadable.stdout.contains("; 0 errors, 1 warning (`vault check` lists them)"), "\(unreadable.stdout)")
    // Listed but not entered (`chmod -R 644`): every file's `stat` is refused.
    chmod(events, 0o644)
    let unsearchable = try index()
    #expect(unsearchable.stdout.contains(" s: 0 parsed, 0 removed"), "\(unsearchable.stdout)")
    #expect(unsearchable.stdout.contains(summary), "\(unsearchable.stdout)")
    #expect(unsearchable.stdout.contains("; 0 errors, 1 warning (`vault check` lists them)"), "\(unsearchable.stdout)")
    chmod(events, 0o755)
    let again = try index()
    #expect(again.stdout.contains(" s: 0 parsed, 0 removed"), "\(again.stdout)")
    #expect(again.stdout.contains(summary), "\(again.stdout)")
  }

  /// A note changed while it cannot be read (its permissions taken away as it was written, a
  /// network file system's error) is not taken for an empty note: its event stays in the index,
  /// with a warning at each refresh, until it can be read again, and then it is read.
  @Test func aNoteChangedWhileItCannotBeReadKeepsWhatTheIndexReadOfIt() throws {
    let vault = try Fixture.copy("ExampleVault")
    let index = try Self.indexRunAsNobody(vault)
    let summary: String = "10 events, 39 tasks, 3 goals, 3 insights, 7 principles, 27 journal entries, 6 notes"
    #expect(try index().stdout.contains(summary))
    let note = vault.appendingPathComponent("Events/2026-11-28 Dentist.md")
    try Editor.append("Bring the insurance card.\n", to: note)
    chmod(note.path, 0)
    defer { chmod(note.path, 0o644) }
    for _ in 0..<2 {
      let unreadable = try index()
      #expect(unreadable.stdout.contains(" s: 1 parsed, 0 removed"), "\(unreadable.stdout)")
      #expect(unreadable.stdout.contains(summary + "; 0 errors, 1 warning"), "\(unreadable.stdout)")
    }
    chmod(note.path, 0o644)
    let again = try index()
    #expect(again.stdout.contains(" s: 1 parsed, 0 removed"), "\(again.stdout)")
    #expect(again.stdout.contains(summary + "; 0 errors, 0 warnings"), "\(again.stdout)")
    let found = try CLI.run(
      ["search", "insurance card"], in: vault, environment: ["VAULT_INDEX": vault.path + "-own.sqlite"])
    #expect(found.stdout.contains("Dentist"), "\(found.stdout)")
  }

  /// `vault index` in a vault, as the user nobody when run as root (whom every file lets in),
  /// with an index and a copy of the program of its own.
  static func indexRunAsNobody(_ vault: URL) throws -> () throws -> CLI.Result {
    let own = try ScratchFolder.make("unreadable")
    chmod(own.path, 0o777)
    let program = own.appendingPathComponent("vault")
    try FileManager.default.copyItem(at: CLI.executable, to: program)
    let environment = [
      "VAULT_INDEX": own.path + "/index.sqlite", "XDG_CACHE_HOME": own.path, "XDG_STATE_HOME": own.path,
      "HOME": own.path,
    ]
    return {
      guard getuid() == 0 else { return try CLI.run(["index"], in: vault, environment: environment, program: program) }
      return try CLI.run(
        ["--reuid=65534", "--regid=65534", "--clear-groups", program.path, "index"], in: vault,
        environment: environment, program: URL(fileURLWithPath: "/usr/bin/setpriv"))
    }
  }
}
