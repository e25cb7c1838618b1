import Foundation
import TestSupport
import Testing

/// A symbolic link that leads out of the vault is not followed: what is behind it reaches no
/// command, page, CalDAV answer, feed or search, whether the link was there when the server
/// started or was made while it ran (its watcher sees it); `vault check` names each such link.
/// A link within the vault is followed, as before (`VaultFolderTests`, `WriteSafetyTests`).
@Suite struct LinksOutsideTheVaultTests {
  /// A vault with a folder link and a note link leading out, each to notes named by `word`
  /// that hold `marker(word)` in a title, a heading, a task, an event and the body. Requests ask
  /// for `word` (a page may say what it was asked); an answer with the marker read the note.
  func vaultWithLinksOut(word: String) throws -> (vault: URL, outside: URL) {
    let vault = try Fixture.copy("ExampleVault")
    let outside = try ScratchFolder.make("outside")
    try FileManager.default.createDirectory(
      at: outside.appendingPathComponent("Deep"), withIntermediateDirectories: true)
    try secret(word, "Folder").write(to: outside.appendingPathComponent("\(word) Folder.md"))
    try secret(word, "Deep").write(to: outside.appendingPathComponent("Deep/\(word) Deep.md"))
    try secret(word, "Linked").write(to: outside.appendingPathComponent("\(word) Linked.md"))
    try FileManager.default.createSymbolicLink(at: vault.appendingPathComponent("Shared"), withDestinationURL: outside)
    try FileManager.default.createSymbolicLink(
      atPath: vault.appendingPathComponent("Notes/Linked.md").path,
      withDestinationPath: outside.appendingPathComponent("\(word) Linked.md").path)
    return (vault, outside)
  }

  func marker(_ word: String) -> String { "Behind" + String(word.reversed()) }

  func secret(_ word: String, _ name: String) -> Data {
    let marker = marker(word)
    return Data(
      """
      ---
      title: \(word) \(name) \(marker)
      date: 2026-11-24
      time: "10:00"
      tags: [\(word.lowercased())]
      ---
      # \(word) heading \(marker)

      - [ ] \(word) task \(name) \(marker) 📅 2026-11-23
      The \(word) body, \(marker).

      """.utf8)
  }

  /// Every answer a browser, a phone or a feed reader can get about the vault.
  func everything(from server: ServedVault, word: String) throws -> [(String, HTTP.Answer)] {
    var answers: [(String, HTTP.Answer)] = []
    for path in [
      "/", "/tasks", "/tasks?show=all", "/calendar", "/calendar?month=2026-11", "/day?date=2026-11-24", "/countdown",
      "/journal", "/search?q=\(word)", "/search?q=%23\(word.lowercased())", "/note?path=Shared/\(word)%20Folder",
      "/note?path=\(word)%20Folder", "/note?path=\(word)%20Deep", "/note?path=Shared/Deep/\(word)%20Deep.md",
      "/note?path=Notes/Linked", "/note?path=Linked", "/note?path=\(word)%20Linked",
    ] {
      answers.append((path, try HTTP.request(server.base + path)))
    }
    answers.append(("calendar feed", try HTTP.request(server.address("calendar"))))
    answers.append(("tasks feed", try HTTP.request(server.address("tasks"))))
    for collection in ["events", "tasks"] {
      let path = "/dav/calendars/\(collection)/"
      let query = """
        <?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
        <d:prop><d:getetag/><c:calendar-data/></d:prop><c:filter><c:comp-filter name="VCALENDAR"/></c:filter>\
        </c:calendar-query>
        """
      answers.append(
        (path, try HTTP.request(server.base + path, method: "REPORT", headers: ["Depth": "1"], body: query)))
      let listing = """
        <?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><d:getetag/></d:prop></d:propfind>
        """
      answers.append(
        (
          path + " PROPFIND",
          try HTTP.request(server.base + path, method: "PROPFIND", headers: ["Depth": "1"], body: listing)
        ))
    }
    return answers
  }

