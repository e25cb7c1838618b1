import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The web view of `vault serve`, its own watcher running: the server time of the Today,
/// Calendar and Tasks pages (a GET over loopback, from the request to the last byte), how long a
/// note changed on disk takes to reach an open page's event stream, and the server's CPU while
/// 50 pages stay open and nothing changes.
extension Measurement {
  func webView() throws {
    try withServer(named: "serve") { server, port, started in
      try webView(server: server, port: port, started: started)
    }
  }

  /// `vault serve` on a free port of this vault (its own watcher running), for `body`; stopped after.
  func withServer(
    named name: String, _ body: (_ server: pid_t, _ port: Int, _ started: Date) throws -> Void
  ) throws {
    setenv("VAULT_TODAY", Generator.today.description, 1)
    defer { unsetenv("VAULT_TODAY") }
    let printed = "\(work)/\(name)-\(notes).txt"
    // A port chosen here, not by the server: it prints its address once the index is ready, and
    // answers (503, "not yet") before that.
    let port = try freePort()
    let started = Date()
    let server = try spawnBackground(
      [binary, "serve", "--port", "\(port)", "--vault", folder, "--index", index], output: printed)
    defer {
      kill(server, SIGTERM)
      var status: Int32 = 0
      waitpid(server, &status, 0)
      try? FileManager.default.removeItem(atPath: printed)
    }
    try body(server, port, started)
  }

  private func webView(server: pid_t, port: Int, started: Date) throws {
    // It listens at once; the first page waits for the watcher's first walk.
    while (try? status(port, "/")) == nil {
      guard Date().timeIntervalSince(started) < 600 else { return say("  vault serve did not answer") }
      Thread.sleep(forTimeInterval: 0.01)
    }
    row("vault serve, from start to its first answer", Date().timeIntervalSince(started))
    while (try? get(port, "/")) == nil {
      guard Date().timeIntervalSince(started) < 600 else { return say("  vault serve did not answer") }
      Thread.sleep(forTimeInterval: 0.05)
    }
    row("vault serve, from start to its first page", Date().timeIntervalSince(started))
    for (label, path) in [
      ("web view: Today", "/"), ("web view: Calendar", "/calendar"),
      ("web view: Week", "/calendar?week=\(Generator.today)"), ("web view: Tasks (overdue)", "/tasks?due=overdue"),
    ] {
      row(label + ", server time", try median { try get(port, path).seconds })
    }
    // A change on disk, until an open page's stream says so.
    let note = URL(fileURLWithPath: "\(folder)/Notes/\(Generator.topics[2 % Generator.topics.count])/Note 2.md")
    let original = try Data(contentsOf: note)
    defer { try? original.write(to: note) }
    var edit = 0
    row(
      "web view: a change on disk reaches an open page",
      try median {
        edit += 1
        let stream = try openStream(port)
        defer { close(stream) }
        let start = DispatchTime.now()
        try (original + Data("\nEdited \(edit) #bench\n".utf8)).write(to: note)
        try waitFor("event: change", on: stream, seconds: 10)
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
      })
    #if os(Linux)
    let seconds = min(idleSeconds, 60)
    guard seconds > 0 else { return }
    let streams = try (0..<50).map { _ in try openStream(port) }
    defer { streams.forEach { close($0) } }
    Thread.sleep(forTimeInterval: 1)
    let used = cpuSeconds(server, over: seconds)
    row(
      "web view: 50 open pages, idle CPU", 100 * used / Double(seconds), unit: "%",
      note: String(format: "over %d s", seconds))
    row("vault serve, resident memory", Double(residentKB(server)) / 1024, unit: "MB")
    #endif
  }

  /// A GET over a new connection: the time to its last byte, and the status.
  /// The status of a GET, whatever it is.
  func status(_ port: Int, _ path: String) throws -> Int {
    let socket = try connect(port)
    defer { close(socket) }
    try send(socket, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    let head = String(decoding: receiveAll(socket).prefix(16), as: UTF8.self)
    return Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
  }

  /// A loopback port nobody listens on now, from the system.
  func freePort() throws -> Int {
    #if canImport(Glibc)
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else { throw BenchError("no free port: \(String(cString: strerror(errno)))") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  func get(_ port: Int, _ path: String) throws -> (seconds: Double, status: Int) {
    let start = DispatchTime.now()
    let socket = try connect(port)
    defer { close(socket) }
    try send(socket, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    let received = receiveAll(socket)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let head = String(decoding: received.prefix(16), as: UTF8.self)
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    guard status == 200 else { throw BenchError("GET \(path): status \(status)") }
    return (seconds, status)
  }

  /// Everything the server sends until it closes the connection.
  func receiveAll(_ socket: Int32) -> [UInt8] {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count <= 0 { break }
      received += buffer[..<count]
    }
    return received
  }

  /// `/live`, read up to its first comment.
  func openStream(_ port: Int) throws -> Int32 {
    let socket = try connect(port)
    try send(socket, "GET /live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
    try waitFor(": connected", on: socket, seconds: 10)
    return socket
  }

  func waitFor(_ text: String, on socket: Int32, seconds: Double) throws {
    var received = ""
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !received.contains(text) {
      guard Date() < deadline else { throw BenchError("no '\(text)' within \(seconds) s") }
      var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard poll(&waiting, 1, 100) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw BenchError("the stream ended") }
      received += String(decoding: buffer[..<count], as: UTF8.self)
    }
  }

  func connect(_ port: Int) throws -> Int32 {
    #if canImport(Glibc)
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        #if canImport(Glibc)
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #else
        Darwin.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        #endif
      }
    }
    guard result == 0 else {
      close(socket)
      throw BenchError("cannot connect to port \(port)")
    }
    return socket
  }

  func send(_ socket: Int32, _ text: String) throws {
    let bytes = Array(text.utf8)
    let sent = bytes.withUnsafeBytes { write(socket, $0.baseAddress, $0.count) }
    guard sent == bytes.count else { throw BenchError("cannot send to the server") }
  }
}
