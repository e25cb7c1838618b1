import VaultCore
import Yams

/// Turns YAML text into typed properties with Yams, reporting every problem as a diagnostic
/// instead of failing.
///
/// Plain scalars are typed by Obsidian's rules, not YAML 1.1's: `true`/`false` are checkboxes
/// (`yes` stays text), `19:30` stays text (not the sexagesimal 1170), `2026-11-22` is a date and
/// `2026-11-22T19:30` a date & time. Quoted scalars are always text.
public struct YAMLReader {
  /// Beyond these the text is refused before Yams sees it, so a hostile file cannot exhaust
  /// the stack or memory: nesting depth, values after aliases are expanded, and size.
  static let maxDepth = 64
  static let maxValues = 10_000
  static let maxBytes = 512 * 1024

  let path: String
  /// The file line of the YAML's first line.
  let firstLine: Int
  public private(set) var diagnostics: [Diagnostic] = []
  private var budget = YAMLReader.maxValues
  /// Whether the plain subset Obsidian writes is read without Yams (`PlainYAML`); tests turn
  /// it off to compare the two.
  var readsPlainSubset = true

  public init(path: String, firstLine: Int) {
    self.path = path
    self.firstLine = firstLine
  }

  /// The top-level mapping as properties, in file order. Empty on any error.
  public mutating func properties(of yaml: String) -> [Property] {
    guard !yaml.allSatisfy({ $0.isWhitespace }) else { return [] }
    guard yaml.utf8.count <= Self.maxBytes else {
      report(.error, "front matter is larger than \(Self.maxBytes / 1024) KB", line: 1, column: 1)
      return []
    }
    if let line = Self.lineTooDeep(yaml) {
      report(.error, "front matter is nested more than \(Self.maxDepth) levels deep", line: line, column: 1)
      return []
    }
    if readsPlainSubset, let entries = PlainYAML.entries(yaml) { return properties(of: entries) }
    guard let node = compose(yaml) else { return [] }
    guard case .mapping(let mapping) = node else {
      let found =
        switch node {
        case .sequence: "a list"
        case .scalar: "a single value"
        default: "something else"
        }
      report(
        .error, "front matter must be a mapping of properties (key: value), found \(found)",
        line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
      return []
    }
    return properties(of: mapping, depth: 0)
  }

  /// The YAML's node; on duplicate top-level keys, reported, the first of each is kept.
  ///
  /// The arguments are measured choices: Yams's default encoding reads the whole process
  /// environment on every call (19% of a cold `vault check` in perf), and its default resolver
  /// matches every scalar against YAML 1.1 regexes (10%) whose result we do not use, since
  /// `resolve` types scalars by Obsidian's rules.
  private mutating func compose(_ yaml: String) -> Node? {
    do {
      return try Self.compose(yaml)
    } catch let error as YamlError {
      reportYamlError(error, yaml: yaml)
      if case .duplicatedKeysInMapping = error {
        let kept = Self.keepingFirstTopLevelKeys(yaml)
        if kept != yaml { return try? Self.compose(kept) }
      }
      return nil
    } catch {
      report(.error, "invalid YAML in front matter: \(error)", line: 1, column: 1)
      return nil
    }
  }

  private static func compose(_ yaml: String) throws -> Node? {
    try Yams.compose(yaml: yaml, .basic, .default, .utf8)
  }

  /// The YAML with every repeated top-level entry blanked out (lines kept, so marks hold).
  static func keepingFirstTopLevelKeys(_ yaml: String) -> String {
    var seen = Set<String>()
    var dropping = false
    var lines: [Substring] = []
    for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
      if let first = line.first, first != " ", first != "\t", first != "#", first != "-",
        let colon = line.firstIndex(of: ":")
      {
        let key = line[..<colon].trimmingSpaces()
        dropping = !seen.insert(key).inserted
      }
      lines.append(dropping ? "" : line)
    }
    return lines.joined(separator: "\n")
  }

