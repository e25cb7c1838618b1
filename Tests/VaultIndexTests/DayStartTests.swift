import Foundation
import Testing
import VaultCore

@testable import VaultKit

/// The vault's wall clock without a `Calendar`, as Foundation's `Calendar` reads it: the
/// instant a day begins (the dashboard's "changed since yesterday") and the wall-clock time of
/// an instant (the clock's "now"), every day from 2015 to 2027, in zones whose clocks jump at
/// midnight (Santiago, Tehran, São Paulo in 2018), at 02:00 (Berlin, New York), by half an hour
/// (Lord Howe), across the date line (Apia), or never.
@Suite struct DayStartTests {
  @Test(arguments: [
    "UTC", "Europe/Berlin", "America/New_York", "America/Santiago", "Asia/Tehran", "America/Sao_Paulo",
    "Australia/Lord_Howe", "Pacific/Apia", "Asia/Tokyo", "America/Havana",
  ])
  func aDayBeginsWhereFoundationSaysItDoes(zoneName: String) throws {
    let zone = try #require(TimeZone(identifier: zoneName))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let first = try #require(LocalDate(year: 2015, month: 1, day: 1))
    for offset in 0..<(13 * 366) {
      let day = first.adding(days: offset)
      let noon = try #require(
        calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)))
      #expect(Vault.start(of: day, offset: offsets(zone)) == calendar.startOfDay(for: noon), "\(zoneName) \(day)")
    }
  }

  @Test(arguments: ["UTC", "Europe/Berlin", "America/Santiago", "Australia/Lord_Howe", "Asia/Kolkata"])
  func anInstantReadsOnTheWallClockAsFoundationReadsIt(zoneName: String) throws {
    let zone = try #require(TimeZone(identifier: zoneName))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    // Every 7 hours, 13 minutes and a second for 13 years, so that every hour of the day and
    // both sides of each change of offset come up; and a moment before the epoch.
    var instants = [Date(timeIntervalSince1970: -1.5)]
    var seconds: TimeInterval = 1_420_070_400
    while seconds < 1_830_297_600 {
      instants.append(Date(timeIntervalSince1970: seconds))
      seconds += 25_981
    }
    for instant in instants {
      let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
      let local = Vault.local(instant, offset: offsets(zone))
      #expect(
        [local.date.year, local.date.month, local.date.day, local.time.hour, local.time.minute, local.time.second]
          == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second], "\(zoneName) \(instant)")
    }
  }

  /// The system's zone through the C library (what the dashboard reads when the vault names no
  /// zone) against Foundation's `TimeZone.current`, every 7 hours and 13 minutes for 13 years.
  @Test func theSystemZoneReadsAsFoundationsCurrentZone() {
    var seconds = 1_420_070_400
    while seconds < 1_830_297_600 {
      let instant = Date(timeIntervalSince1970: TimeInterval(seconds))
      #expect(SystemZone.offset(at: seconds) == TimeZone.current.secondsFromGMT(for: instant), "\(instant)")
      seconds += 25_980
    }
  }

  private func offsets(_ zone: TimeZone) -> (Int) -> Int {
    { zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval($0))) }
  }
}
