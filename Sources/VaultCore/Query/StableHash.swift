/// FNV-1a over a text's UTF-8 bytes: the same in every process and on every platform (Swift's
/// own `hashValue` is seeded per process), for ids, choices and folder names that must not change.
public enum StableHash {
  public static func fnv1a(_ text: String) -> UInt64 {
    var hash = FNV1a()
    hash.add(text.utf8)
    return hash.value
  }

  /// FNV-1a fed a piece at a time (the index's digest of a note's rows, `NoteTable.digest`).
  public struct FNV1a {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func add(_ byte: UInt8) {
      value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    public mutating func add(_ bytes: some Sequence<UInt8>) {
      for byte in bytes { add(byte) }
    }

    /// A number's eight bytes, lowest first.
    public mutating func add(_ word: UInt64) {
      for shift in stride(from: 0, to: 64, by: 8) { add(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }
  }
}
