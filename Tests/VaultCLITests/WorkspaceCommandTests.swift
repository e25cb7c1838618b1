import Foundation
import TestSupport
import Testing

/// Several vaults as one planner: `vault workspace add|list|remove`, every view over several
/// workspaces at once (each one's items under its name, exactly what the view shows of that vault
/// alone), and writes to the one workspace `--workspace` names.
@Suite struct WorkspaceCommandTests {
  /// Two vaults listed as workspaces `home` and `family`, the settings in a folder of their own.
  struct Setup {
    let home: URL
    let family: URL
    let environment: [String: String]

    init() throws {
      home = try Fixture.copy("ExampleVault")
      family = try Fixture.copy("KepanoVault")
      let config = try ScratchFolder.make("workspace-config")
      environment = [
        "XDG_CONFIG_HOME": config.path, "VAULT_TODAY": "2026-11-23", "VAULT_NOW": "2026-11-23T09:00", "NO_COLOR": "1",
      ]
      #expect(try run(["workspace", "add", "home", home.path, "teal"]).status == 0)
      #expect(try run(["workspace", "add", "family", family.path, "#2e8b57"]).status == 0)
    }

    func run(_ arguments: [String], in folder: URL? = nil) throws -> CLI.Result {
      try CLI.run(arguments, in: folder ?? home, environment: environment)
    }

    /// The family's vault committed to git, and a bare clone of it in a folder of its own
    /// (`shared.git`), as a family's remote is.
    func bareRemoteOfFamily() throws -> URL {
      let remote = try ScratchFolder.make("workspace-remote").appendingPathComponent("shared.git")
      try SyncedClones.git(["init", "-q", "-b", "main"], in: family)
      try SyncedClones.identify(family, as: "family")
      try SyncedClones.git(["add", "-A"], in: family)
      try SyncedClones.git(["commit", "-q", "-m", "family"], in: family)
      try SyncedClones.git(["clone", "-q", "--bare", family.path, remote.path], in: home)
      return remote
    }
  }

  static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

