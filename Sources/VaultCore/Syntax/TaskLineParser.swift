/// Reads a checkbox line in both notations of the Obsidian Tasks plugin.
///
/// Like the plugin, fields are taken from the end of the line, in any order, repeatedly (at
/// most 20 passes); `#tags` among them stay in the description; a trailing `^block-id` is kept
/// apart. Unlike the plugin, which reads only the notation chosen in its settings, both the
/// emoji and the Dataview notation are read, so a vault that mixes them loses nothing.
public enum TaskLineParser {
  /// The parts of a list item line that starts with a checkbox.
  public struct Checkbox: Equatable, Sendable {
    public var indentation: String
    public var marker: String
    public var symbol: Character
    /// The text after the checkbox, fields included.
    public var text: String
    /// Unicode scalars before `text` on the line.
    public var textColumnOffset: Int
  }

  /// A problem in a task's fields, at a scalar offset into the line.
  public struct Problem: Equatable, Sendable {
    public var severity: Diagnostic.Severity
    public var message: String
    public var column: Int
  }

  /// The checkbox parts of `line`, or nil when it is no task line. Everything before the text
  /// is ASCII but the status symbol, so the line is read as UTF-8 bytes.
  public static func checkbox(_ line: String) -> Checkbox? {
    let s = Array(line.utf8)
    var i = 0
    while i < s.count, s[i] == 0x20 || s[i] == 0x09 || s[i] == UInt8(ascii: ">") { i += 1 }
    let indentationEnd = i
    if i < s.count, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "*") || s[i] == UInt8(ascii: "+") {
      i += 1
    } else {
      while i < s.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(s[i]), i - indentationEnd < 9 { i += 1 }
      guard i > indentationEnd, i < s.count, s[i] == UInt8(ascii: ".") || s[i] == UInt8(ascii: ")") else {
        return nil
      }
      i += 1
    }
    let markerEnd = i
    while i < s.count, s[i] == 0x20 || s[i] == 0x09 { i += 1 }
    guard i > markerEnd, i + 2 < s.count, s[i] == UInt8(ascii: "[") else { return nil }
    // The status symbol: one scalar of 1-4 bytes.
    let symbolStart = i + 1
    var symbolEnd = symbolStart + 1
    while symbolEnd < s.count, s[symbolEnd] & 0xC0 == 0x80 { symbolEnd += 1 }
    guard symbolEnd < s.count, s[symbolEnd] == UInt8(ascii: "]"), s[symbolStart] != 0x09,
      let symbol = String(decoding: s[symbolStart..<symbolEnd], as: UTF8.self).first
    else { return nil }
    i = symbolEnd + 1
    guard i == s.count || s[i] == 0x20 || s[i] == 0x09 else { return nil }
    while i < s.count, s[i] == 0x20 || s[i] == 0x09 { i += 1 }
    return Checkbox(
      indentation: String(decoding: s[0..<indentationEnd], as: UTF8.self),
      marker: String(decoding: s[indentationEnd..<markerEnd], as: UTF8.self), symbol: symbol,
      text: String(decoding: s[i...], as: UTF8.self), textColumnOffset: i - (symbolEnd - symbolStart - 1))
  }

  /// Fills `task` with the fields read from `text` (the part after the checkbox), and returns
  /// problems found, with columns counted from `columnOffset`.
  public static func readFields(
    _ text: String, into task: inout TaskItem, columnOffset: Int = 0
  )
    -> [Problem]
  {
    var reader = FieldReader(text: text, columnOffset: columnOffset)
    reader.run(into: &task)
    return reader.problems
  }
}

/// The state of taking fields off the end of a task's text.
private struct FieldReader {
  let s: [Unicode.Scalar]
  /// The text as UTF-8, and the byte offset of each scalar of `s` (and of the end): slices are
  /// cut from the bytes, far cheaper than building strings scalar by scalar.
  let utf8: [UInt8]
  let offsets: [Int]
  let columnOffset: Int
  var end: Int
  var problems: [TaskLineParser.Problem] = []
  var usedEmoji = false
  var usedDataview = false

