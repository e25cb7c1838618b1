/// FNV-1a over a text's UTF-8 bytes: the same in every process and on every platform (Swift's
/// own `hashValue` is seeded per process), for ids, choices and folder names that must not change.
public enum StableHash {
  public static func fnv1a(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }
}
