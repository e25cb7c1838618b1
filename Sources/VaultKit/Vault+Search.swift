import Foundation
import VaultCore
import VaultIndex

/// A file found by `vault search`, with the line to open and a snippet of it.
public struct SearchHit: Sendable, Encodable {
  public var path: String
  /// The first line holding a searched word (the title's line 1 when only the title matched).
  public var line: Int
  public var title: String
  public var kind: String
  /// bm25 relevance (3 decimals), higher is better; nil for a query of filters only.
  public var score: Double?
  /// The line's text, cut around the first match when long.
  public var snippet: String
  /// Where the words are in `snippet`, as character offsets: for highlighting.
  public var highlights: [Range<Int>]

  enum CodingKeys: String, CodingKey { case path, line, title, kind, score, snippet }

  // Written out so a missing score is null, not left out (docs/JSON.md).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(path, forKey: .path)
    try c.encode(line, forKey: .line)
    try c.encode(title, forKey: .title)
    try c.encode(kind, forKey: .kind)
    try c.encode(score, forKey: .score)
    try c.encode(snippet, forKey: .snippet)
  }
}

extension Vault {
  /// The files matching `query`, best first, at most `limit`, and how many matched in all.
  public func search(
    _ query: Query, in store: IndexStore, limit: Int
  ) throws(VaultError) -> (
    hits: [SearchHit], total: Int
  ) {
    let found: (matches: [FileMatch], total: Int)
    do {
      found = try store.files(matching: query, limit: limit, withBody: true)
    } catch {
      throw VaultError(error)
    }
    let hits = found.matches.map { match in
      var hit = SearchHit(
        path: match.path, line: 1, title: match.title, kind: match.kind,
        score: match.score.map { (-$0 * 1000).rounded() / 1000 },
        snippet: "", highlights: [])
      let lines = (match.body ?? "").split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
      let terms = query.terms
      if let found = lines.enumerated().first(where: { !Snippet.matches(of: terms, in: $0.element).isEmpty }) {
        hit.line = match.bodyLine + found.offset
        (hit.snippet, hit.highlights) = Snippet.make(found.element, terms: terms)
      } else if let first = lines.enumerated().first(where: {
        !$0.element.allSatisfy(\.isWhitespace) && !$0.element.hasPrefix("#")
      }) {
        hit.line = terms.isEmpty ? match.bodyLine + first.offset : 1
        (hit.snippet, hit.highlights) = Snippet.make(first.element, terms: terms)
      }
      return hit
    }
    return (hits, found.total)
  }

  /// `query` with its date keys compared as dates, natural dates (`tomorrow`, `dec 1`) read
  /// from `today`: a key is a date key when `.obsidian/types.json` declares it a date, some note
  /// holds a date under it, or it is one of `Query.knownDateKeys`.
  public func resolvingDates(_ query: Query, in store: IndexStore, today: LocalDate) throws(VaultError) -> Query {
    var holdsDates: [String: Bool] = [:]
    for condition in query.conditions {
      let key = condition.key
      if let declared = settings.propertyTypes[key] {
        holdsDates[key] = declared == .date || declared == .datetime
        continue
      }
      do {
        holdsDates[key] = try store.holdsDates(key)
      } catch {
        throw VaultError(error)
      }
    }
    do {
      return try query.resolvingDates(today: today) { holdsDates[$0] ?? false }
    } catch {
      throw .invalidQuery(error.description)
    }
  }

  /// Files matching `query`, in `order`, at most `limit`, and how many matched in all.
  public func list(
    _ query: Query, in store: IndexStore, order: FileOrder, reverse: Bool, limit: Int?
  ) throws(VaultError) -> (matches: [FileMatch], total: Int) {
    do {
      return try store.files(matching: query, order: order, reverse: reverse, limit: limit)
    } catch {
      throw VaultError(error)
    }
  }

  /// Task lines matching `query`, by due date, at most `limit`, and how many matched in all.
  public func listTasks(
    _ query: Query, in store: IndexStore, limit: Int?
  ) throws(VaultError) -> (
    matches: [TaskMatch], total: Int
  ) {
    do {
      return try store.tasks(matching: query, limit: limit)
    } catch {
      throw VaultError(error)
    }
  }
}

/// Finding searched words in a line the way the full-text index matched them: ignoring case
/// and diacritics, a word whole, a prefix at the start of a word, a phrase with any spacing.
enum Snippet {
  static let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
  static let width = 120

  /// The ranges of the terms in `line`, in order.
  static func matches(of terms: [Query.Term], in line: Substring) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    for term in terms {
      let text = term.text
      var searchStart = line.startIndex
      while searchStart < line.endIndex,
        let range = line.range(of: text, options: options, range: searchStart..<line.endIndex)
      {
        let startsWord =
          range.lowerBound == line.startIndex || !isWordCharacter(line[line.index(before: range.lowerBound)])
        let endsWord = range.upperBound == line.endIndex || !isWordCharacter(line[range.upperBound])
        let isPrefix = if case .prefix = term { true } else { false }
        if startsWord && (endsWord || isPrefix) {
          var upper = range.upperBound
          if isPrefix {
            while upper < line.endIndex, isWordCharacter(line[upper]) { upper = line.index(after: upper) }
          }
          ranges.append(range.lowerBound..<upper)
        }
        searchStart = range.upperBound
      }
    }
    return ranges.sorted { $0.lowerBound < $1.lowerBound }
  }

  static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }

  /// The line, trimmed and cut to `width` characters around its first match, with the
  /// matches' character offsets.
  static func make(_ line: Substring, terms: [Query.Term]) -> (String, [Range<Int>]) {
    let text = line.trimmingCharacters(in: .whitespaces)
    let ranges = matches(of: terms, in: Substring(text))
    let characters = Array(text)
    var start = 0
    if characters.count > width, let first = ranges.first {
      let offset = text.distance(from: text.startIndex, to: first.lowerBound)
      start = max(0, min(offset - width / 3, characters.count - width))
    }
    let end = min(characters.count, start + width)
    var snippet = String(characters[start..<end])
    var shift = 0
    if start > 0 {
      snippet = "…" + snippet
      shift = 1
    }
    if end < characters.count { snippet += "…" }
    let highlights = ranges.compactMap { range -> Range<Int>? in
      let lower = text.distance(from: text.startIndex, to: range.lowerBound) - start
      let upper = text.distance(from: text.startIndex, to: range.upperBound) - start
      guard lower >= 0, upper <= end - start else { return nil }
      return (lower + shift)..<(upper + shift)
    }
    return (snippet, highlights)
  }
}