  init(text: String, columnOffset: Int) {
    utf8 = Array(text.utf8)
    var scalars: [Unicode.Scalar] = []
    var offsets: [Int] = []
    scalars.reserveCapacity(utf8.count)
    offsets.reserveCapacity(utf8.count + 1)
    var offset = 0
    for scalar in text.unicodeScalars {
      scalars.append(scalar)
      offsets.append(offset)
      offset += UTF8.width(scalar)
    }
    offsets.append(offset)
    s = scalars
    self.offsets = offsets
    self.columnOffset = columnOffset
    end = scalars.count
  }

  static let variationSelector: Unicode.Scalar = "\u{FE0F}"
  // Key paths are not Sendable; this table is immutable, so sharing it is safe.
  nonisolated(unsafe) static let dateEmoji: [(Set<UInt32>, WritableKeyPath<TaskItem, LocalDate?>, String)] = [
    ([0x2795], \.created, "created"),
    ([0x1F6EB], \.start, "start"),
    ([0x23F3, 0x231B], \.scheduled, "scheduled"),
    ([0x1F4C5, 0x1F4C6, 0x1F5D3], \.due, "due"),
    ([0x2705], \.done, "done"),
    ([0x274C], \.cancelled, "cancelled"),
  ]
  static let priorityEmoji: [UInt32: TaskPriority] = [
    0x1F53A: .highest, 0x23EB: .high, 0x1F53C: .medium, 0x1F53D: .low, 0x23EC: .lowest,
  ]
  static let allEmoji: Set<UInt32> = Set(dateEmoji.flatMap(\.0)).union(priorityEmoji.keys).union(valueEmoji)

  /// Trailing `#tags` and unknown Dataview fields: passed over while reading, kept in the
  /// description in their order.
  var kept: [String] = []

  mutating func run(into task: inout TaskItem) {
    trimEnd()
    if let start = trailing(while: { isIDScalar($0) && $0 != "_" }), start > 0, s[start - 1] == "^",
      start - 1 == 0 || isSpace(s[start - 2])
    {
      task.blockLink = text(start..<end)
      end = start - 1
    }
    var priorityFound = false
    for _ in 0..<20 {
      trimEnd()
      guard end > 0 else { break }
      if takeDate(into: &task) || takeEmojiField(into: &task) || takeDataviewField(into: &task) {
        continue
      }
      if let priority = takePriority() {
        if !priorityFound { task.priority = priority }
        priorityFound = true
        usedEmoji = true
        continue
      }
      if let tag = takeTrailingTag() {
        kept.insert("#" + tag, at: 0)
        continue
      }
      break
    }
    trimEnd()
    var description = text(0..<end)
    if !kept.isEmpty {
      description += (description.isEmpty ? "" : " ") + kept.joined(separator: " ")
    }
    task.description = description
    task.tags = InlineScanner.scan(line: Array(description.utf8), lineNumber: task.line).tags.map(
      \.name)
    task.format = usedEmoji && usedDataview ? .mixed : usedEmoji ? .emoji : usedDataview ? .dataview : .none
    reportStrayEmoji(in: description)
  }

  // MARK: Emoji fields

  mutating func takeDate(into task: inout TaskItem) -> Bool {
    // Either a date after a date emoji, or a date emoji followed by something else that is
    // not a date at all (reported, and the rest left alone).
    guard end >= 10 else { return false }
    let dateStart = end - 10
    guard s[dateStart..<end].allSatisfy({ ("0"..."9").contains($0) || $0 == "-" }) else { return false }
    var j = dateStart
    while j > 0, isSpace(s[j - 1]) { j -= 1 }
    if j > 0, s[j - 1] == Self.variationSelector { j -= 1 }
    guard j > 0, let field = Self.dateEmoji.first(where: { $0.0.contains(s[j - 1].value) }) else {
      return false
    }
    let candidate = text(dateStart..<end)
    switch DateParsing.date(Substring(candidate)) {
    case .value(let date):
      if task[keyPath: field.1] == nil { task[keyPath: field.1] = date }
    case .impossible:
      problems.append(
        .init(severity: .error, message: "impossible \(field.2) date \(candidate)", column: column(dateStart)))
    case .notADate:
      return false
    }
    end = j - 1
    usedEmoji = true
    return true
  }

