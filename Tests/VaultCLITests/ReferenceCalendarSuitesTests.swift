import Foundation
import TestSupport
import Testing

/// The calendars people export, judged by the reference libraries on their own test suites:
/// every .ics file that Python's `icalendar` and `recurring-ical-events` ship (Google, Outlook,
/// Apple, Thunderbird exports, RDATE and RECURRENCE-ID, custom and "globally unique" zones,
/// floating times), and those of khal's test suite, gathered from its users' bug reports
/// (Windows zone names, zones missing or invalid, mixed floating and zoned times, overrides
/// with no series, several of one UID, invalid UNTIL and EXDATE), and those of Evolution's test
/// suite (alarms, detached instances, invitations, all-day series), is imported into an empty vault and exported again, and the occurrences of
/// the export over two years are compared with what `recurring-ical-events` finds in the
/// original. No file may crash or hang vault, also one the reference refuses. The test prints
/// the counts, and fails below 98 % of each suite or below the floor of what agrees now (raise
/// it as more agree; docs/FORMAT.md, "iCalendar", lists why the others differ).
@Suite struct ReferenceCalendarSuitesTests {
  static let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/ics-suite-occurrences").path
  /// Files of each suite that give the reference's occurrences, at least.
  static let floors = ["recurring-ical-events": 89, "icalendar": 79, "khal": 53, "evolution": 17]

  struct Reading: Decodable {
    var path: String
    var window: [String]?
    var occurrences: [String: Int]?
    var error: String?
  }

  func read(_ requests: [[String: Any]]) throws -> [Reading] {
    let input = String(decoding: try JSONSerialization.data(withJSONObject: requests), as: UTF8.self)
    let output = try Oracle.run(Self.oracle, ["read"], input: input)
    return try JSONDecoder().decode([Reading].self, from: Data(output.utf8))
  }

  /// The suites, each with the least number of its files the test expects to find.
  static let suites = ["recurring-ical-events": 50, "icalendar": 50, "khal": 50, "evolution": 20]

  @Test func theSuitesAreThere() throws {
    let listed = try Oracle.run(Self.oracle, ["list"])
    let suites = try JSONDecoder().decode([String: [String]].self, from: Data(listed.utf8))
    #expect(
      suites.keys.sorted() == Self.suites.keys.sorted(),
      "scripts/install-test-deps fetches khal's and Evolution's calendars")
  }

  /// Each suite is a test case of its own, so that the suites run side by side.
  @Test(arguments: suites.keys.sorted())
  func eachSuiteGivesTheReferencesOccurrences(suite: String) throws {
    let listed = try Oracle.run(Self.oracle, ["list"])
    let files = try JSONDecoder().decode([String: [String]].self, from: Data(listed.utf8))[suite] ?? []
    #expect(
      files.count >= Self.suites[suite] ?? 0,
      "\(suite): its calendars were not found (scripts/install-test-deps)")
    let scratch = try ScratchFolder.make("suite-\(suite)")
    let originals = try read(files.map { ["path": $0] })
    var compared: [(Reading, String)] = []
    for (index, original) in originals.enumerated() {
      let vault = scratch.appendingPathComponent("\(suite)-\(index)")
      try FileManager.default.createDirectory(
        at: vault.appendingPathComponent(".vault"), withIntermediateDirectories: true)
      try Data("timezone: Europe/Berlin\n".utf8).write(to: vault.appendingPathComponent(".vault/config.yml"))
      let environment = ["VAULT_INDEX": vault.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23"]
      let imported = try CLI.run(["import", "ics", original.path], in: vault, environment: environment)
      // Refused or not: a clear answer, never a crash (a signal ends with status > 128).
      #expect([0, 1].contains(imported.status), "\(original.path): \(imported.status) \(imported.stderr)")
      guard original.error == nil, original.occurrences?.isEmpty == false else { continue }
      let export = vault.path + ".ics"
      let exported = try CLI.run(["export", "ics", "-o", export], in: vault, environment: environment)
      #expect(exported.status == 0, "\(original.path): \(exported.stderr)")
      compared.append((original, export))
    }
    let again = try read(compared.map { ["path": $0.1, "window": $0.0.window ?? []] })
    var differences: [String] = []
    for ((original, _), export) in zip(compared, again) where original.occurrences != export.occurrences {
      let name = (original.path as NSString).lastPathComponent
      differences.append("\(name): \(export.error ?? "")")
    }
    let same = compared.count - differences.count
    print("\(suite): \(same) of \(compared.count) files give the reference's occurrences")
    for difference in differences { print("  differs: \(difference)") }
    #expect(same >= Self.floors[suite] ?? 0, "\(suite): \(same) of \(compared.count); differ: \(differences)")
    #expect(Double(same) >= 0.98 * Double(compared.count), "\(suite): \(same) of \(compared.count) is below 98 %")
  }
}
