import Foundation
import TestSupport
import Testing

/// What commands say besides their views (a summary, a hint, an echo of what was written, a
/// quote, an error with its usage or its candidates, the note outside a vault, `vault show`) is broken at
/// spaces to fit 60 and 80 columns, never inside a word, and says all it said.
@Suite struct MessagesFitTheTerminalTests {
  static let long = "Buy a very long list of groceries for the whole family and the neighbours too"

  /// Within the columns, or one word alone that is longer (a path is never broken).
  static func fits(_ line: Substring, _ columns: Int) -> Bool {
    DisplayCells.of(String(line)) <= columns || line.split(separator: " ").count == 1
  }

  @Test(arguments: [
    ["check"], ["labels"], ["insights"], ["mood", "--tasks"], ["add", "task", long], ["cancel", "Buy a very long"],
    ["journal", "list", "--from", "2026-12-40"], ["add", "task", long, "--due", "someday-ish"],
  ])
  func aMessageFitsSixtyAndEightyColumns(arguments: [String]) throws {
    let folder = try Fixture.copy("ExampleVault")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-29"]
    // Two tasks with the same words, so that `cancel` has two candidates to list.
    for _ in 0..<2 { _ = try CLI.run(["add", "task", Self.long], in: folder, environment: environment) }
    let whole = try CLI.run(arguments, in: folder, environment: environment)
    for columns in [60, 80] {
      let result = try CLI.run(
        arguments, in: folder, environment: environment.merging(["COLUMNS": "\(columns)"]) { $1 })
      for line in (result.stdout + result.stderr).split(separator: "\n") {
        #expect(Self.fits(line, columns), "\(arguments.joined(separator: " ")) at \(columns): \(line)")
      }
      // The same words, only broken into lines (the task echo's line number aside).
      func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init).filter { !$0.hasPrefix("Tasks.md:") }
      }
      if arguments.first != "add" {
        #expect(words(result.stdout + result.stderr) == words(whole.stdout + whole.stderr))
      }
    }
  }

  /// The morning dashboard on each day of the example vault's two weeks of journal entries
  /// (a mood with its tags beside the day's entry, countdowns, goals) fits 60 and 80 columns.
  @Test func theDashboardOfEveryDayFitsSixtyAndEightyColumns() throws {
    let folder = try Fixture.copy("ExampleVault")
    for day in 10...29 {
      let date = "2026-11-\(day)"
      for columns in [60, 80] {
        let environment = [
          "VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_NOW": date + "T07:30", "COLUMNS": "\(columns)",
        ]
        let result = try CLI.run(["today"], in: folder, environment: environment)
        #expect(result.status == 0, "\(date): \(result.stderr)")
        for line in result.stdout.split(separator: "\n") {
          #expect(Self.fits(line, columns), "today on \(date) at \(columns): \(line)")
        }
      }
    }
  }

  /// `vault show` of every note of the example vault: its sections as tables that wrap their
  /// text and put the line under it, each task's details on as many lines as they need.
  @Test func everyNoteShownFitsSixtyAndEightyColumns() throws {
    let folder = try Fixture.copy("ExampleVault")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-29"]
    let notes =
      FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
      .filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.sorted() ?? []
    #expect(notes.count > 30)
    for note in notes {
      for columns in [60, 80] {
        let result = try CLI.run(
          ["show", note], in: folder, environment: environment.merging(["COLUMNS": "\(columns)"]) { $1 })
        #expect(result.status == 0, "\(note): \(result.stderr)")
        for line in result.stdout.split(separator: "\n") {
          #expect(Self.fits(line, columns), "show \(note) at \(columns): \(line)")
        }
      }
    }
  }

  @Test func theNoteOutsideAVaultFits() throws {
    let elsewhere = try ScratchFolder.make("not-a-vault")
    let result = try CLI.run(
      ["today"], in: elsewhere,
      environment: ["COLUMNS": "60", "VAULT_TODAY": "2026-11-29", "VAULT_INDEX": elsewhere.path + "-index.sqlite"])
    #expect(result.stderr.contains("which is not a vault"))
    for line in result.stderr.split(separator: "\n") { #expect(Self.fits(line, 60), "\(line)") }
  }
}
