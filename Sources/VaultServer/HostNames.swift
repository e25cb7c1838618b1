#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The names a request may give this server by (its `Host` header, and the `Origin` of a page
/// that writes), parsed rather than compared by prefix: a page of another site that makes its
/// own name point here (DNS rebinding: `127.evil.example`, `127.0.0.1.nip.io`) names itself,
/// and is answered 421.
///
/// A server on loopback answers exactly `localhost`, the addresses `127.0.0.0`…`127.255.255.255`
/// written as four decimal numbers, `[::1]`, and the names it was told (`--name`); one on an
/// address, that address and its names; one on every address (`0.0.0.0`, `::`), any name,
/// where the access token guards every request.
struct HostNames: Sendable {
  /// The address it listens on (`--host`).
  let listening: String
  /// More names it is reached by (`--name`: a machine's name, a reverse proxy's), lowercased.
  let names: Set<String>

  init(listening: String, names: [String] = []) {
    self.listening = listening
    self.names = Set(names.map { $0.lowercased() })
  }

  /// A `Host` header (or an `Origin`'s authority) split into its name and port; nil when it is
  /// not one (`a:b:c` without brackets, a port that is no number, an empty name).
  static func split(_ authority: String) -> (name: String, port: Int?)? {
    var name = Substring(authority)
    var port: Substring?
    if name.hasPrefix("[") {
      guard let close = name.firstIndex(of: "]") else { return nil }
      let after = name[name.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else { return nil }
        port = after.dropFirst()
      }
      name = name[name.index(after: name.startIndex)..<close]
      guard address(String(name), family: AF_INET6) != nil else { return nil }
    } else if let colon = name.firstIndex(of: ":") {
      guard name.lastIndex(of: ":") == colon else { return nil }
      port = name[name.index(after: colon)...]
      name = name[..<colon]
    }
    guard !name.isEmpty else { return nil }
    var number: Int?
    if let port {
      guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit), let value = Int(port), value <= 65535
      else { return nil }
      number = value
    }
    return (name.lowercased(), number)
  }

  /// Whether a name is this machine's own: `localhost`, an IPv4 address in 127.0.0.0/8 written
  /// as four decimal numbers, or the IPv6 loopback address.
  static func isLoopback(_ name: String) -> Bool {
    let lowered = name.lowercased()
    if lowered == "localhost" { return true }
    if let bytes = address(lowered, family: AF_INET) { return bytes.first == 127 }
    let bare = lowered.hasPrefix("[") && lowered.hasSuffix("]") ? String(lowered.dropFirst().dropLast()) : lowered
    if let bytes = address(bare, family: AF_INET6) { return bytes == Array(repeating: 0, count: 15) + [1] }
    return false
  }

  /// Whether a `Host` header names this server (at `port`, when it listens on one).
  func accepts(_ header: String?, port: Int?) -> Bool {
    guard let header, let (name, given) = Self.split(header) else { return false }
    if let port, let given, given != port { return false }
    if names.contains(name) { return true }
    if Self.isLoopback(listening) { return Self.isLoopback(name) }
    if listening == "0.0.0.0" || listening == "::" { return true }
    return Self.sameAddress(name, listening)
  }

  /// Whether an `Origin` header is a page of this server: `http(s)://` and a name it accepts.
  /// `null` (a sandboxed frame, a file) is not.
  func acceptsOrigin(_ origin: String, port: Int?) -> Bool {
    let lowered = origin.lowercased()
    for scheme in ["http://", "https://"] where lowered.hasPrefix(scheme) {
      let authority = lowered.dropFirst(scheme.count)
      guard !authority.contains("/") else { return false }
      return accepts(String(authority), port: port)
    }
    return false
  }

  /// Two spellings of one address (`::1` and `0:0:0:0:0:0:0:1`), or the same name.
  static func sameAddress(_ left: String, _ right: String) -> Bool {
    let unbracket = { (text: String) in
      text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
    }
    let (a, b) = (unbracket(left.lowercased()), unbracket(right.lowercased()))
    for family in [AF_INET, AF_INET6] {
      if let first = address(a, family: family), let second = address(b, family: family) { return first == second }
    }
    return a == b
  }

  /// The bytes of an address literal of `family`, as the C library parses it (`inet_pton`
  /// takes IPv4 only as four decimal numbers: no `127.1`, no octal, no hexadecimal).
  static func address(_ text: String, family: Int32) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 16)
    guard inet_pton(family, text, &buffer) == 1 else { return nil }
    return Array(buffer.prefix(family == AF_INET ? 4 : 16))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
