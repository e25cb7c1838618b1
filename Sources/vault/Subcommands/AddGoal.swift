import ArgumentParser
import VaultCore
import VaultKit

struct AddGoal: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "goal",
    abstract: "Add a goal note with a target date.",
    discussion: """
      The note is `Title.md` in the goals folder with `target`, `status: active` and \
      `progress: 0%`; set progress later with `vault progress GOAL 40%`, or add checkboxes to \
      the note and tasks elsewhere that link to it.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The goal.")
  var title: String

  @Option(name: .long, help: ArgumentHelp("The target date.", valueName: "date"))
  var target: String

  @Option(name: .long, help: "highest, high, medium, normal, low or lowest: goals sort by it.")
  var priority: TaskPriority?

  @Option(name: .long, help: "A tag (repeatable).")
  var tag: [String] = []

  func validate() throws {
    if title.trimmingSpaces().isEmpty { throw ValidationError("the goal needs a title") }
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let date = try DateOption.parse(target, "--target", options.today(vault))
    var properties = [("target", date.description), ("status", "active"), ("progress", "0%")]
    if let priority { properties.append(("priority", priority.rawValue)) }
    if !tag.isEmpty { properties.append(("tags", "[" + tag.map(PropertyWriter.scalar).joined(separator: ", ") + "]")) }
    if let created = vault.createdProperty(at: options.now(vault)) { properties.append(created) }
    let filing = try options.filing(.goal, in: vault)
    if let category = filing.property { properties.insert(category, at: 0) }
    let folder = filing.folder
    let path = try vault.createNote(named: title, in: folder, text: NewNote.text(properties: properties, body: nil))
    try NewNoteReport.print(path, vault: vault, options: options)
  }
}

struct Progress: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "progress",
    abstract: "Set a goal's progress: 40%, 40, 0.4 or 4/10.",
    discussion: """
      `40%`, `40`, `0.4` and `4/10` all mean 40 %: a number strictly between 0 and 1 is a \
      fraction, any other number a percentage. Below 0 or above 100 % is an error, and so is a \
      note that is not a goal. Written as `progress: 40%`, or `progress: 40` where the note or \
      .obsidian/types.json makes progress a number. The day's value is also kept under the \
      note's `## Progress` heading (`- 2026-11-23: 63%`), and `vault goals` forecasts from those \
      points when the goal will be reached at its pace.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The goal note.")
  var goal: String

  @Argument(help: "The progress: 40%, 40, 0.4 or 4/10.")
  var value: String

  func validate() throws {
    guard let fraction = Goal.progress(fromText: value) else {
      throw ValidationError("'\(value)' is not a progress: use 40%, 40, 0.4 or 4/10")
    }
    guard (0...1).contains(fraction) else {
      throw ValidationError("'\(value)' is \(ViewText.percent(fraction)): a progress goes from 0% to 100%")
    }
  }

  func run() throws {
    let vault = try options.openVault(writing: true)
    let path = try options.resolveNote(goal, in: vault)
    let change = try vault.setGoalProgress(Goal.progress(fromText: value) ?? 0, in: path, on: options.today(vault))
    try PropertyKey.report(change, vault: vault, options: options)
  }
}
