#if os(macOS)
import CoreServices
import Darwin
import Foundation

/// FSEvents: one stream over the vault's tree (and over any folder outside it that a link
/// leads to), with an event for each file (`kFSEventStreamCreateFlagFileEvents`), in the order
/// things happened across all of them (event ids are the system's). `FolderEventPaths` turns
/// its paths into the watcher's folders and entries.
///
/// The stream delivers on a queue of its own; the events wait in an inbox, and a byte written
/// to a pipe wakes the watcher's `poll` (`descriptor` is the pipe's reading end).
final class FolderEvents {
  /// Readable when events are waiting (for `poll`).
  let descriptor: Int32
  private let inbox: FolderEventInbox
  private let queue = DispatchQueue(label: "vault.folder-events")
  private var stream: FSEventStreamRef?
  private var paths = FolderEventPaths()
  /// The system's event id when the first stream started: a stream started again for a new
  /// root starts from the last event seen, or from here.
  private var firstEventID: FSEventStreamEventId = 0

  init() throws(Failure) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw .cannot("watch folders", reason: String(cString: strerror(errno))) }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    descriptor = ends[0]
    inbox = FolderEventInbox(wake: ends[1])
  }

  deinit {
    stopStream()
    close(descriptor)
    close(inbox.wake)
  }

  /// Starts watching the folder at `path` (links followed); the same folder reached twice gives
  /// the same watch. A folder outside the trees watched so far starts the stream again with it.
  func add(_ path: String) throws(Failure) -> Int32 {
    guard let resolved = Darwin.realpath(path, nil) else {
      throw .cannot("watch \(path)", reason: String(cString: strerror(errno)))
    }
    let real = String(cString: resolved)
    free(resolved)
    var planned = paths
    let (watch, newRoot) = planned.add(real: real)
    if newRoot { try startStream(roots: planned.roots) }
    paths = planned
    return watch
  }

  /// Stops watching a folder: its events are no longer told.
  func remove(_ watch: Int32) {
    paths.remove(watch)
  }

  /// The events waiting now, in the order they happened; none when there are none.
  func read() -> [FolderEvent] {
    var drained = [UInt8](repeating: 0, count: 512)
    while Darwin.read(descriptor, &drained, drained.count) > 0 {}
    let (received, dropped) = inbox.take()
    if dropped { return [FolderEvent(watch: -1, name: "", change: .overflow)] }
    return received.flatMap { paths.events(at: $0.path, flags: FolderEventPaths.Flags(rawValue: $0.flags)) }
  }

  // MARK: - The stream

  private func startStream(roots newRoots: [String]) throws(Failure) {
    // A stream started again starts where the last one stopped: no event falls between them
    // (one seen twice does no harm).
    let since: FSEventStreamEventId
    if stream == nil {
      firstEventID = FSEventsGetCurrentEventId()
      since = FSEventStreamEventId(kFSEventStreamEventIdSinceNow)
    } else {
      since = max(firstEventID, inbox.lastEventID)
    }
    stopStream()
    var context = FSEventStreamContext()
    context.info = Unmanaged.passUnretained(inbox).toOpaque()
    let flags = FSEventStreamCreateFlags(
      kFSEventStreamCreateFlagUseCFTypes | kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer
        | kFSEventStreamCreateFlagWatchRoot)
    // No latency to speak of: the watcher waits for a quiet spell itself.
    let created: FSEventStreamRef? = FSEventStreamCreate(
      kCFAllocatorDefault, folderEventsArrived, &context, newRoots as CFArray, since, 0.005, flags)
    guard let created else {
      throw .cannot("watch \(newRoots.joined(separator: ", "))", reason: "FSEventStreamCreate failed")
    }
    FSEventStreamSetDispatchQueue(created, queue)
    let started = FSEventStreamStart(created)
    if started == false {
      FSEventStreamInvalidate(created)
      FSEventStreamRelease(created)
      throw .cannot("watch \(newRoots.joined(separator: ", "))", reason: "FSEventStreamStart failed")
    }
    stream = created
  }

  private func stopStream() {
    guard let stream else { return }
    FSEventStreamStop(stream)
    FSEventStreamInvalidate(stream)
    FSEventStreamRelease(stream)
    self.stream = nil
    // No delivery is under way once the queue has nothing left to run.
    queue.sync {}
  }
}

/// Where the stream's events wait for the watcher's thread.
private final class FolderEventInbox: @unchecked Sendable {
  /// Written to when events arrive.
  let wake: Int32
  /// A watcher that fell this far behind reads the whole vault again, as after inotify's
  /// queue overflow.
  private static let limit = 100_000
  private let lock = NSLock()
  private var waiting: [(path: String, flags: FSEventStreamEventFlags)] = []
  private var dropped = false
  private var latest: FSEventStreamEventId = 0

  init(wake: Int32) {
    self.wake = wake
  }

  var lastEventID: FSEventStreamEventId {
    lock.lock()
    defer { lock.unlock() }
    return latest
  }

  func put(_ events: [(path: String, flags: FSEventStreamEventFlags)], lastID: FSEventStreamEventId) {
    lock.lock()
    if waiting.count + events.count > Self.limit {
      waiting = []
      dropped = true
    } else if !dropped {
      waiting.append(contentsOf: events)
    }
    latest = max(latest, lastID)
    lock.unlock()
    // A full pipe is a wake-up already.
    var byte: UInt8 = 1
    _ = write(wake, &byte, 1)
  }

  func take() -> (events: [(path: String, flags: FSEventStreamEventFlags)], dropped: Bool) {
    lock.lock()
    defer { lock.unlock() }
    let taken = (waiting, dropped)
    waiting = []
    dropped = false
    return taken
  }
}

/// The stream's callback (a C function: it captures nothing; the inbox comes as `info`).
private func folderEventsArrived(
  stream: ConstFSEventStreamRef, info: UnsafeMutableRawPointer?, count: Int, paths: UnsafeMutableRawPointer,
  flags: UnsafePointer<FSEventStreamEventFlags>, ids: UnsafePointer<FSEventStreamEventId>
) {
  guard let info, count > 0 else { return }
  let inbox = Unmanaged<FolderEventInbox>.fromOpaque(info).takeUnretainedValue()
  // `kFSEventStreamCreateFlagUseCFTypes`: the paths come as a CFArray of CFStrings.
  let names = unsafeBitCast(paths, to: NSArray.self) as? [String] ?? []
  var events: [(path: String, flags: FSEventStreamEventFlags)] = []
  events.reserveCapacity(count)
  for index in 0..<min(count, names.count) {
    events.append((names[index], flags[index]))
  }
  inbox.put(events, lastID: ids[count - 1])
}
#endif
