/// A time zone as its offsets from UTC: wall-clock moments to instants (seconds since 1970) and
/// back. The offsets come from outside (Foundation's zone database, the C library's, a fixed
/// offset in tests), so VaultCore itself needs no zone database.
///
/// A wall-clock time that a change of offset skips or repeats is read as RFC 5545 3.3.5 says,
/// and as Python's `zoneinfo` reads it with `fold=0`: with the offset in force before the
/// change. So 02:30 on the night the clocks go forward is 03:30, and 01:30 on the night they go
/// back is the first 01:30.
///
/// A class: a view places thousands of occurrences by one or two clocks, and a reference is
/// passed without copying the name and the offsets' closure each time.
public final class ZoneClock: Sendable, Hashable {
  /// The zone's name (`Europe/Berlin`), or what the offsets were made from (`UTC+01:00`).
  public let name: String
  /// The offset from UTC at an instant, in seconds east.
  public let offset: @Sendable (Int) -> Int
  /// Its offset when it never changes (UTC, `Etc/GMT+5`, a fixed offset): no look-up needed.
  public let fixedOffset: Int?

  public init(name: String, offset: @escaping @Sendable (Int) -> Int) {
    self.name = name
    self.offset = offset
    fixedOffset = Self.isFixed(name) ? offset(0) : nil
  }

  private init(name: String, fixed: Int) {
    self.name = name
    offset = { _ in fixed }
    fixedOffset = fixed
  }

  /// A zone at a fixed offset from UTC (seconds east). Made once for each offset: an import
  /// asks for one for every moment it converts.
  public static func fixed(_ offset: Int, name: String? = nil) -> ZoneClock {
    if let name { return ZoneClock(name: name, fixed: offset) }
    if offset == 0 { return utc }
    return fixedClocks.withLock { clocks in
      if let made = clocks[offset] { return made }
      let made = ZoneClock(name: "UTC" + offsetText(offset), fixed: offset)
      clocks[offset] = made
      return made
    }
  }

  private static let fixedClocks = Locked<[Int: ZoneClock]>([:])

  /// UTC.
  public static let utc = ZoneClock(name: "UTC", fixed: 0)

  /// Whether the tz database's zone of this name has one offset for all time: UTC and its
  /// aliases, and the `Etc/GMT±N` zones.
  static func isFixed(_ name: String) -> Bool {
    [
      "UTC", "Etc/UTC", "Etc/UCT", "UCT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu", "GMT", "Etc/GMT",
      "Etc/Greenwich", "Greenwich", "GMT0", "Etc/GMT0", "GMT+0", "GMT-0", "Etc/GMT+0", "Etc/GMT-0",
    ]
    .contains(name) || (name.hasPrefix("Etc/GMT") && name.count > 7)
  }

  /// The instant a wall-clock moment in this zone is.
  public func instant(_ wall: LocalDateTime) -> Int {
    let seconds = wall.secondsSinceEpoch
    if let fixedOffset { return seconds - fixedOffset }
    // A zone changes its offset at most once in two days: the offsets a day before and a day
    // after are the only candidates.
    let before = offset(seconds - 86_400)
    let after = offset(seconds + 86_400)
    if before == after { return seconds - before }
    let early = seconds - before
    let late = seconds - after
    let earlyHolds = offset(early) == before
    let lateHolds = offset(late) == after
    switch (earlyHolds, lateHolds) {
    // Repeated (the clocks went back): the earlier of the two instants.
    case (true, true): return min(early, late)
    case (true, false): return early
    case (false, true): return late
    // Skipped (the clocks went forward): read with the offset before the change.
    case (false, false): return early
    }
  }

  /// The moment a wall-clock time is on this zone's clock: the same, but for a time a change
  /// of offset skips (02:30 the night the clocks go forward is 03:30). Two offsets looked up
  /// away from a change, where `local(instant(wall))` needs four.
  public func normalized(_ wall: LocalDateTime) -> LocalDateTime {
    if fixedOffset != nil { return wall }
    let seconds = wall.secondsSinceEpoch
    if offset(seconds - 86_400) == offset(seconds + 86_400) { return wall }
    return local(instant(wall))
  }

  /// The wall-clock moment an instant is in this zone.
  public func local(_ instant: Int) -> LocalDateTime {
    LocalDateTime(secondsSinceEpoch: instant + (fixedOffset ?? offset(instant)))
  }

  /// `+01:00`, `-05:00`, `+05:45`, `+00:00` (seconds east).
  public static func offsetText(_ offset: Int) -> String {
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    let hours = minutes / 60
    return sign + (hours < 10 ? "0" : "") + String(hours) + ":" + (minutes % 60 < 10 ? "0" : "")
      + String(minutes % 60)
  }

  /// How a person names the zone: its city (`America/New_York` → `New York`), else its name.
  public var cityName: String { Self.cityName(name) }

  /// `America/Argentina/Buenos_Aires` → `Buenos Aires`; `Etc/GMT+5` and `UTC` as they are.
  public static func cityName(_ zone: String) -> String {
    guard !zone.hasPrefix("Etc/"), let last = zone.split(separator: "/").last, zone.contains("/") else { return zone }
    return String(last.map { $0 == "_" ? " " : $0 })
  }

  public static func == (lhs: ZoneClock, rhs: ZoneClock) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
