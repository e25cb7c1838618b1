import ArgumentParser
import Dispatch
import Foundation
import VaultCore
import VaultKit
import VaultServer

/// `vault serve`: a live iCalendar feed of the vault for phones and desktop calendars.
struct Serve: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the vault's calendar as a feed to subscribe to (GET /calendar.ics, /tasks.ics).",
    discussion: """
      A watcher keeps the index fresh while it runs (as vault watch does; with a vault watch \
      already running, that one), and each request answers with the events as iCalendar (vault export \
      ics), with ETag and Last-Modified so a client that has it gets 304. It listens on \
      127.0.0.1 only, unless --host says otherwise; then every request needs the access token \
      it prints (in the URL, ?token=…), kept in $XDG_STATE_HOME/vault/ so the URL stays the \
      same. Stop it with Ctrl-C.
        vault serve
        vault serve --host 0.0.0.0 --port 8765
      """)

  @OptionGroup var options: GlobalOptions

  @Option(name: .long, help: "The port (default 8765; 0 picks a free one).")
  var port = 8765

  @Option(name: .long, help: "The address to listen on (default 127.0.0.1: this machine only).")
  var host = "127.0.0.1"

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
  }

  func run() throws {
    let vault = try options.openVault()
    let terminal = options.terminal()
    let server = PlannerServer(
      vault: vault, host: host, port: port, index: options.index, environment: options.environment)
    let token = PlannerServer.isLoopback(host) ? nil : try server.token()
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
          terminal.print("  calendar: \(address)/calendar.ics\(query)")
          terminal.print("  tasks:    \(address)/tasks.ics\(query)")
          if let reason = watcher.reason, !reason.contains("is watched already") {
            terminal.print("each request looks at the vault: \(reason)")
          }
          if token == nil {
            terminal.print("only this machine can reach it; --host 0.0.0.0 opens it to others, with an access token")
          } else {
            terminal.print("anyone with the token can read the calendar: keep the URL private. Stop with Ctrl-C.")
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
