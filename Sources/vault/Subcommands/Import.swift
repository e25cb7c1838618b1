import ArgumentParser
import Foundation
import VaultCore
import VaultKit

/// `vault import FORMAT`: items from other programs written into the vault.
struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Write items from other programs into the vault: iCalendar events.",
    subcommands: [ImportICS.self])
}

/// `vault import ics FILE|-`: events as Full Calendar event notes, again and again without duplicates.
struct ImportICS: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ics",
    abstract: "Write the events of an iCalendar file (or - for standard input) as event notes.",
    discussion: """
      Each VEVENT becomes an event note in the form vault add event writes, with the \
      source's UID in uid: RRULE as rrule (a plain weekly rule as daysOfWeek), EXDATE as \
      skipDates, TZID as timezone (Windows names mapped), alarms as remind, DESCRIPTION as \
      the body (when the note is made; later the body is yours). Importing the same file \
      again changes nothing; a newer version updates only the properties that changed, and \
      leaves a note you edited by hand as it is unless --force. Events gone from the file \
      are listed, and moved to .trash/ with --prune.
        vault import ics ~/Downloads/work.ics --dry-run
        vault import ics work.ics --folder Events/Work --category work
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: ArgumentHelp("The iCalendar file, or - for standard input.", valueName: "file"))
  var file: String

  @Option(name: .long, help: "The folder new event notes go in (default: the events folder).")
  var folder: String?

  @Option(name: .long, help: "The category of every imported event.")
  var category: String?

  @Flag(name: .long, help: "Say what would be created, updated and pruned; write nothing.")
  var dryRun = false

  @Flag(name: .long, help: "Update notes edited by hand since their import too.")
  var force = false

  @Flag(name: .long, help: "Move to .trash/ the notes of this calendar whose event is gone from the file.")
  var prune = false

  /// Larger files are refused: a calendar of 256 MB is a mistake, not a calendar (50 MB, with
  /// attachments, is read).
  static let largestFile = 256 * 1024 * 1024

  func run() throws {
    let vault = try options.openVault(writing: !dryRun)
    let text = try read()
    var choice = CalendarImportOptions()
    choice.folder = folder.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
    choice.category = category
    choice.force = force
    choice.prune = prune
    choice.dryRun = dryRun
    choice.file = file
    // Not `fromFreshIndex`: its reader may run twice (beside the refresh, then after it),
    // and an import writes.
    let store = try options.freshIndex(vault)
    let report = try vault.importCalendar(text, in: store, options: choice)
    let terminal = options.terminal()
    for problem in report.problems { terminal.printError(problem) }
    if options.json {
      try terminal.json(report)
      return
    }
    let would = dryRun ? "would " : ""
    for path in report.created { terminal.print("\(would)create \(path)") }
    for path in report.updated { terminal.print("\(would)update \(path)") }
    for path in report.edited {
      terminal.print(
        "kept \(path): edited by hand since its import (`vault import ics \(ShellQuote.quoted(file)) --force` overwrites it)"
      )
    }
    for path in report.gone where !report.pruned.contains(path) && !prune {
      terminal.print(
        "gone from the file: \(path) (`vault import ics \(ShellQuote.quoted(file)) --prune` moves it to .trash/)")
    }
    for path in report.pruned { terminal.print(dryRun ? "would move \(path) to .trash/" : "moved to \(path)") }
    let be = dryRun ? "would be " : ""
    terminal.print(
      "\(dryRun ? "dry run: " : "")\(Counting.of(report.created.count, "event")) \(be)created, \(report.updated.count) \(be)updated, \(report.unchanged) unchanged"
        + (report.edited.isEmpty ? "" : ", \(report.edited.count) edited by hand kept")
        + (report.pruned.isEmpty ? "" : ", \(report.pruned.count) \(be)moved to .trash/"))
    if report.problems.contains(where: { $0.contains(": error: ") }) { throw ExitCode(1) }
  }

  func read() throws -> String {
    let data: Data
    if file == "-" {
      data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
      guard let attributes = try? FileManager.default.attributesOfItem(atPath: file) else {
        throw VaultError.unreadable(file, reason: "no such file")
      }
      if let size = attributes[.size] as? Int, size > Self.largestFile {
        throw VaultError.unreadable(
          file, reason: "it is \(size / 1_048_576) MB; an iCalendar file of more than 256 MB is refused")
      }
      do {
        data = try Data(contentsOf: URL(fileURLWithPath: file))
      } catch {
        throw VaultError.unreadable(file, reason: VaultError.systemReason(error))
      }
    }
    guard data.count <= Self.largestFile else {
      throw VaultError.unreadable(file, reason: "more than 256 MB; an iCalendar file that large is refused")
    }
    return String(decoding: data, as: UTF8.self)
  }
}
