import ArgumentParser
import Foundation
import VaultKit

// A command lives for milliseconds: glibc keeps what it frees (the watchers give it back).
ProcessHeap.keepFreedMemory()

// The one place where failures become text and exit codes: a tool failure (`VaultError`)
// prints `vault: error: ...` and exits 1; wrong usage is argument-parser's, exit 64.
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
var parsed: ParsableCommand.Type?
do {
  let normalized = ArgumentOrder.normalized(arguments)
  var command: any ParsableCommand =
    if let view = ViewParsing.parsed(normalized) { view } else { try VaultCommand.parseAsRoot(normalized) }
  parsed = type(of: command)
  try command.run()
} catch let error as VaultError {
  Terminal.emit(to: .standardError, Data("vault: error: \(error)\n".utf8))
  exit(1)
} catch let error as ValidationError {
  // Wrong usage found while running: the usage of the command that was run, not the root's.
  guard let parsed, parsed != VaultCommand.self else { VaultCommand.exit(withError: error) }
  let name = UnknownCommand.path(of: parsed)
  let usage = VaultCommand.usageString(for: parsed).replacingOccurrences(of: "\n", with: "\n       ")
  Terminal.emit(
    to: .standardError,
    Data(
      "Error: \(error.message)\nUsage: \(usage)\n  See 'vault \(name) --help' for more information.\n".utf8))
  exit(VaultCommand.exitCode(for: error).rawValue)
} catch {
  VaultCommand.exit(withError: error)
}
