import ArgumentParser
import Foundation
import VaultKit

/// `vault serve`: the planner in a browser, live iCalendar feeds for phones and desktop
/// calendars, and CalDAV. Its options are parsed and checked here; `vault-serve` runs it.
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
      as a cookie), kept in $XDG_STATE_HOME/vault/ so the URL stays the same. With accounts \
      (vault account add), it serves every workspace they see instead, and each person logs in \
      with a name and password and reaches only its own workspaces. Stop it with Ctrl-C.
        vault serve
        vault serve --host 0.0.0.0 --port 8765
        vault serve --host 0.0.0.0 --tls-cert cert.pem --tls-key key.pem
      --install writes a user service (systemd on Linux, launchd on macOS) that keeps the \
      server running with the options given beside it, and says how to start it; --uninstall \
      removes it.
        vault serve --install --host 0.0.0.0 --name planner.home
      """)

  @OptionGroup var options: GlobalOptions

  // The help says what a value means; argument-parser adds the default once.
  @Option(name: .long, help: "The port; 0 picks a free one.")
  var port = 8765

  @Option(name: .long, help: "The address to listen on; 127.0.0.1 is this machine only.")
  var host = "127.0.0.1"

  @Option(
    name: .customLong("name"),
    help: ArgumentHelp(
      "Another name the server is reached by (a machine's name, a reverse proxy's); may be given more than once. "
        + "Requests naming any other host are refused (421).", valueName: "host"))
  var names: [String] = []

  @Flag(name: .long, help: "Ask for the access token on this machine too (on another address it always is).")
  var requireToken = false

  @Option(
    name: .customLong("tls-cert"),
    help: ArgumentHelp("A PEM certificate (chain): serve HTTPS only, with --tls-key.", valueName: "file"))
  var tlsCertificate: String?

  @Option(name: .customLong("tls-key"), help: ArgumentHelp("The PEM private key of --tls-cert.", valueName: "file"))
  var tlsKey: String?

  @Flag(
    name: .long,
    help: "Install a user service (systemd on Linux, launchd on macOS) running vault serve with these options.")
  var install = false

  @Flag(name: .long, help: "Remove the user service --install wrote.")
  var uninstall = false

  func validate() throws {
    if install && uninstall { throw ValidationError("give one of --install and --uninstall") }
    if install && port == 0 {
      throw ValidationError(
        "--install needs a fixed --port: a service on a port picked anew each start cannot be found")
    }
    guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
    if (tlsCertificate == nil) != (tlsKey == nil) { throw ValidationError("give --tls-cert and --tls-key together") }
    for name in names where name.isEmpty || name.contains(where: { $0 == "/" || $0 == " " || $0 == "@" }) {
      throw ValidationError("--name '\(name)' is not a host name: give a name such as planner.home or an address")
    }
  }

  /// Checks the vault here, then hands over to `vault-serve`, the program beside this one that
  /// runs the server (`ServeRequest`): the `vault` binary carries no HTTP stack.
  func run() throws {
    let vault = try options.openVault()
    if install || uninstall {
      for file in [tlsCertificate, tlsKey].compactMap({ $0 }) where install {
        guard FileManager.default.isReadableFile(atPath: file) else {
          throw VaultError.cannotServe("\(file) cannot be read: a service given it would not start")
        }
      }
      try UserService(
        .server(arguments: serviceArguments), vault: vault, environment: options.environment,
        terminal: options.terminal()
      )
      .run(install: install)
      return
    }
    // `--today` and `--now` reach the server as the day and moment they name (`fri` read now).
    let today = options.today.map { _ in options.today(vault).description }
    let injectedNow = options.now != nil || (options.today != nil && options.environment["VAULT_NOW"] != nil)
    let now = injectedNow ? "\(options.now(vault).date)T\(options.now(vault).time)" : nil
    let request = ServeRequest(
      vault: vault.displayRoot, index: options.index, host: host, port: port, requireToken: requireToken,
      tlsCertificate: tlsCertificate, tlsKey: tlsKey, names: names, today: today, now: now, json: options.json)
    throw request.handOver(to: ServeRequest.helper(beside: Sync.executable))
  }

  /// The options a service runs the server with: those given, files made absolute (a service
  /// starts in another folder); no `--today` or `--now`, since a service lives in real time.
  var serviceArguments: [String] {
    var arguments = ["--port", String(port), "--host", host]
    for name in names { arguments += ["--name", name] }
    if requireToken { arguments.append("--require-token") }
    if let tlsCertificate, let tlsKey {
      arguments += ["--tls-cert", FileSystem.absolute(tlsCertificate), "--tls-key", FileSystem.absolute(tlsKey)]
    }
    if let index = options.index { arguments += ["--index", FileSystem.absolute(index)] }
    return arguments
  }
}
