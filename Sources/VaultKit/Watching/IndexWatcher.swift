import Foundation
import VaultCore
import VaultIndex

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a vault's index fresh as its files change (`vault watch`), so commands read it without
/// walking the vault.
///
/// The system's notifications (`FolderEvents`) say which files and folders changed; only those
/// are looked at again (`Vault.refresh(_:files:folders:)`), a few at a time after a short
/// quiet spell, so a `git checkout` of thousands of files is applied in a few batches. When the
/// kernel drops events, or the settings change, the whole vault is walked once, as a command
/// would.
///
/// Commands trust the index only when the watcher vouches for it, with watchman's cookie
/// handshake: a command asks over `WatchChannel`; the watcher makes a cookie file in the vault
/// and answers once its own notification of that file has come through. Notifications of one
/// watcher arrive in the order things happened, so every change made before the command asked
/// has been seen, and is applied before the answer.
///
/// Its state belongs to the thread that calls `run()`; `stop()` may be called from any thread
/// (it writes to a pipe), hence `@unchecked Sendable`.
public final class IndexWatcher: @unchecked Sendable {
  public private(set) var vault: Vault
  /// The index, open for as long as the watcher runs.
  public private(set) var store: IndexStore
  /// Heard after every batch that changed the index.
  public var onChange: (@Sendable (IndexRefresh) -> Void)?
  /// Answers a view a command sent (`WatchedViewRequest`) as the command would have, once
  /// the index holds every change made before it asked: given the request, the vault's
  /// folder and the index's path. Nil declines it (the command then runs itself). Without
  /// it, every view is declined.
  public var answerView: ((WatchedViewRequest, _ root: String, _ index: String) -> WatchedViewAnswer?)?

  private let explicitIndex: String?
  private let environment: [String: String]
  private let notice: (String) -> Void
  private let events: FolderEvents
  private let lock: Int32
  private var listener: Int32 = -1
  private var socketPath = ""
  private let stopPipe: (read: Int32, write: Int32)
  /// Watched folders, vault-relative ("" is the vault's own folder), both ways.
  private var watched: [Int32: String] = [:]
  private var watches: [String: Int32] = [:]
  /// False when a folder could not be watched: commands are then told to walk.
  private var complete = true
  /// Why the watcher does not vouch for the index, when it does not: a folder it could not
  /// watch (`vault watch --status` says it).
  private var notVouching: String?
  /// `$VAULT_WATCH_LIMIT`: a lower limit of watched folders than the system's, to try what a
  /// watcher does when it reaches the limit (tests; `fs.inotify.max_user_watches` needs root).
  private let watchLimit: Int?
  private var settingsStamp: [Int64]
  private var cookies = 0
  /// A command waiting for its cookie: since when (0 once the cookie was seen), and the view
  /// it wants answered, if it sent one.
  private struct Waiter {
    var client: Int32
    var since: UInt64
    var view: WatchedViewRequest?
  }
  /// Commands waiting for their cookie, by the cookie's name.
  private var waiting: [String: Waiter] = [:]
  /// What changed since the last batch was applied.
  private var changedFiles = Set<String>()
  private var changedFolders = Set<String>()
  private var rescan = false
  /// When the index could not be written (another program held its lock, or a write failed):
  /// the changes stay pending and are applied again from this moment on.
  private var retryAt: UInt64?
  /// Whether the last failure was told (once per spell of failures, not every retry).
  private var failureTold = false
  private var settingsTouched = false
  private var firstChange: UInt64?
  private var lastChange: UInt64 = 0
  /// When the search rows of the notes stored last are to go into the full-text table
  /// (`IndexStore.writeSearchBacklog`): once the vault has been quiet for `searchBacklogDelay`,
  /// so that a search finds them there and a burst of saves writes them once.
  private var searchBacklogDue: UInt64?
  static let searchBacklogDelay: UInt64 = 2_000_000_000

  /// The prefix of cookie files: hidden, so no walker, Obsidian or `vault` reads them.
  static let cookiePrefix = ".vault-watch-cookie-"
  /// Folders whose files are settings (`SettingsLoader.files`), watched beside the notes.
  static let settingsFolders: Set<String> = [".vault", ".obsidian"]

