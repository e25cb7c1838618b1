import ArgumentParser
import Foundation
import VaultCore
import VaultKit

struct Journal: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "journal",
    abstract: "Write in today's daily note, or read the journal (show, list).",
    discussion: """
      `vault journal TEXT` writes (the same as `vault journal write TEXT`); `vault journal show \
      [DATE]` prints a day's entry; `vault journal list` lists entries. Text that is one of \
      these words: vault journal write show.
      """,
    subcommands: [JournalWrite.self, JournalShow.self, JournalList.self],
    defaultSubcommand: JournalWrite.self)
}

struct JournalWrite: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "write",
    abstract: "Write in today's daily note: a line of text, the mood, or open it.",
    discussion: """
      The daily note is at the path and in the format of .obsidian/daily-notes.json, made from \
      its template when missing ({{date}}, {{time}}, {{title}}, {{date:FORMAT}}). TEXT goes in as \
      `- HH:MM TEXT`, the last line under the journal heading (journal.heading in \
      .vault/config.yml, default Journal; added when missing). --mood sets `mood` in the front \
      matter; --mood-tags adds to the day's mood tags. Without TEXT or --mood, --edit (or \
      nothing) opens the note in $EDITOR.
        vault journal "Long run by the river, felt strong" --mood 8 --mood-tags sport,outdoors
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "What to write.")
  var text: String?

  @Option(name: .long, help: "The day's mood, 1 to 10.")
  var mood: Int?

  @Option(name: .long, help: "The mood's tags, comma-separated.")
  var moodTags: String?

  @Option(name: .long, help: ArgumentHelp("The day, if not today (natural language).", valueName: "date"))
  var date: String?

  @Option(name: .long, help: ArgumentHelp("The time written before TEXT (default now): 19:30, 7pm.", valueName: "time"))
  var time: String?

  @Flag(name: .long, help: "Open the note in $EDITOR afterwards.")
  var edit = false

  func validate() throws {
    if let mood, !(1...10).contains(mood) { throw ValidationError("--mood is from 1 to 10, not \(mood)") }
    if let text, text.trimmingSpaces().isEmpty { throw ValidationError("the text is empty") }
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let today = options.today(vault)
    var day = today
    if let date {
      switch NaturalDate.date(date, today: today) {
      case .success(let parsed): day = parsed
      case .failure(let problem): throw ValidationError("--date: \(problem)")
      }
    }
    var clock = options.now(vault).time
    if let time {
      switch NaturalDate.time(time) {
      case .success(let parsed): clock = parsed
      case .failure(let problem): throw ValidationError("--time: \(problem)")
      }
    }
    let (path, created) = try vault.dailyNote(for: day, time: clock)
    let terminal = options.terminal()
    var lines: [String] = []
    if created { lines.append(terminal.location(path) + terminal.dim("  (new note)")) }
    if let text {
      let added = try vault.appendJournal(text, at: clock, in: path)
      lines.append(terminal.location(path + ":\(added.line)") + "  " + added.text)
    }
    if let mood {
      let change = try vault.setProperty("mood", to: String(mood), in: path, preferred: .number)
      lines.append(terminal.location(path) + "  mood: " + (change.value ?? ""))
    }
    if let moodTags {
      let change = try vault.setProperty(
        "mood_tags", to: moodTags, in: path, preferred: .multitext, addingToList: true)
      lines.append(terminal.location(path) + "  mood_tags: " + (change.value ?? ""))
    }
    if options.json {
      try terminal.json(["path": path])
    } else {
      terminal.print(lines: lines)
    }
    if edit || (text == nil && mood == nil && moodTags == nil) {
      try EditorLauncher.open(vault.root + "/" + path, line: 1, environment: options.environment)
    }
  }
}

struct JournalShow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show",
    abstract: "Print a day's journal entry: its text, mood, mood tags and word count.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: ArgumentHelp("The day (default today): yesterday, fri, dec 5, 2026-11-22.", valueName: "date"))
  var date: String?

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    let day = try date.map { try DateOption.parse($0, "date", today, past: true) } ?? today
    let days = try options.fromFreshIndex(vault) { store throws(VaultError) in
      try vault.journalDays(in: store, from: day, through: day)
    }
    let terminal = options.terminal()
    guard let entry = days.first else {
      if options.json {
        try terminal.json(days.first)
        return
      }
      terminal.print(
        "no journal entry for \(day): write one with "
          + (day == today ? "`vault journal \"Slept well\"`" : "`vault journal \"Slept well\" --date \(day)`"))
      return
    }
    if options.json {
      try terminal.json(entry)
      return
    }
    terminal.print(terminal.heading(ViewWords.longDate(entry.date)) + "  " + terminal.dim(entry.path))
    var facts: [String] = []
    facts.append(entry.mood.map(vault.settings.moods.text) ?? "no mood")
    if !entry.moodTags.isEmpty { facts.append(entry.moodTags.joined(separator: ", ")) }
    facts.append(Counting.of(entry.words, "word"))
    terminal.print(facts.joined(separator: " · "))
    let body = entry.text.trimmingCharacters(in: .whitespacesAndNewlines)
    if !body.isEmpty {
      terminal.print("")
      terminal.print(body)
    }
  }
}

struct JournalList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List journal entries with their first line, mood and words.",
    discussion: """
      Newest first; the last 30 days unless --from or --to. --mood takes a comparison: 7, \
      '<=4', '>=8', '<5'.
        vault journal list --from "dec 1" --mood '<=4'
        vault journal list --search river
      """)

  @OptionGroup var options: GlobalOptions

  @Option(name: .long, help: ArgumentHelp("The first day (default 30 days ago).", valueName: "date"))
  var from: String?

  @Option(name: .long, help: ArgumentHelp("The last day (default today).", valueName: "date"))
  var to: String?

  @Option(name: .long, help: "Only entries whose text holds these words (any case).")
  var search: String?

  @Option(name: .long, help: ArgumentHelp("Only entries with this mood: 7, '<=4', '>=8'.", valueName: "comparison"))
  var mood: String?

  func validate() throws {
    if let mood, MoodFilter(mood) == nil {
      throw ValidationError(
        "--mood: '\(mood)' is not a mood comparison such as 7, '<=4' or '>=8' (moods go from 1 to 10)")
    }
  }

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    // A journal looks back: a day and month (or a weekday) is the last such day, and --to the
    // next one when that would be before --from (`--from "dec 1" --to "dec 20"` on 15 December).
    let back = try to.map { try DateOption.parse($0, "--to", today, past: true) } ?? today
    let first = try from.map { try DateOption.parse($0, "--from", today, past: true) } ?? back.adding(days: -29)
    let ahead = back < first ? to.flatMap { try? DateOption.parse($0, "--to", today) } : nil
    let last = ahead.map { $0 >= first ? $0 : back } ?? back
    guard first <= last else { throw ValidationError("--from (\(first)) is after --to (\(last))") }
    let filter = mood.flatMap(MoodFilter.init)
    let words = (search ?? "").lowercased().split(whereSeparator: \.isWhitespace)
    let days = try options.fromFreshIndex(vault) { store throws(VaultError) in
      try vault.journalDays(in: store, from: first, through: last)
    }.filter { day in
      (filter.map { filter in day.mood.map(filter.matches) ?? false } ?? true)
        && words.allSatisfy { day.text.lowercased().contains($0) }
    }.reversed()
    let terminal = options.terminal()
    if options.json {
      try terminal.json(Array(days))
      return
    }
    guard !days.isEmpty else {
      terminal.print(
        "no journal entries from \(first) to \(last)\(search != nil || mood != nil ? " matching the filters" : ""): "
          + "write one with `vault journal \"Slept well\"`")
      return
    }
    let rows = days.map { day -> [String] in
      [
        ViewWords.shortDate(day.date) + " \(day.date.year)", day.mood.map(vault.settings.moods.short) ?? "  -",
        day.firstLine,
        terminal.dim(Counting.of(day.words, "word")),
      ]
    }
    terminal.print(lines: terminal.table(rows, indent: 0, flexible: 2))
  }
}

/// `7`, `<=4`, `>=8`, `<5`, `>3`, `=6`: a comparison of a mood.
struct MoodFilter {
  let operation: String
  let value: Int

  init?(_ text: String) {
    let trimmed = text.trimmingSpaces()
    let operation = ["<=", ">=", "<", ">", "="].first { trimmed.hasPrefix($0) } ?? "="
    let rest = trimmed.hasPrefix(operation) ? trimmed.dropFirst(operation.count) : Substring(trimmed)
    guard let value = Int(rest.trimmingSpaces()), (1...10).contains(value) else { return nil }
    self.operation = operation
    self.value = value
  }

  func matches(_ mood: Int) -> Bool {
    switch operation {
    case "<=": return mood <= value
    case ">=": return mood >= value
    case "<": return mood < value
    case ">": return mood > value
    default: return mood == value
    }
  }
}
