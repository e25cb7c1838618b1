import Foundation
import TestSupport
import Testing

/// `vault import ics` through the built binary: a round trip judged by Python's
/// `icalendar` and `recurring-ical-events`, imports that change nothing or only what changed,
/// hand edits kept, pruning, and bad input that imports what is sound.
@Suite struct CalendarImportTests {
  static let oracle = CalendarExportTests.oracle

  func environment(_ folder: URL) -> [String: String] {
    ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23", "VAULT_NOW": "2026-11-23T08:00"]
  }

  /// An empty vault in Berlin's zone, as the fixture is.
  func emptyVault() throws -> URL {
    let folder = try ScratchFolder.make("import").appendingPathComponent("Imported")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    try Data("timezone: Europe/Berlin\n".utf8).write(to: folder.appendingPathComponent(".vault/config.yml"))
    return folder
  }

  /// These content lines written as `<vault>-NAME.ics` beside an empty vault, and imported
  /// into it.
  func importing(_ lines: [String], as name: String) throws -> (target: URL, file: String, imported: CLI.Result) {
    let target = try emptyVault()
    let file = target.path + "-\(name).ics"
    try Self.write(lines, to: file)
    return (target, file, try CLI.run(["import", "ics", file], in: target, environment: environment(target)))
  }

  /// The vault exported again beside it, `<vault>-again.ics`.
  func exportingAgain(_ target: URL) throws -> String {
    let export = target.path + "-again.ics"
    #expect(try CLI.run(["export", "ics", "-o", export], in: target, environment: environment(target)).status == 0)
    return export
  }