  private mutating func properties(of mapping: Node.Mapping, depth: Int) -> [Property] {
    var result: [Property] = []
    for (keyNode, valueNode) in mapping {
      let key = keyNode.scalar?.string ?? text(of: keyNode)
      let mark = keyNode.mark ?? mapping.mark
      let location = SourceLocation(line: (mark?.line ?? 1) + firstLine - 1, column: mark?.column ?? 1)
      let value = self.value(of: valueNode, depth: depth + 1)
      result.append(Property(key: key, value: value, location: location))
    }
    return result
  }

  /// The properties of `PlainYAML`'s entries, typed as those of Yams's nodes are.
  /// Within the same budget of values as Yams's nodes: a list and each of its items count.
  private mutating func properties(of entries: [PlainYAML.Entry]) -> [Property] {
    entries.map { entry in
      let value: PropertyValue
      switch entry.value {
      case .scalar(let scalar): value = resolve(scalar)
      case .list(let items):
        let at = items.first.map { ($0.line, $0.column) } ?? (entry.line, 1)
        value = spend(line: at.0, column: at.1) ? .list(items.map { resolve($0) }) : .null
      }
      return Property(
        key: entry.key, value: value, location: SourceLocation(line: entry.line + firstLine - 1, column: 1))
    }
  }

  private mutating func resolve(_ scalar: PlainYAML.Scalar) -> PropertyValue {
    guard spend(line: scalar.line, column: scalar.column) else { return .null }
    return resolve(scalar.text, isPlain: scalar.isPlain, line: scalar.line, column: scalar.column)
  }

  /// Counts one value against the budget; past it, reports once and says no.
  private mutating func spend(line: Int, column: Int) -> Bool {
    budget -= 1
    guard budget >= 0 else {
      if budget == -1 {
        report(
          .error, "front matter expands to more than \(Self.maxValues) values (too many YAML aliases?)",
          line: line, column: column)
      }
      return false
    }
    return true
  }

  private mutating func value(of node: Node, depth: Int) -> PropertyValue {
    guard spend(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1) else { return .null }
    guard depth <= Self.maxDepth else { return .null }
    switch node {
    case .scalar(let scalar):
      return resolve(
        scalar.string, isPlain: scalar.style == .plain || scalar.style == .any, line: scalar.mark?.line ?? 1,
        column: scalar.mark?.column ?? 1)
    case .sequence(let sequence):
      return .list(sequence.map { value(of: $0, depth: depth + 1) })
    case .mapping(let mapping):
      return .object(properties(of: mapping, depth: depth))
    case .alias:
      return .null
    }
  }

  /// Obsidian's typing of a scalar written at `line` and `column` of the YAML.
  private mutating func resolve(_ text: String, isPlain: Bool, line: Int, column: Int) -> PropertyValue {
    guard isPlain else { return .text(text) }
    switch text {
    case "", "~", "null", "Null", "NULL": return .null
    case "true", "True", "TRUE": return .bool(true)
    case "false", "False", "FALSE": return .bool(false)
    default: break
    }
    if let number = Self.number(text) { return .number(number) }
    switch DateParsing.date(Substring(text)) {
    case .value(let date): return .date(date)
    case .impossible:
      report(.error, "impossible date \(text)", line: line, column: column)
      return .text(text)
    case .notADate: break
    }
    switch DateParsing.dateTime(Substring(text)) {
    case .value(let dateTime): return .dateTime(dateTime)
    case .impossible:
      report(.error, "impossible date and time \(text)", line: line, column: column)
      return .text(text)
    case .notADate: break
    }
    return .text(text)
  }

