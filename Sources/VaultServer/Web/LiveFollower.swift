import Foundation
import NIOConcurrencyHelpers
import VaultKit

/// What tells the open pages that the vault changed. With the server's own watcher, each batch
/// it applies; when a `vault watch` elsewhere keeps the index (this process then runs none),
/// the index's write token, asked of that watcher every 0.4 s while a page is open (a sync
/// over its socket, not a walk of the vault). A comment every 25 s keeps idle streams open.
final class LiveFollower: Sendable {
  let live: LiveUpdates
  let session: IndexSession
  let watcher: WatcherThread?
  private let stopped = NIOLockedValueBox(false)
  private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])

  init(live: LiveUpdates, session: IndexSession, watcher: WatcherThread?) {
    self.live = live
    self.session = session
    self.watcher = watcher
  }

  func start() {
    let live = live
    if let watcher {
      let stopped = stopped
      Thread.detachNewThread { [self] in
        // Waits here, not on the server's threads, while the watcher starts (its first walk).
        guard watcher.watcher != nil else { return followIndexToken() }
        var generation = watcher.generation
        while !stopped.withLockedValue({ $0 }) {
          let now = watcher.wait(after: generation, until: Date().addingTimeInterval(1))
          if now != generation {
            generation = now
            live.changed()
          }
        }
      }
    } else {
      followIndexToken()
    }
    let heartbeat = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .seconds(25))
        live.heartbeat()
      }
    }
    tasks.withLockedValue { $0.append(heartbeat) }
  }

  /// With no watcher in this process: the index's write token, every 0.4 s while a page is open.
  private func followIndexToken() {
    let (live, session) = (live, session)
    let follow = Task {
      var last: String?
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(400))
        guard live.listeners > 0 else { continue }
        guard let token = try? await session.read({ _, token in token }) else { continue }
        if let last, last != token { live.changed() }
        last = token
      }
    }
    tasks.withLockedValue {
      if stopped.withLockedValue({ $0 }) { follow.cancel() }
      $0.append(follow)
    }
  }

  func stop() {
    stopped.withLockedValue { $0 = true }
    for task in tasks.withLockedValue({ $0 }) { task.cancel() }
  }
}
