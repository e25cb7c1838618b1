import Foundation
import VaultCore
import VaultKit

/// `--install` and `--uninstall` of `vault remind`, `vault watch` and `vault serve`: the user service file,
/// and what to run next.
struct UserService {
  let purpose: UserServiceFile.Purpose
  let vault: Vault
  let environment: [String: String]
  let terminal: Terminal

  init(_ purpose: UserServiceFile.Purpose, vault: Vault, environment: [String: String], terminal: Terminal) {
    self.purpose = purpose
    self.vault = vault
    self.environment = environment
    self.terminal = terminal
  }

  func run(install: Bool) throws {
    let binary =
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
      ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
    let service = UserServiceFile.make(purpose, vault: vault, binary: binary, environment: environment)
    let manager = FileManager.default
    if install {
      do {
        try manager.createDirectory(
          atPath: (service.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(service.text.utf8).write(to: URL(fileURLWithPath: service.path), options: .atomic)
      } catch {
        throw VaultError.cannotWrite(service.path, reason: VaultError.systemReason(error))
      }
      terminal.print("wrote \(service.path):")
      for line in service.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        terminal.print("  " + line)
      }
      terminal.print("start it and check that it runs with:")
      for command in service.howToStart { terminal.print("  `\(command)`") }
    } else {
      guard manager.fileExists(atPath: service.path) else {
        terminal.print("nothing to remove: \(service.path) does not exist")
        return
      }
      terminal.print("stop it first with:")
      for command in service.howToStop { terminal.print("  `\(command)`") }
      do {
        try manager.removeItem(atPath: service.path)
      } catch {
        throw VaultError.cannotWrite(service.path, reason: VaultError.systemReason(error))
      }
      terminal.print("removed \(service.path)")
    }
  }
}
