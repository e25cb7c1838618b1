import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the system says happened in a watched folder.
struct FolderEvent: Sendable, Equatable {
  enum Change: Sendable, Equatable {
    /// A file was created, written, closed after writing, or had its attributes changed.
    case fileChanged
    /// A file was deleted or moved away (`moved` true).
    case fileGone
    /// A folder was made or moved in.
    case folderAppeared
    /// A folder was deleted or moved away.
    case folderGone
    /// The watched folder itself went (deleted, or moved: its watch then follows it elsewhere).
    case watchedFolderGone
    /// The kernel dropped events: nothing can be known of what changed meanwhile.
    case overflow
  }

  /// The watch the event came through (`FolderEvents.add`); -1 for `overflow`.
  var watch: Int32
  /// The entry's name inside the watched folder; empty for the folder itself.
  var name: String
  var change: Change
}

/// The system's notifications of changes in folders, one watch per folder the watcher asks for
/// (`add`), each event an entry of one of them: inotify on Linux (below), FSEvents
/// on macOS (`FolderEventsMac.swift`). The watched paths are the caller's to
/// remember. Elsewhere `FolderEvents()` throws `.unsupported`, and vault walks the vault for
/// every command as it always did.
extension FolderEvents {
  enum Failure: Error, CustomStringConvertible {
    /// The system's limit of watches per user is reached.
    case tooManyWatches(limit: String)
    case cannot(String, reason: String)
    case unsupported

    var description: String {
      switch self {
      case .tooManyWatches(let limit):
        return "the system's limit of watched folders is reached (\(limit)); raise it with "
          + "`sudo sysctl fs.inotify.max_user_watches=524288`"
      case .cannot(let what, let reason): return "cannot \(what): \(reason)"
      case .unsupported: return "watching folders is not supported on this system yet"
      }
    }
  }
}

#if os(Linux)
/// inotify, one watch per folder (inotify does not watch a tree).
final class FolderEvents {
  /// Readable when events are waiting (for `poll`).
  let descriptor: Int32

  init() throws(Failure) {
    descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else {
      throw .cannot("watch folders", reason: String(cString: strerror(errno)))
    }
  }

  deinit {
    close(descriptor)
  }

  /// Starts watching the folder at `path` (links followed); the same folder reached twice gives
  /// the same watch.
  func add(_ path: String) throws(Failure) -> Int32 {
    let mask =
      IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
      | IN_MOVE_SELF | IN_ONLYDIR
    let watch = inotify_add_watch(descriptor, path, UInt32(mask))
    guard watch >= 0 else {
      let number = errno
      if number == ENOSPC {
        let limit = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8))?
          .trimmingCharacters(in: .whitespacesAndNewlines)
        throw .tooManyWatches(limit: "fs.inotify.max_user_watches = \(limit ?? "?")")
      }
      throw .cannot("watch \(path)", reason: String(cString: strerror(number)))
    }
    return watch
  }

  /// Stops watching a folder (a folder moved away keeps its watch otherwise).
  func remove(_ watch: Int32) {
    _ = inotify_rm_watch(descriptor, watch)
  }

  /// The events waiting now, in the order they happened; none when there are none.
  func read() -> [FolderEvent] {
    var events: [FolderEvent] = []
    let size = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
    defer { buffer.deallocate() }
    while true {
      let count = Glibc.read(descriptor, buffer, size)
      guard count > 0 else { break }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let nameStart = offset + MemoryLayout<inotify_event>.size
        var name = ""
        if event.len > 0 {
          let bytes = UnsafeRawBufferPointer(start: buffer + nameStart, count: Int(event.len))
          name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        offset = nameStart + Int(event.len)
        if let change = Self.change(event.mask) {
          events.append(FolderEvent(watch: event.wd, name: name, change: change))
        }
      }
    }
    return events
  }

  private static func change(_ mask: UInt32) -> FolderEvent.Change? {
    let has = { (flag: Int32) in mask & UInt32(bitPattern: flag) != 0 }
    if has(Int32(IN_Q_OVERFLOW)) { return .overflow }
    if has(Int32(IN_DELETE_SELF)) || has(Int32(IN_MOVE_SELF)) || has(Int32(IN_IGNORED)) { return .watchedFolderGone }
    if has(Int32(IN_ISDIR)) {
      if has(Int32(IN_CREATE)) || has(Int32(IN_MOVED_TO)) { return .folderAppeared }
      if has(Int32(IN_DELETE)) || has(Int32(IN_MOVED_FROM)) { return .folderGone }
      return nil
    }
    if has(Int32(IN_DELETE)) || has(Int32(IN_MOVED_FROM)) { return .fileGone }
    return .fileChanged
  }
}
#elseif !os(macOS)
/// No notifications here: the watcher does not start, and commands walk.
final class FolderEvents {
  let descriptor: Int32 = -1
  init() throws(Failure) { throw .unsupported }
  func add(_ path: String) throws(Failure) -> Int32 { throw .unsupported }
  func remove(_ watch: Int32) {}
  func read() -> [FolderEvent] { [] }
}
#endif
