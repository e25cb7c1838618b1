/// What to do next: every template scored for a mood and a time of day, a pure
/// function of the templates, the mood, the time and the history (docs/FORMAT.md, "Suggestions").
///
///   score = 0.40 × mood + 0.20 × time of day + 0.25 × history + 0.15 × energy, each in 0...1.
public enum Suggestions {
  public static let weights = (mood: 0.40, time: 0.20, history: 0.25, energy: 0.15)

  /// The four components and the score of one template.
  public struct Scored: Hashable, Sendable {
    public var template: TaskTemplate
    public var mood: Double
    public var time: Double
    public var history: Double
    public var energy: Double

    public var score: Double {
      weights.mood * mood + weights.time * time + weights.history * history + weights.energy * energy
    }
  }

  /// A mood band: `low` 1-3, `middle` 4-7, `high` 8-10. History counts by band.
  public enum Band: String, Hashable, Sendable, CaseIterable {
    case low, middle, high

    public init(_ mood: Int) { self = mood <= 3 ? .low : mood <= 7 ? .middle : .high }
  }

  /// 1 inside a `mood_range` (or without one), falling linearly to 0 three points outside;
  /// 0.5 when the mood is not known.
  public static func moodFit(_ template: TaskTemplate, mood: Int?) -> Double {
    guard let mood else { return 0.5 }
    guard !template.moodRanges.isEmpty else { return 1 }
    let distance =
      template.moodRanges.map { range in
        range.contains(mood) ? 0 : min(abs(mood - range.lowerBound), abs(mood - range.upperBound))
      }.min() ?? 0
    return max(0, 1 - Double(distance) / 3)
  }

  /// 1 at its time of day (or `any`), 0.5 at the next one to it, 0 from morning to evening.
  public static func timeFit(_ template: TaskTemplate, at time: TaskTemplate.TimeOfDay) -> Double {
    let order: [TaskTemplate.TimeOfDay] = [.morning, .afternoon, .evening]
    guard template.timeOfDay != .any, time != .any, let want = order.firstIndex(of: template.timeOfDay),
      let now = order.firstIndex(of: time)
    else { return 1 }
    return [1, 0.5, 0][abs(want - now)]
  }

  /// (accepted + 1) / (shown + 2) for the template in the mood's band: 0.5 with no history.
  public static func historyFit(_ template: TaskTemplate, band: Band?, history: History) -> Double {
    let counts = history.counts[HistoryKey(template: template.id, band: band)] ?? (0, 0)
    return Double(counts.accepted + 1) / Double(counts.shown + 2)
  }

  /// The energy a mood band has: low → low, middle → medium, high → high. 1 when the template
  /// needs that, 0.5 one step off (or not said), 0 two steps off.
  public static func energyFit(_ template: TaskTemplate, mood: Int?) -> Double {
    guard let mood, let energy = template.attributes.energy else { return 0.5 }
    let have = Band.allCases.firstIndex(of: Band(mood)) ?? 1
    let need = TaskAttributes.Energy.allCases.firstIndex(of: energy) ?? 1
    return [1, 0.5, 0][abs(have - need)]
  }

  /// The templates ranked, best first, without those dismissed today; ties by title, then id.
  public static func ranked(
    _ templates: [TaskTemplate], mood: Int?, at time: TaskTemplate.TimeOfDay, history: History,
    dismissedToday: Set<String>
  ) -> [Scored] {
    let band = mood.map(Band.init)
    return templates.filter { !dismissedToday.contains($0.id) }.map { template in
      Scored(
        template: template, mood: moodFit(template, mood: mood), time: timeFit(template, at: time),
        history: historyFit(template, band: band, history: history), energy: energyFit(template, mood: mood))
    }.sorted { left, right in
      let (a, b) = (left.score, right.score)
      if abs(a - b) > 1e-9 { return a > b }
      return (left.template.title, left.template.id) < (right.template.title, right.template.id)
    }
  }

  // MARK: - History

  public struct HistoryKey: Hashable, Sendable {
    public var template: String
    public var band: Band?
  }

