/// A search or list query, as the user types it:
///
/// - words: `garden`, prefixes `plan*`, and `"exact phrases"`, all required;
/// - `tag:health`: the tag or a tag nested under it (`health/running`), case-insensitive;
/// - `type:event` (or `kind:`): the item kind, singular or plural;
/// - `path:Journal/`: vault-relative paths starting with the text, case-insensitive;
/// - property comparisons `key=value`, `key!=value`, `key>=7`, `key<2026-12-01` (also `>`,
///   `<=`): a date compares as a date, a number as a number, anything else as text (`=` and
///   `!=` ignoring case); a list property matches when one of its elements does. After
///   `resolvingDates`, a date key's value may be any natural date (`due<tomorrow`,
///   `due<"dec 1"`), and one that is neither a date nor a number is an error.
public struct Query: Equatable, Sendable {
  public var terms: [Term] = []
  public var tags: [String] = []
  public var kinds: [ItemKind] = []
  public var paths: [String] = []
  public var conditions: [Condition] = []

  public init() {}

  /// A word, prefix or phrase for the full-text index.
  public enum Term: Equatable, Sendable {
    case word(String)
    case prefix(String)
    case phrase(String)

    /// The text it stands for, without quotes or `*`.
    public var text: String {
      switch self {
      case .word(let text), .prefix(let text), .phrase(let text): return text
      }
    }
  }

  /// `key op value`.
  public struct Condition: Equatable, Sendable {
    public enum Operator: String, Sendable, CaseIterable {
      case equal = "="
      case notEqual = "!="
      case less = "<"
      case lessOrEqual = "<="
      case greater = ">"
      case greaterOrEqual = ">="
    }

    /// Lower-cased, as property keys are stored.
    public var key: String
    public var op: Operator
    public var value: Value

    public init(key: String, op: Operator, value: Value) {
      self.key = key
      self.op = op
      self.value = value
    }

    /// The right-hand side, typed by its looks.
    public enum Value: Equatable, Sendable {
      case date(LocalDate)
      /// A moment, for keys that hold date-times (`created>=2026-11-23T08:00`).
      case dateTime(LocalDateTime)
      case number(Double)
      case text(String)

      public init(_ text: String) {
        if case .value(let date) = DateParsing.date(Substring(text)), text.count == 10 {
          self = .date(date)
        } else if let number = Double(text), number.isFinite {
          self = .number(number)
        } else if text.lowercased() == "true" || text.lowercased() == "false" {
          self = .number(text.lowercased() == "true" ? 1 : 0)
        } else {
          self = .text(text)
        }
      }
    }
  }

  /// Keys that hold dates in every vault: the task fields, Full Calendar's and the usual
  /// note dates (lower-cased).
  public static let knownDateKeys: Set<String> = [
    "due", "scheduled", "start", "created", "done", "completion", "cancelled", "date", "startdate", "enddate",
    "startrecur", "endrecur", "deadline", "birthday", "modified", "updated",
  ]

  /// The query with each condition on a date key (`isDateKey`, or a comparison `<` `>` whose
  /// value reads as a natural date) compared as a date, natural dates read relative to
  /// `today`. A date key's value that is neither a date nor a number is a problem, never a
  /// silent comparison of text.
  public func resolvingDates(today: LocalDate, isDateKey: (String) -> Bool) throws(Problem) -> Query {
    var query = self
    for index in query.conditions.indices {
      let condition = query.conditions[index]
      guard case .text(let text) = condition.value else { continue }
      let isDateKey = isDateKey(condition.key) || Self.knownDateKeys.contains(condition.key)
      // A date key compared with a moment: `created>=2026-11-23T08:00`.
      if isDateKey, text.count > 10, case .value(let moment) = DateParsing.dateTime(Substring(text)) {
        query.conditions[index].value = .dateTime(moment)
        continue
      }
      let natural = NaturalDate.date(text, today: today)
      switch natural {
      case .success(let date):
        if isDateKey || (condition.op != .equal && condition.op != .notEqual) {
          query.conditions[index].value = .date(date)
        }
      case .failure(let problem):
        if isDateKey {
          throw Problem(
            description:
              "'\(condition.key)\(condition.op.rawValue)\(text)': \(condition.key) holds dates, and \(problem)"
          )
        }
      }
    }
    return query
  }

