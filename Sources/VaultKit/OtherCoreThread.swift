import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Starts a thread that begins on a core other than the caller's, when there is one.
///
/// On Linux a new thread is queued on its creator's core, and in the bench's two-core machine
/// it waited there behind its creator for up to a scheduler tick (4 ms) before the other, idle
/// core took it (`perf sched timehist`: a scheduling delay of 4.2 ms for the early walk;
/// docs/PERFORMANCE.md). A command's early walk is work for another core from its first
/// moment, so its thread is allowed only the other cores until it runs, and every core from
/// then on.
enum OtherCoreThread {
  /// The cores this process may run on. (Foundation's `activeProcessorCount` set up
  /// `ProcessInfo` first: 0.3 ms of the early walk's start.)
  static let cores: Int = {
    #if os(Linux)
    // The process's (its main thread's): a thread started here runs on fewer for a moment.
    if let cores = Affinity.functions?.allowed(of: getpid())?.count, cores > 0 { return cores }
    #endif
    return max(1, ProcessInfo.processInfo.activeProcessorCount)
  }()

  /// How many cores the calling thread may run on (nil: no way to tell).
  static func coresOfThisThread() -> Int? {
    #if os(Linux)
    return Affinity.functions?.allowed(of: 0)?.count
    #else
    return nil
    #endif
  }

  static func start(_ body: @escaping @Sendable () -> Void) {
    #if os(Linux)
    // One core allowed (or no way to tell): the thread waits its turn like any other.
    guard let affinity = Affinity.functions, let allowed = affinity.allowed(of: 0),
      let current = affinity.currentCore()
    else { return Thread.detachNewThread(body) }
    var others = allowed.without(current)
    guard others.count > 0 else { return Thread.detachNewThread(body) }
    // Set before the thread exists, so that it cannot widen its cores before they are narrowed.
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return Thread.detachNewThread(body) }
    defer { pthread_attr_destroy(&attributes) }
    guard affinity.set(&attributes, &others) else { return Thread.detachNewThread(body) }
    let context = Unmanaged.passRetained(Start(body: body, allowed: allowed)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, &attributes,
      { context in
        guard let context else { return nil }
        let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
        var allowed = start.allowed
        _ = Affinity.functions?.set(pthread_self(), &allowed)
        start.body()
        return nil
      }, context)
    guard created == 0 else {
      Unmanaged<Start>.fromOpaque(context).release()
      return Thread.detachNewThread(body)
    }
    pthread_detach(thread)
    #else
    Thread.detachNewThread(body)
    #endif
  }

  #if os(Linux)
  private final class Start {
    let body: @Sendable () -> Void
    let allowed: Affinity.Cores
    init(body: @escaping @Sendable () -> Void, allowed: Affinity.Cores) {
      self.body = body
      self.allowed = allowed
    }
  }

  /// glibc's affinity calls, which its Swift module leaves out (they are GNU extensions):
  /// looked up by name once.
  private struct Affinity {
    /// A `cpu_set_t`: one bit per core.
    struct Cores {
      var bits = cpu_set_t()

      var count: Int { withUnsafeBytes(of: bits) { $0.reduce(0) { $0 + $1.nonzeroBitCount } } }

      func without(_ core: Int) -> Cores {
        var copy = self
        withUnsafeMutableBytes(of: &copy.bits) { bytes in
          if core / 8 < bytes.count { bytes[core / 8] &= ~UInt8(1 << (core % 8)) }
        }
        return copy
      }
    }

    typealias GetCPU = @convention(c) () -> Int32
    typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    typealias SetAffinity = @convention(c) (pthread_t, Int, UnsafeRawPointer) -> Int32
    typealias SetAttributeAffinity =
      @convention(c) (UnsafeMutablePointer<pthread_attr_t>, Int, UnsafeRawPointer) ->
      Int32

    let getCPU: GetCPU
    let getAffinity: GetAffinity
    let setAffinity: SetAffinity
    let setAttributeAffinity: SetAttributeAffinity

    static let functions: Affinity? = {
      guard let getCPU = dlsym(nil, "sched_getcpu"), let getAffinity = dlsym(nil, "sched_getaffinity"),
        let setAffinity = dlsym(nil, "pthread_setaffinity_np"),
        let setAttributeAffinity = dlsym(nil, "pthread_attr_setaffinity_np")
      else { return nil }
      return Affinity(
        getCPU: unsafeBitCast(getCPU, to: GetCPU.self), getAffinity: unsafeBitCast(getAffinity, to: GetAffinity.self),
        setAffinity: unsafeBitCast(setAffinity, to: SetAffinity.self),
        setAttributeAffinity: unsafeBitCast(setAttributeAffinity, to: SetAttributeAffinity.self))
    }()

    /// The cores a thread may run on: the calling one (0), or a process's main thread (its id).
    func allowed(of thread: pid_t) -> Cores? {
      var cores = Cores()
      return getAffinity(thread, MemoryLayout<cpu_set_t>.size, &cores.bits) == 0 ? cores : nil
    }

    func currentCore() -> Int? {
      let core = getCPU()
      return core >= 0 ? Int(core) : nil
    }

    func set(_ thread: pthread_t, _ cores: inout Cores) -> Bool {
      setAffinity(thread, MemoryLayout<cpu_set_t>.size, &cores.bits) == 0
    }

    /// The cores of the threads created with `attributes`.
    func set(_ attributes: inout pthread_attr_t, _ cores: inout Cores) -> Bool {
      setAttributeAffinity(&attributes, MemoryLayout<cpu_set_t>.size, &cores.bits) == 0
    }
  }
  #endif
}
