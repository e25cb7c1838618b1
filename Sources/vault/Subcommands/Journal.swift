import ArgumentParser
import VaultCore
import VaultKit

struct Journal: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "journal",
    abstract: "Write in today's daily note: a line of text, the mood, or open it.",
    discussion: """
      The daily note is at the path and in the format of .obsidian/daily-notes.json, made from \
      its template when missing ({{date}}, {{time}}, {{title}}, {{date:FORMAT}}). TEXT goes in as \
      `- HH:MM TEXT`, the last line under the journal heading (journal.heading in \
      .vault/config.yml, default Journal; added when missing). --mood sets `mood` in the front \
      matter. Without TEXT or --mood, --edit (or nothing) opens the note in $EDITOR.
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
    let vault = try options.openVault()
    let today = options.today(vault)
    var day = today
    if let date {
      switch NaturalDate.date(date, today: today) {
      case .success(let parsed): day = parsed
      case .failure(let problem): throw ValidationError("--date: \(problem)")
      }
    }
    var clock = vault.timeNow()
    if let time {
      switch NaturalDate.time(time) {
      case .success(let parsed): clock = parsed
      case .failure(let problem): throw ValidationError("--time: \(problem)")
      }
    }
    let (path, created) = try vault.dailyNote(for: day, time: clock)
    let terminal = options.terminal()
    var lines: [String] = []
    if created { lines.append(terminal.location(vault.displayPath(path)) + terminal.dim("  (new note)")) }
    if let text {
      let added = try vault.appendJournal(text, at: clock, in: path)
      lines.append(terminal.location(vault.displayPath(path) + ":\(added.line)") + "  " + added.text)
    }
    if let mood {
      let change = try vault.setProperty("mood", to: String(mood), in: path, preferred: .number)
      lines.append(terminal.location(vault.displayPath(path)) + "  mood: " + (change.value ?? ""))
    }
    if let moodTags {
      let change = try vault.setProperty("mood_tags", to: moodTags, in: path, preferred: .multitext)
      lines.append(terminal.location(vault.displayPath(path)) + "  mood_tags: " + (change.value ?? ""))
    }
    if options.json {
      try terminal.json(["path": path])
    } else {
      for line in lines { terminal.print(line) }
    }
    if edit || (text == nil && mood == nil && moodTags == nil) {
      try EditorLauncher.open(vault.root + "/" + path, line: 1, environment: options.environment)
    }
  }
}
