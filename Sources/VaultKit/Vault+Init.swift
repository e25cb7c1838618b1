import Foundation
import VaultCore

/// `vault init`: what a new vault starts with. Nothing is ever overwritten. A folder that
/// already holds notes or Obsidian's settings gets only what vault itself will use (its config,
/// the task inbox, the personal code): Obsidian's settings, and folders and templates its own
/// settings do not name, stay as they are, since kind folders are made by the first `add`
/// where the vault's own items live and daily notes go where Obsidian's settings say.
public enum VaultStarter {
  /// What one run added, what was already there, and what it left out and why, vault-relative
  /// (`Events/` for a folder).
  public struct Report: Sendable, Encodable {
    public var added: [String]
    public var kept: [String]
    public var skipped: [String] = []
  }

  static let folders = ["Events", "Goals", "Insights", "Journal", "Templates"]

  static let files: [(String, String)] = [
    (
      ".vault/config.yml",
      """
      # vault's settings for this vault. Every key is optional: remove the # to change one;
      # the values shown are the defaults.

      # Folders that decide an item's kind (a `type` property wins over them).
      # folders:
      #   events: Events
      #   goals: Goals
      #   insights: Insights

      # The note whose list items are your personal code of principles (`vault align`).
      # personal_code: Personal Code.md

      # Where `vault add task` puts new tasks, and the heading in it they go under (default:
      # after the inbox's first list of tasks).
      # inbox: Tasks.md
      # inbox_heading: Inbox

      # How many items each section of `vault today` shows (1 to 10).
      # dashboard:
      #   limit: 3

      # First day of the week in calendars: monday or sunday.
      # week_start: monday

      # The time zone views show times in (IANA name); default: the system's.
      # timezone: Europe/Berlin

      # Heading in the daily note under which `vault journal TEXT` writes, and the folder for a
      # journal app's notes without a day (jtx Board's notes, over CalDAV).
      # journal:
      #   heading: Journal
      #   notes: Notes

      # Files larger than this are skipped with a warning.
      # max_file_size_mb: 8

      """
    ),
    (
      ".obsidian/daily-notes.json",
      """
      {
        "folder": "Journal",
        "format": "YYYY/MM/YYYY-MM-DD",
        "template": "Templates/Daily"
      }

      """
    ),
    (".obsidian/templates.json", "{\n  \"folder\": \"Templates\"\n}\n"),
    (".obsidian/app.json", "{\n  \"userIgnoreFilters\": [\n    \"Templates/\"\n  ]\n}\n"),
    (
      ".obsidian/core-plugins.json",
      """
      [
        "file-explorer", "global-search", "switcher", "graph", "backlink", "outgoing-link", "tag-pane",
        "properties", "page-preview", "daily-notes", "templates", "command-palette", "editor-status",
        "bookmarks", "outline", "word-count", "file-recovery"
      ]

      """
    ),
    (
      "Templates/Daily.md",
      """
      ---
      mood:
      mood_tags: []
      ---
      # {{date:dddd, MMMM D, YYYY}}

      ## Journal

      ## Tasks

      """
    ),
    (
      "Personal Code.md",
      """
      # Personal Code

      The principles you want to live by, one list item each. `vault align` walks through them.

      - Leave every place a little better than I found it.

      """
    ),
    ("Tasks.md", "# Tasks\n\nInbox for quick tasks: `vault add task` appends here.\n\n"),
  ]

  /// vault's own files: what an existing vault gets.
  static let ownFiles: Set<String> = [".vault/config.yml", "Personal Code.md", "Tasks.md"]

  /// Whether the folder is in use already: Obsidian's settings, or a note anywhere in it.
  static func isInUse(_ path: String) -> Bool {
    let manager = FileManager.default
    if manager.fileExists(atPath: path + "/.obsidian") { return true }
    guard let walker = manager.enumerator(atPath: path) else { return false }
    while let relative = walker.nextObject() as? String {
      if relative.hasPrefix(".git") || relative.hasPrefix(".trash") { walker.skipDescendants() }
      if relative.lowercased().hasSuffix(".md") { return true }
    }
    return false
  }

