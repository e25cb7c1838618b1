#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C and `kill` (SIGINT, SIGTERM) for commands that run until stopped (`vault remind
/// --watch`): between rounds they end the process at once with status 0; during a round
/// (`busy`) the round finishes first, so delivery state is never left half-done. The signals
/// are unblocked too: a process started by one that blocks them (some test runners, some
/// supervisors) would otherwise never stop.
enum StopSignals {
  nonisolated(unsafe) static var busy: sig_atomic_t = 0
  nonisolated(unsafe) static var requested: sig_atomic_t = 0

  static func install() {
    unblock()
    for number in [SIGINT, SIGTERM] {
      signal(number) { _ in
        if StopSignals.busy == 0 { _exit(0) }
        StopSignals.requested = 1
      }
    }
  }

  /// Lets SIGINT and SIGTERM through, which a parent may have blocked for its children.
  static func unblock() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGINT)
    sigaddset(&set, SIGTERM)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// SIGINT and SIGTERM write a byte to `descriptor` instead (`IndexWatcher.stopDescriptor`),
  /// all a signal handler may safely do: the watcher stops after the batch it is applying.
  static func writeByte(to descriptor: Int32) {
    pipeDescriptor = descriptor
    unblock()
    for number in [SIGINT, SIGTERM] {
      signal(number) { _ in
        var byte: UInt8 = 1
        _ = write(StopSignals.pipeDescriptor, &byte, 1)
      }
    }
  }

  nonisolated(unsafe) private static var pipeDescriptor: Int32 = -1

  /// Runs one round with the signals held back until it ends.
  static func round<Value>(_ body: () throws -> Value) rethrows -> Value {
    busy = 1
    defer {
      busy = 0
      if requested != 0 { exit(0) }
    }
    return try body()
  }
}