  /// What the log says: shown and accepted counts by template and band, and what was shown
  /// and dismissed on each day.
  public struct History: Sendable {
    public var counts: [HistoryKey: (shown: Int, accepted: Int)] = [:]
    /// The last list shown each day, in order, with the mood it was shown for (`accept N`
    /// picks from it, and counts the acceptance in that mood's band).
    public var lastShown: [LocalDate: [(id: String, mood: Int?)]] = [:]
    public var dismissed: [LocalDate: Set<String>] = [:]
    public var accepted: [LocalDate: Set<String>] = [:]

    public init() {}

    /// One line per event, append-only (`.vault/suggestions.log`), so two devices' logs merge
    /// line by line under git (`.gitattributes`: `merge=union`):
    /// `2026-11-24T09:00 shown 1 builtin/drink-a-glass-of-water mood=6`,
    /// `... accepted builtin/... mood=6`, `... dismissed builtin/... mood=6`.
    /// Lines that do not read so are skipped.
    public init(log text: String) {
      var batch: (day: LocalDate, moment: String)?
      for words in Suggestions.lineWords(text) {
        guard words.count >= 3, case .value(let moment) = DateParsing.dateTime(words[0]) else { continue }
        let day = moment.date
        let mood = words.last { $0.hasPrefix("mood=") }.flatMap { Int($0.dropFirst(5)) }
        let band = mood.map(Band.init)
        switch words[1] {
        case "shown" where words.count >= 4:
          let template = Suggestions.id(fromLog: words[3])
          if batch?.day != day || batch?.moment != words[0] || words[2] == "1" {
            lastShown[day] = []
            batch = (day, words[0])
          }
          lastShown[day, default: []].append((template, mood))
          counts[HistoryKey(template: template, band: band), default: (0, 0)].shown += 1
        case "accepted":
          counts[HistoryKey(template: Suggestions.id(fromLog: words[2]), band: band), default: (0, 0)].accepted += 1
          accepted[day, default: []].insert(Suggestions.id(fromLog: words[2]))
        case "dismissed":
          dismissed[day, default: []].insert(Suggestions.id(fromLog: words[2]))
        default:
          continue
        }
      }
    }
  }

  /// Each line's words. Lines and words are split on their bytes, not on Characters: the log
  /// grows by a few lines a day and `vault today` reads it whole (splitting Characters made
  /// 160 lines cost a millisecond). An ASCII byte always falls between whole characters.
  static func lineWords(_ text: String) -> [[String]] {
    var text = text
    return text.withUTF8 { bytes in
      var lines: [[String]] = []
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        var last = end
        if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
        var words: [String] = []
        var word = start
        for index in start...last where index == last || bytes[index] == UInt8(ascii: " ") {
          if index > word {
            words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[word..<index]), as: UTF8.self))
          }
          word = index + 1
        }
        if !words.isEmpty { lines.append(words) }
        start = end + 1
      }
      return lines
    }
  }

  /// The log line of an event: `shown N id`, `accepted id`, `dismissed id`; in the id, `%`,
  /// spaces and line breaks are written `%25`, `%20`, `%0A` (a path may hold spaces).
  public static func logLine(_ moment: LocalDateTime, _ event: String, _ template: String, mood: Int?) -> String {
    var id = ""
    for character in template.unicodeScalars {
      switch character {
      case "%": id += "%25"
      case " ": id += "%20"
      case "\n": id += "%0A"
      case "\r": id += "%0D"
      default: id.unicodeScalars.append(character)
      }
    }
    return "\(NewNote.dateTimeText(moment)) \(event) \(id)" + (mood.map { " mood=\($0)" } ?? "")
  }

  /// An id as the log writes it, read back.
  static func id(fromLog text: String) -> String {
    // Most ids have nothing escaped: a byte's look instead of four searches of the text (a
    // tenth of `vault today` at 10,000 notes, for a log of a hundred lines).
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    return text.replacingAll("%20", " ").replacingAll("%0A", "\n").replacingAll("%0D", "\r").replacingAll("%25", "%")
  }
}

extension String {
  /// Every `target` replaced by `replacement` (VaultCore has no Foundation).
  fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
    guard contains(target) else { return self }
    return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
