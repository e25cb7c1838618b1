import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `vault serve` on a free loopback port in a fixture copy, with the addresses it printed.
struct ServedVault {
  let running: CLI.Running
  /// What it printed before it was ready: `web view: …`, `calendar: …`, `tasks: …`, `CalDAV: …`,
  /// and whom it listens to.
  let printed: String

  /// How what it prints when ready ends: whom it listens to.
  static let lastLines = ["with an access token, for a phone", "Stop with Ctrl-C."]

  static func start(_ folder: URL, _ extra: [String] = [], environment: [String: String] = [:]) throws -> ServedVault {
    let running = try CLI.start(
      ["serve", "--port", "0"] + extra, in: folder,
      environment: ["VAULT_INDEX": folder.path + "-index.sqlite", "XDG_STATE_HOME": folder.path + "-state"]
        .merging(environment) { $1 })
    var seen = ""
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline,
      !Self.lastLines.contains(where: {
        seen.contains($0) && (seen.components(separatedBy: $0).last ?? "").contains("\n")
      })
    {
      let data = running.out.fileHandleForReading.availableData
      if data.isEmpty { break }
      seen += String(decoding: data, as: UTF8.self)
    }
    return ServedVault(running: running, printed: seen)
  }

  /// The address printed after `name: `.
  func address(_ name: String) -> String {
    printed.split(separator: "\n").first { $0.contains("\(name): ") }.map {
      String($0.split(separator: " ").first { $0.hasPrefix("http") } ?? "")
    } ?? ""
  }

  /// `http://127.0.0.1:PORT` (or `https://…`).
  var base: String {
    let web = address("web view")
    guard let scheme = web.range(of: "://"), let slash = web[scheme.upperBound...].firstIndex(of: "/") else {
      return web
    }
    return String(web[..<slash])
  }

  /// The access token, when the server asks for one: what follows `?token=` in the web view's address.
  var token: String? {
    address("web view").components(separatedBy: "?token=").dropFirst().first
  }

  /// Every occurrence of the events of `calendar` (its slug) from `first` to the day before
  /// `after`, as recurring-ical-events expands what this server gives (Fixtures/Oracles/caldav-expanded):
  /// "UID START", the start in UTC, or the day of an all-day event. A client's own list is
  /// compared with it.
  func expandedOccurrences(of calendar: String, from first: String, to after: String) throws -> [String] {
    let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/caldav-expanded").path
    let output = try Oracle.run("python3", [oracle, base + "/dav/calendars/\(calendar)/", first, after])
    return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String] ?? []
  }

  /// Ctrl-C, then what it printed.
  func stop() -> CLI.Result { running.interruptAndFinish() }

  /// How many file descriptors the server holds now.
  var descriptors: Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(running.process.processIdentifier)/fd"))?.count
      ?? 0
  }
}

extension CLI.Running {
  /// Ctrl-C (SIGKILL when it has not stopped within 15 seconds), then what it printed.
  func interruptAndFinish() -> CLI.Result {
    process.interrupt()
    let deadline = Date().addingTimeInterval(15)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    return finish()
  }
}

/// HTTP by a real client, Python's urllib, which follows no redirect here: a 303 is an answer.
enum HTTP {
  struct Answer {
    var status: Int
    var headers: [String: String]
    var body: String

    func header(_ name: String) -> String? {
      headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
  }

  static func request(
    _ url: String, method: String = "GET", headers: [String: String] = [:], body: String? = nil,
    trusting certificate: String? = nil
  ) throws -> Answer {
    let spec: [String: Any] = [
      "url": url, "method": method, "headers": headers, "body": body ?? NSNull(), "cafile": certificate ?? NSNull(),
    ]
    let input = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
    let output = try URLLibClients.shared.send(input)
    let values = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any] ?? []
    if values.first as? String == "error" {
      throw Oracle.Failure(description: "python3 (urllib) failed: \(values.last as? String ?? output)")
    }
    return Answer(
      status: values.first as? Int ?? 0, headers: values.count > 1 ? values[1] as? [String: String] ?? [:] : [:],
      body: values.last as? String ?? "")
  }

