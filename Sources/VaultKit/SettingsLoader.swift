import Foundation
import VaultCore
import VaultMarkdown

/// Reads the settings files of a vault: vault's `.vault/config.yml` and the Obsidian files it
/// honours (`daily-notes.json`, Periodic Notes' and the Tasks plugin's `data.json`, `types.json`,
/// `app.json`).
/// A missing file means defaults; a broken one is a warning and defaults.
enum SettingsLoader {
  /// The settings files' modification times and sizes: what changes when any of them is
  /// written (`ReminderWatch` and `IndexWatcher` open the vault again then).
  static func stamp(_ root: String) -> [Int64] {
    files.flatMap { file -> [Int64] in
      guard let status = FileSystem.status(root + "/" + file, followLinks: true) else { return [-1, -1] }
      return [status.modified, Int64(status.size)]
    }
  }

  static func load(root: String) -> (VaultSettings, [Diagnostic]) {
    var settings = VaultSettings()
    var diagnostics: [Diagnostic] = []

    if case .success(let bytes) = FileSystem.readFile(root + "/" + ConfigReader.path) {
      var reader = YAMLReader(path: ConfigReader.path, firstLine: 1)
      let properties = reader.properties(of: String(decoding: bytes, as: UTF8.self))
      diagnostics += reader.diagnostics
      diagnostics += ConfigReader.apply(properties, to: &settings)
      // A zone Foundation does not know would silently be the machine's: say so instead.
      if let zone = settings.timeZone, TimeZone(identifier: zone) == nil,
        let property = properties.first(where: { $0.key == "timezone" })
      {
        let near = TimeZone.knownTimeZoneIdentifiers.min {
          EditDistance.levenshtein(zone.lowercased(), $0.lowercased())
            < EditDistance.levenshtein(zone.lowercased(), $1.lowercased())
        }
        diagnostics.append(
          .error(
            "unknown time zone '\(zone)': use an IANA name such as Europe/Lisbon"
              + (near.map { " (did you mean '\($0)'?)" } ?? ""), at: property.location, in: ConfigReader.path))
        settings.timeZone = nil
      }
      for property in properties { settings.sources[property.key] = ConfigReader.path }
    }

    if let daily = json(root, ".obsidian/daily-notes.json", &diagnostics) {
      settings.dailyNotes = dailyNotes(daily, defaults: settings.dailyNotes)
      settings.sources["daily_notes"] = ".obsidian/daily-notes.json"
    }
    if let periodic = json(root, ".obsidian/plugins/periodic-notes/data.json", &diagnostics),
      let daily = periodic["daily"] as? [String: Any], daily["enabled"] as? Bool ?? false
    {
      settings.dailyNotes = dailyNotes(daily, defaults: settings.dailyNotes)
      settings.sources["daily_notes"] = ".obsidian/plugins/periodic-notes/data.json"
    }
    if let types = json(root, ".obsidian/types.json", &diagnostics)?["types"] as? [String: Any] {
      for (key, value) in types {
        if let name = value as? String, let type = PropertyType(rawValue: name) {
          settings.propertyTypes[key.lowercased()] = type
        }
      }
    }
    if let tasks = json(root, tasksPluginPath, &diagnostics) {
      settings.sources["tasks"] = tasksPluginPath
      if let format = tasks["taskFormat"] as? String {
        settings.tasks.format = format == "dataview" ? .dataview : .emoji
      }
      if let below = tasks["recurrenceOnNextLine"] as? Bool { settings.tasks.recurrenceOnNextLine = below }
      if let filter = tasks["globalFilter"] as? String, !filter.isEmpty { settings.tasks.globalFilter = filter }
      if let value = tasks["removeGlobalFilter"] as? Bool { settings.tasks.removeGlobalFilter = value }
      if let value = tasks["useFilenameAsScheduledDate"] as? Bool { settings.tasks.useFilenameAsScheduledDate = value }
      if let format = tasks["filenameAsScheduledDateFormat"] as? String, !format.isEmpty {
        settings.tasks.filenameAsScheduledDateFormat = format
      }
      if let folders = tasks["filenameAsDateFolders"] as? [String] { settings.tasks.filenameAsDateFolders = folders }
      if let value = tasks["setCreatedDate"] as? Bool { settings.tasks.setCreatedDate = value }
      if let value = tasks["setDoneDate"] as? Bool { settings.tasks.setDoneDate = value }
      if let value = tasks["setCancelledDate"] as? Bool { settings.tasks.setCancelledDate = value }
      if let value = tasks["removeScheduledDateOnRecurrence"] as? Bool {
        settings.tasks.removeScheduledDateOnRecurrence = value
      }
      if let statuses = tasks["statusSettings"] as? [String: Any] {
        settings.tasks.statuses = taskStatuses(statuses, &diagnostics)
        settings.tasks.nextStatusSymbols = nextStatusSymbols(statuses)
      }
    }
    // Core Obsidian's checkboxes unless the Tasks plugin is installed (its folder) or enabled.
    let enabled = jsonArray(root, ".obsidian/community-plugins.json") ?? []
    settings.tasks.coreCheckboxes =
      FileSystem.status(root + "/.obsidian", followLinks: true)?.isDirectory == true
      && FileSystem.status(root + "/.obsidian/plugins/obsidian-tasks-plugin", followLinks: true) == nil
      && !enabled.contains("obsidian-tasks-plugin")
    templates(root, &settings, &diagnostics)
    settings.ignoreFilters = ignoreFilters(root, &diagnostics)
    return (settings, diagnostics)
  }

