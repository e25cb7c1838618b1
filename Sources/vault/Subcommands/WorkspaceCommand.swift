import ArgumentParser
import Foundation
import VaultCore
import VaultKit

/// `vault workspace`: the vaults used together as one planner, and their names for --workspace.
struct WorkspaceCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "workspace",
    abstract: "List, add and remove workspaces: vaults used together, each view over several at once.",
    discussion: """
      A workspace is a vault with a name and a colour, listed in your own settings \
      ($XDG_CONFIG_HOME/vault/config.yml). Every view takes --workspace NAME (again for more, or \
      all: every workspace and the vault you are in) and shows each one's items under its name, in \
      its colour; a write goes to the one workspace --workspace names, else to the vault as usual. \
      A shared workspace is a git repository its members clone (vault workspace add NAME URL) and \
      sync with vault sync; who may read and write is the git host's business.
        vault workspace add family ~/Family green
        vault workspace add family git@example.org:family/planner.git
        vault tasks --workspace all
      """,
    subcommands: [WorkspaceList.self, WorkspaceAdd.self, WorkspaceRemove.self],
    defaultSubcommand: WorkspaceList.self)
}

struct WorkspaceList: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", abstract: "The workspaces, with their folders.")

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let terminal = options.terminal()
    let (workspaces, problems) = UserSettings.workspaces(environment: options.environment)
    for problem in problems { terminal.printError("vault: warning: \(problem)") }
    if options.json { return try terminal.json(workspaces) }
    guard !workspaces.isEmpty else {
      terminal.print(
        "no workspaces yet: `vault workspace add family PATH` names a vault folder (or a git URL to clone)")
      return
    }
    let width = workspaces.map(\.name.count).max() ?? 0
    for workspace in workspaces {
      let mark = terminal.colored("●", hex: TerminalColor.parse(workspace.color)?.hex)
      let name = workspace.name.padding(toLength: width, withPad: " ", startingAt: 0)
      terminal.print("\(mark) \(name)  \(workspace.path)" + (workspace.url.map { terminal.dim("  (\($0))") } ?? ""))
    }
  }
}

struct WorkspaceAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a workspace: a vault folder, or a git URL or bare repository cloned into ./NAME (or --into).")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "Its name for --workspace: letters, digits, - and _.") var name: String
  @Argument(help: ArgumentHelp("The vault folder, or a git URL or bare repository to clone.", valueName: "path-or-url"))
  var source: String
  @Argument(help: "Its colour: a name (green) or #rrggbb (default: the next of a palette).") var color: String?
  @Option(help: ArgumentHelp("Where a git URL is cloned (default: ./NAME).", valueName: "folder")) var into: String?

  func run() throws {
    let workspace = try UserSettings.addWorkspace(
      name: name, source: source, color: color, into: into, environment: options.environment)
    let terminal = options.terminal()
    if options.json { return try terminal.json(workspace) }
    terminal.print(
      "added workspace \(workspace.name): \(workspace.path)" + (workspace.url != nil ? " (cloned)" : ""))
    terminal.print("see it beside the others: `vault tasks --workspace all`")
  }
}

struct WorkspaceRemove: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Forget a workspace; its folder stays as it is.", aliases: ["rm"])

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The workspace's name.") var name: String

  func run() throws {
    let removed = try UserSettings.removeWorkspace(name, environment: options.environment)
    let terminal = options.terminal()
    if options.json { return try terminal.json(removed) }
    terminal.print("removed workspace \(removed.name); \(removed.path) is left as it is")
  }
}
