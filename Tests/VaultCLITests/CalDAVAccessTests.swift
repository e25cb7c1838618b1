import Foundation
import TestSupport
import Testing

/// Who may use vault's CalDAV server: on loopback anyone on this machine; with the access token
/// asked for (off loopback, or `--require-token`), HTTP Basic with the token as the password; over
/// TLS with `--tls-cert`/`--tls-key`; and a page of another site that names itself (DNS
/// rebinding) is refused.
@Suite struct CalDAVAccessTests {
  static let propfind = """
    <?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:current-user-principal/></d:prop></d:propfind>
    """

  func basic(_ password: String) -> String {
    "Basic " + Data("phone:\(password)".utf8).base64EncodedString()
  }

  @Test func theTokenIsThePasswordOfHTTPBasic() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, ["--require-token"], environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let token = try #require(server.token)
    #expect(server.printed.contains("the password is the token"), "\(server.printed)")
    let url = server.base + "/dav/"
    let none = try HTTP.request(url, method: "PROPFIND", headers: ["Depth": "0"], body: Self.propfind)
    #expect(none.status == 401)
    #expect(none.header("WWW-Authenticate")?.hasPrefix("Basic realm=\"vault\"") == true)
    let wrong = try HTTP.request(
      url, method: "PROPFIND", headers: ["Depth": "0", "Authorization": basic("guess")], body: Self.propfind)
    #expect(wrong.status == 401)
    let right = try HTTP.request(
      url, method: "PROPFIND", headers: ["Depth": "0", "Authorization": basic(token)], body: Self.propfind)
    #expect(right.status == 207)
    #expect(right.body.contains("<d:current-user-principal><d:href>/dav/</d:href>"))
    // A client given only the address asks the root, which answers as the principal.
    let root = try HTTP.request(
      server.base + "/", method: "PROPFIND", headers: ["Depth": "0", "Authorization": basic(token)],
      body: Self.propfind)
    #expect(root.status == 207)
    #expect(root.body.contains("<d:current-user-principal><d:href>/dav/</d:href>"))
    // Discovery (RFC 6764) leads to the principal.
    let known = try HTTP.request(server.base + "/.well-known/caldav")
    #expect(known.status == 301)
    #expect(known.header("Location") == "/dav/")
  }

  @Test func aPageOfAnotherSiteNamingItselfIsRefused() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(folder, environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    let rebound = try HTTP.request(
      server.base + "/dav/calendars/events/", method: "PROPFIND",
      headers: ["Depth": "1", "Host": "evil.example:80"], body: Self.propfind)
    #expect(rebound.status == 421)
    let options = try HTTP.request(server.base + "/dav/calendars/events/", method: "OPTIONS")
    #expect(options.status == 200)
    #expect(options.header("DAV") == "1, 3, calendar-access, extended-mkcol")
  }

  @Test func withACertificateItSpeaksHTTPSOnly() throws {
    let folder = try Fixture.copy("ExampleVault")
    let tls = Fixture.testsFolder.appendingPathComponent("Fixtures/TLS")
    let certificate = tls.appendingPathComponent("cert.pem").path
    let server = try ServedVault.start(
      folder, ["--tls-cert", certificate, "--tls-key", tls.appendingPathComponent("key.pem").path],
      environment: CalDAVClientTests.environment)
    defer { _ = server.stop() }
    #expect(server.base.hasPrefix("https://127.0.0.1:"), "\(server.printed)")
    let answer = try HTTP.request(
      server.base + "/dav/", method: "PROPFIND", headers: ["Depth": "0"], body: Self.propfind, trusting: certificate)
    #expect(answer.status == 207)
    let plain = server.base.replacingOccurrences(of: "https://", with: "http://") + "/dav/"
    #expect(throws: (any Error).self) { try HTTP.request(plain, method: "PROPFIND", body: Self.propfind) }
  }

  @Test func aMissingOrBrokenCertificateIsSaidBeforeServing() throws {
    let folder = try Fixture.copy("ExampleVault")
    let broken = folder.deletingLastPathComponent().appendingPathComponent("broken.pem")
    try "not a certificate\n".write(to: broken, atomically: true, encoding: .utf8)
    let result = try CLI.run(
      ["serve", "--port", "0", "--tls-cert", broken.path, "--tls-key", broken.path], inVault: folder,
      today: CalDAVClientTests.today)
    #expect(result.status != 0)
    #expect(result.stderr.contains("broken.pem"), "\(result.stderr)")
    let half = try CLI.run(["serve", "--tls-cert", broken.path], inVault: folder, today: CalDAVClientTests.today)
    #expect(half.status != 0)
    #expect(half.stderr.contains("give --tls-cert and --tls-key together"))
  }
}
