import Foundation
import VaultCore
import VaultIndex

/// One Markdown file of the vault as the file system sees it.
public struct VaultFile: Hashable, Sendable {
  /// Vault-relative, `/`-separated.
  public var path: String
  /// Size, modification time and inode: what tells the index the file changed.
  public var stamp: FileStamp

  init(path: String, status: FileSystem.Status) {
    self.path = path
    stamp = FileStamp(size: status.size, modified: status.modified, inode: status.inode)
  }
}

/// Lists the Markdown files of a vault, in no particular order (callers sort what they show:
/// sorting every path costs a no-change refresh of 10,000 notes about 5 ms). Hidden files and folders (`.obsidian`,
/// `.git`, `.trash`, `.vault`) and Obsidian's excluded files are left out. Symbolic links within
/// the vault are followed, as Obsidian follows them, but only after every real folder has been
/// read, so a folder reachable both directly and through a link is listed under its real path,
/// and a folder is never entered twice, so link loops end. A link that leads outside the vault
/// is not followed: it is named with a warning (`leadsOutside`).
///
/// Real folders are read on all cores: reading a folder and `stat`ing a slice of its entries
/// are the units of work, so one huge folder is shared as well as many small ones (no-change
/// refresh of 10,000 notes: walk 30 ms → see docs/PERFORMANCE.md).
struct VaultWalker: Sendable {
  let root: String
  /// Obsidian's excluded files. Each worker compiles its own `IgnoreFilter`: a `Regex` may not
  /// be shared between threads.
  let ignoreFilters: [String]

  /// Walks the whole vault, or only `folder` (vault-relative) and what is in it. `folders`
  /// are the folders entered, `folder` first: what a watcher watches. `alongside` and `each`
  /// as in `Walk.finish`.
  func walk(
    from folder: String = "", alongside: (@Sendable () -> Void)? = nil,
    each: (@Sendable ([VaultFile]) -> Void)? = nil
  ) -> Walked {
    start(from: folder).finish(alongside: alongside, each: each)
  }

  /// What a walk found: the Markdown files, the problems, the folders entered (what a watcher
  /// watches), and those that could not be read (`unreadable`).
  struct Walked {
    var files: [VaultFile]
    var diagnostics: [Diagnostic]
    var folders: [String]
    /// Folders that are there but could not be read (no permission, a network or FUSE mount
    /// whose server is gone): their notes are not known to be gone, and a refresh keeps what
    /// the index held of them. "" for the vault's own folder.
    var unreadable: [String]

    /// Whether `path` is inside a folder that could not be read.
    func isUnread(_ path: String) -> Bool {
      unreadable.contains { $0.isEmpty || path.hasPrefix($0 + "/") }
    }
  }

  /// Starts walking on background workers, one fewer than the cores: the caller's thread,
  /// the last one, joins them in `Walk.finish`. Meanwhile it can do what does not need the
  /// walk (a command opens the index).
  func start(from folder: String = "") -> Walk {
    let walk = prepare(from: folder)
    walk.addHelpers(Self.helpers)
    return walk
  }

  /// Background workers a walk has: one fewer than the cores, for the thread that finishes it.
  static var helpers: Int { max(1, OtherCoreThread.cores) - 1 }

  /// A walk with nobody working on it yet (`Walk.addHelpers`, `Walk.help`, `Walk.finish`).
  func prepare(from folder: String = "") -> Walk {
    let work = WalkQueue()
    // A folder reached through a link that leads out is not the vault's (`leadsOutside`).
    guard folder.isEmpty || leadsOutside(folder) == nil else { return Walk(walker: self, work: work) }
    if let status = FileSystem.status(folder.isEmpty ? root : root + "/" + folder, followLinks: true) {
      work.visited.insert(FolderIdentity(status))
    }
    work.pending = [.folder(folder)]
    work.entered = [folder]
    return Walk(walker: self, work: work)
  }

  /// A walk under way: `finish` joins it and returns what it found.
  final class Walk: Sendable {
    fileprivate let walker: VaultWalker
    fileprivate let work: WalkQueue
    fileprivate let helpers = DispatchGroup()

    fileprivate init(walker: VaultWalker, work: WalkQueue) {
      self.walker = walker
      self.work = work
    }

    /// Background workers for the walk, each on a thread of its own that starts on another
    /// core (`OtherCoreThread`: one from the pool waited for the caller's core).
    func addHelpers(_ count: Int) {
      for _ in 0..<max(0, count) {
        enlist()
        OtherCoreThread.start { self.help() }
      }
    }

