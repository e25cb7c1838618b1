import Dispatch
import Foundation
import VaultCrypto
import VaultKit
import VaultServer

// `vault-serve`: the server of `vault serve`, which parses and checks the command line and
// then replaces itself with this program (`ServeRequest`), so that the `vault` binary carries
// no HTTP stack. Run by hand, it says where to start instead.

/// A line to standard output or error, at once (whoever started the server reads its address).
func say(_ text: String, to handle: FileHandle = .standardOutput) {
  try? handle.write(contentsOf: Data((text + "\n").utf8))
}

guard let request = ServeRequest.from(arguments: Array(CommandLine.arguments.dropFirst())) else {
  say(
    "vault-serve: runs the server for vault serve, which starts it; vault serve --help says how",
    to: .standardError)
  exit(64)
}

/// A JSON object on one line, its keys sorted.
@Sendable func jsonLine(_ object: [String: Any]) -> String {
  let data =
    (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
  return String(decoding: data, as: UTF8.self)
}

/// The error a server ended with, handed from its task to the main thread.
final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Error?

  var error: Error? { lock.withLock { stored } }

  func set(_ error: Error) { lock.withLock { stored = error } }
}

// `--today` and `--now` given to `vault serve` come as the day and moment they named: they
// stand before $VAULT_TODAY and $VAULT_NOW, as on every command line.
var environment = ProcessInfo.processInfo.environment
if let today = request.today {
  environment["VAULT_TODAY"] = today
  if request.now == nil { environment["VAULT_NOW"] = nil }
}
if let now = request.now {
  environment["VAULT_NOW"] = now
  if request.today == nil { environment["VAULT_TODAY"] = nil }
}
let vault: Vault
do {
  vault = try Vault(path: request.vault)
} catch {
  say("vault: error: \(error)", to: .standardError)
  exit(1)
}
// With accounts (`vault account add`), the server serves every workspace they see, each to the
// accounts that see it, and asks everyone to log in; without, it serves this vault to you alone.
let (accounts, accountProblems) = Accounts.load(environment: environment)
for problem in accountProblems { say("vault: warning: \(problem)", to: .standardError) }
let served = accounts.isEmpty ? [] : Accounts.served(by: accounts, environment: environment)
if !accounts.isEmpty {
  do {
    try PasswordHash.checkAvailable()
  } catch {
    say("vault: error: the accounts' passwords cannot be checked: \(error)", to: .standardError)
    exit(1)
  }
}
if !accounts.isEmpty && served.isEmpty {
  say(
    "vault: error: the accounts see no workspace: add one with vault workspace add NAME PATH, "
      + "then vault account add NAME --workspace NAME", to: .standardError)
  exit(1)
}
let server = PlannerServer(
  vault: vault, host: request.host, port: request.port, index: request.index, environment: environment,
  requireToken: request.requireToken, tls: request.tlsCertificate.flatMap { cert in request.tlsKey.map { (cert, $0) } },
  names: request.names ?? [])
let token: String?
do {
  token = server.needsToken && served.isEmpty ? try server.token() : nil
} catch {
  say("vault: error: \(error)", to: .standardError)
  exit(1)
}
// A watcher keeps the index fresh, so a request costs what it answers, not a walk: one for
// each vault served.
var opening: [ServedWorkspace] = []
let ownIndexes = ServedWorkspace.environment(environment)
for workspace in served {
  do {
    let opened = try Vault(path: workspace.path)
    let watcher = WatcherThread(
      vault: opened, index: nil, environment: ownIndexes,
      notice: { say("vault: warning: \(workspace.name): \($0)", to: .standardError) })
    opening.append(ServedWorkspace(workspace: workspace, vault: opened, watcher: watcher))
  } catch {
    say("vault: error: workspace \(workspace.name): \(error)", to: .standardError)
    exit(1)
  }
}
let workspaces = opening
let watcher: WatcherThread? =
  served.isEmpty
  ? WatcherThread(
    vault: vault, index: request.index, environment: environment,
    notice: { say("vault: warning: \($0)", to: .standardError) }) : nil
