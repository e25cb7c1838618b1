import Testing

@testable import VaultCore

/// What a client gets back of an object it sent (`ICalendarKeeping.merge`): its own lines where
/// the notes say the same as when it sent them, the notes' where they changed since.
@Suite struct ICalendarKeepingTests {
  func calendar(_ lines: String) -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + lines.replacingOccurrences(of: "\n", with: "\r\n") + "END:VCALENDAR\r\n"
  }

  let sent = """
    BEGIN:VEVENT
    UID:a
    SUMMARY:Lunch
    DTSTART;TZID=W. Europe Standard Time:20261203T120000
    ATTENDEE;CN=Ana:mailto:ana@example.org
    X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC
    BEGIN:VALARM
    TRIGGER;VALUE=DATE-TIME:20261203T100000Z
    ACTION:DISPLAY
    END:VALARM
    END:VEVENT

    """

  let servedThen = """
    BEGIN:VEVENT
    UID:a
    SUMMARY:Lunch
    DTSTART;TZID=Europe/Berlin:20261203T120000
    URL:obsidian://open?vault=v&file=Lunch
    END:VEVENT

    """

  @Test func whatTheNotesStillSayComesBackAsTheClientSentIt() {
    let merged = ICalendarKeeping.merge(
      sent: calendar(sent), servedThen: calendar(servedThen), servedNow: calendar(servedThen))
    #expect(merged.contains("DTSTART;TZID=W. Europe Standard Time:20261203T120000"))
    #expect(merged.contains("ATTENDEE;CN=Ana:mailto:ana@example.org"))
    #expect(merged.contains("X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC"))
    #expect(merged.contains("TRIGGER;VALUE=DATE-TIME:20261203T100000Z"))
    // What vault adds that the client did not send is there too.
    #expect(merged.contains("URL:obsidian://open?vault=v&file=Lunch"))
  }

  @Test func whatTheNotesChangedSinceIsTheNotes() {
    let now = servedThen.replacingOccurrences(of: "T120000", with: "T130000")
      .replacingOccurrences(of: "SUMMARY:Lunch", with: "SUMMARY:Late lunch")
    let merged = ICalendarKeeping.merge(
      sent: calendar(sent), servedThen: calendar(servedThen), servedNow: calendar(now))
    #expect(merged.contains("DTSTART;TZID=Europe/Berlin:20261203T130000"))
    #expect(!merged.contains("W. Europe Standard Time:20261203T120000"))
    #expect(merged.contains("SUMMARY:Late lunch") && !merged.contains("SUMMARY:Lunch\r\n"))
    #expect(merged.contains("ATTENDEE;CN=Ana:mailto:ana@example.org"))
  }

  @Test func componentsTheNotesNeverHadStayAndOnesTheyDroppedGo() {
    let zone = "BEGIN:VTIMEZONE\nTZID:W. Europe Standard Time\nEND:VTIMEZONE\n"
    let moved = "BEGIN:VEVENT\nUID:a\nRECURRENCE-ID:20261210T110000Z\nSUMMARY:Moved\nEND:VEVENT\n"
    let then = servedThen + moved
    let merged = ICalendarKeeping.merge(
      sent: calendar(zone + sent + moved), servedThen: calendar(then), servedNow: calendar(servedThen))
    #expect(merged.contains("TZID:W. Europe Standard Time"))
    #expect(!merged.contains("SUMMARY:Moved"))
  }

  /// A link of vault's own that a client sends back names the note where it is now (after a
  /// move or a rename); anyone else's link, and an object whose link is current, stay as sent.
  @Test func vaultsOwnLinkSentBackNamesTheNoteWhereItIsNow() {
    let prefix = "obsidian://open?vault=v&file="
    let old = calendar("BEGIN:VEVENT\nUID:a\nURL:obsidian://open?vault=v&file=Lunch\nEND:VEVENT\n")
    let now = calendar("BEGIN:VEVENT\nUID:a\nURL:obsidian://open?vault=v&file=Family%2FLunch\nEND:VEVENT\n")
    let rewritten = ICalendarKeeping.withOwnLinks(old, servedNow: now, prefix: prefix)
    #expect(rewritten.contains("URL:obsidian://open?vault=v&file=Family%2FLunch\r\n"), "\(rewritten)")
    #expect(!rewritten.contains("file=Lunch\r\n"))
    let theirs = calendar("BEGIN:VEVENT\nUID:a\nURL:https://example.org/lunch\nX-A:1\nEND:VEVENT\n")
    #expect(ICalendarKeeping.withOwnLinks(theirs, servedNow: now, prefix: prefix) == theirs)
    let otherVault = calendar("BEGIN:VEVENT\nUID:a\nURL:obsidian://open?vault=w&file=Lunch\nEND:VEVENT\n")
    #expect(ICalendarKeeping.withOwnLinks(otherVault, servedNow: now, prefix: prefix) == otherVault)
    #expect(ICalendarKeeping.withOwnLinks(now, servedNow: now, prefix: prefix) == now)
  }
}
