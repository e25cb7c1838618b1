import HTTPTypes
import Hummingbird

extension CalDAVServer {
  static let davHeader = HTTPField.Name("DAV") ?? .allow
  static let depthHeader = HTTPField.Name("Depth") ?? .allow

  /// `DAV: 1, 3, calendar-access, extended-mkcol` (RFC 4791 5.1, RFC 5689 3.1): WebDAV's class
  /// 1 and 3, CalDAV, and MKCOL that makes a calendar. Class 2 (locks) is not offered: writes
  /// are guarded by ETags instead. Scheduling is not offered either (docs/CALDAV.md).
  static func options(_ target: CalDAVTarget) -> Response {
    Response(
      status: .ok,
      headers: [
        Self.davHeader: "1, 3, calendar-access, extended-mkcol", .allow: allowed(target), .contentLength: "0",
      ])
  }
}
