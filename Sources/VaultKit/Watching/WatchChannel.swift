import Foundation
import VaultCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Unix socket between a running `vault watch` and the commands: a command sends `sync`,
/// and the watcher answers `ok` once the index holds every change made before the request
/// (`IndexWatcher`), or `walk` when it cannot vouch for the index (its folders are not all
/// watched). No answer within `timeout`, no socket, a dead watcher: the command walks the
/// vault as it would without one. Never a stale answer.
public enum WatchChannel {
  /// The socket beside the index (`index.sqlite-watch.sock`); when that path is too long for
  /// a Unix socket (about 100 bytes), one in this user's private temporary folder, named by
  /// a hash of the index's path.
  static func socketPath(index: String) -> String {
    let beside = index + "-watch.sock"
    if beside.utf8.count < 100 { return beside }
    return "/tmp/vault-\(getuid())/watch-\(Vault.fingerprint(index)).sock"
  }

  /// The lock only one watcher of an index holds.
  static func lockPath(index: String) -> String { index + "-watch.lock" }

  /// How long a command waits for the watcher's answer before it walks instead, in
  /// milliseconds: `$VAULT_WATCH_TIMEOUT_MS`, else 1,000.
  public static func timeout(environment: [String: String]) -> Int32 {
    environment["VAULT_WATCH_TIMEOUT_MS"].flatMap(Int32.init).map { max(0, $0) } ?? 1000
  }

  /// Asks the watcher of `index`, when one listens, whether the index holds every change made
  /// so far; the answer is read later (`Request.answer`), so that the command opens the index
  /// while the watcher applies what it has seen. Nil when no watcher listens: the command
  /// walks, and can start at once.
  static func ask(index: String, timeout: Int32) -> Request? {
    // The watcher itself, answering a view: it has just applied every change.
    if vouchedStore?.path == index { return Request(socket: -1, timeout: 0) }
    let path = socketPath(index: index)
    guard timeout > 0, FileSystem.status(path, followLinks: false) != nil else { return nil }
    let socket = Self.socket()
    guard socket >= 0 else { return nil }
    guard connect(socket, path), send(socket, "sync\n") else {
      close(socket)
      return nil
    }
    return Request(socket: socket, timeout: timeout)
  }

  /// Asks the watcher of `index` whether the index holds every change made so far: true only
  /// on its `ok`.
  static func sync(index: String, timeout: Int32) -> Bool {
    ask(index: index, timeout: timeout)?.answer() ?? false
  }

  /// A `sync` sent to a watcher, its answer not read yet; the connection closes when released.
  final class Request {
    private let socket: Int32
    private let timeout: Int32

    fileprivate init(socket: Int32, timeout: Int32) {
      self.socket = socket
      self.timeout = timeout
    }

    deinit { if socket >= 0 { close(socket) } }

    /// Whether the index holds every change made before the request: true only on the
    /// watcher's `ok`, within the timeout (or when the watcher asks itself, `vouching`).
    func answer() -> Bool { socket < 0 || WatchChannel.receiveLine(socket, timeout: timeout) == "ok" }
  }

  static func socket() -> Int32 {
    #if os(Linux)
    return Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
    let socket = Darwin.socket(AF_UNIX, SOCK_STREAM, 0)
    var on: Int32 = 1
    setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    return socket
    #endif
  }

  /// The socket's address; nil when the path does not fit.
  static func withAddress<Value>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Value) -> Value? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
  }

  static func connect(_ socket: Int32, _ path: String) -> Bool {
    #if os(Linux)
    let call = Glibc.connect
    #else
    let call = Darwin.connect
    #endif
    return withAddress(path) { call(socket, $0, $1) == 0 } ?? false
  }

  static func send(_ socket: Int32, _ text: String) -> Bool { send(socket, Array(text.utf8)) }

  static func send(_ socket: Int32, _ bytes: [UInt8]) -> Bool {
    var sent = 0
    while sent < bytes.count {
      // Never SIGPIPE: a peer that went away is an answer not given, not the end of this process.
      #if os(Linux)
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      #else
      let count = bytes[sent...].withUnsafeBytes { Darwin.send(socket, $0.baseAddress, $0.count, 0) }
      #endif
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }

  /// One line from the socket, without its newline; nil on a timeout (milliseconds), an error
  /// or an end before a newline.
  static func receiveLine(_ socket: Int32, timeout: Int32) -> String? {
    var rest: [UInt8] = []
    return receiveLine(socket, timeout: timeout, rest: &rest)
  }

  /// One line from the socket, as `receiveLine(_:timeout:)`; `rest` receives the bytes read
  /// after the newline.
  static func receiveLine(_ socket: Int32, timeout: Int32, rest: inout [UInt8]) -> String? {
    var received: [UInt8] = []
    let newline = UInt8(ascii: "\n")
    guard receive(socket, timeout: timeout, into: &received, upTo: 4096, until: { $0.contains(newline) }),
      let end = received.firstIndex(of: newline)
    else { return nil }
    rest = Array(received[(end + 1)...])
    return String(decoding: received[..<end], as: UTF8.self)
  }

  /// Reads until `bytes` holds `count` bytes, within `timeout` milliseconds.
  static func receive(_ socket: Int32, count: Int, timeout: Int32, into bytes: inout [UInt8]) -> Bool {
    receive(socket, timeout: timeout, into: &bytes, upTo: count, until: { $0.count >= count })
  }

  /// Reads into `bytes` until `done` says they are enough, within `timeout` milliseconds and
  /// never past `limit` bytes in all; false on a timeout, an error, the end, or the limit
  /// reached first.
  private static func receive(
    _ socket: Int32, timeout: Int32, into bytes: inout [UInt8], upTo limit: Int, until done: ([UInt8]) -> Bool
  ) -> Bool {
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout) * 1_000_000
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while !done(bytes) {
      let now = DispatchTime.now().uptimeNanoseconds
      guard bytes.count < limit, now < deadline else { return false }
      var waiting = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let ready = poll(&waiting, 1, Int32((deadline - now) / 1_000_000) + 1)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { return false }
      let wanted = min(buffer.count, limit - bytes.count)
      let got = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, wanted) }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return false }
      bytes += buffer[..<got]
    }
    return true
  }
}

extension Vault {
  /// Whether a running watcher says the index holds every change made so far.
  /// Why the running watcher does not vouch for the index (a folder it cannot watch, an index
  /// it cannot write); nil when it does, or when no watcher answers.
  public func watcherDeclines(explicit: String?, environment: [String: String]) -> String? {
    let path = WatchChannel.socketPath(index: indexPath(explicit: explicit, environment: environment))
    guard FileSystem.status(path, followLinks: false) != nil else { return nil }
    let socket = WatchChannel.socket()
    guard socket >= 0 else { return nil }
    defer { close(socket) }
    guard WatchChannel.connect(socket, path), WatchChannel.send(socket, "why\n"),
      let answer = WatchChannel.receiveLine(socket, timeout: WatchChannel.timeout(environment: environment)),
      answer.hasPrefix("not vouching: ")
    else { return nil }
    return String(answer.dropFirst("not vouching: ".count))
  }

  public func watcherVouches(explicit: String?, environment: [String: String]) -> Bool {
    WatchChannel.sync(
      index: indexPath(explicit: explicit, environment: environment),
      timeout: WatchChannel.timeout(environment: environment))
  }
}