  /// The line that lets git merge two devices' suggestion logs by keeping both sides' lines.
  static let unionMerge = ".vault/suggestions.log merge=union"

  /// Makes `path` a vault (creating the folder if needed) by adding what is missing.
  public static func initialize(_ path: String) throws(VaultError) -> Report {
    var report = try initializeFiles(path)
    // `.gitattributes`: the union merge of the suggestion log, added to the user's own file.
    let attributes = path + "/.gitattributes"
    let existing = (try? String(contentsOfFile: attributes, encoding: .utf8)) ?? ""
    if existing.split(whereSeparator: \.isNewline).contains(where: {
      $0.trimmingCharacters(in: .whitespaces) == unionMerge
    }) {
      report.kept.append(".gitattributes")
    } else {
      _ = try Vault(path: path).append(unionMerge, to: ".gitattributes")
      report.added.append(".gitattributes")
    }
    return report
  }

  /// Writes the built-in task templates into `Task Templates/` for the user to edit (what
  /// `vault suggest` suggests); a template whose note exists is kept as it is.
  public static func writeTaskTemplates(_ path: String) throws(VaultError) -> Report {
    var report = Report(added: [], kept: [])
    let folder = Vault.templateFolder
    do {
      try FileManager.default.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(folder, reason: VaultError.systemReason(error))
    }
    for template in TaskTemplate.builtIn {
      let relative = folder + "/" + NewNote.fileName(template.title) + ".md"
      guard
        case .written = try FileWriter.create(
          path + "/" + relative, with: Array(template.noteText.utf8), display: relative)
      else {
        report.kept.append(relative)
        continue
      }
      report.added.append(relative)
    }
    return report
  }

  static func initializeFiles(_ path: String) throws(VaultError) -> Report {
    var report = Report(added: [], kept: [])
    let manager = FileManager.default
    if isInUse(path) {
      let (settings, _) = SettingsLoader.load(root: path)
      let daily = settings.dailyNotes.folder.isEmpty ? "the vault's top folder" : settings.dailyNotes.folder + "/"
      report.skipped = [
        "Events/ Goals/ Insights/: made by the first add, where your items live",
        "Journal/ Templates/ .obsidian/: daily notes go to \(daily), as Obsidian says",
      ]
      for (relative, content) in files where ownFiles.contains(relative) {
        if manager.fileExists(atPath: path + "/" + relative) {
          report.kept.append(relative)
          continue
        }
        do {
          try manager.createDirectory(
            atPath: path + "/" + (relative as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
          throw .cannotWrite(relative, reason: VaultError.systemReason(error))
        }
        guard case .written = try FileWriter.create(path + "/" + relative, with: Array(content.utf8), display: relative)
        else {
          report.kept.append(relative)
          continue
        }
        report.added.append(relative)
      }
      return report
    }
    func makeFolder(_ relative: String) throws(VaultError) {
      do {
        try manager.createDirectory(atPath: path + "/" + relative, withIntermediateDirectories: true)
      } catch {
        throw .cannotWrite(relative.isEmpty ? path : relative, reason: VaultError.systemReason(error))
      }
    }
    try makeFolder("")
    for folder in folders {
      var isFolder: ObjCBool = false
      if manager.fileExists(atPath: path + "/" + folder, isDirectory: &isFolder) {
        report.kept.append(folder + "/")
      } else {
        try makeFolder(folder)
        report.added.append(folder + "/")
      }
    }
    for (relative, content) in files {
      if manager.fileExists(atPath: path + "/" + relative) {
        report.kept.append(relative)
        continue
      }
      try makeFolder((relative as NSString).deletingLastPathComponent)
      // Never over a file made meanwhile: that one is kept.
      guard case .written = try FileWriter.create(path + "/" + relative, with: Array(content.utf8), display: relative)
      else {
        report.kept.append(relative)
        continue
      }
      report.added.append(relative)
    }
    return report
  }
}
