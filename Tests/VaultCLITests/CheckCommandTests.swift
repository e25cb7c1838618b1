import Foundation
import Testing

@Suite struct CheckCommandTests {
  @Test func exampleVaultHasNoProblems() throws {
    let vault = try Fixture.copy("ExampleVault")
    let before = try Fixture.contents(of: vault)
    let result = try CLI.run(["check"], in: vault)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    try Snapshot.assert(result.stdout, named: "check-example-vault")
    #expect(try Fixture.contents(of: vault) == before, "vault check must not change a byte of the vault")
  }

  @Test func brokenNotesAreReportedAndTheRestIsRead() throws {
    let vault = try Fixture.copy("Broken")
    let result = try CLI.run(["check", "."], in: vault)
    #expect(result.status == 1)
    try Snapshot.assert(result.stdout, named: "check-broken")
  }

  @Test func jsonReport() throws {
    let vault = try Fixture.copy("Broken")
    let result = try CLI.run(["check", "--json"], in: vault)
    #expect(result.status == 1)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["files"] as? Int == 13)
    #expect((object["items"] as? [String: Int])?["note"] != nil)
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    #expect(diagnostics.count == (object["errors"] as? Int ?? 0) + (object["warnings"] as? Int ?? 0))
    #expect(diagnostics.first?.keys.sorted() == ["column", "line", "message", "path", "severity"])
  }

  @Test func vaultIsFoundFromEnvironmentAndParents() throws {
    let vault = try Fixture.copy("ExampleVault")
    let fromEnvironment = try CLI.run(
      ["check"], in: vault.deletingLastPathComponent(), environment: ["VAULT_DIR": vault.path])
    #expect(fromEnvironment.stdout.hasPrefix("checked 51 files"))
    let fromSubfolder = try CLI.run(["check"], in: vault.appendingPathComponent("Journal/2026"))
    #expect(fromSubfolder.stdout == fromEnvironment.stdout)
  }

  @Test func toolFailuresAndUsage() throws {
    let vault = try Fixture.copy("ExampleVault")
    let missing = try CLI.run(["check", "--vault", "/no/such/vault"], in: vault)
    #expect(missing.status == 1)
    #expect(missing.stderr == "vault: error: no vault at '/no/such/vault': the folder does not exist\n")
    let badToday = try CLI.run(["check", "--today", "2026-02-30"], in: vault)
    #expect(badToday.status == 64)
    #expect(badToday.stderr.contains("--today: '2026-02-30' is not a day of the calendar"))
    let badEnvironment = try CLI.run(["check"], in: vault, environment: ["VAULT_TODAY": "tomorrow"])
    #expect(badEnvironment.status == 64)
    #expect(badEnvironment.stderr.contains("$VAULT_TODAY 'tomorrow' is not a date: use the form YYYY-MM-DD"))
  }

  @Test(arguments: [
    (
      ["serch", "plans"],
      "vault: error: unknown command 'serch'. Did you mean 'search'? `vault --help` lists the commands.\n"
    ),
    (
      ["--vault", ".", "tody"],
      "vault: error: unknown command 'tody'. Did you mean 'today'? `vault --help` lists the commands.\n"
    ),
    (["frobnicate"], "vault: error: unknown command 'frobnicate'. `vault --help` lists the commands.\n"),
  ])
  func anUnknownCommandIsNamed(arguments: [String], message: String) throws {
    let vault = try Fixture.copy("ExampleVault")
    let result = try CLI.run(arguments, in: vault)
    #expect(result.status == 64)
    #expect(result.stderr == message)
    #expect(result.stdout.isEmpty)
  }

  @Test func optionsBeforeTheDefaultCommandStillRunIt() throws {
    let vault = try Fixture.copy("ExampleVault")
    let result = try CLI.run(["--today", "2026-11-23", "--limit", "1", "--color", "never"], in: vault)
    #expect(result.status == 0)
    #expect(result.stdout.contains("2026"))
  }

