import Foundation
import TestSupport
import Testing

/// Issue 5: `vault init` makes a working vault and never overwrites anything.
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

  @Test func anExistingVaultKeepsItsFilesAndGetsWhatIsMissing() throws {
    let folder = try Fixture.copy("ExampleVault")
    let before = try Fixture.contents(of: folder)
    let result = try CLI.run(["init"], in: folder)
    #expect(
      result.stdout
        == "added  .obsidian/templates.json\nkept   Events/, Goals/, Insights/, Journal/, Templates/, .vault/config.yml, .obsidian/daily-notes.json, .obsidian/app.json, .obsidian/core-plugins.json, Templates/Daily.md, Personal Code.md, Tasks.md\nopen . in Obsidian (Open folder as vault), then try: vault --vault . today\n"
    )
    let after = try Fixture.contents(of: folder)
    #expect(after.filter { before[$0.key] != nil } == before)
    #expect(after.count == before.count + 1)
  }
}
