import Foundation
import Testing
import VaultCore
import VaultKit
import Yams

/// A calendar a client makes or renames is written as one line under `calendars:` in
/// `.vault/config.yml`: whatever its name (colons, commas, quotes, `#`, braces, any script),
/// Yams reads that line as the same mapping, vault reads it back as the same calendar, and the
/// rest of the file keeps its bytes.
@Suite struct CalendarSettingLineTests {
  /// A small seeded generator: the same cases on every run.
  struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
  }

  static let pieces = [
    "Work", "work", "a", "Ö", "日本", "🎉", " ", ":", ": ", ",", "#", " #", "{", "}", "[", "]", "\"", "'", "\\", "-",
    "?", "&", "*", "!", "|", ">", "%", "@", "`", "yes", "no", "null", "~", "1", "2026-12-01", "1e3", "true", "x/y",
  ]

  static func text(_ random: inout Generator) -> String {
    var text = ""
    for _ in 0...random.next(4) { text += pieces[random.next(pieces.count)] }
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? "Name" : trimmed
  }

  static func setting(_ random: inout Generator) -> CalendarSetting {
    var setting = CalendarSetting(name: text(&random))
    // Events of a category, to-dos of a tag, or both.
    let holds = random.next(3)
    if holds != 1 { setting.category = text(&random) }
    if holds != 0 { setting.tag = "list-\(random.next(100))" }
    if random.next(2) == 0 { setting.color = String(format: "#%06x", random.next(0xFFFFFF)) }
    if random.next(2) == 0 { setting.id = "cal-\(random.next(1000))" }
    if random.next(2) == 0 { setting.order = random.next(200) - 20 }
    return setting
  }

  @Test func yamlAndVaultReadEveryCalendarLineAsItWasMeant() throws {
    var random = Generator(state: 7)
    for _ in 0..<1_000 {
      let setting = Self.setting(&random)
      let line = setting.configLine
      let yaml = try Yams.load(yaml: "calendars:\n" + line + "\n") as? [String: Any]
      let calendars = yaml?["calendars"] as? [String: Any]
      let fields = calendars?[setting.name] as? [String: Any]
      #expect(calendars?.count == 1 && fields != nil, "\(line)")
      #expect(fields?["category"] as? String == setting.category, "\(line)")
      #expect(fields?["tag"] as? String == setting.tag, "\(line)")
      #expect(fields?["color"] as? String == setting.color, "\(line)")
      #expect(fields?["order"] as? Int == setting.order, "\(line)")
      #expect(fields?["id"] as? String == setting.id, "\(line)")
    }
  }

  @Test func aClientsCalendarIsReadBackAndTheRestOfTheFileKeepsItsBytes() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-lines-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent(".vault"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: root) }
    let config = root.appendingPathComponent(".vault/config.yml")
    let before =
      "# mine\ninbox: Tasks.md\ncalendars:\n  # family first\n  Family: {category: family}\nweek_start: monday\n"
    try before.write(to: config, atomically: true, encoding: .utf8)
    var random = Generator(state: 11)
    for _ in 0..<60 {
      let vault = try Vault(path: root.path)
      var change = Vault.CalDAVCalendarChange(name: Self.text(&random))
      change.color = .some(String(format: "#%06x", random.next(0xFFFFFF)))
      let id = "c\(random.next(100_000))"
      let kinds: [[CalDAVCalendar.Kind]] = [[.events], [.tasks], [.events, .tasks]]
      let made = try vault.calDAVMakeCalendar(id: id, change: change, kinds: kinds[random.next(3)])
      let reread = try Vault(path: root.path)
      #expect(reread.settingsDiagnostics.isEmpty, "\(reread.settingsDiagnostics)")
      #expect(reread.settings.calendars.last == made)
      let calendar = try #require(reread.calDAVCalendars.first { $0.setting == made })
      #expect(calendar.slug == id)
      // Renamed: the address stays; then deleted: the file is as it was.
      try reread.calDAVChangeCalendar(calendar, Vault.CalDAVCalendarChange(name: Self.text(&random) + " 2"))
      let renamed = try Vault(path: root.path)
      let moved = try #require(renamed.calDAVCalendars.first { $0.slug == id })
      #expect(moved.setting?.category == made.category && moved.setting?.tag == made.tag)
      try renamed.calDAVRemoveCalendar(moved)
      #expect(try String(contentsOf: config, encoding: .utf8) == before)
    }
  }
}
