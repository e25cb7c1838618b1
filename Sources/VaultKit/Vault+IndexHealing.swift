import Foundation
import VaultIndex
import VaultMarkdown

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The index as every command gets it: opened, brought up to date, and read, with what would
/// stop that mended on the way. The index is a cache, so nothing here ever fails
/// a command that the vault's files can answer:
/// - a damaged index (SQLite's errors, a page whose checksum does not match, `quick_check`
///   after an unclean end) is built anew from the vault, renamed over the old one, and the
///   command answered from the new one, with a one-line notice;
/// - an index folder that cannot be used (read-only, not a folder) gives way to an index in a
///   private temporary folder, with a warning.
extension Vault {
  public struct IndexedAnswer<Value: Sendable>: Sendable {
    public var store: IndexStore
    public var refresh: IndexRefresh
    public var value: Value
  }

  /// Opens the index (`indexPath`), refreshes it and answers `read` from it. `rebuild` builds
  /// it anew whatever it holds. `notice` hears the one-line warnings (a rebuild, a fallback).
  /// With `trustWatcher`, a running `vault watch` that vouches for the index spares the walk
  /// (`WatchChannel`).
  public func withIndex<Value: Sendable>(
    explicit: String?, environment: [String: String], rebuild: Bool = false, trustWatcher: Bool = true,
    progress: (@Sendable (Int, Int) -> Void)? = nil, notice: (String) -> Void,
    _ read: @escaping @Sendable (IndexStore) throws(VaultError) -> Value
  ) throws(VaultError) -> IndexedAnswer<Value> {
    var path = indexPath(explicit: explicit, environment: environment)
    let named = explicit?.isEmpty == false || environment["VAULT_INDEX"]?.isEmpty == false
    // A view the watcher answers reads the watcher's own store, which holds every change.
    if trustWatcher, !rebuild, let lent = WatchChannel.vouchedStore, lent.path == path,
      let answer = try answerFromLentStore(lent, read)
    {
      return answer
    }
    // The watcher is asked first and answers while the index opens; with no watcher to ask,
    // the vault is walked meanwhile, by the walk a view started before its command line was
    // parsed (`EarlyWalk`) or by one started now (see docs/PERFORMANCE.md).
    var watcher =
      trustWatcher && !rebuild
      ? WatchChannel.ask(index: path, timeout: WatchChannel.timeout(environment: environment)) : nil
    let early =
      watcher == nil
      ? EarlyWalk.process.take(root: root, ignoreFilters: settings.ignoreFilters)
        ?? VaultWalker(root: root, ignoreFilters: settings.ignoreFilters).start() : nil
    var store: IndexStore
    do {
      store = try Self.openStore(path, named: named, fresh: rebuild)
    } catch .unusableFolder(_, let reason) {
      path = privateIndexPath(environment: environment)
      // A watcher answers for the index it keeps, not for this one.
      watcher = nil
      notice("\(reason); using a temporary index at \(path) instead")
      do {
        store = try Self.openStore(path, named: false, fresh: rebuild)
      } catch {
        throw VaultError(error)
      }
    } catch {
      throw VaultError(error)
    }
    if let recovered = store.recoveryWarning { notice(recovered) }
    do {
      if let watcher, let answer = try answerFromWatchedIndex(store, watcher: watcher, read) {
        return answer
      }
      return try answer(store, progress: progress, walk: early, read)
    } catch .indexDamaged(let reason) {
      notice("\(reason); the index was rebuilt from the vault")
      store.close()
      do {
        store = try Self.openStore(path, named: named, fresh: true)
      } catch {
        throw VaultError(error)
      }
      return try answer(store, progress: progress, read)
    }
  }

  private func answer<Value: Sendable>(
    _ store: IndexStore, progress: (@Sendable (Int, Int) -> Void)?, walk: VaultWalker.Walk? = nil,
    _ read: @escaping @Sendable (IndexStore) throws(VaultError) -> Value
  ) throws(VaultError) -> IndexedAnswer<Value> {
    let (refresh, value) = try self.refresh(store, progress: progress, walk: walk) { () throws(VaultError) in
      try read(store)
    }
    return IndexedAnswer(store: store, refresh: refresh, value: value)
  }

  /// `read` answered from the index with no walk, when a watcher says it holds every change
  /// made so far and it was built with these settings; nil otherwise (the caller walks).
  private func answerFromWatchedIndex<Value: Sendable>(
    _ store: IndexStore, watcher: WatchChannel.Request,
    _ read: @escaping @Sendable (IndexStore) throws(VaultError) -> Value
  ) throws(VaultError) -> IndexedAnswer<Value>? {
    let started = DispatchTime.now()
    guard !store.isFirstBuild, watcher.answer() else { return nil }
    return try answerFromLentStore(store, since: started, read)
  }

  /// `read` answered with no walk from a store that holds every change, a watcher's lent
  /// (`WatchChannel.vouching`) or one it vouched for, when it was built with these settings;
  /// nil otherwise (the caller refreshes it).
  private func answerFromLentStore<Value: Sendable>(
    _ store: IndexStore, since started: DispatchTime = .now(),
    _ read: @escaping @Sendable (IndexStore) throws(VaultError) -> Value
  ) throws(VaultError) -> IndexedAnswer<Value>? {
    guard !store.isFirstBuild, (try? store.isCurrent(settings: settings.fingerprint)) == true else { return nil }
    let value = try read(store)
    let refresh = IndexRefresh(
      seen: 0, parsed: 0, removed: 0, readAll: false,
      seconds: IndexRefresh.seconds(since: started), walkDiagnostics: [],
      watched: true)
    return IndexedAnswer(store: store, refresh: refresh, value: value)
  }

  private static func openStore(_ path: String, named: Bool, fresh: Bool) throws(IndexError) -> IndexStore {
    try IndexStore(path: path, parserVersion: NoteParser.version, inOwnFolder: !named, fresh: fresh)
  }

  /// Where the index goes when its folder cannot hold it: a folder of this user's in the
  /// temporary folder, one per vault, as the write lock's fallback.
  func privateIndexPath(environment: [String: String]) -> String {
    let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    let folder = "\(temporary)/vault-\(getuid())"
    try? FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return "\(folder)/\(Self.fingerprint(root))/index.sqlite"
  }
}
