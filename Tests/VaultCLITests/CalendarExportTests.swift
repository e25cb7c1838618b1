import Foundation
import TestSupport
import Testing

/// `vault export ics` checked by real clients — Python's `icalendar` parses it,
/// `recurring-ical-events` expands it to the days `vault agenda` shows, `khal` imports and lists it.
@Suite struct CalendarExportTests {
  static let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/ics-occurrences").path

  func export(_ folder: URL, _ extra: [String] = []) throws -> (path: String, text: String) {
    let path = folder.path + "-export.ics"
    let result = try CLI.run(
      ["export", "ics", "-o", path, "--now", "2026-11-23T08:00"] + extra, in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("wrote \(path): "))
    return (path, try String(contentsOfFile: path, encoding: .utf8))
  }

  /// The occurrences over two years, as `recurring-ical-events` expands the file, equal the
  /// days `vault agenda --json` shows: weekly rules with an end and skipped days, every 2 weeks,
  /// the last Friday, yearly birthdays (one on 29 February), a date without a year, multi-day,
  /// past midnight, and a New York event that falls on the next day in Berlin.
  @Test func occurrencesOverTwoYearsEqualTheAgenda() throws {
    let folder = try Fixture.copy("Calendars")
    let (path, _) = try export(folder)
    let expanded = try Oracle.run(Self.oracle, [path, "2026-01-01", "2027-12-31", "Europe/Berlin"])
    let fromICS = Set(
      (try JSONSerialization.jsonObject(with: Data(expanded.utf8)) as? [[String]] ?? []).map { "\($0[0]) \($0[1])" })
    let agenda = try CLI.run(
      ["agenda", "--from", "2026-01-01", "--to", "2027-12-31", "--json"], in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23"])
    let days = try JSONSerialization.jsonObject(with: Data(agenda.stdout.utf8)) as? [[String: Any]] ?? []
    var fromAgenda = Set<String>()
    for day in days {
      for occurrence in day["events"] as? [[String: Any]] ?? []
      where occurrence["start"] as? String == day["date"] as? String {
        let event = occurrence["event"] as? [String: Any] ?? [:]
        fromAgenda.insert("\(event["path"] as? String ?? "") \(occurrence["start"] as? String ?? "")")
      }
    }
    #expect(fromAgenda.count > 250)
    #expect(
      fromICS.subtracting(fromAgenda).sorted().isEmpty,
      "only in the export: \(fromICS.subtracting(fromAgenda).sorted().prefix(10))")
    #expect(
      fromAgenda.subtracting(fromICS).sorted().isEmpty,
      "only in the agenda: \(fromAgenda.subtracting(fromICS).sorted().prefix(10))")
    #expect(fromICS.contains("Events/New York call.md 2026-12-01"))
    #expect(fromICS.contains("Events/Leap birthday.md 2027-02-28"))
    #expect(!fromICS.contains("Events/Standup.md 2026-12-25"))
    #expect(!fromICS.contains { $0.hasPrefix("Events/Old party.md") })
  }

  /// What each property says, read back by `icalendar`: alarms, time zones, escaping, UIDs.
  @Test func propertiesReadBackByIcalendar() throws {
    let folder = try Fixture.copy("Calendars")
    let (path, text) = try export(folder)
    let script = """
      import icalendar, json, sys
      calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      out = {}
      for event in calendar.walk('VEVENT'):
          alarms = [str(a.decoded('TRIGGER')) for a in event.walk('VALARM')]
          start = event.decoded('DTSTART')
          out[str(event['SUMMARY'])] = {
              'uid': str(event['UID']), 'start': start.isoformat(), 'tz': str(getattr(start, 'tzinfo', None)),
              'alarms': alarms, 'location': str(event.get('LOCATION', '')),
              'categories': [str(c) for c in event.get('CATEGORIES').cats] if event.get('CATEGORIES') else [],
              'rrule': event['RRULE'].to_ical().decode() if 'RRULE' in event else ''}
      print(json.dumps(out, ensure_ascii=False))
      """
    let output = try Oracle.run("python3", ["-c", script, path])
    let events = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [String: Any]] ?? [:]
    let dentist = events["🦷 Dentist"] ?? [:]
    #expect(dentist["start"] as? String == "2026-11-28T09:30:00+01:00")
    #expect(dentist["location"] as? String == "Dr. Weber, Hauptstraße 12")
    #expect(dentist["alarms"] as? [String] == ["-1 day, 0:00:00", "-1 day, 22:00:00"])
    // An all-day birthday reminds 7 days and 1 day before 09:00 on its day (all_day_at):
    // midnight less 7 days plus 9 hours.
    #expect(events["Mum's birthday"]?["alarms"] as? [String] == ["-7 days, 9:00:00", "-1 day, 9:00:00"])
    #expect(events["Swift Conference"]?["categories"] as? [String] == ["work", "travel", "work/talks"])
    #expect(events["Team Standup"]?["rrule"] as? String == "FREQ=WEEKLY;UNTIL=20270630T070000Z;BYDAY=MO,WE,FR")
    #expect(events["Sam's birthday"]?["rrule"] as? String == "FREQ=YEARLY;BYMONTHDAY=-1;BYMONTH=2")
    // Lines are folded at 75 octets, never inside a character.
    for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
    #expect(text.contains("BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n"))
    #expect(!text.contains("Old party"))
    // The same UIDs again after an edit of a note's text.
    try Data("---\ndate: 2026-11-28\nstartTime: \"10:30\"\nemoji: 🦷\n---\nMoved.\n".utf8).write(
      to: folder.appendingPathComponent("Events/Dentist.md"))
    let again = try export(folder).text
    let uid = try #require(dentist["uid"] as? String)
    #expect(again.contains("UID:\(uid)\r\n") && again.contains("DTSTART;TZID=Europe/Berlin:20261128T103000"))
  }

  /// `khal import` takes the file, and `khal list` shows the events on their days.
  @Test func khalImportsAndListsTheEvents() throws {
    let folder = try Fixture.copy("Calendars")
    let (path, _) = try export(folder)
    let home = try ScratchFolder.make("khal")
    let calendar = home.appendingPathComponent("calendar")
    try FileManager.default.createDirectory(at: calendar, withIntermediateDirectories: true)
    let config = home.appendingPathComponent("config")
    try Data(
      """
      [calendars]
      [[vault]]
      path = \(calendar.path)
      type = calendar
      [locale]
      timeformat = %H:%M
      dateformat = %Y-%m-%d
      longdateformat = %Y-%m-%d
      datetimeformat = %Y-%m-%d %H:%M
      longdatetimeformat = %Y-%m-%d %H:%M
      local_timezone = Europe/Berlin
      default_timezone = Europe/Berlin

      """.utf8
    ).write(to: config)
    let environment = ["XDG_DATA_HOME": home.appendingPathComponent("data").path, "HOME": home.path]
    _ = try Oracle.run(
      "python3", ["-m", "khal", "-c", config.path, "import", "--batch", "-a", "vault", path], environment: environment)
    let listed = try Oracle.run(
      "python3", ["-m", "khal", "-c", config.path, "list", "2026-11-28", "2026-12-09"], environment: environment)
    #expect(listed.contains("09:30-10:15 🦷 Dentist"))
    #expect(listed.contains("02:00-03:00 Call with the New York office"))
    #expect(listed.contains("Swift Conference"))
    #expect(listed.contains("18:30-20:00 Spanish Class"))
  }

  /// `--tasks`: open tasks with a day as VTODO (DUE, PRIORITY, STATUS, RRULE); `--tasks-as
  /// events` as all-day events; `--category` and `--from/--to` choose.
  @Test func tasksCategoriesAndSpans() throws {
    let folder = try Fixture.copy("Calendars")
    let todos = try export(folder, ["--tasks"]).text
    let script = """
      import icalendar, json, sys
      calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      print(json.dumps([[str(t['SUMMARY']), t.decoded('DUE').isoformat(), int(t.get('PRIORITY', 0)), str(t['STATUS']),
                         t['RRULE'].to_ical().decode() if 'RRULE' in t else ''] for t in calendar.walk('VTODO')]))
      """
    let path = folder.path + "-export.ics"
    let parsed = try Oracle.run("python3", ["-c", script, path])
    #expect(todos.contains("BEGIN:VTODO"))
    let rows = try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [[Any]] ?? []
    #expect(rows.count == 3)
    #expect(
      rows.contains { $0[0] as? String == "Renew passport" && $0[1] as? String == "2026-12-01" && $0[2] as? Int == 3 })
    #expect(rows.contains { $0[0] as? String == "Write the report, part 2" && $0[3] as? String == "IN-PROCESS" })
    #expect(rows.contains { $0[0] as? String == "Water the plants" && $0[4] as? String == "FREQ=WEEKLY" })
    let asEvents = try export(folder, ["--tasks-as", "events"]).text
    #expect(!asEvents.contains("BEGIN:VTODO") && asEvents.contains("SUMMARY:Renew passport"))
    let birthdays = try export(folder, ["--category", "birthday"]).text
    #expect(birthdays.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
    let december = try export(folder, ["--from", "2026-12-01", "--to", "2026-12-31"]).text
    #expect(december.contains("Swift Conference") && !december.contains("Dentist"))
  }
}
