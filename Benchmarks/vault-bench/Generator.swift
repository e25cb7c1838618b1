import Foundation
import VaultCore

/// Writes a synthetic vault with a fixed, documented mix, the same bytes for the same size on
/// every machine (a seeded generator, no clock):
///
/// - 20% daily notes in `Journal/YYYY/MM/YYYY-MM-DD.md`, one a day going back from 2026-11-22,
///   with `mood` (1-10), `mood_tags`, a few lines of text and 0-3 tasks;
/// - 8% events in `Events/`: one-off (some timed, some multi-day) and yearly birthdays;
/// - 1% goals in `Goals/` with a target date and progress; 3% insights in `Insights/`;
/// - 68% notes in `Notes/<topic>/`, 0.5-20 KB (log-uniform), with front matter (tags, created,
///   category, rating), headings, paragraphs, `#tags`, `[[wikilinks]]`, code blocks, lists and
///   tasks in the Tasks plugin's emoji format;
/// - an `.obsidian/daily-notes.json` as Obsidian writes it, and a `Tasks.md` inbox;
/// - reminders: `remind: [1d, 2h]` on every fifth event, `⏰` on every 25th task
///   with a due date, and a `.vault/config.yml` turning on category defaults, due-day
///   reminders, the morning digest and three nudges a day (none of it draws random numbers,
///   so the rest of the vault is what earlier generators wrote).
struct Generator {
  let notes: Int
  /// How many of the notes are events, in percent.
  let eventPercent: Int
  var random = SplitMix64(seed: 0x5EED)
  var tasksWritten = 0

  static let config = """
    reminders:
      notify: terminal
      due_tasks: true
      digest_at: "07:00"
      family: [7d, 1d]
      work: [1h]
    nudges:
      count: 3
      from: "09:00"
      to: "21:00"

    """

  /// The day the generated vault is written for.
  static let today = LocalDate(dayNumber: LocalDate(year: 2026, month: 11, day: 22)?.dayNumber ?? 0)

  static let topics = [
    "health", "work", "garden", "music", "travel", "finance", "reading", "family", "cooking", "code",
    "writing", "fitness", "home", "learning", "projects", "ideas",
  ]
  static let categories = ["music", "family", "work", "sport", "travel", "health"]
  static let emoji = ["🎸", "🎂", "✈️", "🏃", "📚", "🎉", "🩺", "💼"]
  /// Words that benchmark queries look for, mixed into the generated text.
  static let common = [
    "plan", "planning", "garden", "budget", "meeting", "review", "morning", "project", "health", "idea",
    "weekly", "notes", "draft", "release", "café", "naïve", "straße", "日本",
  ]
  let vocabulary: [String]

  init(notes: Int, eventPercent: Int = 8) {
    self.notes = notes
    self.eventPercent = eventPercent
    var random = SplitMix64(seed: 0xB0C4)
    let syllables = [
      "ka", "lo", "mi", "re", "tu", "sa", "ne", "po", "di", "ga", "ve", "ri", "mo", "la", "zu", "te", "qui",
      "ba", "fo", "en", "ar", "is", "ol", "um",
    ]
    // Short function words are the most frequent, then the common words, then the rest.
    var words = ["the", "and", "of", "to", "a", "in", "is", "it", "for", "on", "with", "as", "at", "by", "we"]
    while words.count < 4000 {
      if words.count == 60 { words += Generator.common }
      let count = 1 + random.next(3)
      words.append((0..<count).map { _ in syllables[random.next(syllables.count)] }.joined())
    }
    vocabulary = words
  }

