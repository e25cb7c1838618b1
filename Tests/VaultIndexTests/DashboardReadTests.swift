import Foundation
import Testing
import VaultCore
import VaultIndex
import VaultKit

/// Issue 4: `vault today` reads only the events that can show (`events(around:upcoming:)`);
/// for every day of a year it must show what reading every event shows.
@Suite struct DashboardReadTests {
  static let files: [String: String] = {
    var files = [
      ".vault/config.yml": "timezone: Europe/Berlin\n",
      "Events/Weekly.md": "---\ntype: recurring\ndaysOfWeek: [W]\nstartRecur: 2026-01-07\n---\n",
      "Events/Birthday.md": "---\ndate: 1990-02-28\nrepeat: yearly\ncategory: birthday\n---\n",
      "Events/Last Friday.md": "---\ntype: rrule\nstartDate: 2026-01-30\nrrule: FREQ=MONTHLY;BYDAY=-1FR\n---\n",
      "Events/Tokyo.md": "---\ndate: 2026-06-01\nstartTime: \"08:00\"\ntimezone: Asia/Tokyo\n---\n",
      "Events/Archived.md": "---\ndate: 2026-06-03\narchived: true\n---\n",
      "Events/Done Task.md": "---\ndate: 2026-06-04\ncompleted: 2026-06-01\n---\n",
    ]
    // One-off events, some multi-day, some sharing a start day.
    for index in 0..<40 {
      let start =
        LocalDate(year: 2026, month: 1, day: 1)?.adding(days: index * 9 - (index % 3)) ?? LocalDate(dayNumber: 0)
      let end = index % 4 == 0 ? "endDate: \(start.adding(days: 3))\n" : ""
      files["Events/Event \(index).md"] = "---\ndate: \(start)\n\(end)---\n"
    }
    return files
  }()

  @Test func theNarrowReadShowsWhatTheFullReadShows() throws {
    let folder = try TemporaryVault(Self.files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let all = try store.events()
    var day = LocalDate(year: 2026, month: 1, day: 1) ?? LocalDate(dayNumber: 0)
    for _ in 0..<380 {
      for limit in [1, 3] {
        let narrow = try vault.dashboard(in: store, today: day, limit: limit)
        var input = Dashboard.Input()
        input.events = try vault.events(in: store)
        let full = Dashboard(input, today: day, limit: limit)
        #expect(narrow.events.map(\.event.path) == full.events.map(\.event.path), "\(day)")
        #expect(
          narrow.countdowns.map { "\($0.occurrence.event.path) \($0.occurrence.start)" }
            == full.countdowns.map { "\($0.occurrence.event.path) \($0.occurrence.start)" }, "\(day) limit \(limit)")
      }
      day = day.adding(days: 1)
    }
    #expect(all.count == 46)
  }
}