  func expectNothingOf(_ word: String, in answers: [(String, HTTP.Answer)]) {
    let marker = marker(word)
    for (asked, answer) in answers {
      #expect(!answer.body.localizedCaseInsensitiveContains(marker), "\(asked) (\(answer.status)) shows \(marker)")
      #expect(answer.status < 500, "\(asked): \(answer.status)")
    }
  }

  @Test func nothingBehindALinkOutIsServedAtStartOrAfter() throws {
    let (vault, outside) = try vaultWithLinksOut(word: "Zebracorn")
    let server = try ServedVault.start(vault, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let first = try everything(from: server, word: "Zebracorn")
    // The answers are real: the vault's own notes are there.
    #expect(first.first { $0.0 == "/dav/calendars/events/" }?.1.body.contains("Dentist") == true)
    #expect(first.first { $0.0 == "/tasks" }?.1.body.contains("Renew passport") == true)
    expectNothingOf("Zebracorn", in: first)
    // Links made while it runs, which its watcher sees: a folder, a note, a folder inside a
    // linked-in folder of the vault.
    let later = try ScratchFolder.make("later")
    try secret("Quokkaword", "Later").write(to: later.appendingPathComponent("Quokkaword Later.md"))
    try FileManager.default.createSymbolicLink(at: vault.appendingPathComponent("Later"), withDestinationURL: later)
    try FileManager.default.createSymbolicLink(
      atPath: vault.appendingPathComponent("Quokkaword.md").path,
      withDestinationPath: later.appendingPathComponent("Quokkaword Later.md").path)
    try FileManager.default.createSymbolicLink(
      at: vault.appendingPathComponent("Notes/Elsewhere"), withDestinationURL: later)
    // An edit behind the first link, and a real note of the vault as a marker that the
    // watcher has looked since.
    try secret("Zebracorn", "Edited").write(to: outside.appendingPathComponent("Zebracorn Folder.md"))
    try Data("- [ ] Marker after the links 📅 2026-11-23\n".utf8).write(to: vault.appendingPathComponent("Marker.md"))
    let deadline = Date().addingTimeInterval(10)
    while try !HTTP.request(server.base + "/tasks").body.contains("Marker after the links"), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.1)
    }
    let after = try everything(from: server, word: "Quokkaword")
    #expect(after.first { $0.0 == "/tasks" }?.1.body.contains("Marker after the links") == true)
    expectNothingOf("Quokkaword", in: after)
    expectNothingOf("Zebracorn", in: after)
  }

  @Test func checkNamesEachLinkOutAndNoCommandReadsBehindIt() throws {
    let (vault, outside) = try vaultWithLinksOut(word: "Zebracorn")
    let real = outside.resolvingSymlinksInPath().path
    let check = try CLI.run(["check"], in: vault)
    let reason = "not read (vault reads only what is inside the vault)"
    #expect(
      check.stdout.contains("Shared:1:1: warning: symbolic link leads outside the vault, to \(real); \(reason)"),
      "\(check.stdout)")
    #expect(
      check.stdout.contains(
        "Notes/Linked.md:1:1: warning: symbolic link leads outside the vault, to \(real)/Zebracorn Linked.md; \(reason)"
      ),
      "\(check.stdout)")
    for arguments in [
      ["tasks", "--json"], ["agenda", "--from", "2026-11-20", "--days", "10"], ["search", "zebracorn"],
      ["list", "--json"], ["today"], ["tags"], ["export", "ics"],
    ] {
      let result = try CLI.run(arguments, in: vault, environment: CalDAVClientTests.environment)
      #expect(!result.stdout.localizedCaseInsensitiveContains(marker("Zebracorn")), "\(arguments): \(result.stdout)")
    }
    for name in ["Shared/Zebracorn Folder.md", "Notes/Linked.md"] {
      let shown = try CLI.run(["show", name], in: vault)
      #expect(shown.status != 0 && shown.stderr.contains("outside the vault"), "\(name): \(shown.stderr)")
    }
  }
}
