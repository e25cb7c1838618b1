import Foundation
import VaultCore

/// A walk of the vault started as soon as a command knows it will walk, before its command
/// line is parsed and its vault opened: a view the running watcher did not answer because
/// none listens (`ViewForwarding`). Parsing and opening take a few milliseconds on one core
/// while the other sits idle; the walk uses it. `Vault.withIndex` finishes the walk instead
/// of starting one, when it is of the same vault with the same excluded files.
///
/// The walk starts after the command did, so it sees every change made before the command
/// started, as the walk it replaces would.
final class EarlyWalk: @unchecked Sendable {
  /// This process's: what `ViewForwarding` starts and `Vault.withIndex` takes.
  static let process = EarlyWalk()

  private enum State {
    case none
    /// Started for the vault at this real path; its worker has not published the walk yet.
    case starting(root: String)
    case started(root: String, ignoreFilters: [String], walk: VaultWalker.Walk)
    /// Taken by a command, or passed over.
    case done
  }

  private let condition = NSCondition()
  private var state = State.none

  /// Starts walking the vault at `root` (a real path) on a worker. Once: later calls do nothing.
  func start(root: String) {
    condition.lock()
    defer { condition.unlock() }
    guard case .none = state else { return }
    state = .starting(root: root)
    OtherCoreThread.start { [self] in
      // The settings a walk depends on: Obsidian's excluded files.
      var ignored: [Diagnostic] = []
      let filters = SettingsLoader.ignoreFilters(root, &ignored)
      let walk = VaultWalker(root: root, ignoreFilters: filters).prepare()
      walk.enlist()
      condition.lock()
      state = .started(root: root, ignoreFilters: filters, walk: walk)
      condition.broadcast()
      condition.unlock()
      // This worker is one of the walk's helpers.
      walk.addHelpers(VaultWalker.helpers - 1)
      walk.help()
    }
  }

  /// The walk started for the vault at `root` with these excluded files, taken: nil when
  /// none was started, when it was taken already, or when it was for another vault or other
  /// excluded files (they changed in between), which the caller walks again (the walk passed
  /// over ends by itself).
  func take(root: String, ignoreFilters: [String]) -> VaultWalker.Walk? {
    condition.lock()
    defer { condition.unlock() }
    while case .starting = state { condition.wait() }
    guard case .started(let startedRoot, let filters, let walk) = state else { return nil }
    state = .done
    return startedRoot == root && filters == ignoreFilters ? walk : nil
  }
}

extension Vault {
  /// Starts walking the vault at `root` (a real path) now, for the command about to run
  /// (`EarlyWalk`).
  public static func startWalkingEarly(root: String) {
    EarlyWalk.process.start(root: root)
  }
}
