import ArgumentParser
import VaultCore
import VaultKit

struct Insights: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "insights",
    abstract: "Your insights: quotes and lessons worth keeping.",
    discussion: """
      Insights are the notes in Insights/ (or of type insight): the text, its author and \
      source. --random shows one, chosen anew each time (`vault today` shows one a day).
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "Show one insight, chosen at random.")
  var random = false

  func run() throws {
    let vault = try options.openVault()
    var insights = try options.fromFreshIndex(vault) { store throws(VaultError) in try vault.insights(in: store) }
    if random, let one = insights.randomElement() { insights = [one] }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(insights)
      return
    }
    guard !insights.isEmpty else {
      terminal.print("no insights yet: add a note to Insights/ with the quote or lesson as its text")
      return
    }
    for (index, insight) in insights.enumerated() {
      if index > 0 { terminal.print("") }
      terminal.print("“\(insight.value.text)”")
      let source = [insight.value.author, insight.value.source].compactMap { $0 }.joined(separator: ", ")
      terminal.print(
        terminal.dim("  — " + (source.isEmpty ? insight.title : source) + "  ") + terminal.location(insight.path))
    }
  }
}