    /// Counts the calling thread among the helpers, before anyone may finish the walk: `help`
    /// must follow, on this thread.
    func enlist() { helpers.enter() }

    /// Works on the walk on this thread, as one of its helpers, until no work is left.
    func help() {
      walker.work(on: work)
      helpers.leave()
    }

    /// Works on the walk on this thread until it is done, then returns what it found.
    ///
    /// `alongside` is other work to do meanwhile (a refresh reads what the index knows): it is
    /// one more item for the same workers, so the process never has more threads running than
    /// cores. With a thread of its own beside the walk's, the scheduler left a core idle for
    /// several milliseconds while the two walkers shared the other (`perf sched`, see
    /// docs/PERFORMANCE.md). The walk returns once it is done too. `each` hears the files of
    /// each part of the walk as soon as that part is done (those done before, now), on the
    /// thread that walked it.
    func finish(
      alongside: (@Sendable () -> Void)? = nil, each: (@Sendable ([VaultFile]) -> Void)? = nil
    ) -> Walked {
      work.deliver(to: each)
      if let alongside { work.add(.job(alongside)) }
      walker.work(on: work)
      helpers.wait()
      return walker.afterWalking(work, each: each)
    }
  }

  /// Takes items from the walk's queue and does them until none is left.
  private func work(on work: WalkQueue) {
    let ignore = IgnoreFilter(ignoreFilters)
    var finished: WalkQueue.Found?
    while let item = work.next(after: &finished) {
      var found = WalkQueue.Found()
      switch item {
      case .folder(let folder): read(folder, ignoring: ignore, into: &found)
      case .entries(let directory, let folder, let names): status(names, in: directory, folder: folder, into: &found)
      case .job(let job): job()
      }
      if !found.files.isEmpty { work.delivered(found.files) }
      finished = found
    }
  }

  /// The end of a walk, on one thread: symbolic links, which are followed last.
  private func afterWalking(
    _ work: WalkQueue, each: (@Sendable ([VaultFile]) -> Void)?
  ) -> Walked {
    var files = work.found.files
    var diagnostics = work.found.diagnostics
    var unreadable = work.found.unreadable
    var folders = work.entered
    let walked = files.count
    defer { if let each, files.count > walked { each(Array(files[walked...])) } }
    let ignore = IgnoreFilter(ignoreFilters)
    // Links last, one by one: rare, and the order decides which path a folder is listed under.
    var links = work.found.links.sorted()
    var nextLink = 0
    while nextLink < links.count {
      let link = links[nextLink]
      nextLink += 1
      let path = root + "/" + link
      guard let status = FileSystem.status(path, followLinks: true) else {
        diagnostics.append(.warning("broken symbolic link; skipped", at: .start, in: link))
        continue
      }
      if let outside = leadsOutside(link) {
        diagnostics.append(
          .warning(
            "symbolic link leads outside the vault, to \(outside); not read (vault reads only what is inside the vault)",
            at: .start, in: link))
        continue
      }
      if status.isRegular {
        if link.hasMarkdownExtension && !isAnotherNameFor(link, ignoring: ignore) {
          files.append(VaultFile(path: link, status: status))
        }
        continue
      }
      guard status.isDirectory else { continue }
      guard work.visited.insert(FolderIdentity(status)).inserted else {
        diagnostics.append(
          .warning(
            "folder already read through another path (a symbolic link loop?); skipped", at: .start, in: link))
        continue
      }
      // A linked folder's own folders are read here too, each once.
      var linked = [link]
      folders.append(link)
      while let folder = linked.popLast() {
        var found = WalkQueue.Found()
        read(folder, ignoring: ignore, into: &found, statusInline: true)
        files += found.files
        diagnostics += found.diagnostics
        unreadable += found.unreadable
        links += found.links
        for (relative, identity) in found.folders where work.visited.insert(identity).inserted {
          linked.append(relative)
          folders.append(relative)
        }
      }
    }
    // Folders are read in parallel: sort what was found about them so the output is stable (and
    // say once what the parts of a big folder each found).
    var said = Set<Diagnostic>()
    diagnostics = diagnostics.filter { said.insert($0).inserted }
    return Walked(
      files: files, diagnostics: diagnostics.sorted { $0.path < $1.path }, folders: folders, unreadable: unreadable)
  }