  /// What the oracle reads from a file: each event's fields and its occurrences over two years.
  func described(_ path: String) throws -> [String: String] {
    let script = """
      import icalendar, json, sys, recurring_ical_events, datetime
      calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      out = {}
      for event in calendar.walk('VEVENT'):
          summary = str(event['SUMMARY'])
          days = sorted(str(e.decoded('DTSTART'))[:16] for e in recurring_ical_events.of(calendar).between(
              datetime.date(2026, 1, 1), datetime.date(2028, 1, 1)) if str(e['SUMMARY']) == summary)
          out[summary] = json.dumps({
              'start': str(event.decoded('DTSTART')), 'end': str(event.decoded('DTEND')) if 'DTEND' in event else '',
              'location': str(event.get('LOCATION', '')), 'description': str(event.get('DESCRIPTION', '')),
              'categories': [str(c) for c in event.get('CATEGORIES').cats] if event.get('CATEGORIES') else [],
              'alarms': sorted(str(a.decoded('TRIGGER')) for a in event.walk('VALARM')),
              'occurrences': days}, ensure_ascii=False)
      print(json.dumps(out, ensure_ascii=False))
      """
    let output = try Oracle.run("python3", ["-c", script, path])
    return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: String] ?? [:]
  }

  /// `vault export ics | vault import ics -` into an empty vault, then export again: the same
  /// events, compared field by field and occurrence by occurrence by the oracle.
  @Test func roundTripGivesTheSameEvents() throws {
    let source = try Fixture.copy("Calendars")
    let exported = try CLI.run(["export", "ics"], in: source, environment: environment(source))
    #expect(exported.status == 0)
    let first = source.path + "-first.ics"
    try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: first))
    let target = try emptyVault()
    let imported = try CLI.run(
      ["import", "ics", "-"], in: target, environment: environment(target), input: exported.stdout)
    #expect(imported.status == 0, "\(imported.stderr)")
    #expect(imported.stdout.hasSuffix("10 events created, 0 updated, 0 unchanged\n"))
    let second = target.path + "-second.ics"
    let again = try CLI.run(["export", "ics", "-o", second], in: target, environment: environment(target))
    #expect(again.status == 0)
    let before = try described(first)
    let after = try described(second)
    #expect(before.count == 10)
    for (summary, fields) in before { #expect(after[summary] == fields, "\(summary)") }
    // Ids survive the trip: the second export keeps the source's UIDs.
    let uids = { (text: String) in Set(text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }) }
    #expect(uids(exported.stdout) == uids(try String(contentsOfFile: second, encoding: .utf8)))
  }

  @Test func importingAgainChangesNothingAndANewerVersionOnlyWhatChanged() throws {
    let target = try emptyVault()
    let file = target.path + ".ics"
    try Data(Self.calendar(summary: "Dentist", location: "Room 1").utf8).write(to: URL(fileURLWithPath: file))
    let first = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    #expect(first.status == 0, "\(first.stderr)")
    let note = target.appendingPathComponent("Events/2026-11-28 Dentist.md")
    let original = try String(contentsOf: note, encoding: .utf8)
    let second = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    #expect(second.stdout.hasSuffix("0 events created, 0 updated, 1 unchanged\n"))
    #expect(try String(contentsOf: note, encoding: .utf8) == original)
    // A newer version: only the location line and the fingerprint change.
    try Data(Self.calendar(summary: "Dentist", location: "Room 2").utf8).write(to: URL(fileURLWithPath: file))
    let third = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    #expect(third.stdout.contains("update Events/2026-11-28 Dentist.md"))
    let updated = try String(contentsOf: note, encoding: .utf8)
    let changed = zip(original.split(separator: "\n"), updated.split(separator: "\n")).filter { $0.0 != $0.1 }
    #expect(changed.map { String($0.1.prefix { $0 != ":" }) } == ["location", "ics_hash"])
    #expect(updated.contains("location: Room 2\n") && updated.hasSuffix("Bring the card.\n"))
  }

  /// `--folder` and `--category` choose where and how; `vault export ics --tag` takes them back.
  /// A vault whose settings name no zone shows times in the zone of the machine looking: what
  /// one machine imports is written with the zone it placed the times in, so that another, in
  /// another zone, sees the same moment (Google's exports in UTC with X-WR-TIMEZONE).
  @Test func anImportIntoAVaultWithoutAZoneSaysTheZoneItsTimesAreIn() throws {
    let folder = try ScratchFolder.make("import-no-zone").appendingPathComponent("Vault")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    let file = folder.path + "-lunch.ics"
    try Self.write(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VEVENT", "UID:lunch-1", "DTSTAMP:20261120T100000Z",
        "DTSTART:20261203T170000Z", "DTEND:20261203T180000Z", "SUMMARY:Lunch with Ana", "END:VEVENT",
        "END:VCALENDAR",
      ], to: file)
    var here = environment(folder)
    here["TZ"] = "UTC"
    #expect(try CLI.run(["import", "ics", file], in: folder, environment: here).status == 0)
    let note = try String(
      contentsOf: folder.appendingPathComponent("Events/2026-12-03 Lunch with Ana.md"), encoding: .utf8)
    // The machine's zone by the name the system gives it (UTC is GMT to Foundation).
    #expect(
      note.contains("startTime: \"17:00\"\nendTime: \"18:00\"\ntimezone: UTC\n")
        || note.contains("startTime: \"17:00\"\nendTime: \"18:00\"\ntimezone: GMT\n"), "\(note)")
    var newYork = here
    newYork["TZ"] = "America/New_York"
    let agenda = try CLI.run(["agenda", "--from", "2026-12-03", "--days", "1"], in: folder, environment: newYork)
    #expect(agenda.stdout.contains("12:00-13:00"), "\(agenda.stdout)")
  }

  @Test func aRepeatingEventOfSeveralDaysKeepsItsLengthThroughImportAndExport() throws {
    let (target, _, imported) = try importing(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VEVENT", "UID:fest-1", "DTSTAMP:20261120T100000Z",
        "DTSTART;VALUE=DATE:20261210", "DTEND;VALUE=DATE:20261213", "RRULE:FREQ=YEARLY", "SUMMARY:Festival",
        "END:VEVENT", "END:VCALENDAR",
      ], as: "festival")
    #expect(imported.status == 0, "\(imported.stderr)")
    let note = try String(
      contentsOf: target.appendingPathComponent("Events/2026-12-10 Festival.md"), encoding: .utf8)
    #expect(note.contains("rrule: FREQ=YEARLY\nendDate: 2026-12-12\n"), "\(note)")
    let agenda = try CLI.run(
      ["agenda", "--from", "2027-12-10", "--days", "3"], in: target, environment: environment(target))
    #expect(agenda.stdout.contains("day 3 of 3"), "\(agenda.stdout)")
    let export = try String(contentsOfFile: try exportingAgain(target), encoding: .utf8)
    #expect(export.contains("DTSTART;VALUE=DATE:20261210\r\nDTEND;VALUE=DATE:20261213\r\n"), "\(export)")
  }

  @Test func folderAndCategoryChooseWhereAndHow() throws {
    let target = try emptyVault()
    let file = target.path + ".ics"
    try Data(Self.calendar(summary: "Dentist", location: "Room 1").utf8).write(to: URL(fileURLWithPath: file))
    let result = try CLI.run(
      ["import", "ics", file, "--folder", "Events/Health/", "--category", "health", "--json"], in: target,
      environment: environment(target))
    #expect(result.status == 0, "\(result.stderr)")
    let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    #expect(report["created"] as? [String] == ["Events/Health/2026-11-28 Dentist.md"])
    let note = try String(
      contentsOf: target.appendingPathComponent("Events/Health/2026-11-28 Dentist.md"), encoding: .utf8)
    #expect(note.contains("category: health\n") && note.contains("ics_calendar: Doctor\n"))
    let health = try CLI.run(["export", "ics", "--category", "Health"], in: target, environment: environment(target))
    #expect(health.stdout.contains("SUMMARY:Dentist"))
    let other = try CLI.run(["export", "ics", "--tag", "work"], in: target, environment: environment(target))
    #expect(!other.stdout.contains("BEGIN:VEVENT"))
  }

  @Test func aNoteEditedByHandIsKeptUnlessForced() throws {
    let target = try emptyVault()
    let file = target.path + ".ics"
    try Data(Self.calendar(summary: "Dentist", location: "Room 1").utf8).write(to: URL(fileURLWithPath: file))
    _ = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    let note = target.appendingPathComponent("Events/2026-11-28 Dentist.md")
    let edited = try String(contentsOf: note, encoding: .utf8).replacingOccurrences(
      of: "startTime: \"09:30\"", with: "startTime: \"10:00\"")
    try Data(edited.utf8).write(to: note)
    try Data(Self.calendar(summary: "Dentist", location: "Room 2").utf8).write(to: URL(fileURLWithPath: file))
    let kept = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    #expect(kept.stdout.contains("kept Events/2026-11-28 Dentist.md: edited by hand since its import"))
    #expect(try String(contentsOf: note, encoding: .utf8) == edited)
    let forced = try CLI.run(["import", "ics", file, "--force"], in: target, environment: environment(target))
    #expect(forced.stdout.contains("update Events/2026-11-28 Dentist.md"))
    let now = try String(contentsOf: note, encoding: .utf8)
    #expect(now.contains("startTime: \"09:30\"") && now.contains("location: Room 2"))
  }

  @Test func eventsGoneFromTheFileAreListedAndPrunedOnRequest() throws {
    let target = try emptyVault()
    let file = target.path + ".ics"
    try Data(Self.calendar(summary: "Dentist", location: "Room 1", extra: true).utf8).write(
      to: URL(fileURLWithPath: file))
    _ = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    try Data(Self.calendar(summary: "Dentist", location: "Room 1").utf8).write(to: URL(fileURLWithPath: file))
    let listed = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    #expect(listed.stdout.contains("gone from the file: Events/2026-12-01 Haircut.md"))
    let dry = try CLI.run(
      ["import", "ics", file, "--prune", "--dry-run"], in: target, environment: environment(target))
    #expect(dry.stdout.contains("would move Events/2026-12-01 Haircut.md to .trash/"))
    #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("Events/2026-12-01 Haircut.md").path))
    let pruned = try CLI.run(["import", "ics", file, "--prune"], in: target, environment: environment(target))
    #expect(pruned.status == 0)
    #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("Events/2026-12-01 Haircut.md").path))
    #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent(".trash/2026-12-01 Haircut.md").path))
  }

  /// A broken line, an unknown zone, a Windows zone, a rule vault cannot expand, an override
  /// of one occurrence and a truncated end: diagnostics with lines, and the sound events imported.
  @Test func badInputGivesDiagnosticsAndImportsWhatIsSound() throws {
    let target = try emptyVault()
    let file = target.path + ".ics"
    let text = [
      "BEGIN:VCALENDAR", "VERSION:2.0",
      "BEGIN:VEVENT", "UID:a", "SUMMARY:Weekly sync", "DTSTART;TZID=W. Europe Standard Time:20261102T100000",
      "DTEND;TZID=W. Europe Standard Time:20261102T103000", "RRULE:FREQ=WEEKLY;BYDAY=MO", "END:VEVENT",
      "BEGIN:VEVENT", "UID:a", "RECURRENCE-ID;TZID=W. Europe Standard Time:20261109T100000",
      "SUMMARY:Weekly sync (moved)",
      "DTSTART;TZID=W. Europe Standard Time:20261110T100000", "END:VEVENT",
      "BEGIN:VEVENT", "UID:b", "SUMMARY:Mars time", "DTSTART;TZID=Mars/Olympus:20261103T100000", "END:VEVENT",
      "BEGIN:VEVENT", "UID:c", "SUMMARY:Hourly", "DTSTART:20261104T100000Z", "RRULE:FREQ=DAILY;BYHOUR=9,17",
      "this line is broken", "END:VEVENT",
      "BEGIN:VEVENT", "UID:d", "SUMMARY:Cut off", "DTSTART:20261105",
    ].joined(separator: "\r\n")
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let result = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    #expect(result.status == 1)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.contains("\(file):26: error: not a content line: 'this line is broken'"))
    #expect(lines.contains("\(file):28: error: BEGIN:VEVENT is never closed (a truncated file?); left out"))
    #expect(lines.contains { $0.hasPrefix("\(file):19: warning: unknown time zone 'Mars/Olympus'") })
    #expect(lines.contains { $0.hasPrefix("\(file):25: warning: a recurrence vault cannot expand") })
    #expect(result.stdout.contains("4 events created"))
    let sync = try String(
      contentsOf: target.appendingPathComponent("Events/(Every M) Weekly sync.md"), encoding: .utf8)
    #expect(sync.contains("daysOfWeek: [M]") && sync.contains("skipDates: [2026-11-09]"))
    #expect(!sync.contains("timezone"))
    let moved = try String(
      contentsOf: target.appendingPathComponent("Events/2026-11-10 Weekly sync (moved).md"), encoding: .utf8)
    #expect(moved.contains("uid: a/2026-11-09") && moved.contains("date: 2026-11-10"))
    let hourly = try String(contentsOf: target.appendingPathComponent("Events/2026-11-04 Hourly.md"), encoding: .utf8)
    #expect(hourly.contains("startTime: \"11:00\""))
    #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("Events/2026-11-05 Cut off.md").path))
  }

  /// The occurrences the oracle finds in a file over 2024-2033, by summary.
  func occurrences(_ path: String) throws -> [String: [String]] {
    let script = """
      import icalendar, json, sys, recurring_ical_events, datetime
      calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      out = {}
      for e in recurring_ical_events.of(calendar).between(datetime.date(2024, 1, 1), datetime.date(2034, 1, 1)):
          out.setdefault(str(e['SUMMARY']), []).append(str(e.decoded('DTSTART'))[:10])
      print(json.dumps({k: sorted(v) for k, v in out.items()}))
      """
    let output = try Oracle.run("python3", ["-c", script, path])
    return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [String]] ?? [:]
  }

  /// A yearly event from 29 February means leap years only in RFC 5545; vault's own export of
  /// 28 February and 1 March in common years reads back as those. Import, export, import and
  /// export again: the same occurrences as the oracle finds in the original, every time.
  @Test func leapDayRulesKeepTheirMeaningThroughImportAndExport() throws {
    let original = try emptyVault().path + "-leap.ics"
    let events = [
      ("RFC leap", "RRULE:FREQ=YEARLY"), ("Feb 28", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1"),
      ("Mar 1", "RRULE:FREQ=YEARLY;BYYEARDAY=60"), ("Until", "RRULE:FREQ=YEARLY;UNTIL=20300101"),
    ]
    try Self.write(
      ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//test//EN"]
        + events.enumerated().flatMap { index, event in
          [
            "BEGIN:VEVENT", "UID:leap-\(index)", "DTSTAMP:20261101T000000Z", "SUMMARY:\(event.0)",
            "DTSTART;VALUE=DATE:20000229", event.1, "END:VEVENT",
          ]
        } + ["END:VCALENDAR"], to: original)
    let expected = try occurrences(original)
    #expect(expected["RFC leap"] == ["2024-02-29", "2028-02-29", "2032-02-29"])
    #expect(expected["Feb 28"]?.count == 10 && expected["Mar 1"]?.contains("2025-03-01") == true)
    var file = original
    for round in 1...2 {
      let target = try emptyVault()
      let imported = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
      #expect(imported.status == 0, "\(imported.stderr)")
      file = target.path + "-round\(round).ics"
      let exported = try CLI.run(["export", "ics", "-o", file], in: target, environment: environment(target))
      #expect(exported.status == 0, "\(exported.stderr)")
      #expect(try occurrences(file) == expected, "round \(round)")
      let note = try String(contentsOf: target.appendingPathComponent("Events/2000-02-29 RFC leap.md"), encoding: .utf8)
      #expect(note.contains("rrule: FREQ=YEARLY\n") && note.contains("leap_day: skip\n"), "\(note)")
    }
  }

  /// An event whose title would name a hidden file or reach out of the folder gets a safe
  /// name, keeps its title, and the other events are imported.
  @Test func hostileTitlesGetSafeNamesAndStopNothing() throws {
    let target = try emptyVault()
    let file = target.path + "-hostile.ics"
    let titles = ["../../x/pwned", ".hidden", "..", ". . .secret", "Plain"]
    try Self.write(
      ["BEGIN:VCALENDAR", "VERSION:2.0"]
        + titles.enumerated().flatMap { index, title in
          ["BEGIN:VEVENT", "UID:h\(index)", "SUMMARY:\(title)", "DTSTART;VALUE=DATE:2026120\(index + 1)", "END:VEVENT"]
        } + ["END:VCALENDAR"], to: file)
    let result = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.hasSuffix("5 events created, 0 updated, 0 unchanged\n"), "\(result.stdout)")
    let names = try FileManager.default.contentsOfDirectory(atPath: target.appendingPathComponent("Events").path)
    #expect(names.allSatisfy { !$0.hasPrefix(".") }, "\(names)")
    #expect(
      Set(names) == [
        "2026-12-01 x pwned.md", "2026-12-02 hidden.md", "2026-12-03 Untitled.md", "2026-12-04 secret.md",
        "2026-12-05 Plain.md",
      ])
    let pwned = try String(contentsOf: target.appendingPathComponent("Events/2026-12-01 x pwned.md"), encoding: .utf8)
    #expect(pwned.contains("title: ../../x/pwned\n"), "\(pwned)")
    #expect(
      !FileManager.default.fileExists(atPath: target.deletingLastPathComponent().appendingPathComponent("x").path))
  }

  /// What the suites of the reference libraries hold, in the notes: a cancelled event kept and
  /// shown as cancelled, added days (RDATE) in `extraDates`, a floating time kept floating, a
  /// series in UTC kept in UTC, EXDATE in UTC and UNTIL with a time read in the series' zone.
  @Test func cancelledAddedFloatingAndUTCEventsKeepTheirMeaning() throws {
    let target = try emptyVault()
    let file = target.path + "-kinds.ics"
    try Self.write(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0",
        "BEGIN:VEVENT", "UID:c", "SUMMARY:Called off", "STATUS:CANCELLED", "DTSTART;VALUE=DATE:20261124", "END:VEVENT",
        "BEGIN:VEVENT", "UID:r", "SUMMARY:Some days", "DTSTART;VALUE=DATE:20261201",
        "RDATE;VALUE=DATE:20261203,20261210", "RDATE;VALUE=PERIOD:20261215T090000Z/PT1H", "END:VEVENT",
        "BEGIN:VEVENT", "UID:f", "SUMMARY:Wherever", "DTSTART:20261125T080000", "DTEND:20261125T090000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:u", "SUMMARY:Standup", "DTSTART:20261102T080000Z", "DTEND:20261102T081500Z",
        "RRULE:FREQ=DAILY;UNTIL=20261110T075959Z", "EXDATE:20261104T080000Z", "END:VEVENT",
        "END:VCALENDAR",
      ], to: file)
    let result = try CLI.run(["import", "ics", file], in: target, environment: environment(target))
    #expect(result.status == 0, "\(result.stderr)")
    func note(_ name: String) throws -> String {
      try String(contentsOf: target.appendingPathComponent("Events/" + name), encoding: .utf8)
    }
    #expect(try note("2026-11-24 Called off.md").contains("status: cancelled\n"))
    #expect(try note("2026-12-01 Some days.md").contains("extraDates: [2026-12-03, 2026-12-10, 2026-12-15]\n"))
    #expect(try note("2026-11-25 Wherever.md").contains("startTime: \"08:00\"\nendTime: \"09:00\"\nfloating: true\n"))
    let standup = try note("2026-11-02 Standup.md")
    #expect(standup.contains("timezone: UTC\n") && standup.contains("skipDates: [2026-11-04]\n"), "\(standup)")
    #expect(standup.contains("UNTIL=20261109") || standup.contains("endRecur: 2026-11-09"), "\(standup)")
    let agenda = try CLI.run(
      ["agenda", "--from", "2026-11-24", "--to", "2026-12-15"], in: target, environment: environment(target))
    #expect(agenda.stdout.contains("Called off (cancelled)"), "\(agenda.stdout)")
    #expect(agenda.stdout.components(separatedBy: "Some days").count - 1 == 4, "\(agenda.stdout)")
    #expect(agenda.stdout.contains("08:00-09:00  Wherever"), "\(agenda.stdout)")
  }

  /// An occurrence moved on its own (what a phone sends) is a note of its own that links to its
  /// series, whose day is skipped; exported again it is that series' RECURRENCE-ID, and the
  /// reference reads the same occurrences from the export as from the original.
  @Test func aChangedOccurrenceLinksToItsSeriesAndComesBackAsItsRecurrenceID() throws {
    let (target, file, imported) = try importing(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0",
        "BEGIN:VEVENT", "UID:sync", "SUMMARY:Weekly sync", "DTSTART;TZID=Europe/Berlin:20261102T100000",
        "DTEND;TZID=Europe/Berlin:20261102T103000", "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=6", "END:VEVENT",
        "BEGIN:VEVENT", "UID:sync", "RECURRENCE-ID;TZID=Europe/Berlin:20261109T100000", "SUMMARY:Weekly sync (moved)",
        "DTSTART;TZID=Europe/Berlin:20261110T110000", "DTEND;TZID=Europe/Berlin:20261110T113000", "END:VEVENT",
        "END:VCALENDAR",
      ], as: "moved")
    #expect(imported.status == 0, "\(imported.stderr)")
    let moved = try String(
      contentsOf: target.appendingPathComponent("Events/2026-11-10 Weekly sync (moved).md"), encoding: .utf8)
    #expect(
      moved.contains("uid: sync/2026-11-09\n") && moved.contains("series: \"[[Events/2026-11-02 Weekly sync]]\"\n"))
    let series = try String(
      contentsOf: target.appendingPathComponent("Events/2026-11-02 Weekly sync.md"), encoding: .utf8)
    #expect(series.contains("skipDates: [2026-11-09]\n"), "\(series)")
    let export = try exportingAgain(target)
    let written = try String(contentsOfFile: export, encoding: .utf8)
    #expect(written.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261109T100000\r\n"))
    #expect(!written.contains("EXDATE"))
    #expect(try occurrences(export) == occurrences(file))
  }

  /// A change of an occurrence and every later one (RANGE=THISANDFUTURE, as Thunderbird and
  /// Outlook send "this and following events"): the series ends the day before, a series of its
  /// own (`uid: UID+DAY`) goes on with the change, a one-day change after it belongs to it, and
  /// the export gives the reference the same occurrences as the original. A rule that names its
  /// days, moved to other days, cannot be split exactly: a warning, and a change of that day.
  @Test func aChangeOfThisAndLaterOccurrencesStartsASeriesOfItsOwn() throws {
    let (target, file, imported) = try importing(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0",
        "BEGIN:VEVENT", "UID:yoga", "SUMMARY:Yoga", "DTSTART;TZID=Europe/Berlin:20261102T180000",
        "DTEND;TZID=Europe/Berlin:20261102T190000", "RRULE:FREQ=WEEKLY;UNTIL=20270301T000000Z",
        "EXDATE;TZID=Europe/Berlin:20261221T180000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:yoga", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261116T180000",
        "SUMMARY:Yoga (new room)", "DTSTART;TZID=Europe/Berlin:20261116T190000",
        "DTEND;TZID=Europe/Berlin:20261116T201500", "LOCATION:Room 2", "END:VEVENT",
        "BEGIN:VEVENT", "UID:yoga", "RECURRENCE-ID;TZID=Europe/Berlin:20261130T180000", "SUMMARY:Yoga (outside)",
        "DTSTART;TZID=Europe/Berlin:20261130T170000", "DTEND;TZID=Europe/Berlin:20261130T180000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:run", "SUMMARY:Run", "DTSTART;TZID=Europe/Berlin:20261103T070000",
        "DTEND;TZID=Europe/Berlin:20261103T080000", "RRULE:FREQ=WEEKLY;BYDAY=TU,TH", "END:VEVENT",
        "BEGIN:VEVENT", "UID:run", "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20261110T070000",
        "SUMMARY:Run", "DTSTART;TZID=Europe/Berlin:20261111T070000", "DTEND;TZID=Europe/Berlin:20261111T080000",
        "END:VEVENT",
        "END:VCALENDAR",
      ], as: "future")
    #expect(imported.status == 0, "\(imported.stderr)")
    let read = { (name: String) in
      try String(contentsOf: target.appendingPathComponent("Events/\(name).md"), encoding: .utf8)
    }
    let first = try read("(Every M) Yoga")
    #expect(first.contains("uid: yoga\n") && first.contains("2026-11-15"), "\(first)")
    #expect(!first.contains("2026-12-21"), "the taken-out day belongs to the later part: \(first)")
    let later = try read("(Every M) Yoga (new room)")
    #expect(later.contains("uid: yoga+20261116\n") && later.contains("startTime: \"19:00\""), "\(later)")
    #expect(later.contains("skipDates: [2026-11-30, 2026-12-21]"), "\(later)")
    let outside = try read("2026-11-30 Yoga (outside)")
    #expect(outside.contains("uid: yoga+20261116/2026-11-30\n"), "\(outside)")
    #expect(outside.contains("series: \"[[Events/(Every M) Yoga (new room)]]\""), "\(outside)")
    #expect(imported.stderr.contains("RANGE=THISANDFUTURE) that moves the occurrences to other days"))
    let export = try exportingAgain(target)
    let yoga = { (path: String) in try self.occurrences(path).filter { $0.key.contains("Yoga") } }
    #expect(try yoga(export) == yoga(file))
  }

  /// Days added by RDATE at their own times, in other zones and as periods: a period of another
  /// length than the event is a change of that day (a note of its own), and the export gives
  /// the reference the same starts and ends, to the second, as the original.
  @Test func addedDaysKeepTheirTimesAndAPeriodItsLength() throws {
    let (target, file, imported) = try importing(
      [
        "BEGIN:VCALENDAR", "VERSION:2.0",
        "BEGIN:VEVENT", "UID:talk", "SUMMARY:Talk", "DTSTART;TZID=America/New_York:20261102T090000",
        "DTEND;TZID=America/New_York:20261102T100000", "RDATE;TZID=America/New_York:20261105T140000,20261110T090000",
        "RDATE:20261201T230000Z", "RDATE;VALUE=PERIOD:20261215T170000Z/PT2H,20261216T170000Z/20261216T180000Z",
        "END:VEVENT",
        "END:VCALENDAR",
      ], as: "added")
    #expect(imported.status == 0, "\(imported.stderr)")
    let longer = try String(contentsOf: target.appendingPathComponent("Events/2026-12-15 Talk.md"), encoding: .utf8)
    #expect(longer.contains("uid: talk/2026-12-15\n") && longer.contains("endTime: \"14:00\""), "\(longer)")
    #expect(!FileManager.default.fileExists(atPath: target.appendingPathComponent("Events/2026-12-16 Talk.md").path))
    let export = try exportingAgain(target)
    let script = """
      import icalendar, json, sys, recurring_ical_events, datetime
      calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      utc = datetime.timezone.utc
      print(json.dumps(sorted(
          e.decoded('DTSTART').astimezone(utc).isoformat() + ' ' + e.decoded('DTEND').astimezone(utc).isoformat()
          for e in recurring_ical_events.of(calendar).between(datetime.date(2026, 1, 1), datetime.date(2028, 1, 1)))))
      """
    let original = try Oracle.run("python3", ["-c", script, file])
    #expect(original.contains("2026-12-15T19:00:00+00:00"))
    #expect(try Oracle.run("python3", ["-c", script, export]) == original)
  }

  /// Writes an iCalendar file of these content lines, each ended by CRLF.
  static func write(_ lines: [String], to path: String) throws {
    try Data((lines.joined(separator: "\r\n") + "\r\n").utf8).write(to: URL(fileURLWithPath: path))
  }

  static func calendar(summary: String, location: String, extra: Bool = false) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//test//EN", "X-WR-CALNAME:Doctor",
      "BEGIN:VEVENT", "UID:dentist-1", "DTSTAMP:20261101T000000Z", "SUMMARY:\(summary)",
      "DTSTART;TZID=Europe/Berlin:20261128T093000", "DTEND;TZID=Europe/Berlin:20261128T101500",
      "LOCATION:\(location)", "DESCRIPTION:Bring the card.", "END:VEVENT",
    ]
    if extra {
      lines += [
        "BEGIN:VEVENT", "UID:haircut-1", "DTSTAMP:20261101T000000Z", "SUMMARY:Haircut", "DTSTART;VALUE=DATE:20261201",
        "END:VEVENT",
      ]
    }
    return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
  }
}
