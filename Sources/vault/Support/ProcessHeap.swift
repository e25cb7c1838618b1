#if canImport(Glibc)
import Glibc
#endif

/// glibc's heap, set for how long the process lives.
///
/// By default glibc gives freed memory at the top of the heap back to the system, and serves
/// blocks over 128 KB with their own mappings; a command that lives for milliseconds then
/// faults the same pages in again and again (a sixth of `vault today`'s page faults, 0.7 ms at
/// 10,000 notes: docs/PERFORMANCE.md). Other systems' allocators are left as they are.
enum ProcessHeap {
  #if canImport(Glibc)
  // <malloc.h>, which Swift's Glibc module leaves out: `mallopt` and two of its parameters.
  private typealias MallocOption = @convention(c) (Int32, Int32) -> Int32
  private static let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
  private static let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD

  private static func set(mmap: Int32, trim: Int32) {
    guard let symbol = dlsym(nil, "mallopt") else { return }  // nil: RTLD_DEFAULT
    let mallopt = unsafeBitCast(symbol, to: MallocOption.self)
    _ = mallopt(mmapThreshold, mmap)
    _ = mallopt(trimThreshold, trim)
  }
  #endif

  /// For a command that ends soon: freed memory is kept for the next allocation. The values
  /// are the largest glibc's own sliding thresholds reach on 64-bit systems.
  static func keepFreedMemory() {
    #if canImport(Glibc)
    set(mmap: 32 << 20, trim: 64 << 20)
    #endif
  }

  /// For a process that runs until stopped (`vault watch`, `vault remind --watch`): memory goes
  /// back to the system as soon as it is freed (glibc's starting values), so that a burst of
  /// work leaves no resident memory behind.
  static func returnFreedMemory() {
    #if canImport(Glibc)
    set(mmap: 128 << 10, trim: 128 << 10)
    #endif
  }
}
