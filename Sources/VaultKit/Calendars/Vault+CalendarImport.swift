import Foundation
import VaultCore
import VaultIndex
import VaultMarkdown

/// How `vault import ics` writes.
public struct CalendarImportOptions: Sendable {
  /// The folder new event notes go in (default: the vault's events folder).
  public var folder: String?
  /// The category of every imported event.
  public var category: String?
  /// Overwrite notes edited by hand since they were imported.
  public var force = false
  /// Move to `.trash/` the notes of this calendar whose event is gone from the file.
  public var prune = false
  /// Say what would be done, write nothing.
  public var dryRun = false
  /// The file's name for diagnostics (`-` for standard input).
  public var file = "-"

  public init() {}
}

/// What an import did (or, with `dryRun`, would do).
public struct CalendarImportReport: Sendable, Encodable {
  public var created: [String] = []
  public var updated: [String] = []
  public var unchanged = 0
  /// Notes edited by hand since their import, left as they are (without `force`).
  public var edited: [String] = []
  /// Notes of this calendar whose event is gone from the file.
  public var gone: [String] = []
  /// Those moved to `.trash/` (with `prune`).
  public var pruned: [String] = []
  /// `file:line: error|warning: message`.
  public var problems: [String] = []
  public var dryRun = false
}

extension Vault {
  /// The keys an import writes, and so the ones its fingerprint (`ics_hash`) covers: the note
  /// was edited by hand when their values no longer give the fingerprint written with them.
  static let importedKeys = [
    "title", "uid", "type", "date", "endDate", "startRecur", "endRecur", "daysOfWeek", "startDate", "rrule",
    "allDay", "startTime", "endTime", "timezone", "emoji", "category", "location", "tags", "remind", "skipDates",
    "leap_day", "floating", "status", "extraDates",
  ]

  /// Writes the events of an iCalendar file as event notes: new ones made, changed ones
  /// updated key by key, notes edited by hand since their import left alone (unless `force`),
  /// and the notes of this calendar whose event is gone listed (moved to `.trash/` with `prune`).
  public func importCalendar(
    _ text: String, in store: IndexStore, options: CalendarImportOptions
  ) throws(VaultError) -> CalendarImportReport {
    var report = CalendarImportReport()
    report.dryRun = options.dryRun
    var importer = ICalendarImport(
      vaultZone: zone.identifier, allDayAt: settings.reminders.allDayAt, category: options.category,
      knownZone: { TimeZone(identifier: $0) != nil }, offset: Self.calendarZones.offset)
    importer.zoneNames = TimeZone.knownTimeZoneIdentifiers
    importer.vaultZoneIsSet = settings.timeZone != nil
    let (items, problems) = importer.items(text)
    report.problems = problems.map { "\(options.file):\($0.line): \($0.isError ? "error" : "warning"): \($0.message)" }
    let calendar =
      ICalendarImport.name(of: ICalendar.parse(text).components)
      ?? (options.file == "-" ? "stdin" : (options.file as NSString).lastPathComponent)
    let facts: [String: (uid: String?, modified: Int)]
    do {
      facts = try store.eventNoteFacts()
    } catch {
      throw VaultError(error)
    }
    var byUID: [String: String] = [:]
    for (path, fact) in facts.sorted(by: { $0.key < $1.key }) {
      if let uid = fact.uid, byUID[uid] == nil { byUID[uid] = path }
    }
    let folder = options.folder ?? settings.folders[.event] ?? "Events"
    for item in items {
      var properties = item.properties
      // A changed occurrence links to its series' note (made before it in this loop).
      if item.recurrenceDay != nil, let series = byUID[item.seriesUID] {
        properties.append(("series", PropertyWriter.scalar("[[" + String(series.dropLast(3)) + "]]")))
      }
      properties.append(("ics_calendar", PropertyWriter.scalar(calendar)))
      let fresh = Self.values(of: NewNote.text(properties: properties, body: nil))
      let fingerprint = Self.fingerprint(fresh)
      properties.append(("ics_hash", fingerprint))
      guard let path = byUID[item.uid] else {
        if options.dryRun {
          let path = (folder.isEmpty ? "" : folder + "/") + NewNote.fileName(item.noteName) + ".md"
          report.created.append(path)
          byUID[item.uid] = path
        } else {
          // One event that cannot be written (a name the file system refuses) stops only itself.
          do {
            let path = try createNote(
              named: item.noteName, in: folder, text: NewNote.text(properties: properties, body: item.body))
            report.created.append(path)
            byUID[item.uid] = path
          } catch {
            report.problems.append("\(options.file):\(item.line): error: '\(item.title)' not imported: \(error)")
          }
        }
        continue
      }
      guard case .success(let bytes) = FileSystem.readFile(root + "/" + path) else { continue }
      let noteText = String(decoding: bytes, as: UTF8.self)
      let current = Self.values(of: noteText)
      let stored = NoteParser.parse(bytes, path: path).properties.first { $0.key == "ics_hash" }?.value.text
      if Self.fingerprint(current) == fingerprint {
        report.unchanged += 1
        continue
      }
      if stored != Self.fingerprint(current) && !options.force {
        report.edited.append(path)
        continue
      }
      let written = Dictionary(properties.map { ($0.0, $0.1) }, uniquingKeysWith: { first, _ in first })
      var changes: [(key: String, yaml: String?)] = []
      for key in Self.importedKeys + ["ics_calendar"] where current[key] != fresh[key] {
        changes.append((key, written[key]))
      }
      changes.append(("ics_hash", fingerprint))
      if !options.dryRun { _ = try setYAMLProperties(changes, in: path) }
      report.updated.append(path)
    }
    // Notes this calendar made whose event is no longer in it.
    let uids = Set(items.map(\.uid))
    for (uid, path) in byUID.sorted(by: { $0.value < $1.value }) where !uids.contains(uid) {
      guard case .success(let bytes) = FileSystem.readFile(root + "/" + path),
        NoteParser.parse(bytes, path: path).properties.first(where: { $0.key == "ics_calendar" })?.value.text
          == calendar
      else { continue }
      report.gone.append(path)
      if options.prune {
        report.pruned.append(options.dryRun ? path : try trash(path))
      }
    }
    return report
  }

  /// The values of the imported keys in a note's front matter, as text.
  static func values(of text: String) -> [String: String] {
    let note = NoteParser.parse(Array(text.utf8), path: "import.md")
    var values: [String: String] = [:]
    for property in note.properties where importedKeys.contains(property.key) || property.key == "ics_calendar" {
      values[property.key] = property.value.text
    }
    return values
  }

  /// A fingerprint of the imported keys' values: `fnv1a-` and 16 hex digits.
  static func fingerprint(_ values: [String: String]) -> String {
    // Keys added since the first imports count only when written, so notes imported before
    // keep their fingerprint.
    let later: Set = ["leap_day", "floating", "status", "extraDates"]
    let keys = importedKeys.filter { !later.contains($0) || values[$0] != nil }
    let text = keys.map { "\($0)=\(values[$0] ?? "")" }.joined(separator: "\n")
    return "fnv1a-" + String(StableHash.fnv1a(text), radix: 16)
  }
}