  /// YAML 1.2 core schema numbers: `42`, `-3.5`, `1e3`, `0x1F`, `0o17`, `.inf`, `.nan`.
  static func number(_ text: String) -> Double? {
    guard let first = text.utf8.first else { return nil }
    let isNumberStart =
      (first >= 48 && first <= 57) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
      || first == UInt8(ascii: ".")
    guard isNumberStart else { return nil }
    switch text {
    case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
    case "-.inf", "-.Inf", "-.INF": return -.infinity
    case ".nan", ".NaN", ".NAN": return .nan
    default: break
    }
    if text.hasPrefix("0x"), let value = Int(text.dropFirst(2), radix: 16) { return Double(value) }
    if text.hasPrefix("0o"), let value = Int(text.dropFirst(2), radix: 8) { return Double(value) }
    // Only digits, one dot, an exponent: Double() alone would also take "1_000" or "0x".
    var sawDigit = false
    var sawDot = false
    var sawExponent = false
    var previous: UInt8 = 0
    for (index, byte) in text.utf8.enumerated() {
      switch byte {
      case 48...57: sawDigit = true
      case UInt8(ascii: "+"), UInt8(ascii: "-"):
        guard index == 0 || previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E") else {
          return nil
        }
      case UInt8(ascii: "."):
        guard !sawDot, !sawExponent else { return nil }
        sawDot = true
      case UInt8(ascii: "e"), UInt8(ascii: "E"):
        guard sawDigit, !sawExponent else { return nil }
        sawExponent = true
      default: return nil
      }
      previous = byte
    }
    guard sawDigit, previous >= 48 && previous <= 57 || previous == UInt8(ascii: ".") else {
      return nil
    }
    return Double(text)
  }

  private func text(of node: Node) -> String {
    switch node {
    case .scalar(let scalar): return scalar.string
    case .sequence(let sequence): return "[" + sequence.map { text(of: $0) }.joined(separator: ", ") + "]"
    case .mapping: return "{...}"
    case .alias: return "*"
    }
  }

  private mutating func reportYamlError(_ error: YamlError, yaml: String) {
    switch error {
    case .scanner(let context, let problem, let mark, _),
      .parser(let context, let problem, let mark, _),
      .composer(let context, let problem, let mark, _):
      var message = "invalid YAML in front matter: \(problem)"
      if let context { message += " (\(context.text) at line \(context.mark.line + firstLine - 1))" }
      report(.error, message, line: mark.line, column: mark.column)
    case .duplicatedKeysInMapping(let duplicates, let context):
      for key in duplicates {
        let line = Self.lineOfSecondKey(key, in: yaml) ?? context.mark.line
        report(.error, "duplicate key '\(key)' in front matter", line: line, column: 1)
      }
    case .reader(let problem, _, _, _):
      report(.error, "front matter cannot be read: \(problem)", line: 1, column: 1)
    default:
      report(.error, "invalid YAML in front matter: \(error)", line: 1, column: 1)
    }
  }

  /// The YAML line (1-based) where `key:` is written for the second time at any indentation.
  static func lineOfSecondKey(_ key: String, in yaml: String) -> Int? {
    var seen = 0
    for (index, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      let unquoted = trimmed.hasPrefix("\"\(key)\"") || trimmed.hasPrefix("'\(key)'")
      if trimmed.hasPrefix(key + ":") || unquoted {
        seen += 1
        if seen == 2 { return index + 1 }
      }
    }
    return nil
  }

  /// The first YAML line (1-based) at which block indentation, compact `- - -` sequences or
  /// flow brackets nest deeper than allowed.
  static func lineTooDeep(_ yaml: String) -> Int? {
    var flowDepth = 0
    var lineNumber = 1
    var column = 0
    var atLineStart = true
    var indicators = 0
    var quote: UInt8?
    for byte in yaml.utf8 {
      if byte == 0x0A {
        lineNumber += 1
        column = 0
        atLineStart = true
        indicators = 0
        quote = nil
        continue
      }
      column += 1
      if let open = quote {
        if byte == open { quote = nil }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "'"):
        if !atLineStart { quote = byte }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        flowDepth += 1
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        flowDepth = max(0, flowDepth - 1)
      case UInt8(ascii: "-"), UInt8(ascii: "?"):
        if atLineStart { indicators += 1 }
      case UInt8(ascii: " "), UInt8(ascii: "\t"):
        break
      default:
        atLineStart = false
      }
      // Two columns per level is the least block YAML can nest with.
      if flowDepth > maxDepth || indicators > maxDepth || (atLineStart && column > maxDepth * 4) {
        return lineNumber
      }
    }
    return nil
  }

  private mutating func report(_ severity: Diagnostic.Severity, _ message: String, line: Int, column: Int) {
    diagnostics.append(
      Diagnostic(
        path: path, line: line + firstLine - 1, column: column, severity: severity,
        message: message))
  }
}
