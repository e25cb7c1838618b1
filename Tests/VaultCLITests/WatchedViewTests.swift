import Foundation
import TestSupport
import Testing

/// The views a running `vault watch` answers itself: what the command prints is byte for byte
/// what it prints working out its view on its own (`VAULT_WATCH_VIEWS=0`), in a pipe, on a
/// terminal, from another folder; and a request the watcher should not answer (another
/// binary, another time zone, a failing command line) is declined, and the command runs itself.
@Suite(.serialized) struct WatchedViewTests {
  func vault() throws -> (URL, [String: String]) {
    try Fixture.watchedExampleVault(["VAULT_NOW": "2026-11-23T08:30"])
  }

  /// Runs `body` while `vault watch --verbose` runs; returns what the watcher printed, one
  /// line for each view it answered or declined.
  func watching(_ folder: URL, _ environment: [String: String], _ body: () throws -> Void) throws -> [String] {
    let watch = try CLI.start(["watch", "--verbose"], in: folder, environment: environment)
    var up = false
    for _ in 0..<600 where !up {
      up = try CLI.run(["watch", "--status"], in: folder, environment: environment).status == 0
      if !up { Thread.sleep(forTimeInterval: 0.05) }
    }
    #expect(up, "the watcher never answered")
    try body()
    watch.process.interrupt()
    let result = watch.finish()
    #expect(result.status == 0, "\(result.stderr)")
    return result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("vault: view: ") }
  }

  /// Environment for the command working out its view itself.
  func onItsOwn(_ environment: [String: String]) -> [String: String] {
    environment.merging(["VAULT_WATCH_VIEWS": "0"]) { $1 }
  }

  @Test func theWatchersAnswerIsWhatTheCommandPrintsOnItsOwn() throws {
    let (folder, environment) = try vault()
    let views: [([String], [String: String])] = [
      ([], [:]), (["today"], ["COLUMNS": "60"]), (["today", "--json"], [:]),
      (["today", "--color", "always", "--limit", "5"], ["COLUMNS": "160"]),
      (["--today", "2026-12-24", "today"], [:]), (["agenda", "--days", "30"], ["COLUMNS": "80"]),
      (["calendar"], [:]), (["calendar", "2027-01"], ["COLUMNS": "60"]), (["countdown"], [:]), (["goals"], [:]),
      (["goals", "--json"], [:]), (["tasks", "--overdue"], [:]), (["tasks", "--json"], [:]),
      (["tasks", "--tag", "errand"], ["NO_COLOR": "1"]),
    ]
    let log = try watching(folder, environment) {
      for (arguments, extra) in views {
        let watched = try CLI.run(arguments, in: folder, environment: environment.merging(extra) { $1 })
        let own = try CLI.run(arguments, in: folder, environment: onItsOwn(environment).merging(extra) { $1 })
        #expect(watched.status == 0, "\(arguments): \(watched.stderr)")
        #expect(watched.stdout == own.stdout, "\(arguments)")
        #expect(watched.stderr == own.stderr, "\(arguments)")
      }
    }
    #expect(log.count == views.count, "\(log)")
    #expect(log.allSatisfy { $0.hasPrefix("vault: view: answered `vault") }, "\(log)")
  }

  @Test func aViewOnATerminalHasTheTerminalsWidthAndColour() throws {
    let (folder, environment) = try vault()
    let arguments = ["today", "--color", "always"]
    let log = try watching(folder, environment) {
      let watched = try CLI.runInTerminal(arguments, in: folder, input: "", environment: environment)
      let own = try CLI.runInTerminal(arguments, in: folder, input: "", environment: onItsOwn(environment))
      #expect(watched.status == 0 && watched.stdout.contains("\u{1B}["), "\(watched.stdout)")
      #expect(watched.stdout == own.stdout)
    }
    #expect(log.count == 1 && log[0].contains("answered `vault today --color always`"), "\(log)")
  }

  @Test func aViewFromAnotherFolderReadsItsPathsFromThere() throws {
    let (folder, environment) = try vault()
    let outside = environment
    let parent = folder.deletingLastPathComponent()
    let arguments = ["agenda", "--vault", "ExampleVault", "--index", folder.lastPathComponent + "-index.sqlite"]
    let log = try watching(folder, environment) {
      let watched = try CLI.run(arguments, in: parent, environment: outside)
      let own = try CLI.run(arguments, in: parent, environment: onItsOwn(outside))
      #expect(watched.status == 0, "\(watched.stderr)")
      #expect(watched.stdout == own.stdout && watched.stderr == own.stderr)
    }
    #expect(log.count == 1 && log[0].contains("answered"), "\(log)")
  }

  @Test func aChangeJustMadeIsInTheAnswer() throws {
    let (folder, environment) = try vault()
    let log = try watching(folder, environment) {
      for number in 0..<5 {
        let note = folder.appendingPathComponent("Quick \(number).md")
        try Data("- [ ] Just written \(number) 📅 2026-11-23\n".utf8).write(to: note)
        let watched = try CLI.run(["tasks", "--due-before", "2026-11-24"], in: folder, environment: environment)
        #expect(watched.stdout.contains("Just written \(number)"), "\(watched.stdout)")
      }
    }
    #expect(log.count == 5 && log.allSatisfy { $0.contains("answered") }, "\(log)")
  }

  @Test func anotherBinaryAnotherTimeZoneOrAFailureIsNotAnswered() throws {
    let (folder, environment) = try vault()
    // A copy of the binary is another file: a watcher answers only its own binary's commands.
    let copy = try ScratchFolder.make("binary").appendingPathComponent("vault")
    try FileManager.default.copyItem(at: CLI.executable, to: copy)
    let log = try watching(folder, environment) {
      let fromCopy = try CLI.run(["today"], in: folder, environment: environment, program: copy)
      let own = try CLI.run(["today"], in: folder, environment: onItsOwn(environment))
      #expect(fromCopy.status == 0 && fromCopy.stdout == own.stdout)
      // The time zone is the watcher's process's own.
      let zone = environment.merging(["TZ": "Asia/Tokyo", "VAULT_NOW": ""]) { $1 }
      let elsewhere = try CLI.run(["today", "--json"], in: folder, environment: zone)
      #expect(elsewhere.stdout == (try CLI.run(["today", "--json"], in: folder, environment: onItsOwn(zone))).stdout)
      // A failure is the command's own to report, with its exit status.
      for arguments in [["calendar", "2026-13"], ["tasks", "--overdue", "--due-before", "someday"]] {
        let failed = try CLI.run(arguments, in: folder, environment: environment)
        let own = try CLI.run(arguments, in: folder, environment: onItsOwn(environment))
        #expect(failed.status != 0 && failed.status == own.status, "\(arguments)")
        #expect(failed.stderr == own.stderr && !failed.stderr.isEmpty, "\(arguments)")
      }
    }
    #expect(log.count == 3 && log.allSatisfy { $0.contains("declined") }, "\(log)")
  }
}