  @Test func inColourEachWorkspacesLinesCarryItsColourAndStillFitTheWidth() throws {
    let setup = try Setup()
    let shown = try CLI.run(
      ["agenda", "--days", "14", "--workspace", "all", "--color", "always"], in: setup.home,
      environment: setup.environment.merging(["COLUMNS": "60"]) { $1 })
    #expect(shown.status == 0, "\(shown.stderr)")
    // Under each workspace's heading (`● home` in its colour), every line starts with a bar in
    // the heading's colour.
    var bar = ""
    var colors: [String] = []
    var marked = 0
    for line in shown.stdout.split(separator: "\n").map(String.init) {
      if line.contains("● home") || line.contains("● family") {
        let code = try #require(line.firstMatch(of: /\e\[38;5;(\d+)/)?.1)
        bar = "\u{1B}[38;5;\(code)m▌"
        colors.append(String(code))
        continue
      }
      let plain = line.replacingOccurrences(of: #"\u{1B}\[[0-9;]*m"#, with: "", options: .regularExpression)
      #expect(plain.count <= 60, "wider than 60 columns: \(plain)")
      guard !bar.isEmpty else { continue }
      #expect(line.hasPrefix(bar), "\(line)")
      marked += 1
    }
    #expect(marked > 10)
    #expect(colors.count == 2 && colors[0] != colors[1])
    // Without colour, each view is as the vault alone shows it: no bars.
    let plain = try setup.run(["agenda", "--days", "14", "--workspace", "all", "--color", "never"])
    #expect(!plain.stdout.contains("▌"))
  }

  @Test(arguments: [
    ["tasks"], ["agenda", "--days", "14"], ["today"], ["search", "garden"], ["countdown"], ["journal", "list"],
  ])
  func aViewOverTwoWorkspacesIsEachOnesViewUnderItsName(view: [String]) throws {
    let setup = try Setup()
    let both = try setup.run(view + ["--json", "--workspace", "home", "--workspace", "family"])
    #expect(both.status == 0, "\(both.stderr)")
    let object = try #require(try Self.json(both.stdout) as? [String: Any])
    let workspaces = try #require(object["workspaces"] as? [[String: Any]])
    #expect(workspaces.map { $0["name"] as? String } == ["home", "family"])
    #expect(workspaces.map { $0["color"] as? String } == ["teal", "#2e8b57"])
    for (workspace, folder) in zip(workspaces, [setup.home, setup.family]) {
      let alone = try setup.run(view + ["--json", "--vault", folder.path])
      let expected = try Self.json(alone.stdout) as? NSObject
      #expect((workspace["view"] as? NSObject) == expected, "\(view) in \(folder.lastPathComponent)")
    }
  }

  @Test func inTextEachWorkspaceIsMarkedWithItsNameAboveItsView() throws {
    let setup = try Setup()
    let both = try setup.run(["tasks", "--workspace", "all"])
    #expect(both.status == 0, "\(both.stderr)")
    let home = try setup.run(["tasks", "--vault", setup.home.path]).stdout
    let family = try setup.run(["tasks", "--vault", setup.family.path]).stdout
    #expect(both.stdout == "● home  \(setup.home.path)\n\(home)\n● family  \(setup.family.path)\n\(family)")
  }

  @Test func aWriteGoesToTheWorkspaceItNamesOnly() throws {
    let setup = try Setup()
    let before = try Fixture.contents(of: setup.home)
    let added = try setup.run(["add", "task", "Buy a birthday cake", "--workspace", "family"])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(try Fixture.contents(of: setup.home) == before)
    let tasks = try setup.run(["tasks", "--workspace", "family", "--json"]).stdout
    #expect(tasks.contains("Buy a birthday cake"))
    let refused = try setup.run(["add", "task", "Twice", "--workspace", "family", "--workspace", "home"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr == "vault: error: 'vault add' works on one workspace: give one --workspace (family, home)\n")
    #expect(try Fixture.contents(of: setup.home) == before)
  }

  @Test func anUnknownWorkspaceIsNamedWithTheKnownOnes() throws {
    let setup = try Setup()
    let result = try setup.run(["tasks", "--workspace", "work"])
    #expect(result.status == 1)
    #expect(result.stderr == "vault: error: no workspace 'work'; there are home, family (vault workspace list)\n")
  }

  @Test func listAddFromAGitURLAndRemove() throws {
    let setup = try Setup()
    let remote = try setup.bareRemoteOfFamily()
    let into = try ScratchFolder.make("workspace-clone").appendingPathComponent("shared")
    let added = try setup.run(["workspace", "add", "shared", "file://" + remote.path, "--into", into.path])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(FileManager.default.fileExists(atPath: into.appendingPathComponent(".git").path))
    let list = try setup.run(["workspace", "list"]).stdout
    #expect(
      list
        == "● home    \(setup.home.path)\n● family  \(setup.family.path)\n● shared  \(into.path)  (file://\(remote.path))\n"
    )
    #expect(
      try setup.run(["workspace", "remove", "family"]).stdout
        == "removed workspace family; \(setup.family.path) is left as it is\n")
    #expect(FileManager.default.fileExists(atPath: setup.family.path))
    #expect(!(try setup.run(["workspace", "list"]).stdout.contains("family")))
  }

  @Test func aBareRepositoryIsClonedNotReadAsAnEmptyVault() throws {
    let setup = try Setup()
    let remote = try setup.bareRemoteOfFamily()
    let into = try ScratchFolder.make("workspace-bare-clone").appendingPathComponent("shared")
    let added = try setup.run(["workspace", "add", "shared", remote.path, "--into", into.path])
    #expect(added.status == 0, "\(added.stderr)")
    #expect(added.stdout.hasPrefix("added workspace shared: \(into.path) (cloned)\n"), "\(added.stdout)")
    // Its views show the family's notes, as the family's own folder does.
    let shared = try setup.run(["tasks", "--workspace", "shared"]).stdout
    let family = try setup.run(["tasks", "--workspace", "family"]).stdout
    #expect(!shared.isEmpty && shared == family, "\(shared)")
  }

  @Test func theDefaultVaultSurvivesWorkspaceChangesAndTheReverse() throws {
    let setup = try Setup()
    #expect(try setup.run(["config", "set", "vault", setup.family.path]).status == 0)
    #expect(try setup.run(["workspace", "remove", "home"]).status == 0)
    let config = try String(
      contentsOfFile: setup.environment["XDG_CONFIG_HOME", default: ""] + "/vault/config.yml", encoding: .utf8)
    #expect(config.contains("vault: \(setup.family.path)\n") && config.contains("  family:\n"))
  }
}
