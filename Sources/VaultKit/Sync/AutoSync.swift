import Foundation

/// `vault watch --sync`: a sync `delay` seconds after the last change the watcher applied (a burst
/// of edits makes one commit), and one every `interval` seconds to bring in the other machines'
/// changes. One sync at a time, on a queue of its own, so the watcher never waits for the network.
public final class AutoSync: @unchecked Sendable {
  private let sync: VaultSync
  private let delay: TimeInterval
  private let interval: TimeInterval
  private let report: @Sendable (Result<VaultSync.Report, VaultError>) -> Void
  private let queue = DispatchQueue(label: "vault.auto-sync")
  private let lock = NSLock()
  private var pending: DispatchWorkItem?
  private var timer: DispatchSourceTimer?

  public init(
    _ sync: VaultSync, delay: TimeInterval, interval: TimeInterval,
    report: @escaping @Sendable (Result<VaultSync.Report, VaultError>) -> Void
  ) {
    self.sync = sync
    self.delay = delay
    self.interval = interval
    self.report = report
  }

  /// Syncs once now, then on the interval.
  public func start() {
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(deadline: .now(), repeating: interval, leeway: .milliseconds(Int(interval * 50)))
    timer.setEventHandler { [weak self] in self?.runNow() }
    lock.withLock { self.timer = timer }
    timer.resume()
  }

  /// The watcher applied a change: sync after `delay`, unless another change comes first.
  public func changed() {
    let item = DispatchWorkItem { [weak self] in self?.runNow() }
    lock.withLock {
      pending?.cancel()
      pending = item
    }
    queue.asyncAfter(deadline: .now() + delay, execute: item)
  }

  /// Stops the timer and waits for a sync under way.
  public func stop() {
    lock.withLock {
      timer?.cancel()
      pending?.cancel()
    }
    queue.sync {}
  }

  private func runNow() {
    let result: Result<VaultSync.Report, VaultError>
    do { result = .success(try sync.sync(now: Date())) } catch { result = .failure(error) }
    report(result)
  }
}
