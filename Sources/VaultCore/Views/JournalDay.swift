/// A day's journal entry as `vault journal show` and `list` print it: its text, mood, mood
/// tags, first line and word count.
public struct JournalDay: Sendable, Encodable {
  public var date: LocalDate
  public var path: String
  public var mood: Int?
  public var moodTags: [String]
  /// The note's body, without its front matter.
  public var text: String
  /// The first line that says something: not blank, not a heading; without a list marker and
  /// a leading `HH:MM` time.
  public var firstLine: String
  /// Words of the body, headings and the times of `- HH:MM` lines left out.
  public var words: Int

  public init(entry: Located<JournalEntry>, body: String) {
    date = entry.value.date
    path = entry.path
    mood = entry.value.mood
    moodTags = entry.value.moodTags
    text = body
    let lines = body.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).map {
      Self.content(of: String($0))
    }
    firstLine = lines.first { !$0.isEmpty } ?? ""
    words = lines.reduce(0) { count, line in
      count + line.split(whereSeparator: \.isWhitespace).filter { $0.contains { $0.isLetter || $0.isNumber } }.count
    }
  }

  /// A line's words: headings count for nothing; a list marker, a checkbox and a leading time
  /// go.
  static func content(of line: String) -> String {
    var text = Substring(line.trimmingSpaces())
    if text.hasPrefix("#") { return "" }
    if text.hasPrefix("- ") || text.hasPrefix("* ") || text.hasPrefix("+ ") { text = text.dropFirst(2) }
    if text.hasPrefix("[") && text.dropFirst(2).hasPrefix("] ") { text = text.dropFirst(4) }
    let time = text.prefix(5)
    if time.count == 5, DateParsing.time(String(time)) != nil, text.dropFirst(5).first.map({ $0 == " " }) ?? true {
      text = text.dropFirst(5)
    }
    return text.trimmingSpaces()
  }

  enum CodingKeys: String, CodingKey { case date, path, mood, moodTags, text, firstLine, words }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(date, forKey: .date)
    try c.encode(path, forKey: .path)
    try c.encode(mood, forKey: .mood)
    try c.encode(moodTags, forKey: .moodTags)
    try c.encode(text, forKey: .text)
    try c.encode(firstLine, forKey: .firstLine)
    try c.encode(words, forKey: .words)
  }
}
