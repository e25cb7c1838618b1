import Foundation
import TestSupport
import Testing

/// `vault init` makes a working vault and never overwrites anything.
@Suite struct InitCommandTests {
  @Test func aNewVaultWorksAtOnceAndASecondRunAddsNothing() throws {
    let folder = try ScratchFolder.make("init").appendingPathComponent("Vault")
    let environment = ["VAULT_TODAY": "2026-11-24", "VAULT_INDEX": folder.path + "-index.sqlite"]
    let first = try CLI.run(
      ["init", folder.path], in: folder.deletingLastPathComponent(), environment: environment)
    #expect(first.status == 0)
    #expect(first.stdout.hasPrefix("added  Events/\n"))
    #expect(first.stdout.contains("added  .vault/config.yml\n"))
    let contents = try Fixture.contents(of: folder)
    let second = try CLI.run(["init", folder.path], in: folder, environment: environment)
    #expect(second.stdout.hasSuffix("nothing to add: \(folder.path) has everything vault init makes\n"))
    #expect(try Fixture.contents(of: folder) == contents)
    let check = try CLI.run(["check"], in: folder, environment: environment)
    #expect(check.stdout.hasSuffix("0 errors, 0 warnings\n"))
    let journal = try CLI.run(
      ["journal", "First entry", "--mood", "7", "--time", "08:00"], in: folder, environment: environment)
    #expect(journal.status == 0)
    let note = String(
      decoding: try Data(contentsOf: folder.appendingPathComponent("Journal/2026/11/2026-11-24.md")), as: UTF8.self)
    #expect(
      note
        == "---\nmood: 7\nmood_tags: []\n---\n# Tuesday, November 24, 2026\n\n## Journal\n\n- 08:00 First entry\n\n## Tasks\n"
    )
  }

  @Test func theFolderOfVaultOptionIsTheOneMadeAndNothingLandsInTheCurrentFolder() throws {
    let scratch = try ScratchFolder.make("init")
    let here = scratch.appendingPathComponent("Here")
    try FileManager.default.createDirectory(at: here, withIntermediateDirectories: true)
    let environment = ["VAULT_TODAY": "2026-11-24", "VAULT_INDEX": scratch.path + "/index.sqlite"]
    let made = try CLI.run(["init", "--labels", "--vault", "../Vault"], in: here, environment: environment)
    #expect(made.status == 0, "\(made.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: here.path).isEmpty)
    let config = try String(
      contentsOf: scratch.appendingPathComponent("Vault/.vault/config.yml"), encoding: .utf8)
    #expect(config.contains("Energy"))
    // Two different folders are refused, and nothing is made.
    let two = try CLI.run(["init", "Other", "--vault", "../Vault"], in: here, environment: environment)
    #expect(two.status != 0)
    #expect(two.stderr.contains("init got two folders, Other and --vault ../Vault: give one"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: here.path).isEmpty)
  }

  @Test func aVaultInGitIsOfferedTheMergeThatKeepsNotesFreeOfConflictMarkers() throws {
    let folder = try ScratchFolder.make("init").appendingPathComponent("Vault")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try SyncedClones.git(["init", "-q"], in: folder)
    let environment = ["VAULT_TODAY": "2026-11-25"]
    let first = try CLI.run(["init", folder.path], in: folder, environment: environment)
    let offer =
      "it is in git: `vault --vault \(folder.path) sync --setup` makes notes merge by meaning, then `vault sync` syncs\n"
    #expect(first.stdout.hasSuffix(offer))
    let setup = try CLI.run(["--vault", folder.path, "sync", "--setup"], in: folder, environment: environment)
    #expect(
      setup.stdout.hasPrefix("notes now merge by meaning (set up: git config merge.vault.driver, .gitattributes)\n"))
    #expect(try !CLI.run(["init", folder.path], in: folder, environment: environment).stdout.contains("sync --setup"))
  }

  @Test func anExistingVaultKeepsItsFilesAndGetsWhatIsMissing() throws {
    let folder = try Fixture.copy("ExampleVault")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Personal Code.md"))
    let before = try Fixture.contents(of: folder)
    let result = try CLI.run(["init"], in: folder)
    #expect(
      result.stdout == """
        added  Personal Code.md
        added  .gitattributes
        kept   .vault/config.yml, Tasks.md
        left   Events/ Goals/ Insights/: made by the first add, where your items live
        left   Journal/ Templates/ .obsidian/: daily notes go to Journal/, as Obsidian says
        try `vault --vault . today`

        """)
    let after = try Fixture.contents(of: folder)
    #expect(after.filter { before[$0.key] != nil } == before)
    #expect(after.count == before.count + 2)
    // Two devices' suggestion logs merge line by line under git.
    #expect(try Fixture.text(folder, ".gitattributes") == ".vault/suggestions.log merge=union\n")
  }

  /// A vault whose daily notes live in Daily/ gets no Journal/, no Templates/ and no
  /// change to its Obsidian settings; a folder of notes without .obsidian/ neither.
  @Test func initMakesOnlyWhatTheVaultWillUse() throws {
    let folder = try Fixture.copy("KepanoVault")
    let before = try Fixture.contents(of: folder)
    let result = try CLI.run(["init"], in: folder)
    #expect(result.status == 0)
    #expect(result.stdout.contains("daily notes go to Daily/"))
    let after = try Fixture.contents(of: folder)
    let added = Set(after.keys).subtracting(before.keys).map {
      $0.split(separator: "/").suffix(2).joined(separator: "/")
    }
    #expect(
      added.sorted() == [".vault/config.yml", "KepanoVault/.gitattributes", "KepanoVault/Personal Code.md"])
    #expect(after.filter { before[$0.key] != nil } == before)
    let notes = try ScratchFolder.make("notes")
    try Data("# Ideas\n".utf8).write(to: notes.appendingPathComponent("Ideas.md"))
    #expect(try CLI.run(["init", notes.path], in: notes).status == 0)
    let made = try FileManager.default.contentsOfDirectory(atPath: notes.path).sorted()
    #expect(made == [".gitattributes", ".vault", "Ideas.md", "Personal Code.md", "Tasks.md"])
  }
}
