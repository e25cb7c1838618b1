import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import VaultCore

/// Every request of the web view passes here first (the calendar feeds keep their own
/// `?token=`): the `Host` header must name this server (a page of another site that rebinds
/// its name to this address gets 421, the feeds too), off loopback the access token must come along (once as
/// `?token=`, which becomes a cookie), a method the address does not take gets 405, and a POST
/// must come from a page of this server with its CSRF token, in a body of at most 64 KB. Until
/// the index holds the whole vault, a page says how far it is (503) and reloads itself.
/// Every answer carries a Content-Security-Policy that allows no inline script and nothing
/// from another host (only `style=` attributes inline: bars placed in the calendar's grid and
/// coloured by category, values the server checked).
struct WebGate: RouterMiddleware {
  typealias Context = WebContext

  static let bodyLimit = 64 * 1024
  static let cookie = "vault_token"
  static let referrerPolicy = HTTPField.Name("Referrer-Policy") ?? .contentSecurityPolicy
  static let frameOptions = HTTPField.Name("X-Frame-Options") ?? .contentSecurityPolicy
  static let fetchSite = HTTPField.Name("Sec-Fetch-Site") ?? .origin
  static let securityHeaders: HTTPFields = [
    .contentSecurityPolicy:
      "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; "
      + "img-src 'self' data:; connect-src 'self'; "
      + "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    .xContentTypeOptions: "nosniff", referrerPolicy: "no-referrer", frameOptions: "DENY",
  ]

  let access: WebAccess
  let pages: ErrorPages
  /// The index, to tell how far it is while it opens (`IndexSession.openingNow`).
  let session: IndexSession

  func handle(
    _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
  ) async throws -> Response {
    // HEAD is answered as GET is, without the body.
    let head = request.method == .head
    var response = try await gate(request, context: context, next: next)
    if head { response.body = ResponseBody() }
    for field in Self.securityHeaders where response.headers[field.name] == nil { response.headers.append(field) }
    return response
  }

  private func gate(
    _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    guard access.acceptsHost(request.head.authority) else {
      // The feeds and the pages alike: a page of another site that made its name point here
      // (DNS rebinding) names itself.
      if path.hasSuffix(".ics") {
        return Response(
          status: WebAccess.misdirected, headers: [.contentType: "text/plain; charset=utf-8"],
          body: ResponseBody(byteBuffer: ByteBuffer(string: WebAccess.misdirectedMessage + "\n")))
      }
      return pages.page(WebAccess.misdirected, "Not this address", WebAccess.misdirectedMessage)
    }
    if path.hasSuffix(".ics") {
      if let notYet = session.openingNow.notYet {
        var response = Response(
          status: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
          body: ResponseBody(byteBuffer: ByteBuffer(string: notYet + "\n")))
        response.headers.append(contentsOf: IndexSession.Opening.retryHeaders)
        return response
      }
      return try await next(request, context)
    }
    if let token = access.token, !WebSite.publicFiles.contains(path) {
      let given = request.uri.queryParameters.get("token")
      if let given, PlannerServer.sameToken(given, token) {
        // The token becomes a cookie, and the address loses it (out of the history and of
        // what the page sends as a referrer).
        var query = request.uri.queryParameters.filter { $0.key != "token" }.map {
          "\(WebSite.queryValue(String($0.key)))=\(WebSite.queryValue(String($0.value)))"
        }.joined(separator: "&")
        query = query.isEmpty ? "" : "?" + query
        return Response(
          status: .seeOther,
          headers: [
            .location: path + query,
            .setCookie: "\(Self.cookie)=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000",
          ])
      }
      guard let cookie = Self.cookieValue(request.headers[values: .cookie], named: Self.cookie),
        PlannerServer.sameToken(cookie, token)
      else {
        return pages.page(
          .unauthorized, "The access token is needed",
          "Open the address vault serve printed, the one that ends in ?token=…, once on this device.")
      }
    }
    // A page or a change before the index holds the whole vault: how far it is, and the page
    // reloads itself (a page of part of the vault would show notes missing that are not).
    let opening = session.openingNow
    if WebSite.methods[path] != nil, !WebSite.publicFiles.contains(path), let notYet = opening.notYet {
      let title = if case .folderGone = opening { "The vault folder is gone" } else { "Reading the vault" }
      var response = pages.page(.serviceUnavailable, title, notYet)
      response.headers.append(contentsOf: IndexSession.Opening.retryHeaders)
      return response
    }
    guard let allowed = WebSite.methods[path] else {
      do {
        return try await next(request, context)
      } catch let error as HTTPError where error.status == .notFound {
        return pages.page(.notFound, "Nothing here", "This address is not a page of vault; start from Today.")
      }
    }
    let method = request.method == .head ? .get : request.method
    guard allowed.contains(request.method) else {
      var response = pages.page(
        .methodNotAllowed, "Not this way",
        "This address takes \(allowed.map(\.rawValue).joined(separator: " and ")) only.")
      response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
      return response
    }
    guard method == .post else { return try await next(request, context) }
    if !access.acceptsChange(request) {
      return pages.page(.forbidden, "Not from another site", "Changes come only from the pages of this server.")
    }
    var request = request
    let body: ByteBuffer
    do {
      body = try await request.collectBody(upTo: Self.bodyLimit)
    } catch {
      return pages.page(
        .contentTooLarge, "Too much at once",
        "A change sent here can be at most 64 KB; put long text in the note with an editor.")
    }
    var context = context
    context.form = FormFields.parse(String(buffer: body))
    guard let csrf = context.form["csrf"], PlannerServer.sameToken(csrf, access.csrf) else {
      return pages.page(.forbidden, "The page was out of date", Self.staleForm)
    }
    return try await next(request, context)
  }

