extension Located where Value == TaskItem {
  /// A short id for the task that stays the same while its note's path and its text do: the
  /// first 6 hex digits of an FNV-1a hash of both. `vault tasks` shows it; commands that take
  /// a task accept it.
  public var shortID: String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in (path + "\n" + value.description).utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let digits = String(hash >> 40, radix: 16)
    return String(repeating: "0", count: 6 - digits.count) + digits
  }
}
