import Foundation
import TestSupport
import Testing

/// A to-do in the task list of a tag stays in that list whatever its client sends: the line
/// keeps the tag when the client changes SUMMARY from its own copy, a category becomes a tag and
/// one taken off leaves the text, and a UID another list holds moves the to-do, never writes it twice.
/// A task's own category (`[category:: money]`) travels among its categories and stays a field.
@Suite struct CalDAVTaskListTagsTests {
  static func todo(_ uid: String, _ summary: String, categories: String?) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Phone//EN", "BEGIN:VTODO", "UID:\(uid)",
      "DTSTAMP:20261120T120000Z", "DUE;VALUE=DATE:20261205", "SUMMARY:\(summary)",
    ]
    if let categories { lines.append("CATEGORIES:\(categories)") }
    lines += ["END:VTODO", "END:VCALENDAR"]
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  /// The example vault with a task list of the tag `errands`, served.
  static func servedWithErrands() throws -> (URL, ServedVault) {
    let folder = try Fixture.copy("ExampleVault")
    let config = folder.appendingPathComponent(".vault/config.yml")
    let settings = (try? String(contentsOf: config, encoding: .utf8)) ?? ""
    try (settings + "\ncalendars:\n  Errands: {tag: errands}\n").write(to: config, atomically: true, encoding: .utf8)
    return (folder, try ServedVault.start(folder, environment: CalDAVClientTests.environment))
  }

  func line(_ folder: URL, _ id: String) throws -> String {
    let text = try String(contentsOf: folder.appendingPathComponent("Tasks.md"), encoding: .utf8)
    let lines = text.split(separator: "\n").filter { $0.contains("🆔 \(id) ") || $0.hasSuffix("🆔 \(id)") }
    #expect(lines.count == 1, "\(text)")
    return lines.first.map(String.init) ?? ""
  }

  @Test func aToDoKeepsItsListsTagAndTakesItsCategoriesAsTags() throws {
    let (folder, server) = try Self.servedWithErrands()
    defer { _ = server.stop() }
    let list = server.base + "/dav/calendars/errands/"

    // Made on the phone: the categories are tags, then the list's.
    let sent = Self.todo("bulbs-1", "Buy bulbs", categories: "Home Stuff,garden")
    let made = try HTTP.request(
      list + "bulbs-1.ics", method: "PUT", headers: ["Content-Type": "text/calendar"], body: sent)
    #expect(made.status == 201, "\(made.body)")
    #expect(try line(folder, "bulbs-1").hasPrefix("- [ ] Buy bulbs #Home-Stuff #garden #errands 🆔 bulbs-1"))
    let read = try HTTP.request(list + "bulbs-1.ics")
    #expect(read.status == 200)

    // Changed from the phone's own copy (no list tag in its SUMMARY), one category taken off:
    // the line keeps the list's tag and loses the category's.
    let changed = Self.todo("bulbs-1", "Buy tulip bulbs", categories: "garden")
    let put = try HTTP.request(
      list + "bulbs-1.ics", method: "PUT", headers: ["Content-Type": "text/calendar"], body: changed)
    #expect(put.status == 204, "\(put.body)")
    #expect(try line(folder, "bulbs-1").hasPrefix("- [ ] Buy tulip bulbs #garden #errands 🆔 bulbs-1"))
    let listing = try HTTP.request(
      list, method: "PROPFIND", headers: ["Depth": "1"],
      body: "<d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop></d:propfind>")
    #expect(listing.body.contains("/dav/calendars/errands/bulbs-1.ics"), "\(listing.body)")

    // The same UID put into another task list: the to-do moves there (its line loses the
    // list's tag), never a second line; the old address then has nothing.
    let copy = try HTTP.request(list + "bulbs-1.ics").body
    let twice = try HTTP.request(
      server.base + "/dav/calendars/tasks/elsewhere.ics", method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: copy.replacingOccurrences(of: "SUMMARY:Buy tulip bulbs", with: "SUMMARY:Buy bulbs again"))
    #expect(twice.status == 201, "\(twice.body)")
    let moved = try line(folder, "bulbs-1")
    #expect(moved.hasPrefix("- [ ] Buy bulbs again #garden 🆔 bulbs-1"), "\(moved)")
    #expect(try HTTP.request(list + "bulbs-1.ics").status == 404)
    #expect(
      try HTTP.request(server.base + "/dav/calendars/tasks/elsewhere.ics").body.contains("SUMMARY:Buy bulbs again"))
  }

  /// A new to-do PUT into Tasks with another list's tag among its CATEGORIES (Errands', as vault
  /// itself sends it) stays where its client put it: the line is not given that tag, which would
  /// list it in Errands and leave nothing at the address the client chose, and the CATEGORIES
  /// come back. Its other categories are tags as ever. The tag leaves its text too, where
  /// vault's own object of an Errands to-do says it.
  @Test func aNewToDoWithAnotherListsTagStaysInTheListItWasPutIn() throws {
    let (folder, server) = try Self.servedWithErrands()
    defer { _ = server.stop() }
    let address = server.base + "/dav/calendars/tasks/milk-1.ics"
    let made = try HTTP.request(
      address, method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: Self.todo("milk-1", "Buy milk", categories: "errands,dairy"))
    #expect(made.status == 201, "\(made.body)")
    #expect(try line(folder, "milk-1").hasPrefix("- [ ] Buy milk #dairy 🆔 milk-1"))
    let got = try HTTP.request(address)
    #expect(got.status == 200 && got.body.contains("CATEGORIES:errands,dairy\r\n"), "\(got.body)")
    #expect(try HTTP.request(server.base + "/dav/calendars/errands/milk-1.ics").status == 404)

    // vault's own object of an Errands to-do says the tag in SUMMARY too.
    let stamps = try HTTP.request(
      server.base + "/dav/calendars/tasks/stamps-1.ics", method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: Self.todo("stamps-1", "Buy stamps #errands #post", categories: "errands"))
    #expect(stamps.status == 201, "\(stamps.body)")
    #expect(try line(folder, "stamps-1").hasPrefix("- [ ] Buy stamps #post 🆔 stamps-1"))
    #expect(
      try HTTP.request(server.base + "/dav/calendars/tasks/stamps-1.ics").body.contains(
        "SUMMARY:Buy stamps #errands #post"))
  }

  /// A client that keeps a to-do's tags in CATEGORIES alone (its SUMMARY is the bare text)
  /// renames it: the line gets the new text and keeps its tags.
  @Test func aToDoRenamedByAClientThatKeepsTagsInCategoriesKeepsThem() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let address = server.base + "/dav/calendars/tasks/vet-1.ics"
    let made = try HTTP.request(
      address, method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: Self.todo("vet-1", "Call the vet", categories: "pets,home"))
    #expect(made.status == 201, "\(made.body)")
    #expect(try line(folder, "vet-1").hasPrefix("- [ ] Call the vet #pets #home 🆔 vet-1"))
    let renamed = try HTTP.request(
      address, method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: Self.todo("vet-1", "Call the vet today", categories: "pets,home"))
    #expect(renamed.status == 204, "\(renamed.body)")
    let now = try line(folder, "vet-1")
    #expect(now.hasPrefix("- [ ] Call the vet today #pets #home 🆔 vet-1"), "\(now)")
  }

  @Test func aTasksCategoryIsOneOfItsCategoriesAndStaysItsField() throws {
    let folder = try Fixture.copy("ExampleVault")
    let tasks = folder.appendingPathComponent("Tasks.md")
    let before = try String(contentsOf: tasks, encoding: .utf8)
    try (before + "- [ ] Pay the plumber #home [category:: money] 📅 2026-12-03 🆔 plumb1\n").write(
      to: tasks, atomically: true, encoding: .utf8)
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let address = server.base + "/dav/calendars/tasks/plumb1.ics"
    let got = try HTTP.request(address)
    #expect(got.status == 200 && got.body.contains("CATEGORIES:home,money"), "\(got.body)")
    // The words are the SUMMARY: the fields stay on the line, whatever the phone sends.
    #expect(got.body.contains("SUMMARY:Pay the plumber #home\r\n"), "\(got.body)")
    let put = { (categories: String) throws -> Int in
      let body = got.body.replacingOccurrences(of: "CATEGORIES:home,money", with: "CATEGORIES:\(categories)")
      return try HTTP.request(address, method: "PUT", headers: ["Content-Type": "text/calendar"], body: body).status
    }
    // Sent back as it came: the line is as it was, no `#money` tag.
    #expect(try put("home,money") == 204)
    #expect(try line(folder, "plumb1") == "- [ ] Pay the plumber #home [category:: money] 📅 2026-12-03 🆔 plumb1")
    // Another category added on the phone is a tag; the category stays the field.
    #expect(try put("home,Money,urgent") == 204)
    let renamed = got.body.replacingOccurrences(of: "SUMMARY:Pay the plumber", with: "SUMMARY:Pay the plumber now")
    #expect(
      try line(folder, "plumb1") == "- [ ] Pay the plumber #home #urgent [category:: money] 📅 2026-12-03 🆔 plumb1")
    // A new SUMMARY replaces the words, and the field is there once.
    let sent = try HTTP.request(
      address, method: "PUT", headers: ["Content-Type": "text/calendar"],
      body: renamed.replacingOccurrences(of: "CATEGORIES:home,money", with: "CATEGORIES:home,money,urgent"))
    #expect(sent.status == 204)
    #expect(
      try line(folder, "plumb1") == "- [ ] Pay the plumber now #home #urgent [category:: money] 📅 2026-12-03 🆔 plumb1")
    let tasksJSON = try CLI.run(["tasks", "--json"], in: folder, environment: CalDAVClientTests.environment)
    #expect(
      tasksJSON.stdout.contains("\"category\" : \"money\"") || tasksJSON.stdout.contains("\"category\":\"money\""))
    // Taken off on the phone: the line loses the field, and nothing else.
    let now = try HTTP.request(address)
    let without = now.body.replacingOccurrences(of: ",money", with: "")
    #expect(without != now.body, "\(now.body)")
    let status = try HTTP.request(
      address, method: "PUT", headers: ["Content-Type": "text/calendar"], body: without
    ).status
    #expect(status == 204)
    #expect(try line(folder, "plumb1") == "- [ ] Pay the plumber now #home #urgent 📅 2026-12-03 🆔 plumb1")
  }
}
