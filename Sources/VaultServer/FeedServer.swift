import Foundation
import Hummingbird
import Logging
import VaultCore
import VaultIndex
import VaultKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vault serve`: the vault's calendar as a feed a phone or Thunderbird subscribes to —
/// `GET /calendar.ics` and `/tasks.ics`, built from the refreshed index, with ETag and
/// Last-Modified and 304 answers. On loopback by default; on another address every request
/// needs the access token (`?token=`), and a wrong or missing one gets 401 and nothing else.
public struct FeedServer: Sendable {
  public var vault: Vault
  public var host: String
  public var port: Int
  /// `--index`, as the other commands take it.
  public var index: String?
  public var environment: [String: String]

  public init(vault: Vault, host: String, port: Int, index: String?, environment: [String: String]) {
    self.vault = vault
    self.host = host
    self.port = port
    self.index = index
    self.environment = environment
  }

  /// Whether `host` reaches this machine only.
  public static func isLoopback(_ host: String) -> Bool {
    ["127.0.0.1", "::1", "localhost"].contains(host.lowercased()) || host.hasPrefix("127.")
  }

  /// The access token of this vault's feed: kept beside the reminder state
  /// (`$XDG_STATE_HOME/vault/<vault>/serve-token`, readable by the user only), made once.
  public func token() throws(VaultError) -> String {
    let folder = vault.stateFolder(environment: environment)
    let path = folder + "/serve-token"
    if let text = try? String(contentsOfFile: path, encoding: .utf8),
      text.trimmingCharacters(in: .whitespacesAndNewlines).count >= 32
    {
      return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    var generator = SystemRandomNumberGenerator()
    let token = (0..<32).map { _ in String(generator.next(upperBound: UInt8(16)), radix: 16) }.joined()
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      FileManager.default.createFile(
        atPath: path, contents: Data((token + "\n").utf8), attributes: [.posixPermissions: 0o600])
      guard (try? String(contentsOfFile: path, encoding: .utf8)) == token + "\n" else {
        throw VaultError.cannotWrite(path, reason: "the token could not be kept")
      }
    } catch let error as VaultError {
      throw error
    } catch {
      throw .cannotWrite(path, reason: VaultError.systemReason(error))
    }
    return token
  }

  /// Serves until SIGINT or SIGTERM; `started` hears the address once it listens.
  public func run(started: @escaping @Sendable (String) -> Void) async throws {
    // A process started with these signals blocked (some supervisors, test runners) could
    // never be stopped: they are unblocked, and a graceful shutdown follows them.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)

    let token = Self.isLoopback(host) ? nil : try token()
    let feeds = FeedCache(vault: vault, index: index, environment: environment)
    let router = Router()
    for (name, tasks) in [("calendar.ics", false), ("tasks.ics", true)] {
      router.get(RouterPath(name)) { request, _ -> Response in
        if let token, !Self.sameToken(request.uri.queryParameters.get("token") ?? "", token) {
          return Response(status: .unauthorized)
        }
        let feed: FeedCache.Feed
        do {
          feed = try await feeds.feed(tasks: tasks)
        } catch {
          return Response(
            status: .internalServerError, body: ResponseBody(byteBuffer: ByteBuffer(string: "\(error)\n")))
        }
        var headers: HTTPFields = [
          .eTag: feed.etag, .lastModified: Self.httpDate(feed.modified), .cacheControl: "no-cache",
        ]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
          $0.trimmingCharacters(in: .whitespaces) == feed.etag
        }) == true {
          return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "text/calendar; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: feed.body)))
      }
    }
    var logger = Logger(label: "vault-serve")
    logger.logLevel = .warning
    let host = host
    let app = Application(
      router: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port)),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        let shown = host.contains(":") ? "[\(host)]" : host
        started("http://\(shown):\(port)")
      }, logger: logger)
    try await app.runService()
  }

  /// Compares in time that does not depend on where they differ.
  static func sameToken(_ given: String, _ token: String) -> Bool {
    let left = Array(given.utf8)
    let right = Array(token.utf8)
    var difference = left.count ^ right.count
    for index in 0..<right.count { difference |= Int((index < left.count ? left[index] : 0) ^ right[index]) }
    return difference == 0
  }

  /// `Tue, 24 Nov 2026 12:00:00 GMT`.
  static func httpDate(_ seconds: Int) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }
}

/// The feeds between requests: the index stays open and is refreshed on each request; a feed
/// is built again only when that refresh changed something (a warm request costs a no-change
/// refresh). Requests take turns.
actor FeedCache {
  struct Feed: Sendable {
    var body: String
    var etag: String
    var modified: Int
  }

  let vault: Vault
  let index: String?
  let environment: [String: String]
  var store: IndexStore?
  var feeds: [Bool: Feed] = [:]
  /// The index's write token when `feeds` were built (`IndexStore.writeToken`).
  var builtFrom: String?

  init(vault: Vault, index: String?, environment: [String: String]) {
    self.vault = vault
    self.index = index
    self.environment = environment
  }

  func feed(tasks: Bool) throws -> Feed {
    let store = try refreshedStore()
    if let feed = feeds[tasks] { return feed }
    // DTSTAMP and Last-Modified: the newest change among the notes, so the same vault gives
    // the same bytes (and ETag) across restarts.
    let modified = (try? store.eventNoteFacts().values.map(\.modified).max()) ?? 0
    var options = CalendarExportOptions()
    if tasks { options.tasks = .todos }
    let body = try vault.calendarExport(in: store, options: options, now: modified ?? 0)
    let feed = Feed(body: body, etag: "\"" + String(StableHash.fnv1a(body), radix: 16) + "\"", modified: modified ?? 0)
    feeds[tasks] = feed
    return feed
  }

  /// The index, brought up to date: with no walk when a watcher (`vault serve`'s own, or a
  /// `vault watch`) vouches for it. The feeds are built again once it was written to.
  private func refreshedStore() throws -> IndexStore {
    let store: IndexStore
    if let open = self.store {
      if !vault.watcherVouches(explicit: index, environment: environment) { try vault.refresh(open) }
      store = open
    } else {
      store = try vault.withIndex(explicit: index, environment: environment, notice: { _ in }) { _ in }.store
      // Open for as long as the server runs: through the page cache, not a map that stays resident.
      store.stopMapping()
      self.store = store
    }
    let token = try store.writeToken()
    if token != builtFrom {
      feeds = [:]
      builtFrom = token
    }
    return store
  }
}
