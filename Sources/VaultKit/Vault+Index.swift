import Foundation
import VaultCore
import VaultIndex
import VaultMarkdown

/// What one refresh of the index did.
public struct IndexRefresh: Sendable {
  public var seen: Int
  public var parsed: Int
  public var removed: Int
  /// Every file was read: the index was new, rebuilt, or the settings changed.
  public var readAll: Bool
  public var seconds: Double
  /// Problems found while walking the folder (they are not stored in the index).
  public var walkDiagnostics: [Diagnostic]
  /// The index was read as a running watcher kept it, with no walk (`IndexWatcher`).
  public var watched = false

  /// Seconds from `started` to now.
  static func seconds(since started: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
  }
}

/// What one refresh of the index did, and what the index now holds: `vault index` prints it.
public struct IndexSummary: Sendable, Encodable {
  /// Markdown files found in the vault.
  public var seen: Int
  /// Files read and parsed because they were new or changed.
  public var parsed: Int
  /// Files gone from the vault and dropped from the index.
  public var removed: Int
  public var items: [ItemKind: Int]
  public var errors: Int
  public var warnings: Int
  public var seconds: Double
  /// Where the index is.
  public var index: String
  /// Set when the index file could not be used and was rebuilt.
  public var recovered: String?
}

extension Vault {
  /// The index file: `explicit` (`--index`), else `$VAULT_INDEX`, else
  /// `$XDG_CACHE_HOME/vault/<name>-<id>/index.sqlite` (`~/.cache` without XDG), where the id
  /// is a hash of the vault's real path. Never inside the vault, so git, Syncthing and
  /// Obsidian Sync never see it.
  public func indexPath(explicit: String?, environment: [String: String]) -> String {
    Self.indexPath(root: root, explicit: explicit, environment: environment)
  }

  /// The index file of the vault in `root` (a real path), as `indexPath(explicit:environment:)`,
  /// without reading the vault's settings.
  public static func indexPath(root: String, explicit: String?, environment: [String: String]) -> String {
    // Relative to the working directory (`--index index.sqlite`), made absolute so that its
    // folder, the lock and the watcher's socket beside it are found from anywhere.
    if let explicit, !explicit.isEmpty { return FileSystem.absolute(explicit) }
    if let fromEnvironment = environment["VAULT_INDEX"], !fromEnvironment.isEmpty {
      return FileSystem.absolute(fromEnvironment)
    }
    return defaultIndexFolder(root: root, environment: environment) + "/index.sqlite"
  }

  /// The folder of the vault's index when neither `--index` nor `$VAULT_INDEX` names one:
  /// `$XDG_CACHE_HOME/vault/<name>-<id>` (`~/.cache` without XDG).
  func defaultIndexFolder(environment: [String: String]) -> String {
    Self.defaultIndexFolder(root: root, environment: environment)
  }

  static func defaultIndexFolder(root: String, environment: [String: String]) -> String {
    let cache =
      environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
    // The folder's own name (`lastPathComponent`, without NSString's first use).
    let folder = root.split(separator: "/").last.map(String.init) ?? "/"
    let name = String(folder.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(40))
    return "\(cache)/vault/\(name)-\(fingerprint(root))"
  }

