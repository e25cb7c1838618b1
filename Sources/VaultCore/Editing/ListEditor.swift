/// Edits the top-level items of a Markdown list in place — the personal code's principles:
/// changes one item's text, removes an item, or moves it, with everything nested under it.
/// An ordered list is renumbered from its first number (`1.`, `2)`); only the lines of the
/// list change, each keeping its line ending.
public enum ListEditor {
  public enum Operation: Sendable, Equatable {
    /// Item N's text becomes this (its marker and nested lines stay).
    case edit(Int, String)
    case remove(Int)
    /// Item N goes to position M (1-based, among the items as they are after it left).
    case move(Int, to: Int)
  }

  public enum Failure: Error, Equatable, CustomStringConvertible {
    case noSuchItem(Int, count: Int)
    case badText(String)

    public var description: String {
      switch self {
      case .noSuchItem(let number, let count):
        return count == 0 ? "the list is empty" : "there is no item \(number): the list has \(count) (1 to \(count))"
      case .badText(let reason): return reason
      }
    }
  }

  /// `text` with the operation applied to the items starting at `itemLines` (1-based line
  /// numbers of the list's top-level items, in order).
  public static func apply(_ operation: Operation, to text: String, itemLines: [Int]) -> Result<String, Failure> {
    var lines = splitKeepingEndings(text)
    let blocks = itemLines.map { block(startingAt: $0 - 1, in: lines) }
    func check(_ number: Int) -> Failure? {
      (1...max(1, blocks.count)).contains(number) && !blocks.isEmpty ? nil : .noSuchItem(number, count: blocks.count)
    }
    switch operation {
    case .edit(let number, let newText):
      if let failure = check(number) { return .failure(failure) }
      // Line breaks are joined as everywhere vault writes a line (`SingleLine`).
      let trimmed = SingleLine.joined(newText).trimmingSpaces()
      guard !trimmed.isEmpty else { return .failure(.badText("the text is empty")) }
      let index = blocks[number - 1].lowerBound
      let (body, ending) = splitEnding(lines[index])
      guard let marker = markerEnd(body) else { return .failure(.noSuchItem(number, count: blocks.count)) }
      lines[index] = String(body[..<marker]) + trimmed + ending
      return .success(lines.joined())
    case .remove(let number):
      if let failure = check(number) { return .failure(failure) }
      var order = Array(blocks.indices)
      order.remove(at: number - 1)
      return .success(rebuilt(lines, blocks: blocks, order: order))
    case .move(let number, let target):
      if let failure = check(number) { return .failure(failure) }
      guard (1...blocks.count).contains(target) else { return .failure(.noSuchItem(target, count: blocks.count)) }
      var order = Array(blocks.indices)
      let moved = order.remove(at: number - 1)
      order.insert(moved, at: target - 1)
      return .success(rebuilt(lines, blocks: blocks, order: order))
    }
  }

  /// The lines with the blocks in `order` (some may be gone), renumbered when ordered. The
  /// items are taken out from where they were and put back, in the new order, where the first
  /// item stood; text between separated items stays where it was.
  static func rebuilt(_ lines: [String], blocks: [Range<Int>], order: [Int]) -> String {
    guard let first = blocks.first else { return lines.joined() }
    let ordered = orderedNumber(lines[first.lowerBound])
    var items = order.map { Array(lines[blocks[$0]]) }
    if let start = ordered {
      for (position, index) in items.indices.enumerated() {
        items[index][0] = renumbered(items[index][0], to: start + position)
      }
    }
    // Make sure an item moved to the end of a list whose last item had no line ending gets one.
    let ending = lines.first { $0.hasSuffix("\r\n") }.map { _ in "\r\n" } ?? "\n"
    for index in items.indices where index < items.count - 1 {
      if let last = items[index].last, !endsLine(last) { items[index][items[index].count - 1] += ending }
    }
    if let lastBlock = items.last, let line = lastBlock.last, endsLine(line),
      let originalLast = blocks.last, let original = lines[originalLast].last, !endsLine(original),
      originalLast.upperBound == lines.count
    {
      items[items.count - 1][lastBlock.count - 1] = String(splitEnding(line).body)
    }
    var result: [String] = []
    var taken = Set<Int>()
    for block in blocks { taken.formUnion(block) }
    for (index, line) in lines.enumerated() {
      if index == first.lowerBound { result += items.flatMap { $0 } }
      if !taken.contains(index) { result.append(line) }
    }
    return result.joined()
  }

  /// The lines of the item starting at `start`: it and the lines after it nested deeper
  /// (blank lines between them included).
  static func block(startingAt start: Int, in lines: [String]) -> Range<Int> {
    guard start < lines.count, start >= 0 else { return start..<start }
    let own = indentation(lines[start]) ?? 0
    var end = start + 1
    var next = end
    while next < lines.count {
      if let depth = indentation(lines[next]) {
        guard depth > own else { break }
        end = next + 1
      }
      next += 1
    }
    return start..<end
  }

  /// Columns of leading whitespace; nil for a blank line.
  static func indentation(_ line: String) -> Int? {
    var width = 0
    for character in line {
      switch character {
      case " ": width += 1
      case "\t": width += 4 - width % 4
      case "\n", "\r\n", "\r": return nil
      default: return width
      }
    }
    return nil
  }

  /// Where an item's text starts: after the indentation, the marker and one space.
  static func markerEnd(_ line: Substring) -> String.Index? {
    var index = line.firstIndex { $0 != " " && $0 != "\t" } ?? line.endIndex
    guard index < line.endIndex else { return nil }
    if "-*+".contains(line[index]) {
      index = line.index(after: index)
    } else {
      let digits = line[index...].prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 9 else { return nil }
      index = digits.endIndex
      guard index < line.endIndex, line[index] == "." || line[index] == ")" else { return nil }
      index = line.index(after: index)
    }
    while index < line.endIndex, line[index] == " " || line[index] == "\t" { index = line.index(after: index) }
    return index
  }

  /// The number of an ordered item's marker.
  static func orderedNumber(_ line: String) -> Int? {
    let body = line.drop { $0 == " " || $0 == "\t" }
    let digits = body.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, let after = body.dropFirst(digits.count).first, after == "." || after == ")" else {
      return nil
    }
    return Int(digits)
  }

  static func renumbered(_ line: String, to number: Int) -> String {
    let lead = line.prefix { $0 == " " || $0 == "\t" }
    let rest = line.dropFirst(lead.count)
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, String(number) != String(digits) else { return line }
    return String(lead) + String(number) + String(rest.dropFirst(digits.count))
  }

  static func splitKeepingEndings(_ text: String) -> [String] {
    var lines: [String] = []
    var current = ""
    for character in text {
      current.append(character)
      if character == "\n" || character == "\r\n" {
        lines.append(current)
        current = ""
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// Ends with LF or CRLF (one `Character` in Swift, which `hasSuffix("\n")` does not see).
  static func endsLine(_ line: String) -> Bool { line.hasSuffix("\n") || line.hasSuffix("\r\n") }

  static func splitEnding(_ line: String) -> (body: Substring, ending: String) {
    if line.hasSuffix("\r\n") { return (line.dropLast(), "\r\n") }
    if line.hasSuffix("\n") { return (line.dropLast(), "\n") }
    return (Substring(line), "")
  }
}