  @Test(arguments: [
    ["tasks", "--json"],
    ["add", "task", "Buy milk"],
    ["search", "--", "--lemon"],
  ])
  func optionsBeforeACommandReachIt(command: [String]) throws {
    let options = ["--today", "2026-11-23", "--color", "never"]
    let before = try CLI.run(options + command, in: try Fixture.copy("ExampleVault"))
    var after = command
    after.insert(contentsOf: options, at: command.firstIndex(of: "--") ?? command.endIndex)
    let expected = try CLI.run(after, in: try Fixture.copy("ExampleVault"))
    #expect(before.stderr == expected.stderr)
    #expect(before.status == expected.status)
    #expect(before.stdout == expected.stdout)
    #expect(!before.stdout.isEmpty || !before.stderr.isEmpty)
  }

  @Test func helpNamesTheCommandWhateverTheOptions() throws {
    let vault = try Fixture.copy("ExampleVault")
    let expected = try CLI.run(["search", "--help"], in: vault)
    #expect(expected.stdout.contains("OVERVIEW: Search"))
    for arguments in [["help", "search", "--vault", "."], ["--vault", ".", "help", "search"]] {
      let result = try CLI.run(arguments, in: vault)
      #expect(result.status == 0)
      #expect(result.stdout == expected.stdout)
    }
  }

  /// Each command's discussion is paragraphs that `--help` wraps itself: a line of prose never
  /// ends where the next word would still have fit in the 79 columns argument-parser fills in a pipe (it did when the
  /// source's own line breaks reached the output).
  @Test func helpWrapsTheDiscussionInFullLines() throws {
    let vault = try Fixture.copy("ExampleVault")
    // Every command, nested ones (`add event`) too, from the SUBCOMMANDS of each help.
    var pending: [[String]] = [[]]
    var checked = 0
    while let command = pending.popLast() {
      try #require(checked < 100, "more commands than vault has: \(command)")
      let help = try CLI.run(command + ["--help"], in: vault).stdout
      let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
      // The section lists `  name   what it does` up to an empty line ("  See 'vault help …'" follows).
      let subcommands: [Substring] = lines.drop { !$0.hasPrefix("SUBCOMMANDS:") }.dropFirst()
        .prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        .compactMap { $0.split(separator: " ").first }
      pending += subcommands.filter { $0 != "help" }.map { command + [String($0)] }
      let discussion = lines.drop { !$0.hasPrefix("OVERVIEW:") }.dropFirst().prefix { !$0.hasPrefix("USAGE:") }
      for (line, next) in zip(discussion, discussion.dropFirst())
      where !line.isEmpty && !line.hasPrefix(" ") && !next.isEmpty && !next.hasPrefix(" ") {
        let word = next.split(separator: " ").first ?? ""
        #expect(line.count + 1 + word.count >= 80, "\(command): '\(line)' then '\(word)'")
      }
      // Each option says its default once: argument-parser adds `(default: …)` to what the
      // help text says, which then does not say it too.
      var options: [String] = []
      for line in lines.drop(while: { !$0.hasPrefix("OPTIONS:") }).dropFirst() {
        if line.hasPrefix("  -") {
          options.append(String(line))
        } else if line.hasPrefix("     "), !options.isEmpty {
          options[options.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
        }
      }
      for option in options {
        #expect(option.components(separatedBy: "default").count <= 2, "\(command): \(option)")
      }
      checked += 1
    }
    #expect(checked > 25)
  }

  @Test func colourFollowsTheFlagAndNoColor() throws {
    let vault = try Fixture.copy("Broken")
    let always = try CLI.run(["check", "--color", "always"], in: vault)
    #expect(always.stdout.contains("\u{1B}["))
    let never = try CLI.run(["check", "--color", "never"], in: vault)
    #expect(!never.stdout.contains("\u{1B}["))
    let piped = try CLI.run(["check"], in: vault, environment: ["NO_COLOR": "1"])
    #expect(!piped.stdout.contains("\u{1B}["))
  }
}
