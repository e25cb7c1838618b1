import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOSSL
import ServiceLifecycle
import VaultCore
import VaultIndex
import VaultKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `vault serve`: the planner in a browser (Web/: today, the calendar, tasks, the journal… live
/// and writable) and the vault's calendar as feeds a phone or Thunderbird subscribes to
/// (`GET /calendar.ics` and `/tasks.ics`, with ETag, Last-Modified and 304 answers). On loopback
/// by default; on another address every request needs the access token: the feeds as
/// `?token=` (a wrong or missing one gets a bare 401), the pages once as `?token=`, then as a
/// cookie (WebGate).
public struct PlannerServer: Sendable {
  public var vault: Vault
  public var host: String
  public var port: Int
  /// `--index`, as the other commands take it.
  public var index: String?
  public var environment: [String: String]
  /// The access token even on loopback (`--require-token`), for a machine others use too.
  public var requireToken: Bool
  /// `--tls-cert` and `--tls-key`: PEM files; with them the server speaks HTTPS only.
  public var tls: (certificate: String, key: String)?
  /// `--name`: more names the server is reached by (a machine's name, a reverse proxy's).
  public var names: [String] = []

  public init(
    vault: Vault, host: String, port: Int, index: String?, environment: [String: String], requireToken: Bool = false,
    tls: (certificate: String, key: String)? = nil, names: [String] = []
  ) {
    self.tls = tls
    self.names = names
    self.vault = vault
    self.host = host
    self.port = port
    self.index = index
    self.environment = environment
    self.requireToken = requireToken
  }

  /// Whether requests need the access token: off loopback, or when asked to.
  public var needsToken: Bool { requireToken || !Self.isLoopback(host) }

  /// Whether `host` reaches this machine only: `localhost`, an address in 127.0.0.0/8 written as
  /// four decimal numbers, or `::1` (`HostNames`; never a name that merely begins with `127.`).
  public static func isLoopback(_ host: String) -> Bool { HostNames.isLoopback(host) }

  /// The access token of this vault's feed: kept beside the reminder state
  /// (`$XDG_STATE_HOME/vault/<vault>/serve-token`, readable by the user only), made once.
  public func token() throws(VaultError) -> String {
    try KeptSecret.value(at: vault.stateFolder(environment: environment) + "/serve-token")
  }

  /// Serves until SIGINT or SIGTERM; `started` hears the address once it listens and the index
  /// holds the whole vault (until then, requests get 503 and how far it is). `watcher`,
  /// when this process runs one, tells the open pages of each change as it is applied.
  public func run(watcher: WatcherThread?, started: @escaping @Sendable (String) -> Void) async throws {
    let token = needsToken ? try token() : nil
    let csrf = try KeptSecret.value(at: vault.stateFolder(environment: environment) + "/serve-form-token")
    let access = WebAccess(token: token, csrf: csrf, host: host, names: names)
    let site = try ServedSite(
      vault: vault, index: index, environment: environment, watcher: watcher, token: token, access: access)
    try await serve(sites: [site], access: access, responder: site.responder, started: started)
  }

  /// Serves the workspaces `accounts` may see, each to the accounts that see it: a person logs
  /// in (a form and a session cookie in the browser, HTTP Basic in a calendar app) and sees and
  /// changes only its workspaces (`AccountGate`). `workspaces` holds each one's vault and
  /// watcher; `--index` does not apply (each vault has its own index).
  public func run(
    workspaces: [ServedWorkspace], started: @escaping @Sendable (String) -> Void
  ) async throws {
    let csrf = try KeptSecret.value(
      at: (LoginSessionStore.path(environment: environment) as NSString).deletingLastPathComponent
        + "/serve-form-token")
    let access = WebAccess(token: nil, csrf: csrf, host: host, names: names)
    let ownIndexes = ServedWorkspace.environment(environment)
    var sites: [ServedSite] = []
    for served in workspaces {
      sites.append(
        try ServedSite(
          vault: served.vault, index: nil, environment: ownIndexes, watcher: served.watcher, token: nil,
          access: access, workspace: served.workspace))
    }
    let gate = try AccountGate(
      sites: sites, access: access, environment: environment, secureCookies: tls != nil)
    try await serve(sites: sites, access: access, responder: gate, started: started)
  }

  private func serve(
    sites: [ServedSite], access: WebAccess, responder: some HTTPResponder<WebContext>,
    started: @escaping @Sendable (String) -> Void
  ) async throws {
    // A process started with these signals blocked (some supervisors, test runners) could
    // never be stopped: they are unblocked, and a graceful shutdown follows them.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)

    var logger = Logger(label: "vault-serve")
    logger.logLevel = .warning
    let host = host
    // Idle and slow connections closed, and no client holding more than its share (`ConnectionLimits`).
    let limits = ConnectionLimits.standard(environment: environment)
    let perClient = ConnectionsPerClient(limit: limits.perClient)
    let http = HTTP1Channel.Configuration(
      additionalChannelHandlers: [perClient.handler()], idleTimeout: .seconds(Int64(limits.idleSeconds)))
    var server: HTTPServerBuilder = .http1(configuration: http)
    if let tls {
      server = try .tls(
        .http1(configuration: http),
        tlsConfiguration: try Self.tlsConfiguration(certificate: tls.certificate, key: tls.key))
    }
    let scheme = tls == nil ? "http" : "https"
    let app = Application(
      responder: responder, server: server,
      configuration: ApplicationConfiguration(
        address: .hostname(host, port: port),
        availableConnectionsDelegate: MaximumAvailableConnections(limits.total)),
      onServerRunning: { channel in
        let port = channel.localAddress?.port ?? 0
        access.listening(on: port)
        let shown = host.contains(":") ? "[\(host)]" : host
        Task {
          for site in sites { await site.opened.value }
          started("\(scheme)://\(shown):\(port)")
        }
      }, logger: logger)
    for site in sites { site.following.start() }
    defer { for site in sites { site.following.stop() } }
    // The open pages' event streams never end by themselves: they are ended first when Ctrl-C
    // or SIGTERM asks the server to stop (services stop in reverse order), so the server's
    // graceful shutdown has no request left to wait for.
    let services = ServiceGroup(
      configuration: .init(
        services: [app] + sites.map { LiveStreamsEnd(live: $0.live) as any Service },
        gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    try await services.run()
  }

  /// The server's side of TLS from PEM files: a certificate (chain) and its private key.
  static func tlsConfiguration(certificate: String, key: String) throws(VaultError) -> TLSConfiguration {
    let chain: [NIOSSLCertificate]
    do {
      chain = try NIOSSLCertificate.fromPEMFile(certificate)
    } catch {
      throw .unreadable(certificate, reason: "not a PEM certificate (\(error))")
    }
    guard !chain.isEmpty else { throw .unreadable(certificate, reason: "it holds no certificate") }
    let privateKey: NIOSSLPrivateKey
    do {
      privateKey = try NIOSSLPrivateKey(file: key, format: .pem)
    } catch {
      throw .unreadable(key, reason: "not a PEM private key (\(error))")
    }
    return TLSConfiguration.makeServerConfiguration(
      certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
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

/// Ends the open pages' event streams when the server is asked to stop.
struct LiveStreamsEnd: Service {
  let live: LiveUpdates

  func run() async throws {
    try? await gracefulShutdown()
    live.finish()
  }
}

/// A workspace `vault serve` serves to accounts: its name and colour, its vault, and the watcher
/// that keeps its index fresh (nil: each request looks at the vault).
public struct ServedWorkspace: Sendable {
  public var workspace: Workspace
  public var vault: Vault
  public var watcher: WatcherThread?

  /// The environment of a workspace's index and watcher: each workspace's index is its own, so
  /// `$VAULT_INDEX`, which names one file, does not apply.
  public static func environment(_ environment: [String: String]) -> [String: String] {
    var own = environment
    own["VAULT_INDEX"] = nil
    return own
  }

  public init(workspace: Workspace, vault: Vault, watcher: WatcherThread?) {
    self.workspace = workspace
    self.vault = vault
    self.watcher = watcher
  }
}
