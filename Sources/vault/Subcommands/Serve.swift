import ArgumentParser
import Dispatch
import Foundation
import VaultCore
import VaultKit
import VaultServer

/// `vault serve`: the planner in a browser, and live iCalendar feeds for phones and desktop
/// calendars.
struct Serve: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the planner as web pages, the calendar as feeds, and CalDAV for phone calendars.",
    discussion: """
      The web view (open the address it prints) shows today, the calendar, tasks, the journal, \
      goals, countdowns, insights, your principles, the mood and search, and changes notes as \
      the commands do (a box ticked on the page writes what vault done writes). Open pages follow \
      changes on disk within a second. The feeds answer with the events as iCalendar (vault \
      export ics), with ETag and Last-Modified so a client that has them gets 304. At /dav/ a \
      CalDAV server lets phone and desktop calendars read and change events and tasks (docs/CALDAV.md). A watcher \
      keeps the index fresh while it runs (as vault watch does; with a vault watch already \
      running, that one). It listens on 127.0.0.1 only, unless --host says otherwise; then \
      every request needs the access token it prints (in the URL, ?token=…; a browser keeps it \
      as a cookie), kept in $XDG_STATE_HOME/vault/ so the URL stays the same. Stop it with Ctrl-C.
        vault serve
        vault serve --host 0.0.0.0 --port 8765
        vault serve --host 0.0.0.0 --tls-cert cert.pem --tls-key key.pem
      """)

  @OptionGroup var options: GlobalOptions

  @Option(name: .long, help: "The port (default 8765; 0 picks a free one).")
  var port = 8765

  @Option(name: .long, help: "The address to listen on (default 127.0.0.1: this machine only).")
  var host = "127.0.0.1"

  @Flag(name: .long, help: "Ask for the access token on this machine too (on another address it always is).")
  var requireToken = false

  @Option(
    name: .customLong("tls-cert"),
    help: ArgumentHelp("A PEM certificate (chain): serve HTTPS only, with --tls-key.", valueName: "file"))
  var tlsCertificate: String?

  @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
  var tlsKey: String?

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
    if (tlsCertificate == nil) != (tlsKey == nil) { throw ValidationError("give --tls-cert and --tls-key together") }
  }

  func run() throws {
    let vault = try options.openVault()
    let terminal = options.terminal()
    let server = PlannerServer(
      vault: vault, host: host, port: port, index: options.index, environment: options.environment,
      requireToken: requireToken, tls: tlsCertificate.flatMap { cert in tlsKey.map { (cert, $0) } })
    let token = server.needsToken ? try server.token() : nil
    // A watcher keeps the index fresh, so a request costs what it answers, not a walk.
    let watcher = WatcherThread(
      vault: vault, index: options.index, environment: options.environment,
      notice: { terminal.printError("vault: warning: \($0)") })
    defer { watcher.stop() }
    let outcome = Outcome()
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        try await server.run(watcher: watcher) { address in
          let query = token.map { "?token=\($0)" } ?? ""
          terminal.print("serving \(vault.displayRoot) at \(address)")
          terminal.print("  web view: \(address)/\(query)")
          terminal.print("  calendar: \(address)/calendar.ics\(query)")
          terminal.print("  tasks:    \(address)/tasks.ics\(query)")
          terminal.print("  CalDAV:   \(address)/dav/")
          // Its own line, within 80 columns.
          if token != nil { terminal.print("            any user name; the password is the token after ?token=") }
          if let reason = watcher.reason, !reason.contains("is watched already") {
            terminal.print("each request looks at the vault: \(reason)")
          }
          // Each line within 80 columns.
          if PlannerServer.isLoopback(host) {
            terminal.print("only this machine can reach it; --host 0.0.0.0 opens it to your network,")
            terminal.print("with an access token, for a phone or another computer there")
          } else {
            if tlsCertificate == nil {
              terminal.printError(
                "vault: warning: without --tls-cert and --tls-key, the token crosses the network in\n"
                  + "clear text with every CalDAV request: anyone on it can read it (docs/CALDAV.md, \"TLS\")")
            }
            terminal.print("anyone with the token can read and change the planner: keep the URL private.")
            terminal.print("Stop with Ctrl-C.")
          }
        }
      } catch {
        outcome.set(error)
      }
      done.signal()
    }
    done.wait()
    if let error = outcome.error {
      throw VaultError.cannotWrite("\(host):\(port)", reason: "cannot serve: \(error)")
    }
    terminal.print("stopped")
  }
}

/// The error a server ended with, handed from its task to the command.
final class Outcome: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Error?

  var error: Error? { lock.withLock { stored } }

  func set(_ error: Error) { lock.withLock { stored = error } }
}
