import Foundation
import VaultCore
import VaultIndex

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A view (`vault today`, `agenda`, ...) sent to the running `vault watch` to answer: the
/// command line and what the command would read of its process. The watcher answers it as
/// the command would, after the same cookie handshake as `sync` (`WatchChannel`), so the
/// answer holds every change made before the command started. A new process spends most of a
/// watched view making its first uses of the code (docs/PERFORMANCE.md); the watcher has
/// made them already.
public struct WatchedViewRequest: Sendable, Equatable {
  /// The command line, without the program's name.
  public var arguments: [String]
  /// The command's working folder: relative paths are read from it.
  public var directory: String
  public var environment: [String: String]
  public var outputIsTerminal: Bool
  public var errorIsTerminal: Bool
  public var inputIsTerminal: Bool
  /// The terminal's width, when standard output is a terminal.
  public var columns: Int?
  /// The binary that asks (`WatchedViewRequest.program`): a watcher answers only commands of
  /// its own binary, never those of a newer or older `vault`.
  public var program: String

  public init(
    arguments: [String], directory: String, environment: [String: String], outputIsTerminal: Bool,
    errorIsTerminal: Bool, inputIsTerminal: Bool, columns: Int?, program: String
  ) {
    self.arguments = arguments
    self.directory = directory
    self.environment = environment
    self.outputIsTerminal = outputIsTerminal
    self.errorIsTerminal = errorIsTerminal
    self.inputIsTerminal = inputIsTerminal
    self.columns = columns
    self.program = program
  }

  /// A request from this process: its working folder, its streams and its binary.
  public static func fromThisProcess(
    arguments: [String], environment: [String: String], columns: Int?
  )
    -> WatchedViewRequest
  {
    WatchedViewRequest(
      arguments: arguments, directory: FileSystem.currentDirectory(), environment: environment,
      outputIsTerminal: isatty(STDOUT_FILENO) == 1, errorIsTerminal: isatty(STDERR_FILENO) == 1,
      inputIsTerminal: isatty(STDIN_FILENO) == 1, columns: columns, program: thisProgram)
  }

  /// This process's binary, by its file: the device, inode, size and change time of the
  /// executable. A rebuilt or reinstalled `vault` is a new file, so its commands are not
  /// answered by a watcher started from the old one.
  public static let thisProgram: String = {
    #if os(Linux)
    let path = "/proc/self/exe"
    #else
    var size = UInt32(PATH_MAX)
    var buffer = [CChar](repeating: 0, count: Int(size) + 1)
    let path = _NSGetExecutablePath(&buffer, &size) == 0 ? String(cString: buffer) : ""
    #endif
    var info = stat()
    guard stat(path, &info) == 0 else { return "" }
    #if os(Linux)
    let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    #else
    let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
    #endif
    return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(changed)"
  }()

  /// The request as netstrings (`Netstrings`): a version, the fields, then the arguments and
  /// the environment, each after its count.
  public func encoded() -> [UInt8] {
    var fields = [
      "1", program, directory,
      (outputIsTerminal ? "o" : "") + (errorIsTerminal ? "e" : "") + (inputIsTerminal ? "i" : ""),
      columns.map(String.init) ?? "", String(arguments.count),
    ]
    fields += arguments
    fields.append(String(environment.count))
    for (name, value) in environment.sorted(by: { $0.key < $1.key }) { fields += [name, value] }
    return Netstrings.encode(fields)
  }

  /// The request `encoded` wrote; nil for anything else.
  public init?(encoded bytes: [UInt8]) {
    guard let fields = Netstrings.decode(bytes), fields.count >= 7, fields[0] == "1",
      let argumentCount = Int(fields[5]), argumentCount >= 0, fields.count > 6 + argumentCount,
      let environmentCount = Int(fields[6 + argumentCount]), environmentCount >= 0,
      fields.count == 7 + argumentCount + 2 * environmentCount
    else { return nil }
    var environment: [String: String] = [:]
    var next = 7 + argumentCount
    for _ in 0..<environmentCount {
      environment[fields[next]] = fields[next + 1]
      next += 2
    }
    self.init(
      arguments: Array(fields[6..<(6 + argumentCount)]), directory: fields[2], environment: environment,
      outputIsTerminal: fields[3].contains("o"), errorIsTerminal: fields[3].contains("e"),
      inputIsTerminal: fields[3].contains("i"), columns: fields[4].isEmpty ? nil : Int(fields[4]),
      program: fields[1])
  }
}

/// What a command wrote, in the order it wrote it, for the asking command to write again.
public struct WatchedViewAnswer: Sendable, Equatable {
  public enum Stream: Sendable, Equatable {
    case output, error
  }

  public var writes: [(stream: Stream, bytes: [UInt8])]

  public init(writes: [(stream: Stream, bytes: [UInt8])] = []) { self.writes = writes }

  public static func == (left: Self, right: Self) -> Bool {
    left.writes.count == right.writes.count
      && zip(left.writes, right.writes).allSatisfy { $0.stream == $1.stream && $0.bytes == $1.bytes }
  }

  /// Every write as two netstrings: `1` or `2` (the stream), then the bytes.
  public func encoded() -> [UInt8] {
    var bytes: [UInt8] = []
    for write in writes {
      Netstrings.append(Array((write.stream == .output ? "1" : "2").utf8), to: &bytes)
      Netstrings.append(write.bytes, to: &bytes)
    }
    return bytes
  }

