import Foundation
import VaultCore

/// The abbreviations of a time zone (`CET`, `CEST`, `+03`) as the tz database writes them, read
/// from its compiled files (TZif, RFC 8536, in /usr/share/zoneinfo or `$TZDIR`): what a
/// VTIMEZONE's TZNAME says. Foundation names them by offset on Linux (`GMT+2`).
enum ZoneAbbreviations {
  /// One zone's file read: its transitions (seconds since 1970), each one's abbreviation, and
  /// the standard and daylight names of the rule for the years after the last one.
  struct Zone: Sendable {
    var times: [Int64] = []
    var names: [String] = []
    var rule: (standard: String, daylight: String?)?
  }

  private static let read = Locked<[String: Zone?]>([:])

  /// The abbreviation in force at `instant` in the zone, nil when its file cannot be read.
  static func abbreviation(_ identifier: String, at instant: Int, daylight: Bool) -> String? {
    guard let zone = zone(identifier) else { return nil }
    if let last = zone.times.last, Int64(instant) <= last || zone.rule == nil {
      // The last transition at or before the instant.
      var low = 0
      var high = zone.times.count
      while low < high {
        let middle = (low + high) / 2
        if zone.times[middle] <= Int64(instant) { low = middle + 1 } else { high = middle }
      }
      return low == 0 ? nil : zone.names[low - 1]
    }
    guard let rule = zone.rule else { return nil }
    return daylight ? rule.daylight ?? rule.standard : rule.standard
  }

  static func zone(_ identifier: String) -> Zone? {
    if let known = read.withLock({ $0[identifier] }) { return known }
    let found = load(identifier)
    read.withLock { cache in
      if cache.count > 1_000 { cache.removeAll() }
      cache[identifier] = found
    }
    return found
  }

  private static func load(_ identifier: String) -> Zone? {
    // A zone's name is a path under the database: never one that leaves it.
    guard !identifier.isEmpty, !identifier.hasPrefix("/"), !identifier.split(separator: "/").contains("..")
    else { return nil }
    let folders = [ProcessInfo.processInfo.environment["TZDIR"], "/usr/share/zoneinfo", "/usr/lib/zoneinfo"]
    for folder in folders.compactMap({ $0 }) {
      if case .success(let bytes) = FileSystem.readFile(folder + "/" + identifier), let zone = parse(bytes) {
        return zone
      }
    }
    return nil
  }

  /// Reads a TZif file: the 64-bit block of version 2 and later, else the 32-bit one.
  static func parse(_ bytes: [UInt8]) -> Zone? {
    func integer(_ at: Int, _ size: Int) -> Int64? {
      guard at >= 0, at + size <= bytes.count else { return nil }
      var value: UInt64 = 0
      for index in at..<at + size { value = value << 8 | UInt64(bytes[index]) }
      // Signed, as the format's integers are.
      let shift = UInt64(64 - size * 8)
      return Int64(bitPattern: value << shift) >> Int64(shift)
    }
    func header(_ at: Int) -> (counts: [Int], version: UInt8)? {
      guard at + 44 <= bytes.count, bytes[at..<at + 4].elementsEqual("TZif".utf8) else { return nil }
      var counts: [Int] = []
      for index in 0..<6 {
        guard let count = integer(at + 20 + index * 4, 4), count >= 0, count < 1_000_000 else { return nil }
        counts.append(Int(count))
      }
      return (counts, bytes[at + 4])
    }
    guard let first = header(0) else { return nil }
    // isutcnt, isstdcnt, leapcnt, timecnt, typecnt, charcnt.
    func blockSize(_ counts: [Int], _ timeSize: Int) -> Int {
      counts[3] * timeSize + counts[3] + counts[4] * 6 + counts[5] + counts[2] * (timeSize + 4) + counts[1] + counts[0]
    }
    var start = 44
    var counts = first.counts
    var timeSize = 4
    if first.version >= UInt8(ascii: "2") {
      let second = 44 + blockSize(first.counts, 4)
      guard let header = header(second) else { return nil }
      (start, counts, timeSize) = (second + 44, header.counts, 8)
    }
    let (timeCount, typeCount, charCount) = (counts[3], counts[4], counts[5])
    let typesAt = start + timeCount * timeSize
    let infoAt = typesAt + timeCount
    let charsAt = infoAt + typeCount * 6
    guard charsAt + charCount <= bytes.count, typeCount > 0 else { return nil }
    func name(ofType type: Int) -> String? {
      guard type < typeCount else { return nil }
      let index = Int(bytes[infoAt + type * 6 + 5])
      guard index < charCount else { return nil }
      let from = charsAt + index
      let end = bytes[from..<charsAt + charCount].firstIndex(of: 0) ?? charsAt + charCount
      return String(decoding: bytes[from..<end], as: UTF8.self)
    }
    var zone = Zone()
    for index in 0..<timeCount {
      guard let time = integer(start + index * timeSize, timeSize), let name = name(ofType: Int(bytes[typesAt + index]))
      else { return nil }
      zone.times.append(time)
      zone.names.append(name)
    }
    // The footer of version 2 and later: a POSIX TZ string between newlines, for the years after.
    if timeSize == 8 {
      let footer = charsAt + charCount + counts[2] * 12 + counts[1] + counts[0]
      if footer < bytes.count, bytes[footer] == 10, let close = bytes[(footer + 1)...].firstIndex(of: 10) {
        zone.rule = rule(String(decoding: bytes[(footer + 1)..<close], as: UTF8.self))
      }
    }
    return zone
  }

  /// The names of a POSIX TZ string: `CET-1CEST,M3.5.0,M10.5.0/3` is (CET, CEST); `<+03>-3` is
  /// (+03, nil).
  static func rule(_ text: String) -> (standard: String, daylight: String?)? {
    var rest = Substring(text)
    func name() -> String? {
      if rest.first == "<" {
        guard let close = rest.firstIndex(of: ">") else { return nil }
        let found = rest[rest.index(after: rest.startIndex)..<close]
        rest = rest[rest.index(after: close)...]
        return String(found)
      }
      let found = rest.prefix { $0.isLetter }
      guard found.count >= 3 else { return nil }
      rest = rest.dropFirst(found.count)
      return String(found)
    }
    guard let standard = name() else { return nil }
    rest = rest.drop { $0.isNumber || $0 == "+" || $0 == "-" || $0 == ":" }
    return (standard, rest.isEmpty || rest.first == "," ? nil : name())
  }
}
