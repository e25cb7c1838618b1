import Foundation
import TestSupport
import Testing

/// `vault serve` checks its options and the vault, then replaces itself with `vault-serve`, the
/// program beside it that runs the server: the process a person started (and stops with
/// Ctrl-C) is the server; without the program, it says where it looked.
@Suite struct ServeHandOverTests {
  /// Runs `program` with `arguments` in `folder`; what it printed and its status.
  func run(_ program: URL, _ arguments: [String], in folder: URL) throws -> CLI.Result {
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = ScratchFolder.cache.path
    environment["VAULT_INDEX"] = folder.path + "-index.sqlite"
    process.environment = environment
    let (out, err) = (Pipe(), Pipe())
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let printed = out.fileHandleForReading.readDataToEndOfFile()
    let errors = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLI.Result(
      stdout: String(decoding: printed, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self),
      status: process.terminationStatus)
  }

  @Test func theServerRunsInTheProcessThatWasStarted() throws {
    let folder = try Fixture.copy("Calendars")
    let served = try ServedVault.start(folder)
    #if os(Linux)
    let program = try FileManager.default.destinationOfSymbolicLink(
      atPath: "/proc/\(served.running.process.processIdentifier)/exe")
    #expect(program.hasSuffix("/vault-serve"), "\(program)")
    #endif
    #expect(served.address("web view").hasPrefix("http://127.0.0.1:"), "\(served.printed)")
    let stopped = served.stop()
    #expect(stopped.stdout.hasSuffix("stopped\n"), "\(stopped.stdout)")
    #expect(stopped.status == 0)
  }

  @Test func vaultWithoutItsServerSaysWhereItLookedAndWhatInstallsIt() throws {
    let folder = try Fixture.copy("Calendars")
    // `vault` alone in a folder: a hard link where the file system allows one, else a copy.
    let alone = try ScratchFolder.make("vault-alone").appendingPathComponent("vault")
    do {
      try FileManager.default.linkItem(at: CLI.executable, to: alone)
    } catch {
      try FileManager.default.copyItem(at: CLI.executable, to: alone)
    }
    let result = try run(alone, ["serve", "--port", "0"], in: folder)
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "vault: error: cannot serve: vault-serve, the program that runs the server, "
        + "is not beside vault (\(alone.deletingLastPathComponent().path)/vault-serve); `swift build` builds both, "
        + "`make install` installs both\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func theServersProgramRunByHandSaysHowToStartIt() throws {
    let folder = try Fixture.copy("Calendars")
    let helper = CLI.executable.deletingLastPathComponent().appendingPathComponent("vault-serve")
    for arguments in [[], ["--port", "8765"], ["--request", "{not json"]] {
      let result = try run(helper, arguments, in: folder)
      #expect(result.status == 64)
      #expect(
        result.stderr
          == "vault-serve: runs the server for vault serve, which starts it; vault serve --help says how\n"
      )
    }
  }

  @Test func installWritesAUserUnitRunningTheServerWithTheOptionsGiven() throws {
    let folder = try Fixture.copy("Calendars")
    var environment = ["XDG_CONFIG_HOME": folder.path + "-config", "VAULT_TODAY": "2026-11-23"]
    environment["HOME"] = folder.path + "-home"
    try Data("certificate".utf8).write(to: folder.appendingPathComponent("cert.pem"))
    try Data("key".utf8).write(to: folder.appendingPathComponent("key.pem"))
    let installed = try CLI.run(
      [
        "serve", "--install", "--host", "0.0.0.0", "--port", "9000", "--name", "planner.home", "--tls-cert",
        "cert.pem", "--tls-key", "key.pem", "--today", "2026-11-23",
      ], in: folder, environment: environment)
    #expect(installed.status == 0, "\(installed.stderr)")
    let units = try FileManager.default.contentsOfDirectory(atPath: folder.path + "-config/systemd/user")
    #expect(units.count == 1 && units[0].hasPrefix("vault-serve-") && units[0].hasSuffix(".service"))
    let unit = try String(contentsOfFile: folder.path + "-config/systemd/user/" + units[0], encoding: .utf8)
    let root = folder.resolvingSymlinksInPath().path
    // The options given, files made absolute; the injected day is not a service's.
    #expect(
      unit.contains(
        "\" \"serve\" \"--port\" \"9000\" \"--host\" \"0.0.0.0\" \"--name\" \"planner.home\" "
          + "\"--tls-cert\" \"\(folder.path)/cert.pem\" \"--tls-key\" \"\(folder.path)/key.pem\" \"--vault\" \"\(root)\""
      ),
      "\(unit)")
    #expect(!unit.contains("2026-11-23"))
    #expect(unit.contains("Description=vault server (web view, feeds, CalDAV) for \(root)"))
    #expect(installed.stdout.contains("`systemctl --user enable --now vault-serve-"), "\(installed.stdout)")
    let removed = try CLI.run(["serve", "--uninstall"], in: folder, environment: environment)
    #expect(removed.status == 0 && removed.stdout.contains("removed "), "\(removed.stdout)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "-config/systemd/user").isEmpty)
  }

  @Test func installRefusesWhatWouldKeepTheServiceFromStarting() throws {
    let folder = try Fixture.copy("Calendars")
    let environment = ["XDG_CONFIG_HOME": folder.path + "-config"]
    let anyPort = try CLI.run(["serve", "--install", "--port", "0"], in: folder, environment: environment)
    #expect(anyPort.status == 64)
    #expect(anyPort.stderr.contains("--install needs a fixed --port"), "\(anyPort.stderr)")
    let noKey = try CLI.run(
      ["serve", "--install", "--tls-cert", "missing.pem", "--tls-key", "missing.pem"], in: folder,
      environment: environment)
    #expect(noKey.status == 1)
    #expect(noKey.stderr.contains("missing.pem cannot be read"), "\(noKey.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "-config/systemd"))
  }
}
