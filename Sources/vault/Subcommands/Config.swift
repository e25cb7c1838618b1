import ArgumentParser
import Foundation
import VaultCore
import VaultKit

struct Config: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config",
    abstract: "Show the settings in effect and where each came from; set the default vault.",
    discussion: """
      The vault is --vault, else $VAULT_DIR, else the nearest folder upwards holding .obsidian/ \
      or .vault/, else the default vault set once with `vault config set vault PATH` (kept in \
      $XDG_CONFIG_HOME/vault/config.yml, ~/.config without XDG). The vault's own settings are \
      in .vault/config.yml (docs/FORMAT.md), Obsidian's in .obsidian/.
      """,
    subcommands: [ConfigShow.self, ConfigSet.self, ConfigUnset.self],
    defaultSubcommand: ConfigShow.self)
}

struct ConfigShow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "The settings in effect, each with where it came from.")

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let location = Vault.locate(explicit: options.vault, environment: options.environment)
    let vault = try options.openVault()
    let settings = vault.settings
    let source = { (key: String) in settings.sources[key] ?? "default" }
    var rows: [[String]] = [
      ["vault", vault.root, location.reason],
      ["user settings", UserSettings.path(environment: options.environment), ""],
      [
        "index", vault.indexPath(explicit: options.index, environment: options.environment),
        options.index != nil ? "--index" : options.environment["VAULT_INDEX"] != nil ? "$VAULT_INDEX" : "default",
      ],
      ["timezone", settings.timeZone ?? "the system's", source("timezone")],
      ["week_start", settings.firstWeekday.name, source("week_start")],
      ["dashboard.limit", String(settings.dashboardLimit), source("dashboard")],
      ["inbox", settings.inbox, source("inbox")],
      ["personal_code", settings.personalCode, source("personal_code")],
      ["journal.heading", settings.journalHeading, source("journal")],
      [
        "journal.notes", settings.journalNotesFolder.isEmpty ? "(root)" : settings.journalNotesFolder,
        source("journal"),
      ],
      ["leap_day", settings.leapDay.rawValue, source("leap_day")],
      ["created", settings.writesCreated ? "true" : "false", source("created")],
      [
        "daily notes",
        [settings.dailyNotes.folder.isEmpty ? "(root)" : settings.dailyNotes.folder, settings.dailyNotes.format]
          .joined(separator: " · "),
        source("daily_notes"),
      ],
      [
        "templates",
        (settings.templateFolders + settings.templateFiles).joined(separator: ", ").ifEmpty("none"),
        source("templates"),
      ],
      [
        "tasks",
        settings.tasks.coreCheckboxes
          ? "core Obsidian checkboxes (no Tasks plugin): any symbol but a space is done"
          : "Tasks plugin statuses, \(settings.tasks.format == .dataview ? "Dataview" : "emoji") format",
        settings.tasks.coreCheckboxes ? ".obsidian/" : source("tasks"),
      ],
    ]
    var filings: [Filing] = []
    for kind in [ItemKind.event, .goal, .insight] {
      let filing = try options.filing(kind, in: vault)
      filings.append(filing)
      rows.append(["new \(kind.plural)", filing.reason, "detected"])
    }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(
        rows.map { ["setting": $0[0], "value": $0[1], "source": $0[2]] })
      return
    }
    for line in terminal.table(rows.map { [$0[0], $0[1], terminal.dim($0[2])] }, indent: 0, flexible: 1, trailing: 1) {
      terminal.print(line)
    }
  }
}

struct ConfigSet: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "set", abstract: "Set the default vault: vault config set vault PATH.",
    discussion: "The path is kept absolute; `vault today` then works from any folder outside a vault.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The setting: vault.")
  var key: String

  @Argument(help: "The vault's folder.")
  var value: String

  func validate() throws {
    guard key == "vault" else {
      throw ValidationError(
        "'\(key)' is not a setting vault config set changes: only vault, as in `vault config set vault PATH`; the vault's own settings are in .vault/config.yml"
      )
    }
  }

  func run() throws {
    let path = URL(fileURLWithPath: (value as NSString).expandingTildeInPath).standardizedFileURL.path
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
      throw ValidationError("\(value) is not a folder")
    }
    try UserSettings.setDefaultVault(path, environment: options.environment)
    options.terminal().print(
      "vault: \(path)  " + options.terminal().dim(UserSettings.path(environment: options.environment)))
  }
}

struct ConfigUnset: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "unset", abstract: "Forget the default vault: vault config unset vault.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The setting: vault.")
  var key: String

  func validate() throws {
    guard key == "vault" else {
      throw ValidationError(
        "'\(key)' is not a setting vault config unset removes: only vault, as in `vault config unset vault`")
    }
  }

  func run() throws {
    try UserSettings.setDefaultVault(nil, environment: options.environment)
    options.terminal().print(
      "no default vault  " + options.terminal().dim(UserSettings.path(environment: options.environment)))
  }
}

extension String {
  func ifEmpty(_ replacement: String) -> String { isEmpty ? replacement : self }
}
