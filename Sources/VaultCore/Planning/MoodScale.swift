/// Names and emojis for the moods 1-10, from `moods:` in `.vault/config.yml`
/// (`moods: {1: {name: Awful, emoji: 😞}}`), each value not given keeping its default.
public struct MoodScale: Hashable, Sendable {
  public struct Entry: Hashable, Sendable {
    public var name: String
    public var emoji: String
  }

  public var entries: [Int: Entry]

  public static let standard = MoodScale(entries: [
    1: Entry(name: "Awful", emoji: "😞"), 2: Entry(name: "Bad", emoji: "😣"), 3: Entry(name: "Low", emoji: "😔"),
    4: Entry(name: "Meh", emoji: "😕"), 5: Entry(name: "Okay", emoji: "😐"), 6: Entry(name: "Fine", emoji: "🙂"),
    7: Entry(name: "Good", emoji: "😊"), 8: Entry(name: "Great", emoji: "😄"), 9: Entry(name: "Excellent", emoji: "😁"),
    10: Entry(name: "Wonderful", emoji: "🤩"),
  ])

  /// `mood 6/10 🙂 Fine`.
  public func text(_ mood: Int) -> String {
    guard let entry = entries[mood] else { return "mood \(mood)/10" }
    return "mood \(mood)/10 \(entry.emoji) \(entry.name)"
  }

  /// `6 🙂`, for narrow columns.
  public func short(_ mood: Int) -> String {
    entries[mood].map { "\(mood)/10 \($0.emoji)" } ?? "\(mood)/10"
  }
}
