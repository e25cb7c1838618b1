/// What a task asks of the person: `difficulty` 1-5, an estimated `duration`, the
/// `energy` it needs and the `mood` it suits, written as Dataview fields on the task line
/// (`[difficulty:: 2] [duration:: 30m] [energy:: low]`), which Dataview and the Tasks plugin
/// keep, or as a task note's properties.
public struct TaskAttributes: Hashable, Sendable {
  public enum Energy: String, Hashable, Sendable, CaseIterable, Codable {
    case low, medium, high
  }

  public var difficulty: Int?
  /// Minutes.
  public var duration: Int?
  public var energy: Energy?
  /// 1-10.
  public var mood: Int?
  /// What kind of thing it is, in the person's own words (`[category:: work]`).
  public var category: String?

  public init(difficulty: Int? = nil, duration: Int? = nil, energy: Energy? = nil, mood: Int? = nil) {
    self.difficulty = difficulty
    self.duration = duration
    self.energy = energy
    self.mood = mood
  }

  /// The keys, as written on a task line.
  /// The fields of a task that say what it asks of you, and `tracked` (the time `vault track`
  /// has logged on it): a task's text is shown without them.
  public static let keys = ["difficulty", "duration", "energy", "mood", "tracked", "category"]

  /// A task's text without its attribute fields (`[energy:: high]`, `(duration:: 30m)`), the
  /// spaces they leave closed up; the text as it is when it has none.
  public static func withoutAttributes(_ text: String) -> String {
    guard text.contains("::") else { return text }
    var kept = ""
    var removed = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "[" || character == "(",
        let close = text[index...].firstIndex(of: character == "[" ? "]" : ")"),
        let separator = text[text.index(after: index)..<close].firstRange(of: "::"),
        keys.contains(text[text.index(after: index)..<separator.lowerBound].trimmingSpaces().lowercased())
      {
        index = text.index(after: close)
        removed = true
        continue
      }
      kept.append(character)
      index = text.index(after: index)
    }
    return removed ? kept.split(separator: " ").joined(separator: " ") : text
  }

  /// The attributes among a task's fields (keys without case); invalid values are left out
  /// (`problem` says why, for `vault check`).
  public init(fields: [InlineField]) {
    for field in fields {
      let value = field.value.trimmingSpaces()
      switch field.key.lowercased() {
      case "difficulty": difficulty = difficulty ?? Self.difficulty(value)
      case "duration": duration = duration ?? Self.minutes(value)
      case "energy": energy = energy ?? Energy(rawValue: value.lowercased())
      case "mood": mood = mood ?? Self.mood(value)
      case "category" where !value.isEmpty: category = category ?? value
      default: break
      }
    }
  }

  /// Why a value of one of the keys is not valid; nil when it is (or the key is another).
  public static func problem(key: String, value: String) -> String? {
    let value = value.trimmingSpaces()
    switch key.lowercased() {
    case "difficulty" where difficulty(value) == nil:
      return "difficulty must be a whole number from 1 to 5, found '\(value)'"
    case "duration" where minutes(value) == nil:
      return "duration must be a time such as 15m, 1h or 1h30m, found '\(value)'"
    case "energy" where Energy(rawValue: value.lowercased()) == nil:
      return "energy must be low, medium or high, found '\(value)'"
    case "mood" where mood(value) == nil:
      return "mood must be a whole number from 1 to 10, found '\(value)'"
    case "category" where value.contains("[") || value.contains("]") || value.contains("::") || value.isEmpty:
      return "a category is a word or a few, without [, ] or ::, found '\(value)'"
    case "tracked" where TimeLogEntry.minutes(value) == nil:
      return "tracked must be a time such as 25m or 1h25m, found '\(value)'"
    default:
      return nil
    }
  }

  static func difficulty(_ text: String) -> Int? { Int(text).flatMap { (1...5).contains($0) ? $0 : nil } }
  static func mood(_ text: String) -> Int? { Int(text).flatMap { (1...10).contains($0) ? $0 : nil } }

  /// `15m`, `1h`, `1h30m`, `90` (minutes), `2 hours`: minutes, more than zero.
  public static func minutes(_ text: String) -> Int? {
    if let number = Int(text.trimmingSpaces()) { return number > 0 ? number : nil }
    guard let seconds = ReminderOffset.seconds(text), seconds >= 60, seconds % 60 == 0 else { return nil }
    return seconds / 60
  }

  /// Minutes as people write them: `45m`, `1h`, `1h30m`.
  public static func durationText(_ minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    return hours == 0 ? "\(rest)m" : rest == 0 ? "\(hours)h" : "\(hours)h\(rest)m"
  }

  /// How a person reads them: `15m`, `low energy`, `difficulty 2`, `mood 7`.
  public var facts: [String] {
    [
      category, duration.map(Self.durationText), energy.map { "\($0.rawValue) energy" },
      difficulty.map { "difficulty \($0)" }, mood.map { "mood \($0)" },
    ].compactMap { $0 }
  }

  /// A task's description without the attributes' fields (`[duration:: 15m]`,
  /// `(energy:: low)`), as the Tasks plugin's own fields are already taken out: the text a
  /// person wrote. A field whose value the attribute cannot have stays, so it is seen.
  public static func withoutFields(_ description: String) -> String {
    guard holdsSeparator(description) else { return description }
    var text = Substring(description)
    var result = ""
    while let open = text.firstIndex(where: { $0 == "[" || $0 == "(" }) {
      let close: Character = text[open] == "[" ? "]" : ")"
      guard let end = text[open...].firstIndex(of: close) else { break }
      let inside = text[text.index(after: open)..<end]
      if let separator = inside.firstRange(of: "::") {
        let key = inside[..<separator.lowerBound].trimmingSpaces().lowercased()
        let value = String(inside[separator.upperBound...])
        if keys.contains(key), problem(key: key, value: value) == nil {
          result += text[..<open]
          text = text[text.index(after: end)...]
          continue
        }
      }
      result += text[...end]
      text = text[text.index(after: end)...]
    }
    result += text
    // The spaces the fields stood between close up.
    return result.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
  }

  /// Whether `text` holds `::` anywhere, byte by byte: `String.contains` searching for it was
  /// a tenth of `vault tasks --json` on 125,000 tasks, nearly all without fields.
  static func holdsSeparator(_ text: String) -> Bool {
    var previous: UInt8 = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: ":") && previous == byte { return true }
      previous = byte
    }
    return false
  }

  /// The fields to write on a task line: `[difficulty:: 2] [duration:: 30m] [energy:: low]`.
  public var fieldsText: String {
    var parts: [String] = []
    if let difficulty { parts.append("[difficulty:: \(difficulty)]") }
    if let duration { parts.append("[duration:: \(Self.durationText(duration))]") }
    if let energy { parts.append("[energy:: \(energy.rawValue)]") }
    if let mood { parts.append("[mood:: \(mood)]") }
    if let category { parts.append("[category:: \(category)]") }
    return parts.joined(separator: " ")
  }
}