  public enum Failure: Error, CustomStringConvertible {
    /// Another watcher holds the vault's watch lock.
    case alreadyWatched(String)
    /// The file system delivers no notifications (a network or FUSE file system).
    case notNotified(String)
    case cannotWatch(String)

    public var description: String {
      switch self {
      case .alreadyWatched(let root):
        return "\(root) is watched already (by another vault watch, serve or remind --watch)"
      case .notNotified(let reason): return reason
      case .cannotWatch(let reason): return reason
      }
    }
  }

  /// Takes the vault's watch lock, watches every folder the walk reaches, then brings the
  /// index up to date (so changes made while no watcher ran are seen; `progress` hears how far
  /// a first build is) and listens for commands.
  public init(
    vault: Vault, index: String?, environment: [String: String], notice: @escaping (String) -> Void,
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws {
    self.vault = vault
    explicitIndex = index
    self.environment = environment
    self.notice = notice
    watchLimit = environment["VAULT_WATCH_LIMIT"].flatMap { Int($0) }
    let plannedIndex = vault.indexPath(explicit: index, environment: environment)
    if let kind = WatchedFileSystem.unnotifiedKind(of: vault.root) {
      throw Failure.notNotified(
        "\(vault.displayRoot) is on a \(kind) file system, which sends no notifications of changes; "
          + "commands go on walking the vault")
    }
    try? FileManager.default.createDirectory(
      atPath: (plannedIndex as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    lock = open(WatchChannel.lockPath(index: plannedIndex), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0 else {
      if lock >= 0 { close(lock) }
      throw Failure.alreadyWatched(vault.displayRoot)
    }
    do {
      events = try FolderEvents()
    } catch {
      close(lock)
      throw Failure.cannotWatch("\(error)")
    }
    var pipeEnds: [Int32] = [0, 0]
    _ = pipe(&pipeEnds)
    stopPipe = (pipeEnds[0], pipeEnds[1])
    settingsStamp = SettingsLoader.stamp(vault.root)
    // Watches first, then the refresh: a change made while the index is brought up to date is
    // in the notifications, and applied after it.
    store = try vault.withIndex(
      explicit: index, environment: environment, trustWatcher: false, progress: progress, notice: notice
    ) { _ in }.store
    store.stopMapping()
    watchEverything()
    _ = try vault.refresh(store)
    store.releaseCache()
    Self.returnFreedMemory()
    socketPath = WatchChannel.socketPath(index: store.path)
    listener = try Self.listen(socketPath)
  }

  deinit {
    stopListening()
    close(stopPipe.read)
    close(stopPipe.write)
    store.close()
    close(lock)
  }

  /// Makes `run` return after the batch it is applying (from any thread, or a signal handler
  /// through `stopDescriptor`).
  public func stop() {
    var byte: UInt8 = 1
    _ = write(stopPipe.write, &byte, 1)
  }

  /// Writing a byte here stops the watcher: what a signal handler may do.
  public var stopDescriptor: Int32 { stopPipe.write }

  /// Whether every folder is watched; when not, commands walk the vault (and were warned).
  public var watchesEveryFolder: Bool { complete }

  /// Applies changes and answers commands until `stop()`; then it no longer listens.
  public func run() throws(VaultError) {
    defer { stopListening() }
    while true {
      var descriptors = [
        pollfd(fd: events.descriptor, events: Int16(POLLIN), revents: 0),
        pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
        pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
      ]
      // With changes pending, wait for a quiet spell of 20 ms (a checkout writes in bursts),
      // but no more than half a second in all; with none, until something happens.
      let pending = firstChange != nil || rescan || settingsTouched
      let retryIn = retryAt.map { due in
        Int32(clamping: (due &- min(due, DispatchTime.now().uptimeNanoseconds)) / 1_000_000 + 1)
      }
      let untilBacklog = searchBacklogDue.map { due in
        Int32(clamping: (due &- min(due, DispatchTime.now().uptimeNanoseconds)) / 1_000_000 + 1)
      }
      let ready = poll(&descriptors, 3, retryIn ?? (pending ? 20 : min(5000, untilBacklog ?? 5000)))
      if ready < 0 && errno != EINTR { throw .cannotWrite(socketPath, reason: String(cString: strerror(errno))) }
      if descriptors[2].revents != 0 { return }
      if descriptors[0].revents != 0 { take(events.read()) }
      if descriptors[1].revents != 0 { accept() }
      let now = DispatchTime.now().uptimeNanoseconds
      let quiet = ready == 0 || now - lastChange > 20_000_000
      let overdue = firstChange.map { now - $0 > 500_000_000 } ?? false
      let cookieSeen = waiting.values.contains { $0.since == 0 }
      let retrying = retryAt != nil
      if retrying && now < retryAt ?? 0 {
        // Waiting out a lock: nothing is applied before the retry is due.
      } else if retrying || (pending && (quiet || overdue)) || cookieSeen
        || !waiting.isEmpty && (rescan || settingsTouched)
      {
        try apply()
      }
      answerSeenCookies()
      dropStaleWaiters(now: now)
      if firstChange == nil, !rescan, !settingsTouched, waiting.isEmpty, let due = searchBacklogDue, now >= due {
        searchBacklogDue = nil
        // One that fails is written by the next search instead.
        try? store.writeSearchBacklog()
      }
    }
  }

  /// Closes the socket and removes it, and tells the commands waiting for an answer to walk:
  /// a command that asks from now on finds nobody listening and walks at once. Listening on
  /// after `run` ended, a watcher stopped inside a process that goes on (`vault serve` after
  /// an error) had every command wait its whole timeout for an answer that could not come.
  private func stopListening() {
    guard listener >= 0 else { return }
    close(listener)
    listener = -1
    unlink(socketPath)
    for (name, waiter) in waiting {
      _ = WatchChannel.send(waiter.client, "walk\n")
      close(waiter.client)
      unlink(vault.root + "/" + name)
    }
    waiting = [:]
  }

  // MARK: - Notifications

  private func take(_ received: [FolderEvent]) {
    for event in received {
      if event.change == .overflow {
        rescan = true
        continue
      }
      guard let folder = watched[event.watch] else { continue }
      if event.change == .watchedFolderGone {
        if event.name.isEmpty && folder.isEmpty {
          notice("\(vault.displayRoot) was moved or deleted; the watcher stops")
          stop()
          // The rest is of a folder gone (and the same news again: IN_MOVE_SELF, IN_IGNORED).
          return
        } else if event.name.isEmpty {
          forget(event.watch)
        }
        continue
      }
      if Self.settingsFolders.contains(folder) {
        settingsTouched = true
        continue
      }
      let path = folder.isEmpty ? event.name : folder + "/" + event.name
      if folder.isEmpty && event.name.hasPrefix(Self.cookiePrefix) {
        if event.change == .fileChanged, (waiting[event.name]?.since ?? 0) != 0 {
          waiting[event.name]?.since = 0
        }
        continue
      }
      if folder.isEmpty && Self.settingsFolders.contains(event.name) {
        settingsTouched = true
        if event.change == .folderAppeared { watch(event.name) }
        continue
      }
      if event.name.hasPrefix(".") { continue }
      switch event.change {
      case .fileChanged, .fileGone:
        changedFiles.insert(path)
        // A link to a folder comes and goes as a file.
        if event.change == .fileGone, watches[path] != nil {
          changedFolders.insert(path)
          unwatch(under: path)
        }
      case .folderAppeared:
        changedFolders.insert(path)
      case .folderGone:
        changedFolders.insert(path)
        unwatch(under: path)
      case .watchedFolderGone, .overflow:
        break
      }
      let now = DispatchTime.now().uptimeNanoseconds
      if firstChange == nil { firstChange = now }
      lastChange = now
    }
  }

  /// Brings the index up to date with what changed since the last batch.
  private func apply() throws(VaultError) {
    if settingsTouched || !waiting.isEmpty {
      settingsTouched = false
      let stamp = SettingsLoader.stamp(vault.root)
      if stamp != settingsStamp {
        settingsStamp = stamp
        if let reopened = vault.reopened() {
          vault = reopened
          rescan = true
        }
      }
    }
    let files = changedFiles
    var folders = changedFolders
    let everything = rescan
    changedFiles = []
    changedFolders = []
    rescan = false
    firstChange = nil
    let refresh: IndexRefresh
    do throws(VaultError) {
      if everything {
        watchEverything()
        refresh = try vault.refresh(store)
        // The walk began after every waiting cookie was made: it saw what they vouch for.
        for name in waiting.keys { waiting[name]?.since = 0 }
      } else {
        if files.isEmpty && folders.isEmpty { return }
        // A link to a folder is made as a file; the walk treats it as the folder.
        for path in files where watches[path] == nil {
          if FileSystem.status(vault.root + "/" + path, followLinks: true)?.isDirectory == true {
            folders.insert(path)
          }
        }
        // Watched before they are read, so nothing made in them meanwhile is missed.
        for folder in folders where watches[folder] == nil {
          if FileSystem.status(vault.root + "/" + folder, followLinks: true)?.isDirectory == true {
            watchTree(folder)
          }
        }
        refresh = try vault.refresh(store, files: files, folders: folders)
      }
    } catch .indexDamaged(let reason) {
      // A damaged index is built anew from the vault, as any command would.
      notice("\(reason); the index is read again from the vault")
      do throws(VaultError) {
        let rebuilt = try vault.withIndex(
          explicit: explicitIndex, environment: environment, rebuild: true, trustWatcher: false, notice: notice
        ) { _ in }.store
        store.close()
        store = rebuilt
        store.stopMapping()
      } catch {
        retryLater(files, folders, everything: true, because: error)
        return
      }
      retryAt = nil
      failureTold = false
      onChange?(IndexRefresh(seen: 0, parsed: 0, removed: 0, readAll: true, seconds: 0, walkDiagnostics: []))
      return
    } catch {
      // Locked by another program (a long `vault index --rebuild`, a backup) or a write that
      // failed: nothing is lost, the same changes are applied again shortly, and a watcher
      // never goes blind. Commands walk meanwhile: the index no longer vouches for the vault.
      retryLater(files, folders, everything: everything, because: error)
      return
    }
    if failureTold { notice("the index is written again; every change made meanwhile is in it") }
    retryAt = nil
    failureTold = false
    if refresh.readAll || refresh.parsed > 0 || refresh.removed > 0 {
      store.releaseCache()
      Self.returnFreedMemory()
      searchBacklogDue = DispatchTime.now().uptimeNanoseconds + Self.searchBacklogDelay
      onChange?(refresh)
    }
  }

  /// Keeps changes that could not be written pending, and applies them again in a moment
  /// (a quarter of a second: a lock held for seconds is waited out by SQLite's busy timeout on
  /// each try, so a change lands as soon as the lock is released).
  private func retryLater(_ files: Set<String>, _ folders: Set<String>, everything: Bool, because error: VaultError) {
    changedFiles.formUnion(files)
    changedFolders.formUnion(folders)
    rescan = rescan || everything
    retryAt = DispatchTime.now().uptimeNanoseconds + 250_000_000
    if !failureTold {
      failureTold = true
      notice("\(error); the changes are kept and written again as soon as the index can be")
    }
  }

  /// Gives the memory a walk or a batch freed back to the system: glibc keeps a freed heap for
  /// the process, and the watcher lives for days (at 100,000 notes it held 119 MB after its
  /// first walk and a batch of 1,000 notes; 47 MB without the freed heap and the page cache).
  static func returnFreedMemory() {
    #if canImport(Glibc)
    // `malloc_trim` is glibc's own (malloc.h, which the Glibc module leaves out).
    typealias Trim = @convention(c) (Int) -> Int32
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    #endif
  }

  // MARK: - Watches

  /// Watches the vault's own folder, its settings folders and every folder the walk reaches;
  /// forgets watches of folders no longer there.
  /// The folders are those on disk (a walk), never the index's list; then a second look, once
  /// the watches are in place, catches a folder made or moved in while the first walk ran
  /// (after its parent was read and before the parent was watched, so that no watch saw it:
  /// the race inotify(7) describes).
  private func watchEverything() {
    let walker = VaultWalker(root: vault.root, ignoreFilters: vault.settings.ignoreFilters)
    let folders = walker.walk().folders
    let wanted = Set(folders).union(Self.settingsFolders)
    for (folder, watch) in watches where !wanted.contains(folder) {
      events.remove(watch)
      forget(watch)
    }
    complete = true
    notVouching = nil
    for folder in Self.settingsFolders.sorted()
    where FileSystem.status(vault.root + "/" + folder, followLinks: true)?.isDirectory == true {
      watch(folder)
    }
    for folder in folders { watch(folder) }
    for folder in walker.walk().folders where watches[folder] == nil { watch(folder) }
  }

  /// Watches a folder that appeared, and every folder in it, with the same second look.
  private func watchTree(_ folder: String) {
    let walker = VaultWalker(root: vault.root, ignoreFilters: vault.settings.ignoreFilters)
    for inside in walker.walk(from: folder).folders { watch(inside) }
    for inside in walker.walk(from: folder).folders where watches[inside] == nil { watch(inside) }
  }

  private func watch(_ folder: String) {
    guard complete else { return }
    do throws(FolderEvents.Failure) {
      if let watchLimit, watches.count >= watchLimit, watches[folder] == nil {
        throw .tooManyWatches(limit: "VAULT_WATCH_LIMIT = \(watchLimit)")
      }
      let watch = try events.add(folder.isEmpty ? vault.root : vault.root + "/" + folder)
      // The same folder reached again (by a link the walk did not follow) keeps its first path.
      if let old = watched[watch], old != folder, watches[old] == watch { return }
      watched[watch] = folder
      watches[folder] = watch
    } catch .tooManyWatches(let limit) {
      complete = false
      notVouching = "\(FolderEvents.Failure.tooManyWatches(limit: limit))"
      notice(
        "\(FolderEvents.Failure.tooManyWatches(limit: limit)); until then commands walk the vault as without a watcher")
    } catch {
      // A folder gone before it could be watched: its parent's notification covers it. One
      // still there (no permission to read it, say) is not watched: the watcher stops vouching.
      let path = folder.isEmpty ? vault.root : vault.root + "/" + folder
      guard FileSystem.status(path, followLinks: true)?.isDirectory == true else { return }
      complete = false
      notVouching = "\(error)"
      notice("\(error); until it can be watched (restart the watcher), commands walk the vault as without a watcher")
    }
  }

  /// Why the watcher does not vouch for the index now; nil when it does.
  var whyNotVouching: String? {
    if !complete { return notVouching ?? "a folder of the vault is not watched" }
    if retryAt != nil { return "changes wait to be written: the index is locked or could not be written" }
    return nil
  }

  /// Stops watching a folder that went away, and every folder in it.
  private func unwatch(under folder: String) {
    for (path, watch) in watches where path == folder || path.hasPrefix(folder + "/") {
      events.remove(watch)
      forget(watch)
    }
  }

  private func forget(_ watch: Int32) {
    guard let folder = watched.removeValue(forKey: watch) else { return }
    if watches[folder] == watch { watches.removeValue(forKey: folder) }
  }

  // MARK: - Commands

  private static func listen(_ path: String) throws -> Int32 {
    try? FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    // We hold the lock: a socket file left here is a dead watcher's.
    unlink(path)
    let socket = WatchChannel.socket()
    guard socket >= 0 else { throw Failure.cannotWatch("cannot make a socket: \(String(cString: strerror(errno)))") }
    #if os(Linux)
    let bindCall = Glibc.bind
    let listenCall = Glibc.listen
    #else
    let bindCall = Darwin.bind
    let listenCall = Darwin.listen
    #endif
    let bound = WatchChannel.withAddress(path) { bindCall(socket, $0, $1) == 0 } ?? false
    guard bound, listenCall(socket, 64) == 0 else {
      let reason = String(cString: strerror(errno))
      close(socket)
      throw Failure.cannotWatch("cannot listen on \(path): \(reason)")
    }
    chmod(path, 0o600)
    return socket
  }

  /// Takes a command's request: makes its cookie, or answers at once when the index cannot be
  /// vouched for.
  private func accept() {
    #if os(Linux)
    let client = Glibc.accept(listener, nil, nil)
    #else
    let client = Darwin.accept(listener, nil, nil)
    #endif
    guard client >= 0 else { return }
    _ = fcntl(client, F_SETFD, FD_CLOEXEC)
    // A command that stopped reading does not stop the watcher: its answer is given up.
    var patience = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
    var on: Int32 = 1
    setsockopt(client, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var received: [UInt8] = []
    let request = WatchChannel.receiveLine(client, timeout: 200, rest: &received)
    var view: WatchedViewRequest?
    if let request, request.hasPrefix("view "), let count = Int(request.dropFirst(5)),
      (0...WatchChannel.requestLimit).contains(count),
      WatchChannel.receive(client, count: count, timeout: 200, into: &received)
    {
      // Another binary's command line is not ours to read: it runs itself.
      guard let decoded = WatchedViewRequest(encoded: received), decoded.program == WatchedViewRequest.thisProgram,
        answerView != nil
      else {
        _ = WatchChannel.send(client, "decline\n")
        close(client)
        return
      }
      view = decoded
    } else if request == "why" {
      // `vault watch --status`: whether it vouches now, and why not.
      _ = WatchChannel.send(client, whyNotVouching.map { "not vouching: " + $0 } ?? "vouching")
      _ = WatchChannel.send(client, "\n")
      close(client)
      return
    } else if request != "sync" {
      close(client)
      return
    }
    cookies += 1
    let name = "\(Self.cookiePrefix)\(getpid())-\(cookies)"
    let cookie = open(vault.root + "/" + name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard complete, cookie >= 0 else {
      if cookie >= 0 {
        close(cookie)
        unlink(vault.root + "/" + name)
      }
      _ = WatchChannel.send(client, "walk\n")
      close(client)
      return
    }
    close(cookie)
    waiting[name] = Waiter(client: client, since: max(1, DispatchTime.now().uptimeNanoseconds), view: view)
  }

  private func answerSeenCookies() {
    var answered = false
    for (name, waiter) in waiting where waiter.since == 0 {
      unlink(vault.root + "/" + name)
      waiting.removeValue(forKey: name)
      // With changes not yet written (the index was locked), it vouches for nothing: the
      // command walks, and sees them.
      let current = complete && retryAt == nil
      if let view = waiter.view, current {
        answer(view, to: waiter.client)
        answered = true
      } else {
        _ = WatchChannel.send(waiter.client, (current ? "ok" : "walk") + "\n")
      }
      close(waiter.client)
    }
    // What the views allocated, given back once they are answered.
    if answered { Self.returnFreedMemory() }
  }

  /// Answers a view whose cookie came through: the index holds every change made before it
  /// was asked. The view reads the index through the watcher's own store, without asking
  /// this busy watcher (`vouching`).
  private func answer(_ view: WatchedViewRequest, to client: Int32) {
    guard complete else {
      _ = WatchChannel.send(client, "walk\n")
      return
    }
    let path = store.path
    let root = vault.root
    guard let answer = WatchChannel.vouching(for: store, { answerView?(view, root, path) }) else {
      _ = WatchChannel.send(client, "decline\n")
      return
    }
    let bytes = answer.encoded()
    _ = WatchChannel.send(client, Array("answer \(bytes.count)\n".utf8) + bytes)
  }

  /// A cookie whose notification never came (dropped with an overflow) is given up after two
  /// seconds: its command has walked the vault by then.
  private func dropStaleWaiters(now: UInt64) {
    for (name, waiter) in waiting where waiter.since != 0 && now - waiter.since > 2_000_000_000 {
      _ = WatchChannel.send(waiter.client, "walk\n")
      close(waiter.client)
      unlink(vault.root + "/" + name)
      waiting.removeValue(forKey: name)
    }
  }
}
