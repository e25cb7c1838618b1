/// A task template: a kind of task vault can suggest, from a note in `Task
/// Templates/` (or `type: task-template`) or from the built-in set.
public struct TaskTemplate: Hashable, Sendable {
  public enum TimeOfDay: String, Hashable, Sendable, CaseIterable {
    case morning, afternoon, evening, any

    /// 05:00-11:59 morning, 12:00-16:59 afternoon, else evening.
    public init(_ time: LocalTime) {
      switch time.hour {
      case 5..<12: self = .morning
      case 12..<17: self = .afternoon
      default: self = .evening
      }
    }
  }

  /// Stable: the note's path, or `builtin/<slug>`.
  public var id: String
  public var title: String
  public var description: String
  public var category: String
  public var attributes: TaskAttributes
  public var timeOfDay: TimeOfDay
  /// Moods it suits; empty: any.
  public var moodRanges: [ClosedRange<Int>]
  public var labels: [String]

  public init(
    id: String, title: String, description: String = "", category: String, attributes: TaskAttributes,
    timeOfDay: TimeOfDay = .any, moodRanges: [ClosedRange<Int>] = [], labels: [String] = []
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.category = category
    self.attributes = attributes
    self.timeOfDay = timeOfDay
    self.moodRanges = moodRanges
    self.labels = labels
  }

  /// `1-3, 7-10` → [1...3, 7...10]; nil when it is not such a list.
  public static func moodRanges(_ text: String) -> [ClosedRange<Int>]? {
    var ranges: [ClosedRange<Int>] = []
    for part in text.split(separator: ",") {
      let bounds = part.split(separator: "-").map { Int($0.trimmingSpaces()) }
      guard (1...2).contains(bounds.count), let low = bounds.first ?? nil, let high = bounds.last ?? nil,
        1 <= low, low <= high, high <= 10
      else { return nil }
      ranges.append(low...high)
    }
    return ranges.isEmpty ? nil : ranges
  }

  /// A template from a note's properties and body; nil without a title.
  public init?(path: String, noteTitle: String, properties: [Property], body: String) {
    func value(_ key: String) -> PropertyValue? { properties.first { $0.key.lowercased() == key }?.value }
    let title = value("title")?.text.trimmingSpaces() ?? noteTitle
    guard !title.isEmpty else { return nil }
    var fields: [InlineField] = []
    for key in TaskAttributes.keys {
      if let text = value(key)?.text { fields.append(InlineField(key: key, value: text, line: 1, column: 1)) }
    }
    self.init(
      id: path, title: title, description: body.trimmingSpaces(), category: value("category")?.text ?? "",
      attributes: TaskAttributes(fields: fields),
      timeOfDay: value("time_of_day").flatMap { TimeOfDay(rawValue: $0.text.lowercased()) } ?? .any,
      moodRanges: value("mood_range").flatMap { Self.moodRanges($0.text) } ?? [],
      labels: value("labels")?.elements.map { $0.text.hasPrefix("#") ? String($0.text.dropFirst()) : $0.text } ?? [])
  }
}

extension TaskTemplate {
  /// The template as a note in `Task Templates/`, as `vault init --task-templates` writes it.
  public var noteText: String {
    var properties: [(String, String)] = [
      ("title", PropertyWriter.scalar(title)), ("category", PropertyWriter.scalar(category)),
    ]
    if let difficulty = attributes.difficulty { properties.append(("difficulty", String(difficulty))) }
    if let duration = attributes.duration { properties.append(("duration", TaskAttributes.durationText(duration))) }
    if let energy = attributes.energy { properties.append(("energy", energy.rawValue)) }
    properties.append(("time_of_day", timeOfDay.rawValue))
    if !moodRanges.isEmpty {
      properties.append(
        (
          "mood_range",
          PropertyWriter.scalar(
            moodRanges.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
              .joined(separator: ", "))
        ))
    }
    if !labels.isEmpty {
      properties.append(("labels", "[" + labels.map(PropertyWriter.scalar).joined(separator: ", ") + "]"))
    }
    return NewNote.text(properties: properties, body: description.isEmpty ? nil : description)
  }
}
