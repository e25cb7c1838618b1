import ArgumentParser

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
    version: "0.1.0",
    subcommands: [
      // Views.
      Today.self, CountdownCommand.self, AgendaCommand.self, CalendarCommand.self, Tasks.self, Goals.self, Tags.self,
      Mood.self, Insights.self, Align.self,
      // Writing.
      Init.self, Add.self, Journal.self, Progress.self, Principle.self, Done.self, Cancel.self, Undo.self,
      TaskEdit.self, Postpone.self,
      SetProperty.self, UnsetProperty.self,
      Archive.self,
      Remove.self,
      Edit.self,
      // The vault and its index.
      Check.self, Show.self, Index.self, Watch.self, Search.self, List.self, Config.self,
      // Reaching you away from the terminal.
      Remind.self, Export.self, Import.self, Serve.self, Sync.self, WorkspaceCommand.self, MergeDriverCommand.self,
      // Planning.
      Suggest.self, Labels.self, LabelCommand.self,
    ],
    defaultSubcommand: Today.self
  )
}
