/// Moves one task within its list, as a person drags a list item in Obsidian: the task's line
/// goes with its block (the lines below it indented deeper: its subtasks and its description),
/// before or after another item of the same list, or to the list's top or bottom. A list is the
/// items at the task's indentation that follow one another (blank lines between them allowed)
/// under the same parent; no other byte of the note changes.
public enum TaskReorder {
  /// Where a task goes: before or after the item on a line (1-based), or to an end of its list.
  public enum Place: Sendable, Equatable {
    case before(line: Int)
    case after(line: Int)
    case top
    case bottom
    /// One item up or down its list (nothing at its end).
    case up
    case down
  }

  public enum Failure: Error, Equatable, CustomStringConvertible {
    /// The other task is not an item of the same list.
    case notInTheList(line: Int)
    /// The task and the other are one item.
    case itself

    public var description: String {
      switch self {
      case .notInTheList(let line):
        "the task at line \(line) is not in the same list (a task moves among the items at its own level under the same parent)"
      case .itself: "a task cannot move next to itself"
      }
    }
  }

  /// The note's bytes with the block of the task on `line` (1-based) moved to `place`, and the
  /// task's line afterwards. Unchanged bytes when the task is there already.
  public static func move(
    _ bytes: [UInt8], taskLine line: Int, to place: Place
  ) -> Result<(bytes: [UInt8], line: Int), Failure> {
    // Lines with their ends; a last line without one gets it while moving, and loses it after.
    var text = bytes
    let endedWithoutNewline = !text.isEmpty && text.last != UInt8(ascii: "\n")
    if endedWithoutNewline { text.append(UInt8(ascii: "\n")) }
    var lines: [ArraySlice<UInt8>] = []
    var start = 0
    for (index, byte) in text.enumerated() where byte == UInt8(ascii: "\n") {
      lines.append(text[start...index])
      start = index + 1
    }
    let task = line - 1
    guard lines.indices.contains(task) else { return .failure(.notInTheList(line: line)) }
    let items = siblings(of: task, in: lines)
    let own = block(task, in: lines)
    let insertion: Int
    switch place {
    case .top: insertion = items.first ?? task
    case .bottom: insertion = block(items.last ?? task, in: lines).upperBound
    case .up:
      let index = items.firstIndex(of: task) ?? 0
      insertion = index > 0 ? items[index - 1] : task
    case .down:
      let index = items.firstIndex(of: task) ?? items.count
      insertion = index + 1 < items.count ? block(items[index + 1], in: lines).upperBound : task
    case .before(let other), .after(let other):
      guard items.contains(other - 1) else { return .failure(.notInTheList(line: other)) }
      guard other - 1 != task else { return .failure(.itself) }
      if case .before = place {
        insertion = other - 1
      } else {
        insertion = block(other - 1, in: lines).upperBound
      }
    }
    // Already there: in front of the place, or just after it (blank lines between).
    var ownEnd = own.upperBound
    while ownEnd < lines.count, isBlank(lines[ownEnd]) { ownEnd += 1 }
    if (own.lowerBound...ownEnd).contains(insertion) {
      return .success((bytes, line))
    }
    var moved = Array(lines[own])
    var rest = Array(lines[..<own.lowerBound]) + Array(lines[own.upperBound...])
    let target = insertion > own.lowerBound ? insertion - own.count : insertion
    rest.insert(contentsOf: moved, at: target)
    moved = rest
    var result = moved.flatMap { $0 }
    if endedWithoutNewline, result.last == UInt8(ascii: "\n") { result.removeLast() }
    return .success((result, target + 1))
  }

  /// The lines of the item on `line` (0-based): it and the lines below it indented deeper,
  /// blank lines inside included, trailing blank lines not.
  static func block(_ line: Int, in lines: [ArraySlice<UInt8>]) -> Range<Int> {
    let level = indentation(lines[line])
    var end = line + 1
    var next = end
    while next < lines.count {
      if isBlank(lines[next]) {
        next += 1
        continue
      }
      guard indentation(lines[next]) > level else { break }
      next += 1
      end = next
    }
    return line..<end
  }

  /// The first lines (0-based) of the items of the list `line` is in, in order.
  static func siblings(of line: Int, in lines: [ArraySlice<UInt8>]) -> [Int] {
    let level = indentation(lines[line])
    func sibling(_ index: Int) -> Bool { indentation(lines[index]) == level && isListItem(lines[index]) }
    /// The first line after an item's block and the blank lines that follow it.
    func following(_ index: Int) -> Int {
      var next = block(index, in: lines).upperBound
      while next < lines.count, isBlank(lines[next]) { next += 1 }
      return next
    }
    var items = [line]
    var index = line
    while true {
      let next = following(index)
      guard next < lines.count, sibling(next) else { break }
      items.append(next)
      index = next
    }
    var above = line - 1
    while above >= 0 {
      if isBlank(lines[above]) || indentation(lines[above]) > level {
        above -= 1
        continue
      }
      guard sibling(above), following(above) == items[0] else { break }
      items.insert(above, at: 0)
      above -= 1
    }
    return items
  }

  /// The width of a line's leading white space, a tab as four columns (Obsidian's default).
  static func indentation(_ line: ArraySlice<UInt8>) -> Int {
    var width = 0
    for byte in line {
      if byte == UInt8(ascii: " ") {
        width += 1
      } else if byte == UInt8(ascii: "\t") {
        width += 4 - width % 4
      } else {
        break
      }
    }
    return width
  }

  static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
    line.allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains($0) }
  }

  /// `- `, `* `, `+ `, `1. ` or `1) ` after the indentation (a task is a list item).
  static func isListItem(_ line: ArraySlice<UInt8>) -> Bool {
    let rest = Array(line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    guard let first = rest.first else { return false }
    let spaced = { (index: Int) in
      index < rest.count
        && [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n")].contains(
          rest[index])
    }
    if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(first) { return spaced(1) }
    let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
    guard digits > 0, digits < 10, digits < rest.count else { return false }
    return [UInt8(ascii: "."), UInt8(ascii: ")")].contains(rest[digits]) && spaced(digits + 1)
  }
}
