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
    if let cores = Affinity.functions?.allowed()?.count, cores > 0 { return cores }
    #endif
    return ProcessInfo.processInfo.activeProcessorCount
  }()

  static func start(_ body: @escaping @Sendable () -> Void) {
    #if os(Linux)
    // One core allowed (or no way to tell): the thread waits its turn like any other.
    guard let affinity = Affinity.functions, let allowed = affinity.allowed(), let current = affinity.currentCore()
    else { return Thread.detachNewThread(body) }
    var others = allowed.without(current)
    guard others.count > 0 else { return Thread.detachNewThread(body) }
    let context = Unmanaged.passRetained(Start(body: body, allowed: allowed)).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
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
    _ = affinity.set(thread, &others)
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

    let getCPU: GetCPU
    let getAffinity: GetAffinity
    let setAffinity: SetAffinity

    static let functions: Affinity? = {
      guard let getCPU = dlsym(nil, "sched_getcpu"), let getAffinity = dlsym(nil, "sched_getaffinity"),
        let setAffinity = dlsym(nil, "pthread_setaffinity_np")
      else { return nil }
      return Affinity(
        getCPU: unsafeBitCast(getCPU, to: GetCPU.self), getAffinity: unsafeBitCast(getAffinity, to: GetAffinity.self),
        setAffinity: unsafeBitCast(setAffinity, to: SetAffinity.self))
    }()

    /// The cores this process may run on.
    func allowed() -> Cores? {
      var cores = Cores()
      return getAffinity(0, MemoryLayout<cpu_set_t>.size, &cores.bits) == 0 ? cores : nil
    }

    func currentCore() -> Int? {
      let core = getCPU()
      return core >= 0 ? Int(core) : nil
    }

    func set(_ thread: pthread_t, _ cores: inout Cores) -> Bool {
      setAffinity(thread, MemoryLayout<cpu_set_t>.size, &cores.bits) == 0
    }
  }
  #endif
}
