import ArgumentParser
import VaultCore
import VaultKit

struct Insights: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "insights",
    abstract: "Your insights: quotes and lessons worth keeping.",
    discussion: """
      Insights are the notes in Insights/ (or of type insight): the text, its author and \
      source. --random shows one, chosen anew each time (`vault today` shows one a day). \
      --since keeps those created on or after a day (their `created` property), --tag those \
      with a tag (or one nested under it), --search those whose text, author or source holds \
      the words; with --since they are listed newest first.
        vault insights --since "in -30 days" --tag work
        vault insights --search patience
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Show one insight, chosen at random.")
  var random = false

  @Option(name: .long, help: ArgumentHelp("Only insights created on or after this day.", valueName: "date"))
  var since: String?

  @Option(name: .long, help: "Only insights with this tag or one nested under it.")
  var tag: String?

  @Option(name: .long, help: "Only insights whose text, author or source holds these words (any case).")
  var search: String?

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    let first = try since.map { try DateOption.parse($0, "--since", today, past: true) }
    let words = (search ?? "").lowercased().split(whereSeparator: \.isWhitespace)
    var insights = try options.fromFreshIndex(vault) { store throws(VaultError) in try vault.insights(in: store) }
      .filter { insight in
        let text = [insight.value.text, insight.value.author ?? "", insight.value.source ?? "", insight.title]
          .joined(separator: " ").lowercased()
        return (first.map { first in insight.value.created.map { $0 >= first } ?? false } ?? true)
          && (tag.map { TagSyntax.matches(insight.tags, $0) } ?? true)
          && words.allSatisfy { text.contains($0) }
      }
    if first != nil {
      insights.sort { ($0.value.created ?? LocalDate(dayNumber: 0)) > ($1.value.created ?? LocalDate(dayNumber: 0)) }
    }
    if random, let one = insights.randomElement() { insights = [one] }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(insights)
      return
    }
    guard !insights.isEmpty else {
      if since != nil || tag != nil || search != nil {
        terminal.print("no insights match: `vault insights` lists them all")
        return
      }
      terminal.print(
        "no insights yet: add one with `vault add insight \"Slow is smooth\" --author \"a running coach\"`")
      return
    }
    for (index, insight) in insights.enumerated() {
      if index > 0 { terminal.print("") }
      terminal.say("“\(insight.value.text)”", indent: 1)
      let source = [insight.value.author, insight.value.source].compactMap { $0 }.joined(separator: ", ")
      terminal.say(
        terminal.dim("  — " + (source.isEmpty ? insight.title : source) + "  ") + terminal.location(insight.path),
        indent: 4)
    }
  }
}