  /// FNV-1a of the text, 16 hex digits: the same in every process and on every platform.
  static func fingerprint(_ text: String) -> String {
    let digits = String(StableHash.fnv1a(text), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// Opens the index, creating it when it does not exist.
  public func openIndex(explicit: String? = nil, environment: [String: String]) throws(VaultError) -> IndexStore {
    let path = indexPath(explicit: explicit, environment: environment)
    let named = explicit?.isEmpty == false || environment["VAULT_INDEX"]?.isEmpty == false
    do {
      return try IndexStore(path: path, parserVersion: NoteParser.version, inOwnFolder: !named)
    } catch {
      throw VaultError(error)
    }
  }

  /// Brings the index up to date with the vault: files whose size, modification time or inode
  /// changed are read again, new ones added, removed ones dropped, all in one transaction.
  /// When the settings that shape notes changed, or `rebuild` is set, every file is read.
  /// `progress` hears (done, total) while files are parsed.
  @discardableResult
  public func refresh(
    _ store: IndexStore, rebuild: Bool = false, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(VaultError) -> IndexRefresh {
    try refresh(store, rebuild: rebuild, progress: progress, meanwhile: nil)
  }

  /// Refreshes the index, then answers `read` from it. `read` starts early, beside the walk,
  /// on the bet that nothing changed (the usual case for a command run again); when the
  /// refresh did change the index, `read` runs again. A warm `vault today` at 10,000 notes:
  /// 63 → see docs/PERFORMANCE.md.
  public func refresh<Value: Sendable>(
    _ store: IndexStore, progress: (@Sendable (Int, Int) -> Void)? = nil,
    then read: @escaping @Sendable () throws(VaultError) -> Value
  ) throws(VaultError) -> (IndexRefresh, Value) {
    try refresh(store, progress: progress, walk: nil, then: read)
  }

  /// `refresh(_:progress:then:)`, finishing a walk already started (`VaultWalker.start`).
  func refresh<Value: Sendable>(
    _ store: IndexStore, progress: (@Sendable (Int, Int) -> Void)?, walk: VaultWalker.Walk?,
    then read: @escaping @Sendable () throws(VaultError) -> Value
  ) throws(VaultError) -> (IndexRefresh, Value) {
    // Run on the thread that read the stamps, after them: the walk must not wait for the read
    // to have the database, and no thread of the pool sits blocked.
    let early = Prefetch<Result<Value, VaultError>>.later()
    let afterStamps: @Sendable () -> Void = {
      do throws(VaultError) {
        early.fulfill(.success(try read()))
      } catch {
        early.fulfill(.failure(error))
      }
    }
    // A first build reads every file, so the bet is lost; and its connection is closed when it
    // is put in place, which nothing may be reading then.
    let firstBuild = store.isFirstBuild
    let refresh: IndexRefresh
    do {
      refresh = try self.refresh(
        store, rebuild: false, progress: progress, meanwhile: firstBuild ? nil : afterStamps, walk: walk)
    } catch {
      // The early read ends before the store can be closed (a damaged index is, to be built
      // anew): it may still be reading from it.
      if !firstBuild { _ = early.value }
      throw error
    }
    if firstBuild { return (refresh, try read()) }
    let guess = early.value
    if refresh.parsed == 0 && refresh.removed == 0 && !refresh.readAll { return (refresh, try guess.get()) }
    return (refresh, try read())
  }

  private func refresh(
    _ store: IndexStore, rebuild: Bool, progress: (@Sendable (Int, Int) -> Void)?,
    meanwhile: (@Sendable () -> Void)?, walk: VaultWalker.Walk? = nil
  ) throws(VaultError) -> IndexRefresh {
    let started = DispatchTime.now()
    // What the index knows is read while the folder is walked, by one of the walk's workers,
    // and each part of the walk is compared with it as soon as both are there: all three take
    // a while on a big vault.
    let stored = Prefetch<Result<(stamps: StampTable, isCurrent: Bool), IndexError>>.later()
    let interpreter = NoteInterpreter(settings: settings)
    let comparison = StampComparison { [self] file in record(of: file, interpreter: interpreter) }
    let walk = walk ?? VaultWalker(root: root, ignoreFilters: settings.ignoreFilters).start()
    let walked = walk.finish(
      alongside: {
        do throws(IndexError) {
          let read = try store.stampsIfCurrent(settings: settings.fingerprint)
          stored.fulfill(.success(read))
          comparison.know(read.stamps)
        } catch {
          stored.fulfill(.failure(error))
        }
        meanwhile?()
      },
      each: { comparison.found($0) })
    let (files, walkDiagnostics) = (walked.files, walked.diagnostics)
    // A folder moved or deleted, or a drive taken away (its empty mount point left at the path),
    // is not a vault whose notes were all removed: a phone syncing would delete every event.
    if let problem = folderProblem {
      _ = stored.value
      throw .vaultFolderGone(problem)
    }
    do {
      let (known, isCurrent) = try stored.value.get()
      let readAll = rebuild || !isCurrent
      let unchanged = readAll ? 0 : comparison.unchanged
      let changed = (readAll ? files : comparison.changed).sorted { $0.path < $1.path }
      // Every known path still there (the usual case): nothing was removed, no set needed.
      let stillThere = unchanged + changed.count(where: { known[$0.path] != nil })
      var gone: [String] = []
      if !readAll && stillThere < known.count {
        let present = Set(files.map(\.path))
        gone = known.paths.filter { !present.contains($0) && !walked.isUnread($0) }.sorted()
      }
      var walkDiagnostics = walkDiagnostics
      if !changed.isEmpty || !gone.isEmpty || readAll {
        walkDiagnostics += try write(
          changed, gone: gone, readAll: readAll, known: known, in: store, progress: progress,
          parsed: readAll ? [:] : comparison.parsed,
          // What to write is decided again inside the write transaction: another process
          // may have stored the same changes since the stamps were read (four `vault tasks`
          // at once after new notes failed on `UNIQUE constraint failed: files.path`). A few
          // paths are looked up one by one; reading every stamp again was a tenth of a
          // `vault today` after one note changed.
          recheck: { [paths = changed.map(\.path) + gone] writer in
            paths.count <= 256 ? try writer.stamps(of: paths, under: [String]()) : try writer.stamps()
          })
      }
      return IndexRefresh(
        seen: files.count, parsed: changed.count, removed: gone.count, readAll: readAll,
        seconds: IndexRefresh.seconds(since: started),
        walkDiagnostics: walkDiagnostics)
    } catch {
      throw VaultError(error)
    }
  }

  /// Brings the index up to date with a few places a watcher saw change, without walking the
  /// vault: `files` may have been written, created or removed; `folders` may have appeared,
  /// gone or been replaced whole (made, moved in or out, deleted), and are walked again.
  @discardableResult
  public func refresh(_ store: IndexStore, files: Set<String>, folders: Set<String>) throws(VaultError) -> IndexRefresh
  {
    let started = DispatchTime.now()
    let walker = VaultWalker(root: root, ignoreFilters: settings.ignoreFilters)
    let ignore = IgnoreFilter(settings.ignoreFilters)
    // A folder inside another one walked anyway is walked once, as part of it.
    let outer = folders.sorted().reduce(into: [String]()) { kept, folder in
      if let last = kept.last, folder.hasPrefix(last + "/") { return }
      kept.append(folder)
    }
    let inside = { (path: String) in outer.contains { path.hasPrefix($0 + "/") } }
    var present: [VaultFile] = []
    var walkDiagnostics: [Diagnostic] = []
    var unread = VaultWalker.Walked(files: [], diagnostics: [], folders: [], unreadable: [])
    for folder in outer where walker.reaches(folder, ignoring: ignore) {
      guard FileSystem.status(root + "/" + folder, followLinks: true)?.isDirectory == true else { continue }
      let walked = walker.walk(from: folder)
      present += walked.files
      walkDiagnostics += walked.diagnostics
      unread.unreadable += walked.unreadable
    }
    let paths = files.filter { $0.hasMarkdownExtension && !inside($0) && walker.reaches($0, ignoring: ignore) }
    for path in paths {
      if let status = FileSystem.status(root + "/" + path, followLinks: true), status.isRegular,
        walker.leadsOutside(path) == nil,
        FileSystem.status(root + "/" + path, followLinks: false)?.isSymlink != true
          || !walker.isAnotherNameFor(path, ignoring: ignore)
      {
        present.append(VaultFile(path: path, status: status))
      }
    }
    if let problem = folderProblem { throw .vaultFolderGone(problem) }
    do {
      let known = try store.stamps(of: paths, under: outer)
      let changed = present.filter { known[$0.path] != $0.stamp }.sorted { $0.path < $1.path }
      let there = Set(present.map(\.path))
      let gone = known.paths.filter { !there.contains($0) && !unread.isUnread($0) }.sorted()
      if !changed.isEmpty || !gone.isEmpty {
        walkDiagnostics += try write(
          changed, gone: gone, readAll: false, known: known, in: store, progress: nil,
          recheck: { writer in try writer.stamps(of: paths, under: outer) })
      }
      return IndexRefresh(
        seen: present.count, parsed: changed.count, removed: gone.count, readAll: false,
        seconds: IndexRefresh.seconds(since: started),
        walkDiagnostics: walkDiagnostics)
    } catch {
      throw VaultError(error)
    }
  }

  /// A file read and parsed into what the index stores of it.
  func record(of file: VaultFile, interpreter: NoteInterpreter) -> IndexRecord {
    let (note, bytes, unreadable) = read(file.path, size: file.stamp.size, interpreter: interpreter)
    let body = bytes[min(note.frontMatter?.range.upperBound ?? 0, bytes.count)...]
    return IndexRecord(
      stamp: file.stamp, note: note,
      body: NoteParser.firstInvalidUTF8(body) == nil
        ? body : ArraySlice(String(decoding: body, as: UTF8.self).utf8),
      bodyLine: note.frontMatter?.bodyLine ?? 1, unreadable: unreadable)
  }

  /// Writes what a refresh found in one transaction: `gone` dropped, `changed` read, parsed
  /// and stored (`readAll`: everything erased first). `recheck` reads, inside the write
  /// transaction, the stamps the decision rests on, so that changes another process stored
  /// meanwhile are not stored twice.
  ///
  /// A changed file the index knows that cannot be read now (its permissions changed, a network
  /// file system's error) keeps what the index read of it, and its old stamp, so the next
  /// refresh tries again: a note is not taken for empty, its events gone from every calendar,
  /// because it could not be read for a while. Returns a warning for each.
  private func write(
    _ changed: [VaultFile], gone: [String], readAll: Bool, known: StampTable, in store: IndexStore,
    progress: (@Sendable (Int, Int) -> Void)?, parsed: [String: IndexRecord] = [:],
    recheck: @escaping (IndexWriter) throws -> StampTable
  ) throws(IndexError) -> [Diagnostic] {
    let interpreter = NoteInterpreter(settings: settings)
    var kept: [Diagnostic] = []
    try store.update(changing: readAll ? nil : changed.count + gone.count) { writer in
      var changed = changed
      var gone = gone
      var known = known
      if !readAll {
        known = try recheck(writer)
        changed = changed.filter { known[$0.path] != $0.stamp }
        gone = gone.filter { known[$0] != nil }
      }
      if readAll { try writer.removeAll() }
      for path in gone { try writer.remove(path) }
      // The writer is serial, so the next batch is parsed on the other cores while it
      // stores this one (see docs/PERFORMANCE.md).
      let batches = stride(from: 0, to: changed.count, by: 512).map {
        Array(changed[$0..<min($0 + 512, changed.count)])
      }
      let parse: @Sendable ([VaultFile]) -> [IndexRecord] = { batch in
        parallelMap(batch) { file in
          // Read as the walk found it, unless it changed again since.
          if let record = parsed[file.path], record.stamp == file.stamp { return record }
          return record(of: file, interpreter: interpreter)
        }
      }
      // Files all read during the walk need no other thread.
      let readEarly = changed.allSatisfy { parsed[$0.path]?.stamp == $0.stamp }
      var next = batches.first.map { batch in readEarly ? Prefetch(parse(batch)) : Prefetch { parse(batch) } }
      var done = 0
      for index in batches.indices {
        guard let records = next?.value else { break }
        next = index + 1 < batches.count ? Prefetch { [batch = batches[index + 1]] in parse(batch) } : nil
        for record in records {
          let isNew = readAll || known[record.note.path] == nil
          if let reason = record.unreadable, !isNew {
            kept.append(
              .warning(
                "cannot read file: \(reason); the index keeps what it read before", at: .start, in: record.note.path))
            continue
          }
          try writer.store(record, isNew: isNew)
        }
        done += records.count
        progress?(done, changed.count)
      }
      try writer.setMeta("settings", settings.fingerprint)
    }
    return kept
  }
}

extension Vault {
  /// A refresh with the counts of what the index holds, by kind and by severity.
  public func summary(of refresh: IndexRefresh, in store: IndexStore) throws(VaultError) -> IndexSummary {
    do {
      let own = settingsDiagnostics + refresh.walkDiagnostics
      let stored = try store.diagnosticCounts()
      return IndexSummary(
        seen: refresh.seen, parsed: refresh.parsed, removed: refresh.removed,
        items: ItemKind.everyKind(try store.itemCounts()),
        errors: own.count(where: { $0.severity == .error }) + stored[.error, default: 0],
        warnings: own.count(where: { $0.severity == .warning }) + stored[.warning, default: 0],
        seconds: refresh.seconds, index: store.path, recovered: store.recoveryWarning)
    } catch {
      throw VaultError(error)
    }
  }
}

/// Compares the files a walk finds with the stamps the index holds, part by part on the
/// walk's workers as each part is walked; parts walked before the stamps were read are
/// compared when they are. (Compared in one pass after the walk, 10,000 lookups took 3 ms,
/// most of it waiting on memory the other core had written.)
private final class StampComparison: @unchecked Sendable {
  private let lock = NSLock()
  private var known: StampTable?
  private var waiting: [[VaultFile]] = []
  private var differing: [VaultFile] = []
  private var same = 0
  /// Reads a changed file into a record, on the worker that found it.
  private let parse: @Sendable (VaultFile) -> IndexRecord
  private var records: [String: IndexRecord] = [:]

  /// The most changed files read as they are found: the usual refresh finds a note or two,
  /// and reading them on the walk's workers takes them off the path after the walk.
  static let parsedEarly = 8

  init(parse: @escaping @Sendable (VaultFile) -> IndexRecord) {
    self.parse = parse
  }

  /// The records read as the files were found, by path (at most `parsedEarly`).
  var parsed: [String: IndexRecord] { lock.withLock { records } }

  /// Files new or changed since the index read them. Read once the walk is over.
  var changed: [VaultFile] { lock.withLock { differing } }
  /// How many files are as the index knows them.
  var unchanged: Int { lock.withLock { same } }

  /// Files the walk found: compared now if the stamps are known, else when they are.
  func found(_ files: [VaultFile]) {
    lock.lock()
    guard let known else {
      waiting.append(files)
      lock.unlock()
      return
    }
    lock.unlock()
    compare(files, with: known)
  }

  /// The stamps the index holds; the files found before them are compared now.
  func know(_ stamps: StampTable) {
    let parts = lock.withLock {
      known = stamps
      defer { waiting = [] }
      return waiting
    }
    for part in parts { compare(part, with: stamps) }
  }

  private func compare(_ files: [VaultFile], with known: StampTable) {
    var matching = 0
    let different = files.filter { file in
      let stamp = known[file.path]
      if stamp == file.stamp { matching += 1 }
      return stamp != file.stamp
    }
    let early = lock.withLock {
      same += matching
      differing += different
      return differing.count <= Self.parsedEarly ? different : []
    }
    for file in early {
      let record = parse(file)
      lock.withLock { records[file.path] = record }
    }
  }
}

/// A value computed on another thread; `value` waits for it.
final class Prefetch<Value: Sendable>: @unchecked Sendable {
  private var result: Value?
  private let group = DispatchGroup()

  /// Computes the value on another thread, then runs `then` there (not waited for).
  init(then: (@Sendable () -> Void)? = nil, _ compute: @escaping @Sendable () -> Value) {
    group.enter()
    DispatchQueue.global().async {
      self.result = compute()
      self.group.leave()
      then?()
    }
  }

  private init() { group.enter() }

  /// A value already at hand.
  init(_ value: Value) {
    result = value
  }

  /// A value some other code provides with `fulfill`.
  static func later() -> Prefetch { Prefetch() }

  func fulfill(_ value: Value) {
    result = value
    group.leave()
  }

  /// Waits for the value. `result` is written once, before `group` is left, and read only
  /// after waiting on it, so no lock is needed.
  var value: Value {
    group.wait()
    guard let result else { preconditionFailure("a Prefetch left without a value") }
    return result
  }
}
