import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's time zone (`$TZ`, else `/etc/localtime`) as the C library reads it: the same
/// source as Foundation's `TimeZone.current`, without ICU's zone, which takes 0.7 ms to set up
/// in every command that shows a clock time or a day's changes.
enum SystemZone {
  private static let loaded: Void = tzset()

  /// Whether the C library has the data of the system's zone: `$TZ` unset (`/etc/localtime`),
  /// or naming a file of the system's zone database (`$TZDIR`, else `/usr/share/zoneinfo`).
  /// Where it has not (a container without Debian's `tzdata`), the C library would read UTC,
  /// while Foundation's zone knows the name from ICU's own data: callers use Foundation's.
  static let isKnown: Bool = {
    guard let value = getenv("TZ") else { return true }
    var name = String(cString: value)
    if name.hasPrefix(":") { name.removeFirst() }
    guard !name.isEmpty, !name.split(separator: "/").contains("..") else { return false }
    if name.hasPrefix("/") { return access(name, R_OK) == 0 }
    let folder = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
    return access(folder + "/" + name, R_OK) == 0
  }()

  /// The offset from UTC at `seconds` since 1970, in seconds east.
  static func offset(at seconds: Int) -> Int {
    _ = loaded
    var time = time_t(seconds)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return Int(parts.tm_gmtoff)
  }

  /// The zone's name: `$TZ` (`Europe/Berlin`), else the zone file `/etc/localtime` links to,
  /// else Foundation's name for it.
  static let name: String = {
    if let value = getenv("TZ") {
      var name = String(cString: value)
      if name.hasPrefix(":") { name.removeFirst() }
      if let range = name.range(of: "zoneinfo/") { name = String(name[range.upperBound...]) }
      if !name.isEmpty { return name }
      return "UTC"
    }
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
    if count > 0 {
      let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let range = target.range(of: "zoneinfo/") { return String(target[range.upperBound...]) }
    }
    return TimeZone.current.identifier
  }()
}