let outcome = Outcome()
let done = DispatchSemaphore(value: 0)
// Detached: top-level code is the main actor's, and the main thread waits below.
Task.detached {
  do {
    if !workspaces.isEmpty {
      try await server.run(workspaces: workspaces) { address in
        if request.json == true {
          say(
            jsonLine([
              "event": "serving", "web": "\(address)/", "caldav": "\(address)/dav/",
              "calendar": "\(address)/calendar.ics", "tasks": "\(address)/tasks.ics",
              "workspaces": workspaces.map(\.workspace.name), "accounts": accounts.map(\.name),
              "loopbackOnly": PlannerServer.isLoopback(request.host), "token": NSNull(), "vault": NSNull(),
              "notWatching": NSNull(),
            ]))
          return
        }
        say("serving \(workspaces.map(\.workspace.name).joined(separator: ", ")) at \(address)")
        say("  web view: \(address)/")
        say("  CalDAV:   \(address)/dav/")
        say("  accounts: \(accounts.map(\.name).joined(separator: ", "))")
        say("each logs in with its name and password (vault account list)")
        if !PlannerServer.isLoopback(request.host) && request.tlsCertificate == nil {
          say(
            "vault: warning: without --tls-cert and --tls-key, passwords cross the network in\n"
              + "clear text: anyone on it can read them (docs/CALDAV.md, \"TLS\")", to: .standardError)
        }
        say("Stop with Ctrl-C.")
      }
      done.signal()
      return
    }
    try await server.run(watcher: watcher) { address in
      let query = token.map { "?token=\($0)" } ?? ""
      if request.json == true {
        // One line a script reads (docs/JSON.md, "vault serve --json"); warnings stay on stderr.
        var started: [String: Any] = [
          "event": "serving", "vault": vault.root, "web": "\(address)/\(query)",
          "calendar": "\(address)/calendar.ics\(query)", "tasks": "\(address)/tasks.ics\(query)",
          "caldav": "\(address)/dav/", "token": token ?? NSNull(),
          "loopbackOnly": PlannerServer.isLoopback(request.host),
        ]
        started["notWatching"] = watcher?.reason.flatMap { $0.contains("is watched already") ? nil : $0 } ?? NSNull()
        say(jsonLine(started))
        if !PlannerServer.isLoopback(request.host) && request.tlsCertificate == nil {
          say(
            "vault: warning: without --tls-cert and --tls-key, the token crosses the network in clear text",
            to: .standardError)
        }
        return
      }
      say("serving \(vault.displayRoot) at \(address)")
      say("  web view: \(address)/\(query)")
      say("  calendar: \(address)/calendar.ics\(query)")
      say("  tasks:    \(address)/tasks.ics\(query)")
      say("  CalDAV:   \(address)/dav/")
      // What follows the vault while it runs, and what does not (GUIDE.md, "While it runs").
      say("  settings changes are followed; the address and port stay until a restart")
      // Its own line, within 80 columns.
      if token != nil { say("            any user name; the password is the token after ?token=") }
      if let reason = watcher?.reason, !reason.contains("is watched already") {
        say("each request looks at the vault: \(reason)")
      }
      // Each line within 80 columns.
      if PlannerServer.isLoopback(request.host) {
        say("only this machine can reach it; --host 0.0.0.0 opens it to your network,")
        say("with an access token, for a phone or another computer there")
      } else {
        if request.tlsCertificate == nil {
          say(
            "vault: warning: without --tls-cert and --tls-key, the token crosses the network in\n"
              + "clear text with every CalDAV request: anyone on it can read it (docs/CALDAV.md, \"TLS\")",
            to: .standardError)
        }
        say("anyone with the token can read and change the planner: keep the URL private.")
        say("Stop with Ctrl-C.")
      }
    }
  } catch {
    outcome.set(error)
  }
  done.signal()
}
done.wait()
watcher?.stop()
for workspace in workspaces { workspace.watcher?.stop() }
if let error = outcome.error {
  say(
    "vault: error: \(listenFailure(error, host: request.host, port: request.port))",
    to: .standardError)
  exit(1)
}
say(request.json == true ? jsonLine(["event": "stopped"]) : "stopped")
