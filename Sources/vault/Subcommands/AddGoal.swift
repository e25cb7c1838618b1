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

  @Option(name: .long, help: "A tag (repeatable).")
  var tag: [String] = []

  func run() throws {
    let vault = try options.openVault()
    let date = try DateOption.parse(target, "--target", options.today(vault))
    var properties = [("target", date.description), ("status", "active"), ("progress", "0%")]
    if !tag.isEmpty { properties.append(("tags", "[" + tag.map(PropertyWriter.scalar).joined(separator: ", ") + "]")) }
    let folder = vault.settings.folders[.goal] ?? "Goals"
    let path = try vault.createNote(named: title, in: folder, text: NewNote.text(properties: properties, body: nil))
    try NewNoteReport.print(path, vault: vault, options: options)
  }
}

struct Progress: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "progress",
    abstract: "Set a goal's progress: 40%, 0.4 or 3/10.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The goal note.")
  var goal: String

  @Argument(help: "The progress: 40%, 40, 0.4 or 3/10.")
  var value: String

  func validate() throws {
    let text = value.hasSuffix("%") ? String(value.dropLast()) : value
    let parts = text.split(separator: "/")
    let valid =
      parts.count == 2
      ? (Double(parts[0]) != nil && (Double(parts[1]) ?? 0) > 0) : (Double(text).map { $0 >= 0 } ?? false)
    if !valid { throw ValidationError("'\(value)' is not a progress: use 40%, 40, 0.4 or 3/10") }
  }

  func run() throws {
    let vault = try options.openVault()
    let path = try vault.resolveNote(goal)
    // As written: `40%` and `3/10` are text to YAML, which the goal reader understands.
    let change = try vault.setProperty(
      "progress", to: value, in: path, preferred: value.contains("/") || value.hasSuffix("%") ? .text : .number)
    try PropertyKey.report(change, vault: vault, options: options)
  }
}
