import ArgumentParser
import Foundation
import VaultCore
import VaultKit

/// `vault suggest`: what to do next, for how you feel and the time of day.
struct Suggest: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggest",
    abstract: "Suggest tasks for your mood and the time of day; accept or dismiss them.",
    discussion: """
      Each task template (notes in Task Templates/ or with type: task-template; a built-in set \
      when the vault has none) is scored: 0.40 × mood fit + 0.20 × time of day + 0.25 × what \
      you accepted before in that mood + 0.15 × energy fit (docs/FORMAT.md, "Suggestions"). The \
      mood is today's logged one unless --mood says. The list is numbered: accept or dismiss \
      by number. What you accept and dismiss is recorded in .vault/suggestions.log (it syncs); \
      the lists shown are kept outside the vault, in $XDG_STATE_HOME/vault/, so that looking \
      never changes it.
        vault suggest --mood 4 --why
        vault suggest accept 1
        vault suggest dismiss 2
      """,
    subcommands: [SuggestShow.self, SuggestAccept.self, SuggestDismiss.self],
    defaultSubcommand: SuggestShow.self)
}

struct SuggestShow: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the best suggestions now.")

  @OptionGroup var options: GlobalOptions

  @Option(name: .long, help: "Your mood, 1-10 (default: today's logged mood).")
  var mood: Int?

  @Option(
    name: .long, help: ArgumentHelp("morning, afternoon, evening, or a time HH:MM (default: now).", valueName: "when"))
  var at: String?

  @Option(name: .long, help: "How many.")
  var limit = 5

  @Flag(name: .long, help: "Show the four parts of each score.")
  var why = false

  func validate() throws {
    if let mood, !(1...10).contains(mood) { throw ValidationError("--mood must be from 1 to 10") }
    guard (1...50).contains(limit) else { throw ValidationError("--limit must be from 1 to 50") }
    if let at, SuggestShow.timeOfDay(at) == nil {
      throw ValidationError("--at takes morning, afternoon, evening or a time such as 14:30, not '\(at)'")
    }
  }

  /// The Nth of today's list, for `accept` and `dismiss`, with the vault, the moment and the
  /// mood it was shown for.
  static func pick(
    _ number: Int, options: GlobalOptions
  ) throws -> (Vault, LocalDateTime, TaskTemplate, Int?) {
    let vault = try options.openVault(writing: true)
    let now = options.now(vault)
    let (template, mood) = try vault.shownSuggestion(number, on: now.date, in: try options.freshIndex(vault))
    return (vault, now, template, mood)
  }

  static func timeOfDay(_ text: String) -> TaskTemplate.TimeOfDay? {
    if let named = TaskTemplate.TimeOfDay(rawValue: text.lowercased()), named != .any { return named }
    return DateParsing.time(text).map(TaskTemplate.TimeOfDay.init)
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let now = options.now(vault)
    let store = try options.freshIndex(vault)
    let mood = try self.mood ?? vault.mood(on: now.date, in: store)
    let time = at.flatMap(Self.timeOfDay) ?? TaskTemplate.TimeOfDay(now.time)
    let shown = try vault.suggest(in: store, mood: mood, at: now, time: time, limit: limit, record: true)
    let terminal = options.terminal()
    if options.json {
      try terminal.json(shown)
      return
    }
    guard !shown.isEmpty else {
      terminal.print("nothing left to suggest today: all were accepted or dismissed; add notes to Task Templates/")
      return
    }
    terminal.print(
      "for " + (mood.map { "mood \($0)" } ?? "no mood logged (`vault mood 6` logs one)") + ", \(time.rawValue):")
    for suggestion in shown {
      let attributes = suggestion.attributes
      let facts = [
        attributes.duration.map(TaskAttributes.durationText), attributes.energy.map { "\($0.rawValue) energy" },
        suggestion.category.isEmpty ? nil : suggestion.category,
      ].compactMap { $0 }.joined(separator: " · ")
      terminal.print("\(suggestion.number). \(suggestion.title)  " + terminal.dim(facts))
      if why {
        terminal.print(
          terminal.dim(
            String(
              format: "   %.2f = 0.40×%.2f mood + 0.20×%.2f time + 0.25×%.2f history + 0.15×%.2f energy",
              suggestion.score, suggestion.mood, suggestion.time, suggestion.history, suggestion.energy)))
      }
    }
    // Broken between its two commands when the terminal is narrow, never inside one.
    let hint = ["`vault suggest accept 1` adds it as a task;", "`vault suggest dismiss 1` drops it for today"]
    for line in ViewText.joined(hint, by: " ", indent: 0, width: terminal.width) { terminal.print(terminal.dim(line)) }
  }
}

struct SuggestAccept: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "accept", abstract: "Add suggestion N of today's list as a task (today's daily note, else the inbox).")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The suggestion's number in today's list.")
  var number: Int

  func run() throws {
    let (vault, now, template, mood) = try SuggestShow.pick(number, options: options)
    let added = try vault.accept(template, mood: mood, at: now)
    let terminal = options.terminal()
    if options.json {
      try terminal.json(added)
      return
    }
    terminal.say(terminal.location(added.path + ":\(added.line)") + "  " + added.text)
    // Which list the number was read in: the one `vault suggest` printed last today.
    let list = "suggestion \(number) of the list shown last, " + (mood.map { "for mood \($0)" } ?? "without a mood")
    for line in ViewText.joined([list], by: " ", indent: 0, width: terminal.width) {
      terminal.print(terminal.dim(line))
    }
  }
}

struct SuggestDismiss: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "dismiss", abstract: "Drop suggestion N of today's list for the rest of the day.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The suggestion's number in today's list.")
  var number: Int

  func run() throws {
    let (vault, now, template, mood) = try SuggestShow.pick(number, options: options)
    try vault.dismiss(template, mood: mood, at: now)
    options.terminal().print("dismissed for today: \(template.title)")
  }
}