  /// Whether it asks for nothing at all.
  public var isEmpty: Bool {
    terms.isEmpty && tags.isEmpty && kinds.isEmpty && paths.isEmpty && conditions.isEmpty
  }

  /// A problem in a query, said so the user can fix it.
  public struct Problem: Error, Equatable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
      self.description = description
    }
  }

  /// Reads a query; `text` may hold several parts separated by spaces.
  public static func parse(_ text: String) throws(Problem) -> Query {
    var query = Query()
    for part in try split(text) { try query.add(part) }
    return query
  }

  /// Adds one part: a filter, a condition or a search term.
  public mutating func add(_ part: Part) throws(Problem) {
    if part.quoted {
      let words = part.text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
      if !words.isEmpty { terms.append(.phrase(words)) }
      return
    }
    let text = part.text
    if let colon = text.firstIndex(of: ":"), colon != text.startIndex {
      let name = text[..<colon].lowercased()
      let value = String(text[text.index(after: colon)...])
      switch name {
      case "tag", "tags":
        let tag = TagSyntax.normalized(value)
        guard !tag.isEmpty else { throw Problem(description: "tag: needs a tag name, as in tag:health") }
        tags.append(tag)
        return
      case "type", "kind":
        guard let kind = ItemKind(naming: value) else {
          throw Problem(
            description:
              "unknown type '\(value)': use one of \(ItemKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        kinds.append(kind)
        return
      case "path":
        guard !value.isEmpty else { throw Problem(description: "path: needs a folder or file, as in path:Journal/") }
        paths.append(value)
        return
      default:
        break
      }
    }
    if let condition = try Self.condition(text) {
      conditions.append(condition)
      return
    }
    var word = text
    let isPrefix = word.hasSuffix("*")
    while word.hasSuffix("*") { word.removeLast() }
    // Only letters and digits reach the full-text index: punctuation is no word there.
    guard word.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    else { return }
    terms.append(isPrefix ? .prefix(word) : .word(word))
  }

  /// `key op value`, when the text is one.
  public static func condition(_ text: String) throws(Problem) -> Condition? {
    guard let opStart = text.firstIndex(where: { $0 == "=" || $0 == "<" || $0 == ">" || $0 == "!" }),
      opStart != text.startIndex
    else { return nil }
    let key = text[..<opStart]
    guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else { return nil }
    let rest = text[opStart...]
    guard
      let op = Condition.Operator.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
        .first(where: { rest.hasPrefix($0.rawValue) })
    else { return nil }
    var value = String(rest.dropFirst(op.rawValue.count))
    // `due<"dec 1"` as one argument: the quotes hold the value together, they are not part of it.
    if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
      value = String(value.dropFirst().dropLast())
    }
    guard !value.isEmpty else {
      throw Problem(description: "'\(text)' has no value after \(op.rawValue): write it as \(key)\(op.rawValue)value")
    }
    return Condition(key: key.lowercased(), op: op, value: Condition.Value(value))
  }

  /// A part of a query: a run of text without spaces, or the inside of double quotes.
  public struct Part: Equatable, Sendable {
    public var text: String
    public var quoted: Bool

    public init(_ text: String, quoted: Bool = false) {
      self.text = text
      self.quoted = quoted
    }
  }

  /// Splits on spaces, keeping `"quoted phrases"` whole; `key="a b"` keeps its quotes' text.
  static func split(_ text: String) throws(Problem) -> [Part] {
    var parts: [Part] = []
    var current = ""
    var inQuotes = false
    var quotedWhole = false
    for character in text {
      if character == "\"" {
        if inQuotes {
          inQuotes = false
        } else {
          inQuotes = true
          quotedWhole = current.isEmpty
        }
        continue
      }
      if !inQuotes && (character == " " || character == "\t" || character == "\n") {
        if !current.isEmpty || quotedWhole { parts.append(Part(current, quoted: quotedWhole)) }
        current = ""
        quotedWhole = false
        continue
      }
      current.append(character)
    }
    guard !inQuotes else { throw Problem(description: "a phrase is missing its closing double quote") }
    if !current.isEmpty || quotedWhole { parts.append(Part(current, quoted: quotedWhole)) }
    return parts
  }
}
