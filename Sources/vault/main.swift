import ArgumentParser
import Foundation
import VaultKit

// The one place where failures become text and exit codes: a tool failure (`VaultError`)
// prints `vault: error: ...` and exits 1; wrong usage is argument-parser's, exit 64.
let arguments = Array(CommandLine.arguments.dropFirst())
if let unknown = UnknownCommand.message(for: arguments) {
  FileHandle.standardError.write(Data("vault: error: \(unknown)\n".utf8))
  exit(64)
}
do {
  var command = try VaultCommand.parseAsRoot(ArgumentOrder.normalized(arguments))
  try command.run()
} catch let error as VaultError {
  FileHandle.standardError.write(Data("vault: error: \(error)\n".utf8))
  exit(1)
} catch {
  VaultCommand.exit(withError: error)
}
