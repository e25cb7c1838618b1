import Foundation
import TestSupport
import Testing
import VaultKit

/// `vault suggest`, `accept` and `dismiss` through the built binary: the task
/// written, one history line appended, nothing else changed.
@Suite struct SuggestCommandTests {
  func environment(_ folder: URL) -> [String: String] {
    ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_NOW": "2026-11-24T08:30"]
  }

  /// The log of the lists shown, in the vault's state folder (the tests' `XDG_STATE_HOME`).
  static func shownLog(_ folder: URL) throws -> String {
    let path = try Vault(path: folder.path).stateFolder(environment: ["XDG_STATE_HOME": ScratchFolder.state.path])
    return (try? String(contentsOfFile: path + "/suggestions-shown.log", encoding: .utf8)) ?? ""
  }

  @Test func suggestAcceptAndDismiss() throws {
    let folder = try Fixture.copy("Planning")
    // Only templates here: tasks without attributes are no candidates.
    try Data("# Tasks\n\n- [ ] Something plain\n".utf8).write(to: folder.appendingPathComponent("Tasks.md"))
    let templates = folder.appendingPathComponent("Task Templates")
    try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
    try Data(
      "---\ndifficulty: 1\nduration: 10m\nenergy: low\ntime_of_day: morning\nmood_range: 1-4\nlabels: [rest]\ncategory: self-care\n---\nSlowly.\n"
        .utf8
    ).write(to: templates.appendingPathComponent("Stretch gently.md"))
    try Data(
      "---\ndifficulty: 4\nduration: 2h\nenergy: high\ntime_of_day: evening\nmood_range: 8-10\ncategory: learning\n---\n"
        .utf8
    ).write(to: templates.appendingPathComponent("Study a chapter.md"))
    let shown = try CLI.run(["suggest", "--mood", "3", "--why"], in: folder, environment: environment(folder))
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.hasPrefix("for mood 3, morning:\n1. Stretch gently  10m · low energy · self-care\n"))
    #expect(shown.stdout.contains("   0.88 = 0.40×1.00 mood + 0.20×1.00 time + 0.25×0.50 history + 0.15×1.00 energy"))
    #expect(shown.stdout.contains("2. Study a chapter"))
    let logPath = ".vault/suggestions.log"
    let log = try Self.shownLog(folder)
    #expect(
      log == "2026-11-24T08:30 shown 1 Task%20Templates/Stretch%20gently.md mood=3\n"
        + "2026-11-24T08:30 shown 2 Task%20Templates/Study%20a%20chapter.md mood=3\n")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(logPath).path))
    let tasksBefore = try Fixture.text(folder, "Tasks.md")
    let before = try Fixture.contents(of: folder)
    let accepted = try CLI.run(["suggest", "accept", "1"], in: folder, environment: environment(folder))
    #expect(accepted.status == 0, "\(accepted.stderr)")
    let tasksAfter = try Fixture.text(folder, "Tasks.md")
    #expect(tasksAfter.hasPrefix(tasksBefore.prefix(9)))
    #expect(
      tasksAfter.contains(
        "- [ ] Stretch gently [difficulty:: 1] [duration:: 10m] [energy:: low] [category:: self-care] #rest\n"))
    #expect(
      try Fixture.text(folder, logPath) == "2026-11-24T08:30 accepted Task%20Templates/Stretch%20gently.md mood=3\n")
    #expect(try Self.shownLog(folder) == log)
    // The same number again: refused, not written twice.
    let twice = try CLI.run(["suggest", "accept", "1"], in: folder, environment: environment(folder))
    #expect(twice.status != 0 && twice.stderr.contains("accepted today already"), "\(twice.stderr)")
    #expect(try Fixture.text(folder, "Tasks.md") == tasksAfter)
    let after = try Fixture.contents(of: folder)
    #expect(Set(after.keys.filter { !$0.hasSuffix("suggestions.log") }) == Set(before.keys))
    #expect(
      after.filter { !$0.key.hasSuffix("Tasks.md") && !$0.key.hasSuffix("suggestions.log") }
        == before.filter { !$0.key.hasSuffix("Tasks.md") && !$0.key.hasSuffix("suggestions.log") })
    // Dismissed and accepted ones are not suggested again today.
    _ = try CLI.run(["suggest", "dismiss", "2"], in: folder, environment: environment(folder))
    let again = try CLI.run(["suggest", "--mood", "3"], in: folder, environment: environment(folder))
    #expect(again.stdout.contains("nothing left to suggest today"))
    let json = try CLI.run(
      ["suggest", "--mood", "3", "--json"], in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_NOW": "2026-11-25T19:00"])
    let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(items.map { $0["title"] as? String } == ["Stretch gently", "Study a chapter"])
    // The list last shown has two: the count is said in words that fit it, with what to give.
    #expect(
      try CLI.run(["suggest", "accept", "9"], in: folder, environment: environment(folder)).stderr.contains(
        "today's list has 2 suggestions: give 1-2"))
  }

  /// Open tasks that say what they ask are suggested too; accepting one writes nothing new.
  @Test func openTasksWithAttributesAreCandidates() throws {
    let folder = try Fixture.copy("Planning")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_NOW": "2026-11-24T19:00"]
    let json = try CLI.run(["suggest", "--mood", "8", "--limit", "50", "--json"], in: folder, environment: environment)
    let items = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    let report = try #require(items.first { $0["title"] as? String == "Write the report" })
    #expect(report["category"] as? String == "task" && (report["id"] as? String)?.hasPrefix("task:") == true)
    #expect(!items.contains { $0["title"] as? String == "Tidy the desk" })
    let number = try #require(report["number"] as? Int)
    let before = try Fixture.text(folder, "Tasks.md")
    let accepted = try CLI.run(["suggest", "accept", String(number)], in: folder, environment: environment)
    #expect(accepted.status == 0 && accepted.stdout.contains("Tasks.md:6"), "\(accepted.stdout)\(accepted.stderr)")
    #expect(try Fixture.text(folder, "Tasks.md") == before)
  }

  /// Several `vault suggest` at once: every line of each lands in the log (the write lock).
  @Test func concurrentSuggestionsLoseNoLine() throws {
    let folder = try Fixture.copy("Planning")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_NOW": "2026-11-24T08:30"]
    _ = try CLI.run(["index"], in: folder, environment: environment)
    let runs = try (0..<4).map { _ in
      try CLI.start(["suggest", "--mood", "5", "--limit", "5"], in: folder, environment: environment)
    }.map { $0.finish() }
    #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")
    let lines = try Self.shownLog(folder).split(separator: "\n")
    #expect(lines.count == 20)
    #expect(lines.allSatisfy { $0.hasPrefix("2026-11-24T08:30 shown ") })
  }

  /// `vault today` and `vault suggest` only read the vault: the lists they show are kept in
  /// the state folder, so a vault under git stays clean after merely looking.
  @Test func lookingLeavesTheVaultAsItWas() throws {
    let folder = try Fixture.copy("Planning")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_NOW": "2026-11-24T08:30"]
    #expect(try CLI.run(["mood", "3"], in: folder, environment: environment).status == 0)
    let before = try Fixture.contents(of: folder)
    for arguments in [["today"], ["suggest"], ["suggest", "--mood", "8", "--json"], ["today", "--json"]] {
      let run = try CLI.run(arguments, in: folder, environment: environment)
      #expect(run.status == 0, "\(arguments): \(run.stderr)")
    }
    #expect(try Fixture.contents(of: folder) == before)
    #expect(try Self.shownLog(folder).contains(" shown 1 "))
  }

  /// What the dashboard suggests is what `accept 1` takes; running it again logs nothing more.
  @Test func theDashboardsSuggestionsCanBeAccepted() throws {
    let folder = try Fixture.copy("Planning")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_NOW": "2026-11-24T08:30"]
    #expect(try CLI.run(["mood", "3"], in: folder, environment: environment).status == 0)
    let today = try CLI.run(["today"], in: folder, environment: environment)
    #expect(today.status == 0, "\(today.stderr)")
    let section = try #require(today.stdout.components(separatedBy: "Suggested for your mood\n").last)
    let first = try #require(section.split(separator: "\n").first).trimmingCharacters(in: .whitespaces)
    let title = try #require(first.components(separatedBy: "  ").first)
    let log = try Self.shownLog(folder)
    #expect(log.split(separator: "\n").count == 2 && log.hasPrefix("2026-11-24T08:30 shown 1 "))
    #expect(try CLI.run(["today"], in: folder, environment: environment).status == 0)
    #expect(try Self.shownLog(folder) == log)
    let accepted = try CLI.run(["suggest", "accept", "1"], in: folder, environment: environment)
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(accepted.stdout.contains(title), "\(accepted.stdout) should name \(title)")
  }

  /// The hint under the list breaks between its two commands at 60 and 80 columns, never
  /// inside one.
  @Test(arguments: [60, 80])
  func theHintFitsTheTerminal(columns: Int) throws {
    let folder = try Fixture.copy("Planning")
    let environment = [
      "VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_NOW": "2026-11-24T08:30", "COLUMNS": String(columns),
    ]
    let shown = try CLI.run(["suggest", "--mood", "3"], in: folder, environment: environment)
    let lines = shown.stdout.split(separator: "\n").suffix(2)
    #expect(
      Array(lines) == ["`vault suggest accept 1` adds it as a task;", "`vault suggest dismiss 1` drops it for today"])
  }

  /// `vault today` suggests for the time of day, as `vault suggest` does: its two are the first
  /// two `vault suggest` shows at that moment, and the morning's differ from the evening's.
  @Test func theDashboardSuggestsForTheTimeOfDay() throws {
    let folder = try Fixture.copy("ExampleVault")
    var seen: [[String]] = []
    for time in ["07:00", "21:00"] {
      func titles(_ arguments: [String], _ state: String) throws -> [String] {
        let result = try CLI.run(
          arguments + ["--json"], in: folder,
          environment: [
            "VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-22",
            "VAULT_NOW": "2026-11-22T\(time)",
            "XDG_STATE_HOME": folder.path + "-state-\(state)-\(time)",
          ])
        let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        let list = (value as? [String: Any])?["suggestions"] ?? value
        return (list as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
      }
      let dashboard = try titles(["today"], "today")
      #expect(dashboard.count == 2)
      #expect(dashboard == Array(try titles(["suggest"], "suggest").prefix(2)), "at \(time)")
      seen.append(dashboard)
    }
    #expect(seen[0] != seen[1])
  }
}