  /// What a form with a token this server does not know is told (its forms' token is kept, so
  /// only a page of another server, or of one whose state was reset, sends one).
  static let staleForm =
    "This page's form is no longer valid (the server's saved state was reset): go back, reload the page and try again."

  static func cookieValue(_ headers: [String], named name: String) -> String? {
    for header in headers {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
          return parts[1].trimmingCharacters(in: .whitespaces)
        }
      }
    }
    return nil
  }
}

/// Who may use the web view: the token needed off loopback, the forms' CSRF token (kept in the
/// user's state, `KeptSecret`, so a page loaded before a restart still sends its changes), and
/// the names the `Host` header may give (`HostNames`).
final class WebAccess: Sendable {
  let token: String?
  let csrf: String
  let hosts: HostNames
  private let port = NIOLockedValueBox<Int?>(nil)

  init(token: String?, csrf: String, host: String, names: [String] = []) {
    self.token = token
    self.csrf = csrf
    hosts = HostNames(listening: host, names: names)
  }

  /// The port the server listens on, once it does.
  func listening(on port: Int) { self.port.withLockedValue { $0 = port } }

  /// Whether the `Host` header names this server.
  func acceptsHost(_ header: String?) -> Bool {
    hosts.accepts(header, port: port.withLockedValue { $0 })
  }

  /// Whether a request that changes something may: without an `Origin` (a calendar app, a
  /// form of an older browser, which the CSRF token guards) or from a page of this server.
  func acceptsOrigin(_ origin: String?) -> Bool {
    guard let origin else { return true }
    return hosts.acceptsOrigin(origin, port: port.withLockedValue { $0 })
  }

  /// Whether a request that changes something comes from a page of this server: the browser
  /// says so (`Sec-Fetch-Site: same-origin`; a form sent by navigation carries `Origin: null`
  /// under `Referrer-Policy: no-referrer`), or its `Origin` is this server's, or it has none (a
  /// calendar app). Never when the browser says it comes from another site.
  func acceptsChange(_ request: Request) -> Bool {
    switch request.headers[WebGate.fetchSite] {
    case "same-origin": return true
    case "cross-site", "same-site": return false
    default: return acceptsOrigin(request.headers[.origin])
    }
  }

  /// 421 Misdirected Request: the status of a request for another name (RFC 9110 15.5.20).
  static let misdirected = HTTPResponse.Status(code: 421, reasonPhrase: "Misdirected Request")

  /// What a request for another name is told.
  static let misdirectedMessage =
    "This server answers only at the address vault serve printed (or a name given with --name); open that one."
}
