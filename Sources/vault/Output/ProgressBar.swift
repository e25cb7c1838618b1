import Foundation

/// A one-line progress bar on standard error, shown only on a terminal and only once the work
/// has taken longer than a moment, so quick refreshes and pipes never see it.
final class ProgressBar: @unchecked Sendable {
  private let lock = NSLock()
  private let started = Date()
  private let enabled: Bool
  private var shown = false

  /// `enabled` false (for `--json`) keeps it silent; it is silent off a terminal anyway.
  init(enabled: Bool) {
    self.enabled = enabled && CommandContext.errorIsTerminal
  }

  func show(_ done: Int, of total: Int) {
    guard enabled, total > 0, Date().timeIntervalSince(started) > 0.3 else { return }
    lock.lock()
    defer { lock.unlock() }
    let width = 30
    let filled = done * width / total
    let line =
      "\rindexing [" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
      + "] \(done)/\(total) files"
    Terminal.emit(to: .standardError, Data(line.utf8))
    shown = true
  }

  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if shown { Terminal.emit(to: .standardError, Data("\r\u{1B}[2K".utf8)) }
  }
}
