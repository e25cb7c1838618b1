import Foundation
import TestSupport
import Testing

/// `vault serve` cannot be starved of file descriptors: one client holds at most 64 connections
/// (a further one is closed at once), and a connection idle before or between requests is closed
/// after the idle time (30 s; 2 s here through `$VAULT_SERVE_IDLE_SECONDS`), so 200 idle
/// connections cost the server nothing once it passed, and other clients are answered throughout.
@Suite struct ServerConnectionLimitsTests {
  static let holder = """
    import http.client, json, socket, sys, time
    host, port, count, idle = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    sockets = []
    for _ in range(count):
        s = socket.create_connection((host, port), timeout=5)
        sockets.append(s)
    def still_open():
        alive = 0
        for s in sockets:
            s.setblocking(False)
            try:
                data = s.recv(1)
                alive += 0 if data == b'' else 1
            except BlockingIOError:
                alive += 1
            except OSError:
                pass
        return alive
    time.sleep(0.5)
    held = still_open()
    # Another client (another loopback address) is answered meanwhile.
    other = http.client.HTTPConnection(host, port, timeout=10, source_address=('127.0.0.2', 0))
    other.request('GET', '/tasks')
    answered = other.getresponse().status
    other.close()
    time.sleep(idle + 1.5)
    after = still_open()
    print(json.dumps({'held': held, 'answered': answered, 'after': after}))
    """

  @Test func oneClientHoldsAtMost64ConnectionsAndIdleOnesAreClosed() throws {
    let folder = try Fixture.copy("ExampleVault")
    let server = try ServedVault.start(
      folder, environment: CalDAVClientTests.environment.merging(["VAULT_SERVE_IDLE_SECONDS": "2"]) { $1 })
    defer { _ = server.stop() }
    let port = String(server.base.split(separator: ":").last ?? "")
    let descriptors = { () -> Int in
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.running.process.processIdentifier)/fd"))?
        .count ?? 0
    }
    let before = descriptors()
    let output = try Oracle.run("python3", ["-c", Self.holder, "127.0.0.1", port, "200", "2"])
    let result = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Int])
    print(
      "200 idle connections from one client: \(result["held"] ?? -1) held, \(result["after"] ?? -1) after the idle time"
    )
    #expect(result["held"] ?? 0 <= 64, "\(result)")
    #expect(result["held"] ?? 0 >= 32, "\(result)")
    #expect(result["answered"] == 200)
    #expect(result["after"] == 0, "\(result)")
    // The descriptors they took are given back.
    Thread.sleep(forTimeInterval: 0.5)
    #expect(descriptors() <= before + 4, "\(before) descriptors before, \(descriptors()) after")
  }
}
