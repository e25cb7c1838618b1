import Foundation

/// An `IndexWatcher` on a thread of its own, inside a long-running command (`vault serve`,
/// `vault remind --watch`), which waits on it for changes instead of looking at the vault
/// every so often. When a watcher cannot start here (one runs already, the file system sends
/// no notifications, the system has none), `watcher` is nil and `reason` says why; when one
/// runs elsewhere, the command's `withIndex` still trusts it.
public final class WatcherThread: @unchecked Sendable {
  public let watcher: IndexWatcher?
  /// Why no watcher runs in this process.
  public let reason: String?
  private let condition = NSCondition()
  private var changes = 0
  private let finished = DispatchSemaphore(value: 0)

  public init(
    vault: Vault, index: String?, environment: [String: String], notice: @escaping @Sendable (String) -> Void
  ) {
    do {
      let watcher = try IndexWatcher(vault: vault, index: index, environment: environment, notice: notice)
      self.watcher = watcher
      reason = nil
    } catch {
      watcher = nil
      reason = "\(error)"
      return
    }
    watcher?.onChange = { [weak self] _ in self?.changed() }
    let watcher = watcher
    let finished = finished
    Thread.detachNewThread {
      do {
        try watcher?.run()
      } catch {
        notice("the watcher stopped: \(error); the vault is looked at on each request")
      }
      finished.signal()
    }
  }

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
