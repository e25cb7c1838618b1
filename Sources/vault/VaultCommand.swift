import ArgumentParser
import VaultVersion

/// `vault`: a life planner over an Obsidian-compatible vault of Markdown files.
struct VaultCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vault",
    abstract: "A plain-text life planner over an Obsidian-compatible vault of Markdown files.",
    discussion: """
      The vault is --vault PATH, else $VAULT_DIR, else the nearest folder upwards that holds \
      .obsidian/ or .vault/, else the default vault (`vault config set vault PATH`). Outside \
      a vault, commands that write refuse; `vault config` shows which vault and settings are \
      in effect.

      Exit status: 0 success, 1 problems found or a command failed, 64 wrong usage.
      """,
    version: VaultCommand.version,
    subcommands: [
      // Views.
      Today.self, CountdownCommand.self, AgendaCommand.self, CalendarCommand.self, Tasks.self, Goals.self, Tags.self,
      Mood.self, Insights.self, Align.self,
      // Writing.
      Init.self, Add.self, Journal.self, Progress.self, Principle.self, Done.self, Cancel.self, Undo.self,
      TaskEdit.self, Postpone.self, Track.self,
      SetProperty.self, UnsetProperty.self,
      Archive.self,
      Remove.self,
      Edit.self, Encrypt.self, Decrypt.self,
      // The vault and its index.
      Check.self, Show.self, Index.self, Watch.self, Search.self, List.self, Config.self,
      // Reaching you away from the terminal.
      Remind.self, Export.self, Import.self, Serve.self, Sync.self, WorkspaceCommand.self, AccountCommand.self,
      MergeDriverCommand.self,
      // Planning.
      Suggest.self, Labels.self, LabelCommand.self,
    ],
    defaultSubcommand: Today.self
  )

  /// What `vault --version` says: the version and commit a package was stamped with (scripts/version),
  /// or that this is a build from source that was not.
  static var version: String {
    let version = String(cString: vault_version())
    let commit = String(cString: vault_commit())
    if version == "dev" {
      return "vault dev (a build from source: make release or make dist stamps the version from git)"
    }
    return commit.isEmpty
      ? "vault \(version)" : "vault \(version) (commit \(commit), \(String(cString: vault_commit_date())))"
  }
}
