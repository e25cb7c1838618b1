import Foundation
@preconcurrency import Rainbow
import VaultCore
import VaultKit

/// Writes to standard output and error, with colour when wanted, and encodes JSON.
struct Terminal {
  let colored: Bool
  /// Columns to fit lines in: the terminal's, or `$COLUMNS`; nil in a pipe (nothing is cut).
  let width: Int?

  init(color: ColorChoice, environment: [String: String]) {
    width = Self.columns(environment)
    switch color {
    case .always: colored = true
    case .never: colored = false
    case .auto:
      colored =
        environment["NO_COLOR"].map { $0.isEmpty } ?? true && CommandContext.outputIsTerminal
        && environment["TERM"] != "dumb"
    }
    Rainbow.enabled = colored
    // Rainbow styles only what it believes is a console; the decision above is ours.
    if colored { Rainbow.outputTarget = .console }
  }

  func print(_ text: String) {
    Self.emit(Data((text + "\n").utf8), to: .standardOutput)
  }

  /// Lines written in as few writes as their size allows (64 KB each), not one system call
  /// per line: the dashboard's forty lines took 0.3 ms that way.
  func print(lines: some Sequence<String>) {
    var chunk: [UInt8] = []
    chunk.reserveCapacity(1 << 16)
    for line in lines {
      chunk += line.utf8
      chunk.append(0x0A)
      if chunk.count >= 1 << 16 {
        Self.emit(Data(chunk), to: .standardOutput)
        chunk.removeAll(keepingCapacity: true)
      }
    }
    if !chunk.isEmpty { Self.emit(Data(chunk), to: .standardOutput) }
  }

  /// Writes to standard output or error without ever stopping on a failed write (a full disk
  /// behind `> file`, a closed pipe): a failed output is one error line and exit status 74
  /// (EX_IOERR); failed error output is dropped, as nothing is left to tell.
  static func emit(_ data: Data, to handle: FileHandle) {
    // A view the watcher answers: kept, to be written by the command that asked.
    if let capture = CommandContext.answering?.capture {
      capture.append(data, to: handle === FileHandle.standardOutput ? .output : .error)
      return
    }
    do {
      try handle.write(contentsOf: data)
    } catch {
      guard handle === FileHandle.standardOutput else { return }
      // The system's words ("No space left on device"), not Foundation's.
      let reason = VaultError.systemReason(error)
      try? FileHandle.standardError.write(contentsOf: Data("vault: error: cannot write the output: \(reason)\n".utf8))
      exit(74)
    }
  }

  static func emit(to handle: FileHandle, _ data: Data) { emit(data, to: handle) }

  /// A person at a terminal on both ends: a command may ask and wait.
  var isInteractive: Bool { CommandContext.inputIsTerminal && CommandContext.outputIsTerminal }

  /// Text without a line break, shown at once: a question waiting for an answer.
  func prompt(_ text: String) {
    Self.emit(Data(text.utf8), to: .standardOutput)
  }

  /// Prose (a hint, a summary, an echo of what was written): broken at spaces to fit the
  /// width, the lines after the first indented by `indent`.
  func say(_ text: String, indent: Int = 2) {
    print(lines: ViewText.wrapped(text, width: width, indent: indent))
  }

  /// A message on standard error, broken at spaces to fit the width.
  func printError(_ text: String) {
    Self.emit(
      Data((ViewText.wrapped(text, width: width, indent: 2).joined(separator: "\n") + "\n").utf8), to: .standardError)
  }

  /// The columns of the terminal, or `$COLUMNS`; nil in a pipe. Also for a message written
  /// before a command has its options (an error of its arguments).
  static func columns(_ environment: [String: String]) -> Int? {
    if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { return columns }
    return CommandContext.terminalColumns
  }

  /// An error line (and what follows it: a usage, the candidates of an ambiguous name) on
  /// standard error, each line broken at spaces to fit the terminal; a usage line's
  /// continuation under its options, others indented by two.
  static func emitError(_ text: String, environment: [String: String]) {
    let width = columns(environment)
    let lines = text.components(separatedBy: "\n").flatMap { line -> [String] in
      let indent = line.hasPrefix("Usage: ") ? 7 : line.hasPrefix("  ") ? 4 : 2
      return ViewText.wrapped(line, width: width, indent: indent)
    }
    emit(Data((lines.joined(separator: "\n") + (text.hasSuffix("\n") ? "" : "\n")).utf8), to: .standardError)
  }

  func json(_ value: some Encodable) throws {
    let data = try Self.jsonEncoder.encode(value)
    Self.emit(data + Data("\n".utf8), to: .standardOutput)
  }

  static var jsonEncoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `path:line:column: error: message`, coloured as compilers colour it.
  func diagnostic(_ diagnostic: Diagnostic) -> String {
    guard colored else { return diagnostic.formatted }
    let location = "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column):".bold
    let label =
      diagnostic.severity == .error ? "error:".red.bold : "warning:".yellow.bold
    return "\(location) \(label) \(diagnostic.message)"
  }

  func heading(_ text: String) -> String { colored ? text.bold : text }

  func red(_ text: String) -> String { colored ? text.red : text }

  func yellow(_ text: String) -> String { colored ? text.yellow : text }

  func green(_ text: String) -> String { colored ? text.green : text }

  /// Today in a calendar: reversed, as `cal` marks it.
  func inverse(_ text: String) -> String { colored ? text.onWhite.black : text }

  func dim(_ text: String) -> String { colored ? text.dim : text }

  func bold(_ text: String) -> String { colored ? text.bold : text }

  /// A task's text with its labels (`#errand`) in their colour and with their emoji, on a
  /// terminal; as it is elsewhere.
  func labelled(_ text: String, _ labels: [Label]) -> String {
    guard colored, !labels.isEmpty, text.contains("#") else { return text }
    let byName = Dictionary(labels.map { ($0.name.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    return text.split(separator: " ", omittingEmptySubsequences: false).map { word in
      guard word.hasPrefix("#"), let label = byName[word.dropFirst().lowercased()] else { return String(word) }
      return (label.emoji.map { $0 + " " } ?? "") + colored(String(word), hex: label.color)
    }.joined(separator: " ")
  }

  /// Text in a colour of the vault's (`#rrggbb`, a label's or a category's), on a terminal.
  func colored(_ text: String, hex: String?) -> String {
    guard colored, let hex else { return text }
    return text.hex(hex)
  }

  /// Standard output is a terminal (not a pipe or a file).
  var isTerminal: Bool { CommandContext.outputIsTerminal }

  /// `path:line`, as editors and terminals recognise it.
  func location(_ text: String) -> String { colored ? text.cyan : text }

  /// Text with the given character ranges marked, as search hits are.
  func highlighted(_ text: String, _ ranges: [Range<Int>]) -> String {
    guard colored, !ranges.isEmpty else { return text }
    let characters = Array(text)
    var result = ""
    var position = 0
    for range in ranges where range.lowerBound >= position && range.upperBound <= characters.count {
      result += String(characters[position..<range.lowerBound])
      result += String(characters[range]).yellow.bold
      position = range.upperBound
    }
    return result + String(characters[position...])
  }
}
