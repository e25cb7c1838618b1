import Foundation
import TestSupport
import Testing
import VaultCore

@testable import VaultKit

/// A VTIMEZONE names each of its observances as the tz database does (`CEST`, `EST`, `+03`),
/// not by offset (`GMT+2`, what Foundation says on Linux): every transition of every zone over
/// four years, compared with Python's zoneinfo (Fixtures/Oracles/zone-names).
@Suite struct ZoneNameTests {
  @Test func everyTransitionOfEveryZoneIsNamedAsTheTzDatabaseNamesIt() throws {
    var asked: [(zone: String, instant: Int, name: String)] = []
    for identifier in TimeZone.knownTimeZoneIdentifiers {
      for transition in Vault.calendarZones.transitions(identifier, 2025...2028) ?? [] {
        let instant = ReminderSchedule.Zone.fixed(transition.offsetFrom).instant(transition.local)
        asked.append((identifier, instant, transition.name))
      }
    }
    #expect(asked.count > 300, "too few zones with transitions: \(asked.count)")
    #expect(asked.contains { $0.zone == "Europe/Berlin" && $0.name == "CEST" })
    let input = asked.map { "\($0.zone) \($0.instant)" }.joined(separator: "\n") + "\n"
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/zone-names").path
    let names = try Oracle.run("python3", [oracle], input: input).split(separator: "\n").map(String.init)
    #expect(names.count == asked.count)
    // A zone the system's database lacks is not compared (vault then says Foundation's name).
    let wrong = zip(asked, names).filter { $0.1 != "-" && $0.0.name != $0.1 }
    #expect(names.filter { $0 != "-" }.count > 300)
    #expect(
      wrong.isEmpty,
      "\(wrong.count) of \(asked.count): \(wrong.prefix(10).map { "\($0.0.zone) \($0.0.instant) \($0.0.name) ≠ \($0.1)" })"
    )
  }

  @Test func aPosixRuleNamesItsStandardAndDaylightTime() {
    #expect(ZoneAbbreviations.rule("CET-1CEST,M3.5.0,M10.5.0/3")! == ("CET", "CEST"))
    #expect(ZoneAbbreviations.rule("<+03>-3")! == ("+03", nil))
    #expect(ZoneAbbreviations.rule("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1")! == ("-03", "-02"))
    #expect(ZoneAbbreviations.rule("EST5EDT,M3.2.0,M11.1.0")! == ("EST", "EDT"))
    #expect(ZoneAbbreviations.rule("") == nil)
  }
}
