import ArgumentParser
import VaultCore
import VaultKit

struct Search: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Search the vault's text, best matches first.",
    discussion: """
      QUERY is words, all required, and filters; each hit shows path:line and the line.
        garden            a word, ignoring case and accents
        plan*             words starting with plan
        '"garden plan"'   a phrase (the inner quotes reach vault; the outer ones are the shell's)
        tag:health        the tag or one nested under it (health/running)
        type:event        a kind: event, task, goal, insight, principle, journal, note
        path:Journal/     paths starting with Journal/
        category=music    a property: = != < <= > >=, as a date, a number or text
        mood>=7           a number compares as a number
        due<tomorrow      a date key takes natural dates, as in 'due<"dec 1"'
      The index is brought up to date first.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "Words, \"phrases\", plan* prefixes, and filters (listed above).")
  var query: [String]

  @Option(name: .long, help: "Show at most this many hits.")
  var limit = 20

  func validate() throws {
    guard limit >= 1 else { throw ValidationError("--limit must be at least 1") }
    do {
      guard !(try Query.parse(query.joined(separator: " "))).isEmpty else {
        throw ValidationError("the query has no word to search for: give a word, a phrase or a filter")
      }
    } catch let problem as Query.Problem {
      throw ValidationError(problem.description)
    }
  }

  func run() throws {
    let parsed = try Query.parse(query.joined(separator: " "))
    let vault = try options.openVault()
    let (limit, today) = (limit, options.today(vault))
    let (hits, total) = try options.fromFreshIndex(vault) { store throws(VaultError) in
      try vault.search(vault.resolvingDates(parsed, in: store, today: today), in: store, limit: limit)
    }
    let terminal = options.terminal()
    if options.json {
      try terminal.json(SearchResult(query: query.joined(separator: " "), total: total, hits: hits))
      return
    }
    guard !hits.isEmpty else {
      terminal.print("no match for \(query.joined(separator: " "))")
      terminal.print(
        terminal.dim("try fewer words, a prefix such as plan*, or `vault list` to filter by property"))
      return
    }
    for hit in hits {
      let kind = hit.kind == ItemKind.note.rawValue ? "" : "  (\(hit.kind))"
      let location = "\(hit.path):\(hit.line)"
      // Where it is, then its title: on the same line when they fit, else under it.
      if DisplayWidth.of(location + "  " + hit.title + kind) <= terminal.width ?? .max {
        terminal.print(terminal.location(location) + terminal.dim("  \(hit.title)\(kind)"))
      } else {
        terminal.print(terminal.location(location))
        terminal.print(terminal.dim("  \(hit.title)\(kind)"))
      }
      if !hit.snippet.isEmpty {
        let snippet = "    " + terminal.highlighted(hit.snippet, hit.highlights)
        terminal.print(terminal.width.map { terminal.fitting(snippet, $0) } ?? snippet)
      }
    }
    terminal.print(
      terminal.dim(
        total > hits.count
          ? "\(hits.count) of \(Counting.of(total, "match", plural: "matches")) (--limit \(total) shows all)"
          : Counting.of(total, "match", plural: "matches")))
  }
}

/// `vault search --json`.
struct SearchResult: Encodable {
  var query: String
  var total: Int
  var hits: [SearchHit]
}
