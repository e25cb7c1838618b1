import Dispatch
import VaultCore
import VaultIndex
import VaultKit

/// The index as the server's requests read it: opened once and kept open while the server runs,
/// brought up to date before each use — with no walk when a watcher (the server's own, or a
/// `vault watch`) vouches for it, else by a refresh. Requests take turns.
actor IndexSession {
  /// How far the first opening of the index has come: the server listens at once, and answers
  /// "not yet" (503, with how far it is) until the index holds the whole vault, never a view of
  /// part of it (a phone would take the events not read yet for deleted ones).
  enum Opening: Sendable, Equatable {
    case waiting
    case reading(done: Int, total: Int)
    case ready
    /// The vault's folder was moved or deleted, or its drive taken away, while the server ran
    /// (`Vault.folderProblem`): nothing is answered from the index, which still holds the notes
    /// as they were, until a folder is at its path again, on its drive.
    case folderGone(String)
  }

  nonisolated let opening = Locked<Opening>(.waiting)
  /// How far the server's own watcher is with its first reading, while it builds the index.
  nonisolated let watcherProgress: Locked<(done: Int, total: Int)?>?

  /// How far the index is now: the session's own opening, or the watcher's reading before it.
  nonisolated var openingNow: Opening {
    if let problem = vault.folderProblem { return .folderGone(problem) }
    let own = opening.value
    if own == .waiting, let (done, total) = watcherProgress?.value { return .reading(done: done, total: total) }
    return own
  }

  /// The vault, opened again when its settings change (`CurrentVault`).
  nonisolated var vault: Vault { current.vault }
  private let current: CurrentVault
  let index: String?
  let environment: [String: String]
  private var store: IndexStore?
  /// The day of the last request: views prepare statements whose SQL holds it.
  private var day: LocalDate?
  /// When the index was last brought up to date (a watcher asked, or a refresh), monotonic.
  private var lastAsked: UInt64?

  init(
    vault: Vault, index: String?, environment: [String: String],
    watcherProgress: Locked<(done: Int, total: Int)?>? = nil
  ) {
    self.watcherProgress = watcherProgress
    current = CurrentVault(vault)
    self.index = index
    self.environment = environment
  }

  /// `body` run on the up-to-date index, with its write token (which changes whenever the index
  /// was written to, so what was built from it can be kept until then).
  func read<Value: Sendable>(
    _ body: (IndexStore, _ writeToken: String?) throws -> Value
  ) throws -> Value {
    let store = try upToDate()
    if day != today {
      // The statements kept for yesterday's views are not asked again.
      if day != nil { store.releaseCache() }
      day = today
    }
    return try body(store, try store.writeToken())
  }

  /// Brings the index up to date with files this server just wrote, so that the next request
  /// sees them even before a watcher does.
  func wrote(_ paths: [String]) {
    guard let store, !paths.isEmpty else { return }
    _ = try? vault.refresh(store, files: Set(paths), folders: [])
  }

  /// `body` run on the index as this server's own last write left it, without asking a watcher
  /// first: for reading back what was just written (`wrote`), which the index holds already.
  /// Falls back to `read` while the index is not open.
  func readAsWritten<Value: Sendable>(_ body: (IndexStore) throws -> Value) throws -> Value {
    guard let store else { return try read { store, _ in try body(store) } }
    return try body(store)
  }

  /// The vault's settings were changed by this server (a calendar made, renamed or deleted):
  /// the next request reads them.
  func settingsChanged() { current.reopen() }

  /// Opens the index and brings it up to date, as the first request would: started when the
  /// server starts, so that the requests meanwhile are told how far it is. A failure is left
  /// for the requests to say.
  func open() {
    _ = try? upToDate()
    opening.set(.ready)
  }

  /// Today, as the commands see it (`--today` / `$VAULT_TODAY`, else the clock).
  var today: LocalDate { vault.today(explicit: nil, environment: environment) }

  /// Now, as the commands see it (`$VAULT_NOW`, else the clock).
  var now: LocalDateTime { vault.now(explicit: nil, environment: environment) }

  private func upToDate() throws -> IndexStore {
    if let open = store {
      // A watcher asked (or a refresh begun) after the request arrived has brought in every
      // change made before it: its later reads need not ask again (a PUT read the index twice,
      // and asked twice, before it wrote).
      let asking = DispatchTime.now().uptimeNanoseconds
      if let arrived = RequestStart.uptime, let lastAsked, lastAsked >= arrived { return open }
      if !vault.watcherVouches(explicit: index, environment: environment) { try vault.refresh(open) }
      lastAsked = asking
      return open
    }
    let opening = opening
    let opened = try vault.withIndex(
      explicit: index, environment: environment,
      progress: { done, total in opening.mutate { if $0 != .ready { $0 = .reading(done: done, total: total) } } },
      notice: { _ in }
    ) { _ in }.store
    // Open for as long as the server runs: through a page cache that keeps what the pages read
    // again and again (the dashboard's indexes), not a map of the whole file that stays resident.
    opened.stopMapping(cacheMegabytes: 256)
    store = opened
    return opened
  }
}

/// When the request being answered arrived, monotonic (`DispatchTime`), set for each request by
/// the server's first middleware (`CalDAVServer.handle`): the index brought up to date after
/// that holds every change made before the request, which is all a request must see.
enum RequestStart {
  @TaskLocal static var uptime: UInt64?
}
