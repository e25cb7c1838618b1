import Foundation
import TestSupport
import Testing

/// `caldav-server-tester`, the caldav project's checker, against vault's CalDAV server and, in the
/// same run, against Radicale as the reference (Fixtures/Oracles/caldav-server-checks): every check
/// Radicale passes, vault passes, except those docs/CALDAV.md lists with the reason.
@Suite struct CalDAVServerCheckTests {
  /// The checks docs/CALDAV.md says vault does not pass: the first column of the table under
  /// "Checks vault does not pass".
  static func listedExceptions() throws -> Set<String> {
    try DocumentedExceptions.listed(in: "docs/CALDAV.md", under: "Checks vault does not pass")
  }

  @Test func vaultPassesEveryCheckRadicalePassesButTheDocumentedOnes() throws {
    let folder = try Fixture.copy("ExampleVault")
    // The checker counts what its searches find, so its calendar holds its own objects only:
    // the events of a folder and the to-dos of a tag, one calendar of both.
    let config = folder.appendingPathComponent(".vault/config.yml")
    let settings = (try? String(contentsOf: config, encoding: .utf8)) ?? ""
    try (settings + "\ncalendars:\n  Checker: {folder: Checker, tag: checker}\n")
      .write(to: config, atomically: true, encoding: .utf8)
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/caldav-server-checks").path
    let work = folder.deletingLastPathComponent().appendingPathComponent("radicale").path
    let output = try Oracle.run("python3", [oracle, server.base + "/dav/", "Checker", work])
    let result = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    let ours = result["vault"] as? [String: String] ?? [:]
    let reference = result["radicale"] as? [String: String] ?? [:]
    #expect(!reference.isEmpty && !ours.isEmpty, "\(output.prefix(2000))")
    // How many of the library's server features have each grade, for the record.
    let graded = result["grades"] as? [String: [String: Int]] ?? [:]
    func grades(_ server: String) -> String {
      (graded[server] ?? [:]).sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    }
    print("caldav-server-tester: vault \(grades("vault")); Radicale \(grades("radicale"))")
    // Beyond Radicale: a search of principals (RFC 3744 principal-property-search) finds the one.
    #expect((ours["principal-search"] ?? "full") == "full", "\(ours)")
    let exceptions = try Self.listedExceptions()
    #expect(!exceptions.isEmpty, "the table of docs/CALDAV.md was not found")
    let missed = Set(reference.keys).union(ours.keys).filter { feature in
      (reference[feature] ?? "full") == "full" && (ours[feature] ?? "full") != "full"
    }
    // The checker names a group by its parent when all of its parts agree: a listed check covers
    // its parts and the group it is part of.
    func related(_ one: String, _ other: String) -> Bool {
      one == other || one.hasPrefix(other + ".") || other.hasPrefix(one + ".")
    }
    for feature in missed.sorted() where !exceptions.contains(where: { related($0, feature) }) {
      Issue.record(
        "vault fails '\(feature)' (\(ours[feature] ?? "?")), which Radicale passes; fix it or list it in docs/CALDAV.md"
      )
    }
    // A listed exception that vault now passes is taken off the list.
    for feature in exceptions.sorted() where !missed.contains(where: { related($0, feature) }) {
      Issue.record("docs/CALDAV.md lists '\(feature)', which vault passes (or Radicale fails) now: take it off")
    }
  }
}