  mutating func write(to root: String) throws {
    let fileManager = FileManager.default
    try? fileManager.removeItem(atPath: root)
    try fileManager.createDirectory(atPath: root + "/.obsidian", withIntermediateDirectories: true)
    try write(
      #"{"folder": "Journal", "format": "YYYY/MM/YYYY-MM-DD", "template": ""}"#,
      to: root + "/.obsidian/daily-notes.json")
    try write("# Tasks\n\n- [ ] Sort the inbox 📅 2026-11-25\n", to: root + "/Tasks.md")
    try fileManager.createDirectory(atPath: root + "/.vault", withIntermediateDirectories: true)
    try write(Generator.config, to: root + "/.vault/config.yml")
    let daily = notes * 20 / 100
    let events = notes * eventPercent / 100
    let goals = max(1, notes / 100)
    let insights = notes * 3 / 100
    let plain = notes - 1 - daily - events - goals - insights
    let today = Generator.today
    for index in 0..<daily {
      let date = today.adding(days: -index)
      let (year, month, day) = (date.year, date.month, date.day)
      let folder = String(format: "%@/Journal/%04d/%02d", root, year, month)
      if day == LocalDate.daysIn(month: month, year: year) || index == 0 {
        try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try write(dailyNote(year, month, day), to: String(format: "%@/%04d-%02d-%02d.md", folder, year, month, day))
    }
    try make(root + "/Events", fileManager)
    for index in 0..<events { try write(event(index), to: "\(root)/Events/Event \(index).md") }
    try make(root + "/Goals", fileManager)
    for index in 0..<goals { try write(goal(index), to: "\(root)/Goals/Goal \(index).md") }
    try make(root + "/Insights", fileManager)
    for index in 0..<insights { try write(insight(), to: "\(root)/Insights/Insight \(index).md") }
    for topic in Generator.topics { try make("\(root)/Notes/\(topic)", fileManager) }
    for index in 0..<plain {
      let topic = Generator.topics[index % Generator.topics.count]
      try write(note(index, topic: topic, total: plain), to: "\(root)/Notes/\(topic)/Note \(index).md")
    }
  }

  private func make(_ path: String, _ fileManager: FileManager) throws {
    try fileManager.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  private func write(_ text: String, to path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
      throw BenchError("cannot write \(path)")
    }
  }

  // MARK: - Text

  /// A word, common ones far more often than rare ones (roughly Zipf).
  private mutating func word() -> String {
    let u = Double(random.next(1_000_000) + 1) / 1_000_001
    return vocabulary[min(vocabulary.count - 1, Int(pow(Double(vocabulary.count), u)) - 1)]
  }

  private mutating func sentence(_ words: Int) -> String {
    var text = (0..<words).map { _ in word() }.joined(separator: " ")
    text = text.prefix(1).uppercased() + text.dropFirst()
    return text + "."
  }

  private mutating func date(around day: Int, spread: Int) -> String {
    Generator.today.adding(days: day + random.next(2 * spread + 1) - spread).description
  }

  private mutating func task() -> String {
    var line = "- [\(random.next(3) == 0 ? "x" : " ")] \(sentence(3 + random.next(6)).dropLast())"
    if random.next(3) == 0 { line += " #\(Generator.topics[random.next(Generator.topics.count)])" }
    if random.next(4) == 0 { line += " \(["⏫", "🔼", "🔽"][random.next(3)])" }
    if random.next(2) == 0 {
      let due = date(around: 0, spread: 60)
      line += " 📅 \(due)"
      tasksWritten += 1
      if tasksWritten % 25 == 0 { line += " ⏰ \(due) 08:30" }
    }
    if random.next(6) == 0 { line += " ⏳ \(date(around: 0, spread: 30))" }
    if random.next(10) == 0 { line += " 🔁 every week" }
    if line.hasPrefix("- [x]") { line += " ✅ \(date(around: -10, spread: 10))" }
    return line
  }

  // MARK: - Notes

  private mutating func dailyNote(_ year: Int, _ month: Int, _ day: Int) -> String {
    var text = "---\nmood: \(1 + random.next(10))\n"
    if random.next(2) == 0 {
      text +=
        "mood_tags: [\(["work", "sleep", "family", "sport"][random.next(4)]), \(Generator.topics[random.next(16)])]\n"
    }
    text += "---\n# \(String(format: "%04d-%02d-%02d", year, month, day))\n\n"
    for _ in 0..<(1 + random.next(4)) { text += sentence(6 + random.next(20)) + " " }
    text += "\n\n## Tasks\n\n"
    for _ in 0..<random.next(4) { text += task() + "\n" }
    return text
  }

  private mutating func event(_ index: Int) -> String {
    let title = "\(sentence(2 + random.next(3)).dropLast())"
    var text = "---\ntitle: \(title)\n"
    if index % 10 == 0 {
      text += "date: \(date(around: -9000, spread: 8000))\nrepeat: yearly\n"
    } else {
      let start = Generator.today.adding(days: random.next(801) - 400)
      text += "date: \(start)\n"
      if index % 3 == 0 { text += "startTime: \"\(10 + random.next(10)):30\"\nendTime: \"21:00\"\nallDay: false\n" }
      // Multi-day events last two to five days.
      if index % 7 == 0 { text += "endDate: \(start.adding(days: 1 + random.next(4)))\n" }
    }
    if index % 5 == 1 { text += "remind: [1d, 2h]\n" }
    text += "emoji: \(Generator.emoji[random.next(Generator.emoji.count)])\n"
    text += "category: \(Generator.categories[random.next(Generator.categories.count)])\n---\n"
    text += sentence(8 + random.next(30)) + "\n"
    return text
  }

  private mutating func goal(_ index: Int) -> String {
    "---\ntype: goal\ntarget: \(date(around: 200, spread: 200))\nprogress: \(random.next(101))%\n---\n"
      + "# Goal \(index)\n\n\(sentence(15))\n\n" + (0..<3).map { _ in task() }.joined(separator: "\n") + "\n"
  }

  private mutating func insight() -> String {
    "---\ntype: insight\nsource: \(sentence(3).dropLast())\n---\n> \(sentence(12 + random.next(20)))\n"
  }

  private mutating func note(_ index: Int, topic: String, total: Int) -> String {
    // 0.5-20 KB, log-uniform.
    let target = Int(500 * pow(40, Double(random.next(10_000)) / 10_000))
    var text = "---\ntags: [\(topic), \(topic)/\(word())]\ncreated: \(date(around: -500, spread: 500))\n"
    text +=
      "category: \(Generator.categories[random.next(Generator.categories.count)])\nrating: \(random.next(6))\n---\n"
    text += "# Note \(index)\n\n"
    while text.utf8.count < target {
      switch random.next(10) {
      case 0: text += "## \(sentence(3).dropLast())\n\n"
      case 1: text += "```swift\nlet \(word()) = \(random.next(1000))\nprint(\(word()))\n```\n\n"
      case 2: text += (0..<(1 + random.next(4))).map { _ in task() }.joined(separator: "\n") + "\n\n"
      case 4: text += "- \(sentence(6))\n- \(sentence(8))\n  - \(sentence(5))\n\n"
      default:
        var paragraph = sentence(10 + random.next(30))
        if random.next(2) == 0 { paragraph += " See [[Note \(random.next(total))]]." }
        if random.next(3) == 0 { paragraph += " #\(topic)/\(word())" }
        text += paragraph + " " + sentence(8 + random.next(20)) + "\n\n"
      }
    }
    return text
  }
}

/// A small seeded generator, so every machine writes the same vault.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }

  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Int(z % UInt64(bound))
  }
}

struct BenchError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