  mutating func takeEmojiField(into task: inout TaskItem) -> Bool {
    // Whichever field it is, its emoji ends the longest run at the end of the text of the
    // characters any of them allows (and of spaces), past a variation selector: when no such
    // emoji is there, no field is, and the four scans below are skipped. That is most lines.
    guard let emoji = emojiBeforeTrailingValue(), Self.valueEmoji.contains(emoji) else { return false }
    // 🔁 every ..., 🏁 keep|delete, 🆔 id, ⛔ id,id
    let fields: [(UInt32, (Unicode.Scalar) -> Bool)] = [
      (0x1F501, { isASCIIAlnum($0) || $0 == " " || $0 == "," || $0 == "!" }),
      (0x1F3C1, { isASCIIAlnum($0) }),
      (0x1F194, { isIDScalar($0) }),
      (0x26D4, { isIDScalar($0) || $0 == "," || $0 == " " }),
    ]
    for (emoji, allowed) in fields {
      guard let start = trailing(while: allowed) else { continue }
      var j = start
      while j > 0, isSpace(s[j - 1]) { j -= 1 }
      if j > 0, s[j - 1] == Self.variationSelector { j -= 1 }
      guard j > 0, s[j - 1].value == emoji else { continue }
      let value = text(start..<end).trimmingSpaces()
      guard !value.isEmpty else { continue }
      switch emoji {
      case 0x1F501:
        if task.recurrence == nil { task.recurrence = value }
        if !value.lowercased().hasPrefix("every") {
          problems.append(
            .init(
              severity: .warning, message: "recurrence '\(value)' does not start with 'every'",
              column: column(start)))
        }
      case 0x1F3C1:
        let lowered = value.lowercased()
        guard lowered == "keep" || lowered == "delete" else { continue }
        if task.onCompletion == nil { task.onCompletion = lowered }
      case 0x1F194:
        if task.id == nil { task.id = value }
      default:
        if task.dependsOn.isEmpty {
          task.dependsOn = value.split(separator: ",").map { $0.trimmingSpaces() }.filter {
            !$0.isEmpty
          }
        }
      }
      end = j - 1
      usedEmoji = true
      return true
    }
    return false
  }

  /// The emoji of the fields with a value (🔁 🏁 🆔 ⛔).
  static let valueEmoji: Set<UInt32> = [0x1F501, 0x1F3C1, 0x1F194, 0x26D4]

  /// The scalar before the run at the end of the text of characters some field's value allows
  /// (letters, digits, spaces, `,`, `!`, `-`, `_`), and before a variation selector there.
  func emojiBeforeTrailingValue() -> UInt32? {
    var j = end
    while j > 0, isIDScalar(s[j - 1]) || s[j - 1] == " " || s[j - 1] == "," || s[j - 1] == "!" || isSpace(s[j - 1]) {
      j -= 1
    }
    if j > 0, s[j - 1] == Self.variationSelector { j -= 1 }
    return j > 0 ? s[j - 1].value : nil
  }

  mutating func takePriority() -> TaskPriority? {
    var j = end
    if j > 0, s[j - 1] == Self.variationSelector { j -= 1 }
    guard j > 0, let priority = Self.priorityEmoji[s[j - 1].value] else { return nil }
    end = j - 1
    return priority
  }

  // MARK: Dataview fields