  /// Obsidian's excluded files (`userIgnoreFilters` in `.obsidian/app.json`): all a walk of the
  /// vault needs of its settings.
  static func ignoreFilters(_ root: String, _ diagnostics: inout [Diagnostic]) -> [String] {
    json(root, ".obsidian/app.json", &diagnostics)?["userIgnoreFilters"] as? [String] ?? []
  }

  /// The Tasks plugin's `statusSettings`: `coreStatuses` then `customStatuses`, each
  /// `{"symbol": ">", "type": "NON_TASK", ...}`. One that vault cannot read is reported and
  /// left out; the first status of a symbol counts, as in the plugin.
  static func taskStatuses(_ object: [String: Any], _ diagnostics: inout [Diagnostic]) -> [TaskStatus] {
    var statuses: [TaskStatus] = []
    for list in ["coreStatuses", "customStatuses"] {
      for entry in object[list] as? [[String: Any]] ?? [] {
        let symbol = entry["symbol"] as? String ?? ""
        let typeName = entry["type"] as? String ?? ""
        // `EMPTY` is the plugin's placeholder for a row not filled in yet.
        guard typeName != "EMPTY" else { continue }
        guard symbol.count == 1, let character = symbol.first, let type = TaskStatus.Kind(pluginName: typeName) else {
          diagnostics.append(
            .warning(
              "statusSettings: the status '\(symbol)' of type '\(typeName)' is left out (a status is one character, of type TODO, IN_PROGRESS, ON_HOLD, DONE, CANCELLED or NON_TASK)",
              at: .start, in: tasksPluginPath))
          continue
        }
        if !statuses.contains(where: { $0.symbol == character }) {
          statuses.append(TaskStatus(symbol: character, type: type))
        }
      }
    }
    return statuses
  }

  /// Each status's `nextStatusSymbol`, the first of a symbol counting.
  static func nextStatusSymbols(_ object: [String: Any]) -> [Character: Character] {
    var next: [Character: Character] = [:]
    for list in ["coreStatuses", "customStatuses"] {
      for entry in object[list] as? [[String: Any]] ?? [] {
        guard let symbol = entry["symbol"] as? String, symbol.count == 1, let character = symbol.first,
          next[character] == nil, let following = entry["nextStatusSymbol"] as? String, following.count == 1,
          let nextCharacter = following.first
        else { continue }
        next[character] = nextCharacter
      }
    }
    return next
  }

