import Foundation
import VaultKit

/// What a command reads of the process it runs in: its environment, which of its standard
/// streams are terminals and how wide, and where its output goes. A command line reads its
/// own process; a view the watcher answers (`ViewAnswering`) reads the asking command's, sent
/// with its request, and its output is kept (`OutputCapture`) to be sent back.
struct CommandContext: Sendable {
  var environment: [String: String]
  var outputIsTerminal: Bool
  var errorIsTerminal: Bool
  var inputIsTerminal: Bool
  /// The terminal's width, when standard output is one.
  var columns: Int?
  var capture: OutputCapture

  /// The context of a view being answered on this thread; nil in a command line.
  @TaskLocal static var answering: CommandContext?

  static var environment: [String: String] { answering?.environment ?? processEnvironment }

  static var outputIsTerminal: Bool { answering?.outputIsTerminal ?? (isatty(STDOUT_FILENO) == 1) }

  static var errorIsTerminal: Bool { answering?.errorIsTerminal ?? (isatty(STDERR_FILENO) == 1) }

  static var inputIsTerminal: Bool { answering?.inputIsTerminal ?? (isatty(STDIN_FILENO) == 1) }

  /// The width of the terminal standard output is, when it is one.
  static var terminalColumns: Int? {
    if let answering { return answering.outputIsTerminal ? answering.columns : nil }
    return ownTerminalColumns
  }

  /// This process's terminal width, when standard output is a terminal (80 when it says none).
  static var ownTerminalColumns: Int? {
    guard isatty(STDOUT_FILENO) == 1 else { return nil }
    var size = winsize()
    return ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
  }
}

/// The writes of a view answered by the watcher, in their order, up to a limit: a view whose
/// output is larger (a listing of 100,000 tasks) is declined, and its command runs itself.
final class OutputCapture: @unchecked Sendable {
  static let limit = 8 << 20
  private let lock = NSLock()
  private var writes: [(stream: WatchedViewAnswer.Stream, bytes: [UInt8])] = []
  private var size = 0
  private(set) var overflowed = false

  func append(_ data: Data, to stream: WatchedViewAnswer.Stream) {
    lock.lock()
    defer { lock.unlock() }
    guard !overflowed else { return }
    size += data.count
    guard size <= Self.limit else {
      overflowed = true
      writes = []
      return
    }
    if let last = writes.last, last.stream == stream {
      writes[writes.count - 1].bytes += data
    } else {
      writes.append((stream, [UInt8](data)))
    }
  }

  var answer: WatchedViewAnswer {
    lock.lock()
    defer { lock.unlock() }
    return WatchedViewAnswer(writes: writes)
  }
}