  public init?(encoded bytes: [UInt8]) {
    guard let fields = Netstrings.decodeBytes(bytes), fields.count % 2 == 0 else { return nil }
    var writes: [(stream: Stream, bytes: [UInt8])] = []
    for index in stride(from: 0, to: fields.count, by: 2) {
      switch fields[index] {
      case Array("1".utf8): writes.append((.output, fields[index + 1]))
      case Array("2".utf8): writes.append((.error, fields[index + 1]))
      default: return nil
      }
    }
    self.writes = writes
  }
}

/// D. J. Bernstein's netstrings: `12:hello, world,` — each field's length in decimal, a
/// colon, its bytes, a comma. Any bytes go through, newlines and all.
enum Netstrings {
  static func encode(_ fields: [String]) -> [UInt8] {
    var bytes: [UInt8] = []
    for field in fields { append(Array(field.utf8), to: &bytes) }
    return bytes
  }

  static func append(_ field: [UInt8], to bytes: inout [UInt8]) {
    bytes += String(field.count).utf8
    bytes.append(UInt8(ascii: ":"))
    bytes += field
    bytes.append(UInt8(ascii: ","))
  }

  static func decode(_ bytes: [UInt8]) -> [String]? {
    decodeBytes(bytes)?.map { String(decoding: $0, as: UTF8.self) }
  }

  /// The fields, or nil when the bytes are not netstrings end to end.
  static func decodeBytes(_ bytes: [UInt8]) -> [[UInt8]]? {
    var fields: [[UInt8]] = []
    var index = 0
    while index < bytes.count {
      var length = 0
      var digits = 0
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
        guard digits < 10 else { return nil }
        length = length * 10 + Int(bytes[index] - UInt8(ascii: "0"))
        digits += 1
        index += 1
      }
      guard digits > 0, index < bytes.count, bytes[index] == UInt8(ascii: ":"),
        bytes.count - index - 1 > length, bytes[index + 1 + length] == UInt8(ascii: ",")
      else { return nil }
      fields.append(Array(bytes[(index + 1)..<(index + 1 + length)]))
      index += length + 2
    }
    return fields
  }
}

extension Vault {
  /// The real path of the vault a command would open (`locate`) and the path of its index,
  /// without reading the vault's settings; nil outside a vault.
  public static func locateIndex(
    explicitVault: String?, explicitIndex: String?, environment: [String: String]
  )
    -> (root: String, index: String)?
  {
    let location = locate(explicit: explicitVault, environment: environment)
    guard location.isVault, let root = FileSystem.realPath(location.path) else { return nil }
    return (root, indexPath(root: root, explicit: explicitIndex, environment: environment))
  }
}

extension WatchChannel {
  /// The index a watcher vouches for on this thread, while it answers a view itself: the
  /// view reads it without asking (it would be asking its own busy watcher), through the
  /// watcher's own store (`Vault.withIndex`).
  @TaskLocal static var vouchedStore: IndexStore?

  /// Runs `body` with `store` vouched for and lent, on this thread.
  static func vouching<Value>(for store: IndexStore, _ body: () -> Value) -> Value {
    $vouchedStore.withValue(store) { store.lending(body) }
  }

  /// The largest request a watcher reads: a command line and an environment.
  static let requestLimit = 1 << 20

  /// What became of a view sent to the watcher (`ask(view:index:timeout:)`).
  public enum ViewAsked {
    case answered(WatchedViewAnswer)
    /// No watcher listens on the index's socket (none, or one that ended): the command walks.
    case nobodyListens
    /// A watcher listens but gave no answer: it cannot vouch for the index, or declined
    /// (another binary, a command it does not answer, a failure: the command then runs itself
    /// and says what went wrong), or no answer came in time.
    case notAnswered

    public var answer: WatchedViewAnswer? {
      if case .answered(let answer) = self { answer } else { nil }
    }
  }

  /// Sends `request` to the watcher of `index`, when one listens, and waits up to `timeout`
  /// milliseconds for its answer.
  public static func ask(view request: WatchedViewRequest, index: String, timeout: Int32) -> ViewAsked {
    let path = socketPath(index: index)
    guard timeout > 0, FileSystem.status(path, followLinks: false) != nil else { return .nobodyListens }
    let socket = Self.socket()
    guard socket >= 0 else { return .notAnswered }
    defer { close(socket) }
    let payload = request.encoded()
    guard payload.count <= requestLimit else { return .notAnswered }
    guard connect(socket, path) else { return .nobodyListens }
    guard send(socket, Array("view \(payload.count)\n".utf8) + payload) else { return .notAnswered }
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout) * 1_000_000
    var received: [UInt8] = []
    guard let header = receiveLine(socket, timeout: timeout, rest: &received),
      header.hasPrefix("answer "), let count = Int(header.dropFirst(7)), count >= 0
    else { return .notAnswered }
    // The answer follows its header at once: the time left is enough.
    let left = Int32(max(0, Int64(deadline) - Int64(DispatchTime.now().uptimeNanoseconds)) / 1_000_000) + 100
    guard receive(socket, count: count, timeout: left, into: &received),
      let answer = WatchedViewAnswer(encoded: received)
    else { return .notAnswered }
    return .answered(answer)
  }
}