  /// A port nobody listens on now, from the system.
  static func freePort() throws -> Int {
    let script = "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"
    return Int(try Oracle.run("python3", ["-c", script]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  /// `application/x-www-form-urlencoded`.
  static func form(_ fields: [String: String]) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return fields.sorted { $0.key < $1.key }.map {
      "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }.joined(separator: "&")
  }

  /// The CSRF token a page's forms carry.
  /// A form sent as a page sends it (`application/x-www-form-urlencoded`), with the page's CSRF
  /// token.
  static func post(_ url: String, _ fields: [String: String], csrf: String, cookie: String? = nil) throws -> Answer {
    var headers = ["Content-Type": "application/x-www-form-urlencoded"]
    if let cookie { headers["Cookie"] = cookie }
    return try request(url, method: "POST", headers: headers, body: form(fields.merging(["csrf": csrf]) { $1 }))
  }

  static func csrf(in page: String) -> String {
    guard let range = page.range(of: "name=\"csrf\" value=\"") else { return "" }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
  }
}

/// Python's urllib, kept running: each request is a line of JSON to one of these programs and
/// its answer a line back, one request at a time each, as many programs as requests at once.
/// Starting Python for each request cost 0.14 s of CPU (importing `ssl`), a large part of the
/// suite's time; the programs end when the test process closes their input, or dies.
final class URLLibClients: @unchecked Sendable {
  static let shared = URLLibClients()
  static let script = """
    import sys, json, ssl, urllib.request, urllib.error
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs): return None
    for line in sys.stdin:
        try:
            spec = json.loads(line)
            handlers = [NoRedirect]
            if spec['cafile']:
                handlers.append(urllib.request.HTTPSHandler(context=ssl.create_default_context(cafile=spec['cafile'])))
            opener = urllib.request.build_opener(*handlers)
            data = spec['body'].encode() if spec['body'] is not None else None
            request = urllib.request.Request(spec['url'], data=data, method=spec['method'], headers=spec['headers'])
            try:
                response = opener.open(request, timeout=30)
                status, headers, body = response.status, response.headers, response.read()
            except urllib.error.HTTPError as error:
                status, headers, body = error.code, error.headers, error.read()
            answer = [status, dict(headers.items()), body.decode('utf-8', 'replace')]
        except Exception as error:
            answer = ['error', repr(error)]
        sys.stdout.write(json.dumps(answer) + '\\n')
        sys.stdout.flush()
    """

  private let lock = NSLock()
  private var idle: [Client] = []

  /// The answer line to one request line.
  func send(_ request: String) throws -> String {
    let client = try lock.withLock { idle.popLast() } ?? Client()
    do {
      let answer = try client.send(request)
      lock.withLock { idle.append(client) }
      return answer
    } catch {
      client.end()
      throw error
    }
  }

  final class Client {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var buffer = Data()

    init() throws {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", "-u", "-c", URLLibClients.script]
      process.standardInput = input
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      try process.run()
    }

    func send(_ request: String) throws -> String {
      try input.fileHandleForWriting.write(contentsOf: Data((request + "\n").utf8))
      while true {
        if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
          let line = buffer[buffer.startIndex..<newline]
          buffer = Data(buffer[buffer.index(after: newline)...])
          return String(decoding: line, as: UTF8.self)
        }
        let more = output.fileHandleForReading.availableData
        guard !more.isEmpty else {
          throw Oracle.Failure(description: "python3 (urllib) ended: run scripts/install-test-deps (make test does)")
        }
        buffer.append(more)
      }
    }

    func end() {
      try? input.fileHandleForWriting.close()
      if process.isRunning { process.terminate() }
    }
  }
}