  /// Where a link leads when that is outside the vault (its real path), else nil. What is
  /// reached only through such a link is never read: a vault is shared (git, the server's
  /// accounts), and a link someone committed could point anywhere on the machine that reads it.
  func leadsOutside(_ link: String) -> String? {
    guard let target = FileSystem.realPath(root + "/" + link) else { return nil }
    let realRoot = FileSystem.realPath(root) ?? root
    return target == realRoot || target.hasPrefix(realRoot == "/" ? "/" : realRoot + "/") ? nil : target
  }

  /// Whether a link to a file is another name for a note the walk lists under its real path
  /// (inside the vault, reached there): that note is read once, so its tasks are listed once and
  /// `vault done TEXT` is not ambiguous. A link to a file the walk does not reach (in a hidden
  /// or excluded folder) is a note of its own.
  func isAnotherNameFor(_ link: String, ignoring ignore: IgnoreFilter) -> Bool {
    guard let target = FileSystem.realPath(root + "/" + link), let realRoot = FileSystem.realPath(root),
      target.hasPrefix(realRoot + "/")
    else { return false }
    let relative = String(target.dropFirst(realRoot.count + 1))
    return relative != link && relative.hasMarkdownExtension && reaches(relative, ignoring: ignore)
  }

  /// Whether the walk would list a file or folder at `path` (vault-relative): no part of it
  /// hidden, and neither it nor a folder above it among Obsidian's excluded files.
  func reaches(_ path: String, ignoring ignore: IgnoreFilter) -> Bool {
    var prefix = ""
    for part in path.split(separator: "/") {
      guard !part.hasPrefix(".") else { return false }
      prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
      if !ignore.isEmpty && ignore.excludes(prefix) { return false }
    }
    return !prefix.isEmpty
  }

  /// Reads one folder's entries. In the parallel walk the Markdown files and folders among
  /// them are queued to be `stat`ed in slices; with `statusInline`, they are `stat`ed at once.
  private func read(
    _ folder: String, ignoring ignore: IgnoreFilter, into found: inout WalkQueue.Found, statusInline: Bool = false
  ) {
    let absolute = folder.isEmpty ? root : root + "/" + folder
    let directory: FileSystem.Directory
    do {
      directory = try FileSystem.Directory(absolute)
    } catch {
      found.diagnostics.append(
        .warning(
          "cannot read folder: \(error); the index keeps what it read there", at: .start,
          in: folder.isEmpty ? "." : folder))
      found.unreadable.append(folder)
      return
    }
    // Only Markdown files and folders are looked at closer: attachments cost no `stat`.
    let names = directory.entries().compactMap { name, type -> String? in
      guard !name.hasPrefix("."), type != .other, type != .regular || name.hasMarkdownExtension else { return nil }
      if !ignore.isEmpty && ignore.excludes(folder.isEmpty ? name : folder + "/" + name) { return nil }
      return name
    }
    if statusInline || names.count <= WalkQueue.sliceSize {
      status(names[...], in: directory, folder: folder, into: &found)
    } else {
      found.queued += stride(from: 0, to: names.count, by: WalkQueue.sliceSize).map {
        .entries(directory, folder: folder, names: names[$0..<min($0 + WalkQueue.sliceSize, names.count)])
      }
    }
  }

  private func status(
    _ names: ArraySlice<String>, in directory: FileSystem.Directory, folder: String, into found: inout WalkQueue.Found
  ) {
    for name in names {
      guard let status = directory.status(of: name) else {
        // A folder that can be listed but not entered (`chmod -R 644`): its notes are not gone.
        if errno == EACCES, !found.unreadable.contains(folder) {
          found.unreadable.append(folder)
          found.diagnostics.append(
            .warning(
              "cannot enter folder: \(String(cString: strerror(EACCES))); the index keeps what it read there",
              at: .start, in: folder.isEmpty ? "." : folder))
        }
        continue
      }
      let relative = folder.isEmpty ? name : folder + "/" + name
      if status.isSymlink {
        found.links.append(relative)
      } else if status.isDirectory {
        found.folders.append((relative, FolderIdentity(status)))
      } else if status.isRegular, name.hasMarkdownExtension {
        found.files.append(VaultFile(path: relative, status: status))
      }
    }
  }
}

