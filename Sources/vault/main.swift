import ArgumentParser
import Foundation
import VaultKit

// A command lives for milliseconds: glibc keeps what it frees (the watchers give it back).
ProcessHeap.keepFreedMemory()

// The one place where failures become text and exit codes: a tool failure (`VaultError`)
// prints `vault: error: ...` and exits 1; wrong usage prints `vault: error: ...` too, then the
// command's usage, and exits 64 (argument-parser's code).
var arguments = Array(CommandLine.arguments.dropFirst())
switch WorkspaceDispatch.plan(arguments, environment: processEnvironment) {
case .run(let rewritten): arguments = rewritten
case .exit(let status): exit(status)
}
// A view the running `vault watch` answers is done (`ViewForwarding`).
if ViewForwarding.answered(arguments, environment: processEnvironment) { exit(0) }
if let unknown = UnknownCommand.message(for: arguments) {
  Terminal.emit(to: .standardError, Data("vault: error: \(unknown)\n".utf8))
  exit(64)
}
/// Exits for argument-parser's error: help and `--version` as it prints them, wrong usage in
/// vault's one style of error (`vault: error:` where argument-parser says `Error:`).
func exitForUsage(_ error: Error) -> Never {
  let code = VaultCommand.exitCode(for: error)
  var message = VaultCommand.fullMessage(for: error)
  guard code != .success, message.hasPrefix("Error: ") else { VaultCommand.exit(withError: error) }
  message = "vault: error: " + message.dropFirst("Error: ".count)
  Terminal.emitError(message, environment: processEnvironment)
  exit(code.rawValue)
}
var parsed: ParsableCommand.Type?
do {
  let normalized = ArgumentOrder.normalized(arguments)
  var command: any ParsableCommand =
    if let view = ViewParsing.parsed(normalized) { view } else { try VaultCommand.parseAsRoot(normalized) }
  parsed = type(of: command)
  try command.run()
} catch let error as VaultError {
  Terminal.emitError("vault: error: \(error)", environment: processEnvironment)
  exit(1)
} catch let error as ValidationError {
  // Wrong usage found while running: the usage of the command that was run, not the root's.
  guard let parsed, parsed != VaultCommand.self else { exitForUsage(error) }
  let name = UnknownCommand.path(of: parsed)
  let usage = VaultCommand.usageString(for: parsed).replacingOccurrences(of: "\n", with: "\n       ")
  Terminal.emitError(
    "vault: error: \(error.message)\nUsage: \(usage)\n  See 'vault \(name) --help' for more information.",
    environment: processEnvironment)
  exit(VaultCommand.exitCode(for: error).rawValue)
} catch {
  exitForUsage(error)
}
