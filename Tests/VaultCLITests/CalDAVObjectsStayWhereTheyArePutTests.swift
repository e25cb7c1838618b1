import Foundation
import TestSupport
import Testing

/// What a PUT answers 2xx is at its address afterwards, and there only: 40 random events and to-dos
/// put into calendars of a category, of a folder and of a tag, with categories and tags of other
/// calendars among theirs (as clients send back what vault gave them), are each found by a GET
/// at the address they were put to and listed in that calendar alone, there still after the
/// server starts again, and stay there when their clients change their categories; one refused
/// leaves nothing behind.
@Suite struct CalDAVObjectsStayWhereTheyArePutTests {
  static let calendars =
    "\ncalendars:\n  Work: {category: work}\n  Family: {folder: Events/Family}\n  Errands: {tag: errands}\n  Garden: {tag: garden}\n"

  static func event(_ uid: String, day: Int, summary: String, categories: [String]) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Phone//EN", "BEGIN:VEVENT", "UID:\(uid)",
      "DTSTAMP:20261120T120000Z", String(format: "DTSTART:202612%02dT100000", day),
      String(format: "DTEND:202612%02dT110000", day), "SUMMARY:\(summary)",
    ]
    if !categories.isEmpty { lines.append("CATEGORIES:" + categories.joined(separator: ",")) }
    lines += ["END:VEVENT", "END:VCALENDAR"]
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  static func todo(_ uid: String, day: Int, summary: String, categories: [String]) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Phone//EN", "BEGIN:VTODO", "UID:\(uid)",
      "DTSTAMP:20261120T120000Z", String(format: "DUE;VALUE=DATE:202612%02d", day), "SUMMARY:\(summary)",
    ]
    if !categories.isEmpty { lines.append("CATEGORIES:" + categories.joined(separator: ",")) }
    lines += ["END:VTODO", "END:VCALENDAR"]
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  @Test func everyObjectAnsweredSuccessIsAtItsAddressAndListedThereAlone() throws {
    let folder = try Fixture.copy("ExampleVault")
    let config = folder.appendingPathComponent(".vault/config.yml")
    try (String(contentsOf: config, encoding: .utf8) + Self.calendars).write(
      to: config, atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Events/Family"), withIntermediateDirectories: true)
    var server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let eventCalendars = ["events", "work", "family"]
    let taskLists = ["tasks", "errands", "garden"]
    let categories = ["work", "errands", "garden", "home", "Family"]
    let words = ["", " #errands", " #garden", " #home", " #work"]
    var random = SeededRandom(seed: 20_261_130)
    var kept: [(calendar: String, name: String, uid: String)] = []
    var refused: [String] = []
    for number in 0..<40 {
      let isEvent = random.below(2) == 0
      let calendar = (isEvent ? eventCalendars : taskLists)[random.below(3)]
      let uid = "random-\(number)"
      // A client's own name for half of them.
      let name = random.below(2) == 0 ? uid : "C0FFEE-\(number)"
      let chosen = (0..<random.below(3)).map { _ in categories[random.below(categories.count)] }
      let summary = "Thing \(number)" + words[random.below(words.count)]
      let body =
        isEvent
        ? Self.event(uid, day: 1 + random.below(28), summary: summary, categories: chosen)
        : Self.todo(uid, day: 1 + random.below(28), summary: summary, categories: chosen)
      let address = server.base + "/dav/calendars/\(calendar)/\(name).ics"
      let put = try HTTP.request(address, method: "PUT", headers: ["Content-Type": "text/calendar"], body: body)
      if (200..<300).contains(put.status) {
        kept.append((calendar, name, uid))
        let got = try HTTP.request(address)
        #expect(got.status == 200 && got.body.contains("UID:\(uid)\r\n"), "\(calendar)/\(name): \(body)")
      } else {
        #expect(put.status == 403, "\(calendar)/\(name): \(put.status) \(put.body)")
        refused.append(uid)
      }
    }
    // Most are kept: a refusal is for what cannot be, not for a category of another calendar.
    #expect(kept.count >= 36, "refused: \(refused)")
    // The server started again: each is where it was put, read from what the vault keeps.
    _ = server.stop()
    server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    for object in kept {
      let got = try HTTP.request(server.base + "/dav/calendars/\(object.calendar)/\(object.name).ics")
      #expect(got.status == 200 && got.body.contains("UID:\(object.uid)\r\n"), "\(object) after a restart")
    }
    // Changed by their clients, with other calendars' categories now: still where they were.
    for object in kept {
      let address = server.base + "/dav/calendars/\(object.calendar)/\(object.name).ics"
      let got = try HTTP.request(address)
      let chosen = (0...random.below(3)).map { _ in categories[random.below(categories.count)] }
      var lines = got.body.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
      lines.removeAll { $0.hasPrefix("CATEGORIES") }
      if let end = lines.firstIndex(where: { $0 == "END:VEVENT" || $0 == "END:VTODO" }) {
        lines.insert("CATEGORIES:" + chosen.joined(separator: ","), at: end)
      }
      let put = try HTTP.request(
        address, method: "PUT", headers: ["Content-Type": "text/calendar", "If-Match": got.header("ETag") ?? "*"],
        body: lines.joined(separator: "\r\n"))
      #expect((200..<300).contains(put.status), "\(object): \(put.status) \(put.body)")
      let again = try HTTP.request(address)
      #expect(again.status == 200 && again.body.contains("UID:\(object.uid)\r\n"), "\(object) with \(chosen)")
    }
    var listings: [String: String] = [:]
    for calendar in eventCalendars + taskLists {
      listings[calendar] = try HTTP.request(
        server.base + "/dav/calendars/\(calendar)/", method: "PROPFIND", headers: ["Depth": "1"],
        body: "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop></d:propfind>"
      ).body
    }
    for object in kept {
      let href = "/dav/calendars/\(object.calendar)/\(object.name).ics<"
      #expect(listings[object.calendar]?.contains(href) == true, "\(object) is not listed where it was put")
      let elsewhere = listings.filter { $0.key != object.calendar && $0.value.contains("/\(object.name).ics<") }
      #expect(elsewhere.isEmpty, "\(object) is listed in \(elsewhere.keys.sorted()) too")
    }
    for uid in refused {
      let everything = listings.values.joined()
      #expect(!everything.contains("/\(uid).ics<"), "\(uid) was refused and is listed")
    }
  }
}
