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
    /// The date field (`due`, `scheduled`, ...) an impossible date was written for.
    public var field: String?

    public init(severity: Diagnostic.Severity, message: String, column: Int, field: String? = nil) {
      self.severity = severity
      self.message = message
      self.column = column
      self.field = field
    }
  }

  /// The checkbox parts of `line`, or nil when it is no task line.
  public static func checkbox(_ line: String) -> Checkbox? {
    var line = line
    return line.withUTF8 { s in
      layout(s).map { layout in
        Checkbox(
          indentation: text(s, 0..<layout.indentationEnd), marker: text(s, layout.indentationEnd..<layout.markerEnd),
          symbol: layout.symbol, text: text(s, layout.textStart..<s.count), textColumnOffset: layout.textColumnOffset)
      }
    }
  }

  /// Fills `task` with the fields read from `text` (the part after the checkbox), and returns
  /// problems found, with columns counted from `columnOffset`.
  public static func readFields(
    _ text: String, into task: inout TaskItem, columnOffset: Int = 0
  )
    -> [Problem]
  {
    var text = text
    return text.withUTF8 { bytes in
      var reader = FieldReader(bytes, columnOffset: columnOffset)
      reader.run(into: &task)
      return reader.problems
    }
  }

  /// The task on a line given as its bytes, which must be valid UTF-8 (a file's line with
  /// invalid bytes is given repaired), and the problems of its fields; nil when the line is
  /// no task line. What `checkbox` and `readFields` do, without making a `String` of the line
  /// or of its text: most list items are no task, and a cold index reads 60,000 task lines.
  public static func task(
    utf8 line: UnsafeBufferPointer<UInt8>, lineNumber: Int, byteRange: Range<Int>
  ) -> (TaskItem, [Problem])? {
    guard let layout = layout(line) else { return nil }
    var task = TaskItem(
      line: lineNumber, byteRange: byteRange, indentation: text(line, 0..<layout.indentationEnd),
      marker: text(line, layout.indentationEnd..<layout.markerEnd), status: TaskStatus(symbol: layout.symbol))
    var reader = FieldReader(
      UnsafeBufferPointer(rebasing: line[layout.textStart...]), columnOffset: layout.textColumnOffset)
    reader.run(into: &task)
    return (task, reader.problems)
  }

  /// Where the parts of a checkbox line are, as byte offsets. Everything before the text is
  /// ASCII but the status symbol, so the line is read as UTF-8 bytes.
  private struct Layout {
    var indentationEnd: Int
    var markerEnd: Int
    var symbol: Character
    var textStart: Int
    /// Unicode scalars before the text.
    var textColumnOffset: Int
  }

  private static func layout(_ s: UnsafeBufferPointer<UInt8>) -> Layout? {
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
      let symbol = text(s, symbolStart..<symbolEnd).first
    else { return nil }
    i = symbolEnd + 1
    guard i == s.count || s[i] == 0x20 || s[i] == 0x09 else { return nil }
    while i < s.count, s[i] == 0x20 || s[i] == 0x09 { i += 1 }
    return Layout(
      indentationEnd: indentationEnd, markerEnd: markerEnd, symbol: symbol, textStart: i,
      textColumnOffset: i - (symbolEnd - symbolStart - 1))
  }

  fileprivate static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
  }
}

