import Foundation
import VaultCore
import VaultKit

/// The vault as the server's requests see it: opened again when its settings change while the
/// server runs (`.vault/config.yml`: the inbox, calendars, workspaces; the Tasks plugin's
/// settings), so the pages, CalDAV and the feeds follow them within a second. What cannot
/// change while it runs (the address and port it listens on) is said at start.
final class CurrentVault: Sendable {
  private struct Held: Sendable {
    var vault: Vault
    var stamp: [Int64]
    var checked: UInt64
  }

  private let held: Locked<Held>
  /// How often the settings files are looked at: at most every quarter of a second, so a
  /// request that reads the vault's settings many times costs a few `stat`s at most.
  static let interval: UInt64 = 250_000_000

  init(_ vault: Vault) {
    held = Locked(Held(vault: vault, stamp: vault.settingsStamp, checked: DispatchTime.now().uptimeNanoseconds))
  }

  /// Opens the vault again now: after this server changed its settings, the next request
  /// sees them (without waiting for the next look at the files).
  func reopen() {
    let current = held.value
    guard let reopened = current.vault.reopened() else { return }
    held.set(Held(vault: reopened, stamp: reopened.settingsStamp, checked: DispatchTime.now().uptimeNanoseconds))
  }

  /// The vault with its current settings.
  var vault: Vault {
    let now = DispatchTime.now().uptimeNanoseconds
    let current = held.value
    guard now &- current.checked >= Self.interval else { return current.vault }
    let stamp = current.vault.settingsStamp
    guard stamp != current.stamp else {
      held.mutate { $0.checked = now }
      return current.vault
    }
    // Settings that cannot be read keep the last ones (the commands say what is wrong).
    let reopened = current.vault.reopened() ?? current.vault
    held.set(Held(vault: reopened, stamp: stamp, checked: now))
    return reopened
  }
}