  static let tasksPluginPath = ".obsidian/plugins/obsidian-tasks-plugin/data.json"

  /// Every file the settings are read from, relative to the vault: a change to any of them
  /// means opening the vault again (`ReminderWatch`).
  static let files = [
    ConfigReader.path, ".obsidian/daily-notes.json", ".obsidian/plugins/periodic-notes/data.json",
    ".obsidian/types.json", tasksPluginPath, ".obsidian/community-plugins.json", ".obsidian/app.json",
    ".obsidian/templates.json", ".obsidian/plugins/templater-obsidian/data.json",
  ]

  /// The templates' places: the core Templates plugin's `folder`, Templater's
  /// `templates_folder`, and the template files of Daily notes and of Periodic Notes.
  static func templates(_ root: String, _ settings: inout VaultSettings, _ diagnostics: inout [Diagnostic]) {
    func clean(_ text: String?) -> String? {
      guard let text = text?.trimmingWhitespace().trimming("/"), !text.isEmpty else { return nil }
      return text
    }
    var folders: [String] = []
    var sources: [String] = []
    if let folder = clean(json(root, ".obsidian/templates.json", &diagnostics)?["folder"] as? String) {
      folders.append(folder)
      sources.append(".obsidian/templates.json")
    }
    let templater = json(root, ".obsidian/plugins/templater-obsidian/data.json", &diagnostics)
    if let folder = clean(templater?["templates_folder"] as? String) {
      folders.append(folder)
      sources.append(".obsidian/plugins/templater-obsidian/data.json")
    }
    var files: [String] = []
    if let template = clean(settings.dailyNotes.template) { files.append(template) }
    if let periodic = json(root, ".obsidian/plugins/periodic-notes/data.json", &diagnostics) {
      for period in ["daily", "weekly", "monthly", "quarterly", "yearly"] {
        if let template = clean((periodic[period] as? [String: Any])?["template"] as? String) { files.append(template) }
      }
    }
    if !files.isEmpty { sources.append(settings.sources["daily_notes"] ?? "daily and periodic notes") }
    if !sources.isEmpty { settings.sources["templates"] = sources.joined(separator: ", ") }
    settings.templateFolders = folders.map { $0 + "/" }
    var seen = Set<String>()
    settings.templateFiles = files.map { $0.hasMarkdownExtension ? String($0.dropLast(3)) : $0 }.filter {
      seen.insert($0).inserted
    }
  }

  /// A JSON array of strings (`community-plugins.json`), or nil.
  static func jsonArray(_ root: String, _ path: String) -> [String]? {
    guard case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String]
  }

  /// `folder`, `format` and `template`, each optional and trimmed, as Obsidian reads them.
  static func dailyNotes(_ object: [String: Any], defaults: DailyNoteSettings) -> DailyNoteSettings {
    func value(_ key: String) -> String? {
      guard let text = (object[key] as? String)?.trimmingWhitespace(), !text.isEmpty
      else { return nil }
      return text
    }
    return DailyNoteSettings(
      folder: value("folder") ?? defaults.folder, format: value("format") ?? defaults.format,
      template: value("template") ?? defaults.template)
  }

  static func json(_ root: String, _ path: String, _ diagnostics: inout [Diagnostic]) -> [String: Any]? {
    guard case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { return nil }
    do {
      guard let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
        diagnostics.append(.warning("expected a JSON object; the file is ignored", at: .start, in: path))
        return nil
      }
      return object
    } catch {
      diagnostics.append(.warning("invalid JSON; the file is ignored", at: .start, in: path))
      return nil
    }
  }
}

extension Vault {
  /// The settings files' modification times and sizes (`.vault/config.yml`, the plugins'
  /// settings): what changes when any of them is written, so a long-running command (`vault
  /// serve`) knows to open the vault again.
  public var settingsStamp: [Int64] { SettingsLoader.stamp(root) }
}
