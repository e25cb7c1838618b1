import Foundation
import VaultCore

/// An `IndexWatcher` on a thread of its own, inside a long-running command (`vault serve`,
/// `vault remind --watch`), which waits on it for changes instead of looking at the vault
/// every so often. The watcher starts on that thread too (its first walk, and the first time
/// the index is built, take seconds in a big vault), so the command goes on meanwhile: `vault
/// serve` listens at once and says how far the index is (`progress`). When a watcher cannot
/// start here (one runs already, the file system sends no notifications, the system has none),
/// `watcher` is nil and `reason` says why; both wait until it has started or failed. When one
/// runs elsewhere, the command's `withIndex` still trusts it. When the vault's folder is moved
/// or deleted, the watcher stops and the thread waits for a folder to be at its path again, on
/// its drive (moved back, the drive mounted again, a fresh clone), then watches it (meanwhile
/// the command says why it cannot read the vault: `Vault.folderProblem`).
public final class WatcherThread: @unchecked Sendable {
  /// The watcher, once it started; nil when it could not (`reason`), and while the vault's
  /// folder is gone.
  public var watcher: IndexWatcher? { startedOutcome().watcher }
  /// Why no watcher runs in this process.
  public var reason: String? { startedOutcome().reason }
  /// How far its first reading of the vault is, while it builds the index (notes read, of all).
  public let progress = Locked<(done: Int, total: Int)?>(nil)
  private let condition = NSCondition()
  private var changes = 0
  private var outcome: (watcher: IndexWatcher?, reason: String?)?
  private var stopping = false
  private let finished = DispatchSemaphore(value: 0)

  public init(
    vault: Vault, index: String?, environment: [String: String], notice: @escaping @Sendable (String) -> Void
  ) {
    let progress = progress
    Thread.detachNewThread { [self] in
      var first = true
      var vault = vault
      while true {
        // The watcher before (its lock on the index among what it holds) is gone by now.
        if !first {
          guard waitForFolder(of: vault) else { break }
          // The folder back (a fresh clone, say) may have other settings.
          vault = vault.reopened() ?? vault
        }
        let watcher: IndexWatcher
        do {
          watcher = try IndexWatcher(
            vault: vault, index: index, environment: environment, notice: notice,
            progress: { done, total in progress.set((done, total)) })
        } catch {
          if first {
            started(nil, reason: "\(error)")
          } else {
            notice("the watcher cannot start again: \(error); the vault is looked at on each request")
          }
          break
        }
        watcher.onChange = { [weak self] _ in self?.changed() }
        if first {
          started(watcher, reason: nil)
        } else if replaced(by: watcher) {
          notice("\(vault.displayRoot) is back; the watcher follows it again")
          // Open pages show the notes again.
          changed()
        } else {
          break
        }
        first = false
        do {
          try watcher.run()
        } catch {
          notice("the watcher stopped: \(error); the vault is looked at on each request")
          break
        }
        // It stopped by itself (its folder was moved or deleted), or was stopped.
        guard replaced(by: nil) else { break }
        if let problem = vault.folderProblem { notice("\(problem); it is read again once it is back") }
      }
      finished.signal()
    }
  }

  /// Waits until a folder is at the vault's path again, on its drive (`Vault.folderProblem`),
  /// looking every second; false once the thread is stopped.
  private func waitForFolder(of vault: Vault) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !stopping {
      if vault.folderProblem == nil { return true }
      _ = condition.wait(until: Date().addingTimeInterval(1))
    }
    return false
  }

  private func started(_ watcher: IndexWatcher?, reason: String?) {
    condition.withLock {
      outcome = (watcher, reason)
      condition.broadcast()
    }
  }

  /// Puts a watcher started again in place of the one that stopped (nil while the folder is
  /// gone); false once the thread is being stopped (a new one is not run).
  private func replaced(by watcher: IndexWatcher?) -> Bool {
    condition.withLock {
      guard !stopping else { return false }
      outcome = (watcher, nil)
      return true
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
    waitUntilStarted()
    let current = condition.withLock {
      stopping = true
      condition.broadcast()
      return outcome?.watcher
    }
    current?.stop()
    finished.wait()
  }
}
