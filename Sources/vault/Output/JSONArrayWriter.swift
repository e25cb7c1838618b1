import Foundation
import VaultCore

/// A JSON array printed as its elements come, a megabyte at a time (`JSONBytes`), in the
/// layout `Terminal.json` gives a whole array: `vault tasks --json` never holds 125,000 tasks.
///
/// A read that is run again (`HealingIndex`, after the index was found damaged and rebuilt)
/// goes over the same elements in the same order: `restart()` before it, and the elements
/// already printed are skipped rather than printed twice.
struct JSONArrayWriter {
  private var out = JSONBytes(level: 1)
  /// Elements on standard output.
  private var printed = 0
  /// Elements given in this pass.
  private var given = 0

  init() {
    out.bytes.reserveCapacity(1 << 21)
  }

  mutating func restart() {
    out.bytes.removeAll(keepingCapacity: true)
    given = 0
  }

  mutating func add(_ write: (inout JSONBytes) throws -> Void) rethrows {
    given += 1
    guard given > printed else { return }
    out.bytes.append(given == 1 ? UInt8(ascii: "[") : UInt8(ascii: ","))
    out.newline()
    try write(&out)
    if out.bytes.count > 1 << 20 { flush() }
  }

  mutating func finish() {
    out.bytes.append(contentsOf: (given == 0 ? "[\n\n]\n" : "\n]\n").utf8)
    flush()
  }

  private mutating func flush() {
    Terminal.emit(Data(out.bytes), to: .standardOutput)
    out.bytes.removeAll(keepingCapacity: true)
    printed = given
  }
}
