import HTTPTypes
import Hummingbird

extension CalDAVServer {
  static let davHeader = HTTPField.Name("DAV") ?? .allow
  static let depthHeader = HTTPField.Name("Depth") ?? .allow

  /// `DAV: 1, 3, calendar-access` (RFC 4791 5.1): WebDAV's class 1 and 3, and CalDAV. Class 2
  /// (locks) is not offered: writes are guarded by ETags instead. `extended-mkcol` and
  /// scheduling are not offered either (docs/CALDAV.md).
  static func options(_ target: CalDAVTarget) -> Response {
    Response(
      status: .ok,
      headers: [
        Self.davHeader: "1, 3, calendar-access", .allow: allowed(target), .contentLength: "0",
      ])
  }
}