/// The state of taking fields off the end of a task's text, read as its UTF-8 bytes (valid
/// UTF-8): positions are byte offsets, and a scalar is decoded only where a field's emoji or a
/// space may stand. Building the text's scalars and their offsets for every task line first
/// was most of the parse of a task line.
private struct FieldReader {
  let b: UnsafeBufferPointer<UInt8>
  let columnOffset: Int
  var end: Int
  var problems: [TaskLineParser.Problem] = []
  var usedEmoji = false
  var usedDataview = false
  /// Where the recurrence rule's value stands, for its warning.
  var recurrenceColumn: Int?
  /// Trailing `#tags` and unknown Dataview fields: passed over while reading, kept in the
  /// description in their order.
  var kept: [String] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>, columnOffset: Int) {
    b = bytes
    self.columnOffset = columnOffset
    end = bytes.count
  }

  /// The date fields of a task, by the name its emoji is reported with.
  enum DateField: String {
    case created, start, scheduled, due, done, cancelled

    /// The field an emoji stands for.
    init?(emoji: UInt32) {
      switch emoji {
      case 0x2795: self = .created
      case 0x1F6EB: self = .start
      case 0x23F3, 0x231B: self = .scheduled
      case 0x1F4C5, 0x1F4C6, 0x1F5D3: self = .due
      case 0x2705: self = .done
      case 0x274C: self = .cancelled
      default: return nil
      }
    }

    /// Sets the field unless the task has it already (the last one on the line wins, since
    /// fields are read from the end). A switch, not a key path: reading and writing through a
    /// key path was a tenth of a task line's parse.
    func setFirst(_ date: LocalDate, on task: inout TaskItem) {
      switch self {
      case .created: if task.created == nil { task.created = date }
      case .start: if task.start == nil { task.start = date }
      case .scheduled: if task.scheduled == nil { task.scheduled = date }
      case .due: if task.due == nil { task.due = date }
      case .done: if task.done == nil { task.done = date }
      case .cancelled: if task.cancelled == nil { task.cancelled = date }
      }
    }
  }

  static func priority(_ emoji: UInt32) -> TaskPriority? {
    switch emoji {
    case 0x1F53A: .highest
    case 0x23EB: .high
    case 0x1F53C: .medium
    case 0x1F53D: .low
    case 0x23EC: .lowest
    default: nil
    }
  }

  mutating func run(into task: inout TaskItem) {
    trimEnd()
    if let start = trailing(while: { isIDByte($0) && $0 != UInt8(ascii: "_") }), start > 0,
      b[start - 1] == UInt8(ascii: "^"), start - 1 == 0 || spaceStart(before: start - 1) != nil
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
    // A tag needs its `#`: most descriptions have none, and are not scanned.
    if !kept.isEmpty || UnsafeBufferPointer(rebasing: b[0..<end]).contains(UInt8(ascii: "#")) {
      task.tags = InlineScanner.scan(line: Array(description.utf8), lineNumber: task.line).tags.map(\.name)
    }
    // As the plugin reads it (`Recurrence.fromText`), a rule rrule.js cannot read makes the
    // task not recurring.
    if let rule = task.recurrence, RecurrenceRule.parse(tasksRule: rule) == nil {
      problems.append(
        .init(
          severity: .warning,
          message:
            "'\(rule)' is not a recurrence rule the Tasks plugin reads (such as 'every week on Monday'): the task does not repeat",
          column: recurrenceColumn ?? columnOffset + 1))
      task.recurrence = nil
    }
    task.format = usedEmoji && usedDataview ? .mixed : usedEmoji ? .emoji : usedDataview ? .dataview : .none
    reportStrayEmoji()
  }

  // MARK: Emoji fields

  mutating func takeDate(into task: inout TaskItem) -> Bool {
    // Either a date after a date emoji, or a date emoji followed by something else that is
    // not a date at all (reported, and the rest left alone). Ten ASCII bytes are ten scalars.
    guard end >= 10 else { return false }
    let dateStart = end - 10
    for i in dateStart..<end where !isDigit(b[i]) && b[i] != UInt8(ascii: "-") { return false }
    var j = dateStart
    while let start = spaceStart(before: j) { j = start }
    j = beforeVariationSelector(j)
    guard let (emoji, emojiStart) = scalar(before: j), let field = DateField(emoji: emoji.value) else {
      return false
    }
    switch DateParsing.date(utf8: UnsafeBufferPointer(rebasing: b[dateStart..<end])) {
    case .value(let date):
      field.setFirst(date, on: &task)
    case .impossible:
      problems.append(
        .init(
          severity: .error, message: "impossible \(field.rawValue) date \(text(dateStart..<end))",
          column: column(dateStart), field: field.rawValue))
    case .notADate:
      return false
    }
    end = emojiStart
    usedEmoji = true
    return true
  }

  mutating func takeEmojiField(into task: inout TaskItem) -> Bool {
    // Whichever field it is, its emoji ends the longest run at the end of the text of the
    // characters any of them allows (and of spaces), past a variation selector: when no such
    // emoji is there, no field is, and the four scans below are skipped. That is most lines.
    guard let emoji = emojiBeforeTrailingValue(), Self.valueEmoji.contains(emoji) else { return false }
    // 🔁 every ..., 🏁 keep|delete, 🆔 id, ⛔ id,id
    let fields: [(UInt32, (UInt8) -> Bool)] = [
      (0x1F501, { isASCIIAlnum($0) || $0 == 0x20 || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "!") }),
      (0x1F3C1, { isASCIILetter($0) }),
      (0x1F194, { isIDByte($0) }),
      (0x26D4, { isIDByte($0) || $0 == UInt8(ascii: ",") || $0 == 0x20 }),
    ]
    for (emoji, allowed) in fields {
      guard let start = trailing(while: allowed) else { continue }
      var j = start
      while let spaceStart = spaceStart(before: j) { j = spaceStart }
      j = beforeVariationSelector(j)
      guard let (scalar, scalarStart) = scalar(before: j), scalar.value == emoji else { continue }
      let value = text(start..<end).trimmingSpaces()
      guard !value.isEmpty else { continue }
      switch emoji {
      case 0x1F501:
        if task.recurrence == nil {
          task.recurrence = value
          recurrenceColumn = column(start) + text(start..<end).prefix { $0 == " " }.count
        }
      case 0x1F3C1:
        setOnCompletion(value, column: column(start), into: &task)
      case 0x1F194:
        if task.id == nil { task.id = value }
      default:
        if task.dependsOn.isEmpty {
          task.dependsOn = value.split(separator: ",").map { $0.trimmingSpaces() }.filter {
            !$0.isEmpty
          }
        }
      }
      end = scalarStart
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
    while j > 0 {
      let byte = b[j - 1]
      if isIDByte(byte) || byte == 0x20 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "!") {
        j -= 1
      } else if let start = spaceStart(before: j) {
        j = start
      } else {
        break
      }
    }
    return scalar(before: beforeVariationSelector(j))?.scalar.value
  }

  mutating func takePriority() -> TaskPriority? {
    guard let (emoji, start) = scalar(before: beforeVariationSelector(end)), let priority = Self.priority(emoji.value)
    else { return nil }
    end = start
    return priority
  }

  // MARK: Dataview fields

  /// A field in brackets at the end of the text, as the Tasks plugin's Dataview format reads
  /// it (`toInlineFieldRegex` in its `DataviewTaskSerializer.ts`): `[key:: value]` or
  /// `(key:: value)` with the same kind of bracket on both sides, spaces allowed inside and after
  /// `::`, and one comma after it (` , `), which goes with the field. The plugin's keys are
  /// matched as it writes them (`dependsOn`, `onCompletion`: `dependson` is no task field), and
  /// each takes only the values its expression accepts; anything else in brackets is a Dataview
  /// field of the task, kept in the description.
  mutating func takeDataviewField(into task: inout TaskItem) -> Bool {
    var fieldEnd = end
    if b[fieldEnd - 1] == UInt8(ascii: ",") {
      fieldEnd -= 1
      while fieldEnd > 0, b[fieldEnd - 1] == 0x20 { fieldEnd -= 1 }
    }
    guard fieldEnd > 0, b[fieldEnd - 1] == UInt8(ascii: "]") || b[fieldEnd - 1] == UInt8(ascii: ")") else {
      return false
    }
    // Brackets are ASCII, and no byte of a longer UTF-8 sequence is: bytes are matched as scalars.
    let close = b[fieldEnd - 1]
    let open = close == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "(")
    var depth = 0
    var start = fieldEnd - 1
    while start >= 0 {
      if b[start] == close {
        depth += 1
      } else if b[start] == open {
        depth -= 1
        if depth == 0 { break }
      }
      start -= 1
    }
    guard start >= 0 else { return false }
    let inner = text((start + 1)..<(fieldEnd - 1))
    guard let separator = inner.firstRange(of: "::") else { return false }
    let rawKey = inner[..<separator.lowerBound]
    let key = rawKey.trimmingSpaces()
    let value = inner[separator.upperBound...].trimmingSpaces()
    let valueColumn = column(start) + 1 + rawKey.unicodeScalars.count + 2
    // The plugin's key stands right before `::`: `[due ::x]` is no task field.
    let exactKey = rawKey.last.map { $0 != " " } ?? false ? key : ""
    if let taken = takeTasksField(exactKey, value, valueColumn: valueColumn, into: &task) {
      guard taken else { return keepField(key, value, start: start, end: fieldEnd, into: &task) }
      end = start
      usedDataview = true
      return true
    }
    return keepField(key, value, start: start, end: fieldEnd, into: &task)
  }

  /// Reads a field of the Tasks plugin's Dataview format. Nil when `key` is none of its keys;
  /// false when the value is not one the plugin's expression for the key accepts (reported).
  mutating func takeTasksField(_ key: String, _ value: String, valueColumn: Int, into task: inout TaskItem) -> Bool? {
    let dateFields: [String: DateField] = [
      "created": .created, "scheduled": .scheduled, "start": .start, "due": .due, "completion": .done,
      "cancelled": .cancelled,
    ]
    if let field = dateFields[key] {
      // `(\d{4}-\d{2}-\d{2})` and nothing after it but spaces.
      guard value.utf8.count == 10, value.utf8.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: "-") }) else {
        problems.append(
          .init(
            severity: .warning, message: "\(key) is not a date in YYYY-MM-DD form: '\(value)'", column: valueColumn))
        return false
      }
      switch DateParsing.date(Substring(value)) {
      case .value(let date):
        field.setFirst(date, on: &task)
      case .impossible:
        problems.append(
          .init(
            severity: .error, message: "impossible \(key) date \(value)", column: valueColumn, field: field.rawValue))
      case .notADate:
        problems.append(
          .init(
            severity: .warning, message: "\(key) is not a date in YYYY-MM-DD form: '\(value)'", column: valueColumn))
        return false
      }
      return true
    }
    switch key {
    case "priority":
      guard let priority = TaskPriority(rawValue: value), priority != .normal else {
        problems.append(
          .init(
            severity: .warning,
            message: "unknown priority '\(value)' (the Tasks plugin reads highest, high, medium, low or lowest)",
            column: valueColumn))
        return false
      }
      if task.priority == .normal { task.priority = priority }
    case "repeat":
      guard !value.isEmpty, value.utf8.allSatisfy({ isRuleByte($0) }) else { return false }
      if task.recurrence == nil {
        task.recurrence = value
        recurrenceColumn = valueColumn
      }
    case "onCompletion":
      guard !value.isEmpty, value.utf8.allSatisfy({ isASCIILetter($0) }) else { return false }
      setOnCompletion(value, column: valueColumn, into: &task)
    case "id":
      guard !value.isEmpty, value.utf8.allSatisfy({ isIDByte($0) }) else { return false }
      if task.id == nil { task.id = value }
    case "dependsOn":
      let ids = value.split(separator: ",").map { $0.trimmingSpaces() }
      guard !ids.isEmpty, ids.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isIDByte) }) else { return false }
      if task.dependsOn.isEmpty { task.dependsOn = ids }
    default:
      return nil
    }
    return true
  }

  /// Any other Dataview field stays in the description, as in the Tasks plugin, and is kept as
  /// a field of the task.
  mutating func keepField(
    _ key: String, _ value: String, start: Int, end fieldEnd: Int, into task: inout TaskItem
  )
    -> Bool
  {
    task.fields.insert(InlineField(key: key, value: value, line: task.line, column: column(start)), at: 0)
    // A planning attribute with a value it cannot have is reported where it is.
    if let problem = TaskAttributes.problem(key: key, value: value) {
      problems.append(.init(severity: .warning, message: problem, column: column(start)))
    }
    kept.insert(text(start..<end), at: 0)
    end = start
    return true
  }

  /// `keep` or `delete`; any other word is read (the plugin's `parseOnCompletionValue` ignores
  /// it) and reported.
  mutating func setOnCompletion(_ value: String, column: Int, into task: inout TaskItem) {
    let lowered = value.lowercased()
    guard lowered == "keep" || lowered == "delete" else {
      problems.append(
        .init(
          severity: .warning, message: "unknown on-completion action '\(value)' (keep or delete); it does nothing",
          column: column))
      return
    }
    if task.onCompletion == nil { task.onCompletion = lowered }
  }

  // MARK: Tags and helpers

  mutating func takeTrailingTag() -> String? {
    var start = end
    while start > 0, spaceStart(before: start) == nil {
      start = b[start - 1] < 0x80 ? start - 1 : UTF8Line.scalarStart(in: b, before: start)
    }
    guard start < end, b[start] == UInt8(ascii: "#") else { return nil }
    let name = text((start + 1)..<end)
    guard TagSyntax.isValid(name) else { return nil }
    end = start
    return name
  }

  /// A date emoji left in the description was not followed by a date.
  mutating func reportStrayEmoji() {
    var i = 0
    var offset = 0
    while i < end {
      // Every date emoji is U+231B or above: three UTF-8 bytes or more.
      if b[i] >= 0xE2 {
        let (scalar, length) = UTF8Line.scalar(in: b, at: i)
        if let field = DateField(emoji: scalar.value) {
          problems.append(
            .init(
              severity: .warning,
              message: "\(String(scalar)) (\(field.rawValue)) is not followed by a date in YYYY-MM-DD form",
              column: columnOffset + offset + 1))
        }
        i += length
      } else {
        i += 1
        while i < end && b[i] & 0xC0 == 0x80 { i += 1 }
      }
      offset += 1
    }
  }

  /// The start of the run at the end of the text whose bytes satisfy `predicate`, which
  /// accepts ASCII bytes only.
  func trailing(while predicate: (UInt8) -> Bool) -> Int? {
    var start = end
    while start > 0, predicate(b[start - 1]) { start -= 1 }
    return start < end ? start : nil
  }

  mutating func trimEnd() {
    while let start = spaceStart(before: end) { end = start }
  }

  /// The start of the scalar before `j` when it is a space (Unicode's White_Space).
  func spaceStart(before j: Int) -> Int? {
    guard j > 0 else { return nil }
    let byte = b[j - 1]
    if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? j - 1 : nil }
    guard let (scalar, start) = scalar(before: j), UTF8Line.isSpace(scalar) else { return nil }
    return start
  }

  /// `j`, or the start of a variation selector (U+FE0F, `EF B8 8F`) that ends there.
  func beforeVariationSelector(_ j: Int) -> Int {
    j >= 3 && b[j - 1] == 0x8F && b[j - 2] == 0xB8 && b[j - 3] == 0xEF ? j - 3 : j
  }

  /// The scalar that ends at `j`, and where it starts.
  func scalar(before j: Int) -> (scalar: Unicode.Scalar, start: Int)? {
    guard j > 0 else { return nil }
    let start = UTF8Line.scalarStart(in: b, before: j)
    return (UTF8Line.scalar(in: b, at: start).0, start)
  }

  func text(_ range: Range<Int>) -> String { TaskLineParser.text(b, range) }

  /// The 1-based column, in scalars of the whole line, of the byte at `offset`.
  func column(_ offset: Int) -> Int { columnOffset + UTF8Line.column(in: b, byteOffset: offset) }
}

private func isDigit(_ byte: UInt8) -> Bool { DateParsing.isDigit(byte) }

private func isASCIIAlnum(_ byte: UInt8) -> Bool {
  isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
}

private func isASCIILetter(_ byte: UInt8) -> Bool {
  byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")
}

/// The characters of a recurrence rule in the plugin's expressions: `[a-zA-Z0-9, !]`.
private func isRuleByte(_ byte: UInt8) -> Bool {
  isASCIIAlnum(byte) || byte == 0x20 || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "!")
}

private func isIDByte(_ byte: UInt8) -> Bool {
  isASCIIAlnum(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
}