  mutating func takeDataviewField(into task: inout TaskItem) -> Bool {
    guard end > 0, s[end - 1] == "]" || s[end - 1] == ")" else { return false }
    let close = s[end - 1]
    let open: Unicode.Scalar = close == "]" ? "[" : "("
    var depth = 0
    var start = end - 1
    while start >= 0 {
      if s[start] == close {
        depth += 1
      } else if s[start] == open {
        depth -= 1
        if depth == 0 { break }
      }
      start -= 1
    }
    guard start >= 0 else { return false }
    let inner = text((start + 1)..<(end - 1))
    guard let separator = inner.firstRange(of: "::") else { return false }
    let key = inner[..<separator.lowerBound].trimmingSpaces()
    let value = inner[separator.upperBound...].trimmingSpaces()
    let valueColumn = column(start + 1 + key.unicodeScalars.count + 2)
    switch key.lowercased() {
    case "created", "scheduled", "start", "due", "completion", "cancelled":
      let path: WritableKeyPath<TaskItem, LocalDate?> =
        switch key.lowercased() {
        case "created": \.created
        case "scheduled": \.scheduled
        case "start": \.start
        case "due": \.due
        case "completion": \.done
        default: \.cancelled
        }
      let datePart = value.prefix(10)
      switch DateParsing.date(datePart) {
      case .value(let date) where value.count == 10 || value.dropFirst(10).first == "T":
        if task[keyPath: path] == nil { task[keyPath: path] = date }
      case .impossible:
        problems.append(
          .init(severity: .error, message: "impossible \(key) date \(value)", column: valueColumn))
      default:
        problems.append(
          .init(
            severity: .warning,
            message: "\(key) is not a date in YYYY-MM-DD form: '\(value)'", column: valueColumn))
      }
    case "priority":
      guard let priority = TaskPriority(rawValue: value.lowercased()) else {
        problems.append(
          .init(
            severity: .warning,
            message: "unknown priority '\(value)' (expected highest, high, medium, normal, low or lowest)",
            column: valueColumn))
        end = start
        usedDataview = true
        return true
      }
      if task.priority == .normal { task.priority = priority }
    case "repeat":
      if task.recurrence == nil { task.recurrence = value }
    case "oncompletion":
      if task.onCompletion == nil { task.onCompletion = value.lowercased() }
    case "id":
      if task.id == nil { task.id = value }
    case "dependson":
      if task.dependsOn.isEmpty {
        task.dependsOn = value.split(separator: ",").map { $0.trimmingSpaces() }.filter {
          !$0.isEmpty
        }
      }
    default:
      // Any other Dataview field stays in the description, as in the Tasks plugin, and is
      // kept as a field of the task.
      task.fields.insert(
        InlineField(key: key, value: value, line: task.line, column: column(start)), at: 0)
      kept.insert(text(start..<end), at: 0)
      end = start
      return true
    }
    end = start
    usedDataview = true
    return true
  }

  // MARK: Tags and helpers

  mutating func takeTrailingTag() -> String? {
    var start = end
    while start > 0, !isSpace(s[start - 1]) { start -= 1 }
    guard start < end, s[start] == "#" else { return nil }
    let name = text((start + 1)..<end)
    guard TagSyntax.isValid(name) else { return nil }
    end = start
    return name
  }

  /// A date emoji left in the description was not followed by a date.
  mutating func reportStrayEmoji(in description: String) {
    for (offset, scalar) in s[0..<end].enumerated() where scalar.value >= 0x231B {
      if let field = Self.dateEmoji.first(where: { $0.0.contains(scalar.value) }) {
        problems.append(
          .init(
            severity: .warning,
            message: "\(String(scalar)) (\(field.2)) is not followed by a date in YYYY-MM-DD form",
            column: column(offset)))
      }
    }
  }

  /// The start of the run at the end of the text whose scalars satisfy `predicate`.
  func trailing(while predicate: (Unicode.Scalar) -> Bool) -> Int? {
    var start = end
    while start > 0, predicate(s[start - 1]) { start -= 1 }
    return start < end ? start : nil
  }

  mutating func trimEnd() {
    while end > 0, isSpace(s[end - 1]) { end -= 1 }
  }

  func text(_ range: Range<Int>) -> String {
    String(decoding: utf8[offsets[range.lowerBound]..<offsets[range.upperBound]], as: UTF8.self)
  }

  func column(_ offset: Int) -> Int { columnOffset + offset + 1 }
}

private func isSpace(_ scalar: Unicode.Scalar) -> Bool { UTF8Line.isSpace(scalar) }

private func isASCIIAlnum(_ scalar: Unicode.Scalar) -> Bool {
  ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
}

private func isIDScalar(_ scalar: Unicode.Scalar) -> Bool {
  isASCIIAlnum(scalar) || scalar == "-" || scalar == "_"
}
