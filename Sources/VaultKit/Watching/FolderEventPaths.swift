/// What FSEvents says, turned into what the watcher understands (`FolderEvent`): FSEvents
/// watches trees and names every path in full, the watcher wants a watch for each folder it
/// asked for and each event as an entry of one of them, as inotify gives on Linux.
///
/// The stream itself is macOS's (`FolderEventsMac.swift`); this part is plain bookkeeping,
/// built and tested on every system (`FolderEventPathsTests`).
///
/// - An event in a folder not watched yet (made a moment ago) is told to the nearest watched
///   folder above it, as its child folder having appeared: that folder is read again.
/// - Whether an entry came or went is what `lstat` says when the events are read: FSEvents may
///   fold several changes of one path into one event, with all their flags.
/// - Paths are real paths (FSEvents names /private/tmp, not /tmp): the caller resolves links.
struct FolderEventPaths {
  /// FSEvents' event flags (`FSEventStreamEventFlags`, FSEvents.h), the ones read here.
  struct Flags: OptionSet, Sendable {
    let rawValue: UInt32
    static let mustScanSubDirs = Flags(rawValue: 0x1)
    static let userDropped = Flags(rawValue: 0x2)
    static let kernelDropped = Flags(rawValue: 0x4)
    static let eventIdsWrapped = Flags(rawValue: 0x8)
    static let historyDone = Flags(rawValue: 0x10)
    static let rootChanged = Flags(rawValue: 0x20)
    static let itemCreated = Flags(rawValue: 0x100)
    static let itemRemoved = Flags(rawValue: 0x200)
    static let itemRenamed = Flags(rawValue: 0x800)
    static let itemModified = Flags(rawValue: 0x1000)
    static let itemIsFile = Flags(rawValue: 0x10000)
    static let itemIsDir = Flags(rawValue: 0x20000)
    static let itemIsSymlink = Flags(rawValue: 0x40000)
    static let itemIsHardlink = Flags(rawValue: 0x100000)
    static let itemIsLastHardlink = Flags(rawValue: 0x200000)

    /// The kernel or the stream lost events: nothing can be known of what changed meanwhile.
    static let lost: Flags = [.mustScanSubDirs, .userDropped, .kernelDropped, .eventIdsWrapped]
    /// Any of these says what kind of item changed: an event of a file, not FSEvents' "something
    /// changed under this folder".
    static let item: Flags = [.itemIsFile, .itemIsDir, .itemIsSymlink, .itemIsHardlink, .itemIsLastHardlink]
  }

  /// The trees the stream must cover: the real paths of folders no other root holds.
  private(set) var roots: [String] = []
  private var watchOf: [String: Int32] = [:]
  private var pathOf: [Int32: String] = [:]
  private var nextWatch: Int32 = 1
  /// What is at a path now (without following a link); nil when nothing is.
  var status: (String) -> FileSystem.Status? = { FileSystem.status($0, followLinks: false) }

  /// The watch of the folder at real path `real`, the same for the same folder; `newRoot` when
  /// no root held it, and the stream must cover `roots` anew.
  mutating func add(real: String) -> (watch: Int32, newRoot: Bool) {
    if let watch = watchOf[real] { return (watch, false) }
    var newRoot = false
    if !roots.contains(where: { Self.isInside(real, $0) }) {
      roots = roots.filter { !Self.isInside($0, real) } + [real]
      newRoot = true
    }
    let watch = nextWatch
    nextWatch += 1
    watchOf[real] = watch
    pathOf[watch] = real
    return (watch, newRoot)
  }

  /// Forgets a folder's watch: its events are no longer told.
  mutating func remove(_ watch: Int32) {
    guard let real = pathOf.removeValue(forKey: watch) else { return }
    watchOf.removeValue(forKey: real)
  }

  /// What one FSEvents event means to the watcher: usually one event, none for a path outside
  /// every watched folder or a change that matters to no one.
  func events(at reported: String, flags: Flags) -> [FolderEvent] {
    if flags.contains(.historyDone) { return [] }
    if !flags.isDisjoint(with: .lost) { return [FolderEvent(watch: -1, name: "", change: .overflow)] }
    var path = reported
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    let found = status(path)
    let exists = found != nil
    let isFolder = found?.isDirectory ?? flags.contains(.itemIsDir)
    let (parent, name) = Self.split(path)
    guard let parentWatch = watchOf[parent] else {
      if let own = watchOf[path] {
        // A tree the stream covers: gone, or changed as a whole (an event of the folder, not of
        // an item in it, as FSEvents gives for history).
        if flags.contains(.rootChanged) || !exists {
          return [FolderEvent(watch: own, name: "", change: .watchedFolderGone)]
        }
        return flags.isDisjoint(with: .item) ? [FolderEvent(watch: -1, name: "", change: .overflow)] : []
      }
      return nearestWatched(above: path)
    }
    if isFolder {
      if !exists { return [FolderEvent(watch: parentWatch, name: name, change: .folderGone)] }
      // Made, moved in, or "something in it changed": read again. A watched folder's own
      // attributes change nothing the index holds.
      if watchOf[path] == nil || !flags.isDisjoint(with: [.itemCreated, .itemRenamed]) || flags.isDisjoint(with: .item)
      {
        return [FolderEvent(watch: parentWatch, name: name, change: .folderAppeared)]
      }
      return []
    }
    return [FolderEvent(watch: parentWatch, name: name, change: exists ? .fileChanged : .fileGone)]
  }

  /// An event in a folder not watched: its nearest watched folder hears that the child folder
  /// on the way to it appeared, and reads it again. None outside every watched folder.
  private func nearestWatched(above path: String) -> [FolderEvent] {
    var child = path
    var parent = Self.split(path).parent
    while parent != child {
      if let watch = watchOf[parent] {
        return [FolderEvent(watch: watch, name: Self.split(child).name, change: .folderAppeared)]
      }
      child = parent
      parent = Self.split(parent).parent
    }
    return []
  }

  static func split(_ path: String) -> (parent: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (path, "") }
    let parent = slash == path.startIndex ? "/" : String(path[..<slash])
    return (parent, String(path[path.index(after: slash)...]))
  }

  static func isInside(_ path: String, _ root: String) -> Bool {
    path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
  }
}
