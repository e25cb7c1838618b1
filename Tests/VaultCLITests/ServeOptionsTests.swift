import Foundation
import TestSupport
import Testing

/// Every option of `vault serve` reaches the server: each is given alone (with `--json` to
/// read the addresses and `--port 0`), and what it changes is seen from outside: the vault
/// served, the day, the index file, the port, the address, the names, the token, TLS.
@Suite struct ServeOptionsTests {
  /// A running `vault serve --json`, with the addresses of its first line.
  struct Started {
    let running: CLI.Running
    let said: [String: Any]
    var web: String { said["web"] as? String ?? "" }
    var base: String { String(web.dropLast(web.hasSuffix("/") ? 1 : 0)) }

    func stop() -> CLI.Result { running.interruptAndFinish() }
  }

  func serve(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Started {
    let running = try CLI.start(
      ["serve", "--json"] + arguments, in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite", "XDG_STATE_HOME": folder.path + "-state"]
        .merging(environment) { $1 })
    var line = Data()
    let deadline = Date().addingTimeInterval(60)
    while !line.contains(10) && Date() < deadline {
      let data = running.out.fileHandleForReading.availableData
      if data.isEmpty { break }
      line.append(data)
    }
    let object = try JSONSerialization.jsonObject(with: line.prefix { $0 != 10 }) as? [String: Any] ?? [:]
    return Started(running: running, said: object)
  }

  @Test func jsonSaysWhereItServesAndThatItStopped() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try serve(["--port", "0"], in: folder)
    #expect(server.said["event"] as? String == "serving")
    #expect(server.said["vault"] as? String == folder.resolvingSymlinksInPath().path)
    #expect(server.said["loopbackOnly"] as? Bool == true && server.said["token"] is NSNull)
    #expect((server.said["caldav"] as? String)?.hasSuffix("/dav/") == true)
    #expect(try HTTP.request(server.said["calendar"] as? String ?? "").status == 200)
    let stopped = server.stop()
    #expect(stopped.status == 0)
    #expect(stopped.stdout.split(separator: "\n").last == #"{"event":"stopped"}"#, "\(stopped.stdout)")
  }

  @Test func vaultAndWorkspaceChooseWhatIsServed() throws {
    let here = try Fixture.copy("ExampleVault")
    let other = try Fixture.copy("ExampleVault")
    try Data("- [ ] Only in the other vault\n".utf8).write(to: other.appendingPathComponent("Other.md"))
    // --vault, from a folder that is no vault.
    let elsewhere = try ScratchFolder.make("elsewhere")
    let byPath = try serve(["--port", "0", "--vault", other.path], in: elsewhere)
    #expect(try HTTP.request(byPath.base + "/tasks").body.contains("Only in the other vault"))
    _ = byPath.stop()
    // --workspace, from within a vault that names the other one.
    // The workspaces are the user's settings: a folder of this test's own.
    let user = ["XDG_CONFIG_HOME": here.path + "-config"]
    #expect(try CLI.run(["workspace", "add", "family", other.path], in: here, environment: user).status == 0)
    let byName = try serve(["--port", "0", "--workspace", "family"], in: here, environment: user)
    #expect(byName.said["vault"] as? String == other.resolvingSymlinksInPath().path)
    #expect(try HTTP.request(byName.base + "/tasks").body.contains("Only in the other vault"))
    _ = byName.stop()
  }

  @Test func todayNowAndIndexReachTheServer() throws {
    let folder = try Fixture.copy("ExampleVault")
    let today = try serve(["--port", "0", "--today", "2026-12-23"], in: folder)
    #expect(try HTTP.request(today.base + "/").body.contains("Wednesday 23 December 2026"))
    _ = today.stop()
    let now = try serve(["--port", "0", "--now", "2026-12-24T22:30"], in: folder)
    #expect(try HTTP.request(now.base + "/").body.contains("Thursday 24 December 2026"))
    _ = now.stop()
    let index = folder.deletingLastPathComponent().appendingPathComponent("chosen.sqlite").path
    let indexed = try serve(["--port", "0", "--index", index], in: folder, environment: ["VAULT_INDEX": ""])
    #expect(try HTTP.request(indexed.base + "/tasks").status == 200)
    #expect(FileManager.default.fileExists(atPath: index))
    _ = indexed.stop()
  }

  @Test func portHostAndNamesAreWhereItListensAndWhoItAnswers() throws {
    let folder = try Fixture.copy("ExampleVault")
    let port = try HTTP.freePort()
    let onPort = try serve(["--port", String(port)], in: folder)
    #expect(onPort.web == "http://127.0.0.1:\(port)/")
    #expect(try HTTP.request(onPort.base + "/").status == 200)
    _ = onPort.stop()
    // Another loopback address: the server is there, and not on 127.0.0.1.
    let onHost = try serve(["--port", String(port), "--host", "127.0.0.2"], in: folder)
    #expect(onHost.web == "http://127.0.0.2:\(port)/")
    #expect(try HTTP.request("http://127.0.0.2:\(port)/").status == 200)
    #expect(throws: (any Error).self) { try HTTP.request("http://127.0.0.1:\(port)/") }
    _ = onHost.stop()
    let named = try serve(["--port", "0", "--name", "planner.home"], in: folder)
    let answerPort = named.web.split(separator: ":").last?.filter(\.isNumber) ?? ""
    #expect(try HTTP.request(named.base + "/", headers: ["Host": "planner.home:\(answerPort)"]).status == 200)
    #expect(try HTTP.request(named.base + "/", headers: ["Host": "other.home:\(answerPort)"]).status == 421)
    _ = named.stop()
  }

  @Test func requireTokenAndTLSAreHowItIsReached() throws {
    let folder = try Fixture.copy("ExampleVault")
    let guarded = try serve(["--port", "0", "--require-token"], in: folder)
    let token = try #require(guarded.said["token"] as? String)
    #expect(guarded.web.hasSuffix("/?token=\(token)"))
    let bare = String(guarded.web.prefix { $0 != "?" })
    #expect(try HTTP.request(bare).status == 401)
    // The token in the URL: the page, or a redirect that keeps it as a cookie.
    #expect([200, 303].contains(try HTTP.request(guarded.web).status))
    #expect(try HTTP.request(guarded.said["calendar"] as? String ?? "").status == 200)
    _ = guarded.stop()
    let tls = Fixture.testsFolder.appendingPathComponent("Fixtures/TLS")
    let certificate = tls.appendingPathComponent("cert.pem").path
    let secure = try serve(
      ["--port", "0", "--tls-cert", certificate, "--tls-key", tls.appendingPathComponent("key.pem").path], in: folder)
    #expect(secure.web.hasPrefix("https://127.0.0.1:"))
    #expect(try HTTP.request(secure.web, trusting: certificate).status == 200)
    _ = secure.stop()
  }

  /// `--color` has nothing to colour in what `vault serve` prints: accepted, and no escape.
  @Test func colorIsAcceptedAndNothingIsColoured() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try serve(["--port", "0", "--color", "always"], in: folder)
    #expect(server.said["event"] as? String == "serving")
    let stopped = server.stop()
    #expect(!stopped.stdout.contains("\u{1B}") && !stopped.stderr.contains("\u{1B}"))
  }
}
