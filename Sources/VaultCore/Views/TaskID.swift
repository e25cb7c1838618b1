extension Located where Value == TaskItem {
  /// A short id for the task that stays the same while its note's path and its text do (and,
  /// for identical lines in one note, their order): the first 6 hex digits of `fullID`.
  /// `vault tasks` shows it; commands that take a task accept it, or more of `fullID`.
  public var shortID: String { String(fullID.prefix(6)) }

  /// 16 hex digits: an FNV-1a hash of the path, the text (without its attributes, so that
  /// `vault task ID --energy high` keeps the id) and which of the note's identical lines this
  /// is, mixed by MurmurHash3's finaliser so that similar texts (`Call Ana`, `Call Ann`) get ids
  /// far apart, not ids that differ in one digit.
  public var fullID: String {
    let text = TaskAttributes.withoutAttributes(value.description)
    var hash = StableHash.fnv1a(path + "\n" + text + (value.duplicate > 0 ? "\n\(value.duplicate)" : ""))
    hash ^= hash >> 33
    hash = hash &* 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    hash = hash &* 0xc4ce_b9fe_1a85_ec53
    hash ^= hash >> 33
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