/// A folder as the file system knows it, whatever path reached it: a folder is entered once.
/// (A struct, not `[device, inode]`: the first `Set` of arrays cost the early walk 0.3 ms of
/// the runtime's conformance lookups before its first folder.)
struct FolderIdentity: Hashable {
  let device: UInt64
  let inode: UInt64

  init(_ status: FileSystem.Status) {
    device = status.device
    inode = status.inode
  }
}

/// The parallel walk's shared state: work waiting to be done, what was found, and the folders
/// already entered. Workers take items until none is waiting and none is being worked on.
private final class WalkQueue: @unchecked Sendable {
  /// Entries `stat`ed per work item: small enough to share a big folder among the cores.
  static let sliceSize = 128

  enum Item {
    case folder(String)
    case entries(FileSystem.Directory, folder: String, names: ArraySlice<String>)
    /// Work that is not the walk's, done by whichever worker takes it.
    case job(@Sendable () -> Void)
  }

  /// What one work item found; merged into `found` when the item is finished.
  struct Found {
    var files: [VaultFile] = []
    var links: [String] = []
    var folders: [(String, FolderIdentity)] = []
    var diagnostics: [Diagnostic] = []
    var unreadable: [String] = []
    var queued: [Item] = []
  }

  private let condition = NSCondition()
  var pending: [Item] = []
  private var running = 0
  var found = Found()
  var visited = Set<FolderIdentity>()
  /// Every folder queued to be read, as it was queued.
  var entered: [String] = []

  /// Who hears of the files found, part by part (`Walk.finish`), and the parts found before
  /// it was known whether anyone listens.
  private var listener: (@Sendable ([VaultFile]) -> Void)?
  private var listenerKnown = false
  private var undelivered: [[VaultFile]] = []

  /// From now on `listener` hears of each part found; it hears of those found so far now. Nil:
  /// nobody listens, and the parts are no longer kept.
  func deliver(to listener: (@Sendable ([VaultFile]) -> Void)?) {
    condition.lock()
    self.listener = listener
    listenerKnown = true
    let parts = undelivered
    undelivered = []
    condition.unlock()
    if let listener { for part in parts { listener(part) } }
  }

  /// One part of the walk is done: its files go to the listener, on this thread, or wait for one.
  func delivered(_ files: [VaultFile]) {
    condition.lock()
    let listener = listener
    if !listenerKnown { undelivered.append(files) }
    condition.unlock()
    listener?(files)
  }

  /// One more item, for whichever worker is free first.
  func add(_ item: Item) {
    condition.lock()
    pending.append(item)
    condition.broadcast()
    condition.unlock()
  }

  /// Takes in what the caller's last item found (nil on its first call), then waits for the
  /// next item; nil when all work is done.
  func next(after finished: inout Found?) -> Item? {
    condition.lock()
    defer { condition.unlock() }
    if let finished {
      running -= 1
      pending += finished.queued
      for (relative, identity) in finished.folders where visited.insert(identity).inserted {
        pending.append(.folder(relative))
        entered.append(relative)
      }
      found.files += finished.files
      found.links += finished.links
      found.diagnostics += finished.diagnostics
      found.unreadable += finished.unreadable
      condition.broadcast()
    }
    while pending.isEmpty && running > 0 { condition.wait() }
    finished = nil
    guard let item = pending.popLast() else { return nil }
    running += 1
    return item
  }
}

/// Obsidian's "Excluded files" (`userIgnoreFilters` in `.obsidian/app.json`): a path prefix
/// such as `Archive/`, or a regular expression written `/pattern/`.
struct IgnoreFilter {
  private let prefixes: [String]
  private let patterns: [Regex<AnyRegexOutput>]

  init(_ filters: [String]) {
    var prefixes: [String] = []
    var patterns: [Regex<AnyRegexOutput>] = []
    for filter in filters where !filter.isEmpty {
      if filter.count > 2, filter.hasPrefix("/"), filter.hasSuffix("/"),
        let regex = try? Regex(String(filter.dropFirst().dropLast()))
      {
        patterns.append(regex)
      } else {
        prefixes.append(filter)
      }
    }
    self.prefixes = prefixes
    self.patterns = patterns
  }

  var isEmpty: Bool { prefixes.isEmpty && patterns.isEmpty }

  func excludes(_ path: String) -> Bool {
    if prefixes.contains(where: { path.hasPrefix($0) || path + "/" == $0 }) { return true }
    return patterns.contains { (try? $0.firstMatch(in: path)) != nil }
  }
}
