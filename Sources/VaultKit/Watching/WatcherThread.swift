import Foundation
import VaultCore

/// An `IndexWatcher` on a thread of its own, inside a long-running command (`vault serve`,
/// `vault remind --watch`), which waits on it for changes instead of looking at the vault
/// every so often. The watcher starts on that thread too (its first walk, and the first time
/// the index is built, take seconds in a big vault), so the command goes on meanwhile: `vault
/// serve` listens at once and says how far the index is (`progress`). When a watcher cannot
/// start here (one runs already, the file system sends no notifications, the system has none),
/// `watcher` is nil and `reason` says why; both wait until it has started or failed. When one
/// runs elsewhere, the command's `withIndex` still trusts it.
public final class WatcherThread: @unchecked Sendable {
  /// The watcher, once it started; nil when it could not (`reason`).
  public var watcher: IndexWatcher? { startedOutcome().watcher }
  /// Why no watcher runs in this process.
  public var reason: String? { startedOutcome().reason }
  /// How far its first reading of the vault is, while it builds the index (notes read, of all).
  public let progress = Locked<(done: Int, total: Int)?>(nil)
  private let condition = NSCondition()
  private var changes = 0
  private var outcome: (watcher: IndexWatcher?, reason: String?)?
  private let finished = DispatchSemaphore(value: 0)

  public init(
    vault: Vault, index: String?, environment: [String: String], notice: @escaping @Sendable (String) -> Void
  ) {
    let progress = progress
    Thread.detachNewThread { [self] in
      let watcher: IndexWatcher
      do {
        watcher = try IndexWatcher(
          vault: vault, index: index, environment: environment, notice: notice,
          progress: { done, total in progress.set((done, total)) })
      } catch {
        started(nil, reason: "\(error)")
        finished.signal()
        return
      }
      watcher.onChange = { [weak self] _ in self?.changed() }
      started(watcher, reason: nil)
      do {
        try watcher.run()
      } catch {
        notice("the watcher stopped: \(error); the vault is looked at on each request")
      }
      finished.signal()
    }
  }

  private func started(_ watcher: IndexWatcher?, reason: String?) {
    condition.withLock {
      outcome = (watcher, reason)
      condition.broadcast()
    }
  }

  /// The watcher or why there is none, once it started or failed.
  private func startedOutcome() -> (watcher: IndexWatcher?, reason: String?) {
    condition.lock()
    defer { condition.unlock() }
    while outcome == nil { condition.wait() }
    return outcome ?? (nil, nil)
  }

  /// Waits until the watcher has started (the index up to date, commands answered) or failed.
  public func waitUntilStarted() { _ = startedOutcome() }

  /// How many batches of changes the watcher applied so far.
  public var generation: Int { condition.withLock { changes } }

  private func changed() {
    condition.withLock {
      changes += 1
      condition.broadcast()
    }
  }

  /// Waits until the watcher applied a change after `generation`, or until `deadline`; the
  /// generation then.
  @discardableResult
  public func wait(after generation: Int, until deadline: Date) -> Int {
    condition.lock()
    defer { condition.unlock() }
    while changes == generation && condition.wait(until: deadline) {}
    return changes
  }

  /// Stops the watcher and waits for its thread to end.
  public func stop() {
    guard let watcher else { return }
    watcher.stop()
    finished.wait()
  }
}
