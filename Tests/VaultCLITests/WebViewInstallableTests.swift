import Foundation
import TestSupport
import Testing

/// The web view goes on a phone's home screen and opens without the server, as chromium judges
/// it (Fixtures/Oracles/installable-in-browser, one browser profile kept between two runs): its
/// manifest reads without error and nothing stops an install, the service worker controls the
/// pages, and once the server is stopped the pages opened before come back as they were, with a
/// word that the server cannot be reached, and a page never opened says it is offline.
@Suite struct WebViewInstallableTests {
  static let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/installable-in-browser").path
  static let pages = ["/", "/tasks", "/calendar", "/note?path=Projects/Garden.md"]

  func run(_ mode: String, _ base: String, profile: URL) throws -> [String: Any] {
    let output = try Oracle.run(
      "python3", [Self.oracle, mode, base, profile.path] + Self.pages, environment: ["SE_AVOID_STATS": "true"])
    let result = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    for failure in result["failures"] as? [String] ?? ["no answer: \(output)"] {
      Issue.record("\(mode): \(failure)")
    }
    return result
  }

  @Test func itInstallsAndShowsThePagesAsLastSeenWithoutTheServer() throws {
    let folder = try Fixture.copy("ExampleVault")
    let profile = folder.deletingLastPathComponent().appendingPathComponent("browser-profile")
    let server = try ServedVault.start(folder, environment: WebViewTests.environment)
    let base = server.base
    let online: [String: Any]
    do {
      defer { _ = server.stop() }
      online = try run("online", base, profile: profile)
    }
    #expect(online["manifestErrors"] as? [String] == [])
    #expect(online["installabilityErrors"] as? [String] == [], "\(online)")
    let manifest = online["manifest"] as? [String: Any] ?? [:]
    #expect(manifest["name"] as? String == "vault")
    #expect(manifest["display"] as? String == "standalone")
    #expect(online["iconSizes"] as? [String] == ["192x192", "512x512", "any"])
    #expect((online["serviceWorker"] as? String)?.hasSuffix("/sw.js") == true, "\(online)")
    let seen = online["headings"] as? [String: String] ?? [:]
    #expect(seen.count == Self.pages.count, "\(online)")

    // The server is stopped: the same browser, no network to it.
    #expect((try? HTTP.request(base + "/")) == nil)
    let offline = try run("offline", base, profile: profile)
    #expect(offline["headings"] as? [String: String] == seen, "\(offline)")
    #expect(offline["neverOpened"] as? String == "Offline")
    #expect((offline["said"] as? String)?.hasPrefix("The server cannot be reached") == true, "\(offline)")
  }
}
