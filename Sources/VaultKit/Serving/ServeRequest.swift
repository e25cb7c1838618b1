import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `vault serve` asks of `vault-serve`, the program beside `vault` that runs the server.
///
/// `vault` parses and checks the command line, opens the vault, then hands over: it replaces
/// itself (`exec`, same process, same signals) with `vault-serve --request JSON`. So the `vault`
/// binary carries no HTTP stack: Hummingbird, NIO and TLS were a third of its relocations and a
/// fifth of its protocol conformances, and every command paid for them at start-up
/// (docs/PERFORMANCE.md, "A thinner `vault`").
public struct ServeRequest: Codable, Sendable, Equatable {
  /// The vault folder as `vault` was given it (relative to the working folder, which `exec` keeps).
  public var vault: String
  /// `--index`, when given (else `$VAULT_INDEX` or the default, as every command reads it).
  public var index: String?
  public var host: String
  public var port: Int
  public var requireToken: Bool
  public var tlsCertificate: String?
  public var tlsKey: String?
  /// `--name`: more names the server is reached by.
  public var names: [String]?
  /// `--today` and `--now`, as `YYYY-MM-DD` and `YYYY-MM-DDTHH:MM`: the day and moment the pages,
  /// CalDAV and the feeds take, as every command does (nil: the clock's).
  public var today: String?
  public var now: String?
  /// `--json`: the addresses as one JSON line at start, and one when it stops (docs/JSON.md).
  public var json: Bool?

  public init(
    vault: String, index: String?, host: String, port: Int, requireToken: Bool, tlsCertificate: String?,
    tlsKey: String?, names: [String] = [], today: String? = nil, now: String? = nil, json: Bool = false
  ) {
    self.json = json ? true : nil
    self.names = names
    self.today = today
    self.now = now
    self.vault = vault
    self.index = index
    self.host = host
    self.port = port
    self.requireToken = requireToken
    self.tlsCertificate = tlsCertificate
    self.tlsKey = tlsKey
  }

  /// The helper's file name, beside `vault`.
  public static let helperName = "vault-serve"
  /// The one option the helper takes.
  public static let requestOption = "--request"

  /// The request in the helper's arguments, or nil when they are not `--request JSON` (a person
  /// who ran `vault-serve` by hand).
  public static func from(arguments: [String]) -> ServeRequest? {
    guard arguments.count == 2, arguments[0] == requestOption else { return nil }
    return try? JSONDecoder().decode(ServeRequest.self, from: Data(arguments[1].utf8))
  }

  /// Where the helper is: beside `executable` (the running `vault`, symbolic links resolved).
  public static func helper(beside executable: String) -> String {
    (executable as NSString).deletingLastPathComponent + "/" + helperName
  }

  /// Replaces this process with the helper running the request; returns only when that
  /// failed, with why.
  public func handOver(to helper: String) -> VaultError {
    guard FileManager.default.isExecutableFile(atPath: helper) else {
      return .cannotServe(
        "\(Self.helperName), the program that runs the server, is not beside vault (\(helper)); "
          + "`swift build` builds both, `make install` installs both")
    }
    let json: String
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      json = String(decoding: try encoder.encode(self), as: UTF8.self)
    } catch {
      return .cannotServe("\(error)")
    }
    let arguments = [helper, Self.requestOption, json]
    var pointers = arguments.map { strdup($0) }
    pointers.append(nil)
    execv(helper, pointers)
    let reason = String(cString: strerror(errno))
    for pointer in pointers { free(pointer) }
    return .cannotServe("cannot run \(helper): \(reason)")
  }
}