extension TaskAttributes {
  /// A task's words without its Dataview fields (`[duration:: 15m]`) and tags: its title in a
  /// list of suggestions.
  public static func plainText(_ description: String) -> String {
    var result: [Substring] = []
    var depth = 0
    for word in description.split(separator: " ") {
      if depth == 0, word.hasPrefix("#"), word.count > 1 { continue }
      let opens = word.filter { $0 == "[" }.count
      let closes = word.filter { $0 == "]" }.count
      if depth > 0 || (word.hasPrefix("[") && word.contains("::")) {
        depth += opens - closes
        if depth < 0 { depth = 0 }
        continue
      }
      result.append(word)
    }
    return result.joined(separator: " ")
  }
}

extension TaskItem {
  /// Difficulty, duration, energy and mood from the task's Dataview fields.
  public var attributes: TaskAttributes { TaskAttributes(fields: fields) }

  /// The description as a person reads it: without the attributes' fields, which
  /// `attributes` holds (`Book dentist` for `Book dentist [duration:: 15m] [energy:: low]`).
  public var text: String { TaskAttributes.withoutFields(description) }
}

extension TaskAttributes: Encodable {
  enum CodingKeys: String, CodingKey { case category, difficulty, duration, energy, mood }

  /// Every key, null when not written; `duration` in minutes.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(category, forKey: .category)
    try container.encode(difficulty, forKey: .difficulty)
    try container.encode(duration, forKey: .duration)
    try container.encode(energy, forKey: .energy)
    try container.encode(mood, forKey: .mood)
  }
}
