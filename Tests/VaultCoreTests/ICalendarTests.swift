import TestSupport
import Testing

@testable import VaultCore

/// ICalendar's syntax (RFC 5545 §3.1): folding, escaping, parameters, and reading
/// back what was written, with line numbers for what is broken.
@Suite struct ICalendarTests {
  @Test func linesFoldAt75OctetsNeverInsideACharacter() {
    let long = ICalendar.Property.text("DESCRIPTION", String(repeating: "日本語のテキスト ", count: 12))
    let text = ICalendar.Component("VEVENT", properties: [long]).text
    let lines = text.components(separatedBy: "\r\n").dropLast()
    #expect(lines.count > 3)
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(lines.dropFirst(2).dropLast().allSatisfy { $0.hasPrefix(" ") })
    // Read back, the text is whole again.
    let (components, problems) = ICalendar.parse(text)
    #expect(problems.isEmpty)
    #expect(components.first?.first("DESCRIPTION")?.text == String(repeating: "日本語のテキスト ", count: 12))
  }

  /// Lines end at CRLF, LF or a lone CR; a line that starts with a space or a tab goes on the
  /// one before, less that one octet, even when what follows is a combining mark (folding is of
  /// octets); empty lines are passed over, and each logical line keeps the number it starts on.
  @Test func linesUnfoldAtEveryLineBreakWithTheNumberTheyStartOn() {
    let text = "A:1\r\n  two\n\tthree\rB:é\r\n \u{301}x\n\r\nC:日本\r\n 語"
    let lines = ICalendar.unfold(text)
    #expect(lines.map(\.0) == [1, 4, 7])
    #expect(lines.map(\.1) == ["A:1 twothree", "B:é\u{301}x", "C:日本語"])
    #expect(ICalendar.unfold(" leading\r\n").map(\.1) == [" leading"])
    #expect(ICalendar.unfold("").isEmpty)
  }

  /// Random lines of characters of one to four bytes: each folded line holds as many whole
  /// characters as fit in 75 octets, and unfolding gives the line back.
  @Test func foldingFillsEachLineWithWholeCharacters() {
    let pool: [Character] = ["a", " ", ";", "é", "ß", "日", "語", "🙂", "𝄞"]
    var random = SeededRandom(seed: 11)
    for _ in 0..<300 {
      let line = String((0..<random.below(120)).map { _ in pool[random.below(pool.count)] })
      let folded = ICalendar.fold(line)
      #expect(folded.hasSuffix("\r\n"))
      // "\r\n" is one Character: the lines are split on the bytes.
      let lines = String(decoding: folded.utf8.dropLast(2), as: UTF8.self).components(separatedBy: "\r\n")
      #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
      #expect(lines.allSatisfy { $0.utf8.count <= 75 })
      #expect(lines.first! + lines.dropFirst().map { String($0.dropFirst()) }.joined() == line)
      // A line ends only where the next character would not fit.
      for (this, next) in zip(lines, lines.dropFirst()) {
        #expect(this.utf8.count + String(next.dropFirst().unicodeScalars.first!).utf8.count > 75)
      }
    }
  }

  @Test(arguments: [
    ("a, b; c", "a\\, b\\; c"), ("back\\slash", "back\\\\slash"), ("two\nlines", "two\\nlines"),
    ("crlf\r\nline", "crlf\\nline"), ("$(rm -rf ~)", "$(rm -rf ~)"),
  ])
  func textIsEscapedAndUnescaped(text: String, escaped: String) {
    #expect(ICalendar.escape(text) == escaped)
    #expect(ICalendar.unescape(escaped) == text.replacingOccurrences(of: "\r\n", with: "\n"))
  }

  @Test func parametersAreQuotedWhenTheyMustBe() {
    let property = ICalendar.Property(
      "ATTENDEE", "mailto:a@example.com", parameters: [ICalendar.Parameter("CN", "Doe, Jane: \"boss\"")])
    let text = ICalendar.Component("VEVENT", properties: [property]).text
    #expect(text.contains("ATTENDEE;CN=\"Doe, Jane: boss\":mailto:a@example.com\r\n"))
    let read = ICalendar.parse(text).components.first?.first("ATTENDEE")
    #expect(read?.parameter("CN") == "Doe, Jane: boss")
    #expect(read?.value == "mailto:a@example.com")
  }

  @Test func listsSplitAtUnescapedCommas() {
    let property = ICalendar.Property("CATEGORIES", "work,fun\\, mostly,travel")
    #expect(property.texts == ["work", "fun, mostly", "travel"])
  }

  /// A broken line is a problem at its line and the rest is read; a component left open (a
  /// truncated file) is reported and left out, never half-used.
  @Test func brokenInputGivesProblemsWithLines() {
    let text = [
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "this line has no colon", "SUMMARY:First", "END:VEVENT",
      "BEGIN:VEVENT", "UID:2", "SUMMARY:Cut off",
    ].joined(separator: "\r\n")
    let (components, problems) = ICalendar.parse(text)
    #expect(problems.map(\.line) == [4, 7, 1])
    #expect(problems[0].message.hasPrefix("not a content line"))
    #expect(problems[1].message == "BEGIN:VEVENT is never closed (a truncated file?); left out")
    // The calendar keeps its complete event; the one cut off is not half-used.
    #expect(components.first?.components.map { $0.first("UID")?.value } == ["1"])
    // An END that closes an outer component leaves out what was open inside it.
    let closed = ICalendar.parse(text.replacingOccurrences(of: "SUMMARY:Cut off", with: "END:VCALENDAR"))
    #expect(closed.components.first?.components.map { $0.first("UID")?.value } == ["1"])
    #expect(closed.problems.map(\.message).last == "BEGIN:VEVENT is never closed (END:VCALENDAR at line 9); left out")
  }

  @Test(arguments: [
    (-86_400, "-P1D"), (-7200, "-PT2H"), (-604_800, "-P1W"), (32_400, "PT9H"), (0, "PT0S"),
    (-(86_400 + 5400), "-P1DT1H30M"), (-45, "-PT45S"),
  ])
  func durations(seconds: Int, text: String) {
    #expect(ICalendarExport.duration(seconds) == text)
  }

  @Test func priorityMapsOntoOneToNine() {
    #expect(TaskPriority.allCases.map(ICalendarExport.priority) == [1, 3, 5, nil, 7, 9])
  }
}
