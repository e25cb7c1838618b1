import HTTPTypes
import Hummingbird
import VaultKit

extension CalDAVServer {
  /// GET and HEAD: a calendar object as `text/calendar`, with its ETag (304 when `If-None-Match`
  /// names it). A collection answers with a line that says what it is.
  func get(_ target: CalDAVTarget, request: Request, head: Bool) async throws -> Response {
    guard case .object(let calendar, let name) = target else {
      return Self.plain(
        .ok, "This is vault's CalDAV server: add \(Self.root) as a CalDAV account in a calendar app (docs/CALDAV.md).")
    }
    guard let object = try await state.object(named: name, in: calendar) else {
      return Self.plain(.notFound, "No such calendar object.")
    }
    var headers: HTTPFields = [.eTag: object.resource.etag, .contentType: "text/calendar; charset=utf-8"]
    if let wanted = request.headers[.ifNoneMatch],
      wanted == "*"
        || wanted.split(separator: ",").contains(where: {
          $0.trimmingCharacters(in: .whitespaces) == object.resource.etag
        })
    {
      return Response(status: .notModified, headers: headers)
    }
    let body = try await state.bodies(of: [object], in: calendar)[name] ?? ""
    if head {
      headers[.contentLength] = String(body.utf8.count)
      return Response(status: .ok, headers: headers)
    }
    return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
  }
}
