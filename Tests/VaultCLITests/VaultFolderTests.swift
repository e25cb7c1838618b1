import Foundation
import TestSupport
import Testing

/// How the vault folder itself is walked: links, loops, exclusions, limits and settings.
@Suite struct VaultFolderTests {
  func makeVault(_ files: [String: String]) throws -> URL {
    let root = try ScratchFolder.make("walk")
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root
  }

  @Test func symbolicLinksAreFollowedOnceAndLoopsEnd() throws {
    let vault = try makeVault([".obsidian/app.json": "{}", "Real/a.md": "#one\n", "b.md": "#two\n"])
    let manager = FileManager.default
    try manager.createSymbolicLink(atPath: vault.appendingPathComponent("Real/loop").path, withDestinationPath: "..")
    try manager.createSymbolicLink(atPath: vault.appendingPathComponent("Alias").path, withDestinationPath: "Real")
    try manager.createSymbolicLink(
      atPath: vault.appendingPathComponent("gone.md").path, withDestinationPath: "nowhere.md")
    let result = try CLI.run(["check"], in: vault)
    #expect(result.status == 0)
    #expect(
      result.stdout.split(separator: "\n").map(String.init).sorted() == [
        "Alias:1:1: warning: folder already read through another path (a symbolic link loop?); skipped",
        "Real/loop:1:1: warning: folder already read through another path (a symbolic link loop?); skipped",
        "checked 2 files: 0 events, 0 tasks, 0 goals, 0 insights, 0 principles, 0 journal entries, 2 notes; 0 errors, 3 warnings",
        "gone.md:1:1: warning: broken symbolic link; skipped",
      ])
  }

  @Test func hiddenAndExcludedFilesAreNotRead() throws {
    let vault = try makeVault([
      ".obsidian/app.json": #"{"userIgnoreFilters": ["Archive/", "/Draft.*/"]}"#,
      ".trash/old.md": "---\nbroken\n", ".git/x.md": "", ".vault/notes.md": "",
      "Archive/old.md": "---\nbroken\n", "Drafts1/x.md": "", "Kept.md": "", "Attachments/picture.png": "png",
    ])
    let result = try CLI.run(["check", "--json"], in: vault)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(object["files"] as? Int == 1)
    #expect(result.status == 0)
  }

  @Test func largeFilesAreSkippedWithAWarning() throws {
    let vault = try makeVault([
      ".vault/config.yml": "max_file_size_mb: 0.001\n", "Big.md": String(repeating: "x", count: 2000), "Small.md": "ok",
    ])
    let result = try CLI.run(["check"], in: vault)
    #expect(
      result.stdout == """
        Big.md:1:1: warning: file is larger than 0 MB; skipped (raise max_file_size_mb in .vault/config.yml)
        checked 2 files: 0 events, 0 tasks, 0 goals, 0 insights, 0 principles, 0 journal entries, 1 note; 0 errors, 1 warning

        """)
  }

  /// Problems in vault's own config are errors for `check`; Obsidian's files
  /// that cannot be read stay warnings.
  @Test func settingsProblemsAreReported() throws {
    let vault = try makeVault([
      ".vault/config.yml": "dashboard:\n  limit: 14\nweek_start: someday\ncolour: blue\nfolders:\n  events: Calendar\n",
      ".obsidian/daily-notes.json": "{not json", "Calendar/Party.md": "---\ndate: 2026-12-01\n---\n",
    ])
    let result = try CLI.run(["check", "--json"], in: vault)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
    let lines = diagnostics.map {
      "\($0["path"] ?? ""):\($0["line"] ?? ""): \($0["severity"] ?? ""): \($0["message"] ?? "")"
    }
    #expect(
      lines == [
        ".obsidian/daily-notes.json:1: warning: invalid JSON; the file is ignored",
        ".vault/config.yml:2: error: dashboard limit must be a whole number from 1 to 10, found '14'",
        ".vault/config.yml:3: error: week_start should be a day such as monday or sunday, found 'someday'",
        ".vault/config.yml:4: error: unknown setting 'colour' (did you mean 'colors'?)",
      ])
    #expect((object["items"] as? [String: Int])?["event"] == 1, "the configured events folder is honoured")
  }
}
