import Foundation
import HTTPTypes
import Hummingbird
import VaultKit

/// `vault serve` with accounts (`vault account add`): every request passes here first. A
/// calendar app (CalDAV, the feeds) logs in with HTTP Basic, a browser once with the login form
/// (then a session cookie). The request then goes to one workspace's site, and only one the
/// account sees: a page to the workspace chosen last in that browser (`/workspace`), a calendar
/// app to the first one, or the one its user name names (`kid@family`, one calendar account a
/// workspace on a phone). Anything else is 401 (no or wrong credentials) or 403 (a workspace
/// the account does not see).
struct AccountGate: HTTPResponder {
  typealias Context = WebContext

  static let workspaceCookie = "vault_workspace"
  static let clearSiteData = HTTPField.Name("Clear-Site-Data") ?? .cacheControl

  let sites: [ServedSite]
  let access: WebAccess
  let book: AccountBook
  let sessions: LoginSessions
  let renderer: PageRenderer
  /// Cookies marked `Secure` when the server speaks TLS.
  let secureCookies: Bool

  init(sites: [ServedSite], access: WebAccess, environment: [String: String], secureCookies: Bool) throws {
    self.sites = sites
    self.access = access
    book = AccountBook(environment: environment)
    sessions = LoginSessions(environment: environment)
    renderer = try PageRenderer(csrf: access.csrf)
    self.secureCookies = secureCookies
  }

  var pages: ErrorPages { ErrorPages(renderer: renderer) }

  func respond(to request: Request, context: WebContext) async throws -> Response {
    var response = try await answer(request, context: context)
    // The login page and the refusals too: no frame, no script from elsewhere, no referrer.
    for field in WebGate.securityHeaders where response.headers[field.name] == nil { response.headers.append(field) }
    if request.method == .head { response.body = ResponseBody() }
    return response
  }

  private func answer(_ request: Request, context: WebContext) async throws -> Response {
    let path = request.uri.path
    let method = request.method.rawValue.uppercased()
    guard access.acceptsHost(request.head.authority) else {
      return CalDAVServer.plain(WebAccess.misdirected, WebAccess.misdirectedMessage)
    }
    // The stylesheet, the script and what makes the view installable hold nothing of a vault.
    if WebSite.publicFiles.contains(path), let first = sites.first {
      return try await first.responder.respond(to: request, context: context)
    }
    if path == "/.well-known/caldav" || path == "/.well-known/caldav/" {
      return Response(status: .movedPermanently, headers: [.location: CalDAVServer.root])
    }
    if path == "/login" { return await login(request) }
    let calendarApp =
      path == "/dav" || path.hasPrefix("/dav/") || path.hasSuffix(".ics") || (path == "/" && method == "PROPFIND")
    var account: Account?
    var named: String?
    var session: String?
    if let (user, password) = Self.basicCredentials(request) {
      let parts = user.split(separator: "@", maxSplits: 1).map(String.init)
      account = book.check(name: parts.first ?? "", password: password)
      named = parts.count > 1 ? parts[1] : nil
      if account == nil {
        // As a wrong password in the login form: a second's wait, so guesses come slowly.
        try? await Task.sleep(nanoseconds: 1_000_000_000)
        return unauthorized(calendarApp: true)
      }
    } else if let id = WebGate.cookieValue(request.headers[values: .cookie], named: LoginSessions.cookie),
      let found = sessions.account(for: id, in: book)
    {
      account = found
      session = id
    }
    guard let account else { return unauthorized(calendarApp: calendarApp, request: request) }
    if path == "/logout" { return await logout(request, session: session) }
    let visible = sites.filter { site in site.workspace.map { account.sees($0.name) } ?? false }
    guard let first = visible.first else {
      return refused(calendarApp, "No workspace", "The account \(account.name) sees no workspace this server serves.")
    }
    if path == "/workspace" { return await choose(request, among: visible) }
    let dav = path == "/dav" || path.hasPrefix("/dav/") || (path == "/" && method == "PROPFIND")
    if dav, named == nil, visible.count > 1 {
      return try await calendarHome(request, context: context, account: account, visible: visible)
    }
    var request = request
    let site: ServedSite
    var switched: String?
    let wanted = WebGate.cookieValue(request.headers[values: .cookie], named: Self.workspaceCookie)
    if let named {
      guard let chosen = visible.first(where: { $0.workspace?.name == named }) else {
        return refused(calendarApp, "Not this workspace", "The account \(account.name) does not see '\(named)'.")
      }
      site = chosen
    } else if calendarApp {
      site = visible.first { $0.workspace?.name == wanted } ?? first
    } else {
      // The page's own workspace: every form of a page says which (so a page left open in
      // another tab changes the workspace it shows, whichever this browser chose since), and
      // an address may ask for one (`?workspace=`, a link to another workspace's note, which
      // then becomes this browser's choice); else the one this browser chose last.
      var asked = request.uri.queryParameters.get("workspace").map { String($0) }
      if request.method == .post {
        guard let body = try? await request.collectBody(upTo: WebGate.bodyLimit) else {
          return pages.page(.contentTooLarge, "Too much at once", "A form sent here can be at most 64 KB.")
        }
        if let field = FormFields.parse(String(buffer: body))["workspace"] { asked = field }
      }
      if let asked, !asked.isEmpty {
        guard let chosen = visible.first(where: { $0.workspace?.name == asked }) else {
          return refused(false, "Not this workspace", "The account \(account.name) does not see '\(asked)'.")
        }
        site = chosen
        if [.get, .head].contains(request.method), asked != wanted { switched = asked }
      } else {
        site = visible.first { $0.workspace?.name == wanted } ?? first
      }
    }
    var response: Response
    if path == "/live", visible.count > 1, request.method == .get {
      // The calendar shows every workspace the account sees: a change in any reaches the page.
      response = LiveUpdates.response(hearing: [site.live] + visible.filter { $0.live !== site.live }.map(\.live))
    } else {
      response = try await respond(request, context: context, site: site, account: account, visible: visible)
    }
    if let switched {
      response.headers.append(
        HTTPField(name: .setCookie, value: cookie(Self.workspaceCookie, switched, maxAge: Int(LoginSessions.lifetime))))
    }
    return response
  }

  /// `request` answered by one workspace's site, as `account` sees it.
  private func respond(
    _ request: Request, context: WebContext, site: ServedSite, account: Account, visible: [ServedSite],
    calendarPrefix: String? = nil
  ) async throws -> Response {
    guard let workspace = site.workspace else { return try await site.responder.respond(to: request, context: context) }
    var viewer = Viewer(
      account: account.name, workspace: workspace, workspaces: visible.compactMap(\.workspace),
      allWorkspaces: calendarPrefix != nil)
    if calendarPrefix == nil {
      viewer.overlays = visible.compactMap { other in
        guard let shown = other.workspace, shown.name != workspace.name else { return nil }
        return WorkspaceOverlay(other, workspace: shown)
      }
    }
    return try await Viewer.$current.withValue(viewer) {
      try await CalDAVTarget.$prefix.withValue(calendarPrefix ?? "") {
        try await site.responder.respond(to: request, context: context)
      }
    }
  }

  /// A calendar app logged in by the account's name has one principal and one calendar home
  /// with the calendars of every workspace it sees: the first workspace's under their own names
  /// (`/dav/calendars/events/`, and a calendar the app makes there), another's under
  /// `WORKSPACE.NAME` (`/dav/calendars/parents.events/`; a workspace's name holds no dot). The
  /// home's listing (PROPFIND, depth 1) joins each workspace's.
  private func calendarHome(
    _ request: Request, context: WebContext, account: Account, visible: [ServedSite]
  ) async throws -> Response {
    let parts = request.uri.path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    let others = visible.dropFirst().compactMap { site in site.workspace.map { (site, $0.name + ".") } }
    if parts.count >= 3, parts[0] == "dav", parts[1] == "calendars",
      let (site, prefix) = others.first(where: { parts[2].hasPrefix($0.1) })
    {
      return try await respond(
        request, context: context, site: site, account: account, visible: visible, calendarPrefix: prefix)
    }
    let listing =
      parts == ["dav", "calendars"] && request.method.rawValue.uppercased() == "PROPFIND"
      && request.headers[CalDAVServer.depthHeader] != "0"
    guard listing else {
      return try await respond(
        request, context: context, site: visible[0], account: account, visible: visible, calendarPrefix: "")
    }
    // The same question to each workspace: the others' calendars join the first's answer.
    var request = request
    guard let body = try? await request.collectBody(upTo: CalDAVServer.bodyLimit) else {
      return CalDAVServer.plain(.contentTooLarge, "A request can be at most 2 MB.")
    }
    var first: Response?
    var text = ""
    for (site, prefix) in [(visible[0], "")] + others {
      let asked = Request(head: request.head, body: RequestBody(buffer: body))
      let answer = try await respond(
        asked, context: context, site: site, account: account, visible: visible, calendarPrefix: prefix)
      guard answer.status == CalDAVServer.multiStatus else {
        if first == nil { return answer }
        continue
      }
      let part = try await Self.collect(answer.body)
      guard first != nil else {
        (first, text) = (answer, part)
        continue
      }
      let calendars = Self.responses(in: part).filter { !$0.contains("<d:href>\(CalDAVServer.home)</d:href>") }
      if let end = text.range(of: "</d:multistatus>", options: .backwards) {
        text.insert(contentsOf: calendars.joined(), at: end.lowerBound)
      }
    }
    guard var response = first else { return CalDAVServer.plain(.notFound, "No calendars.") }
    response.body = ResponseBody(byteBuffer: ByteBuffer(string: text))
    response.headers[.contentLength] = nil
    return response
  }

  /// The `<d:response>` elements of a multistatus vault wrote.
  static func responses(in multistatus: String) -> [String] {
    multistatus.components(separatedBy: "<d:response>").dropFirst().compactMap { part in
      part.range(of: "</d:response>").map { "<d:response>" + part[..<$0.upperBound] }
    }
  }

  /// A response's body, as text.
  static func collect(_ body: ResponseBody) async throws -> String {
    let collector = Collector()
    try await body.write(collector)
    return String(buffer: collector.buffer)
  }

  /// Gathers what a response body writes.
  final class Collector: ResponseBodyWriter {
    var buffer = ByteBuffer()
    func write(_ part: ByteBuffer) async throws {
      var part = part
      buffer.writeBuffer(&part)
    }
    func finish(_ trailingHeaders: HTTPFields?) async throws {}
  }

  /// No or wrong credentials: a calendar app is asked for them (Basic); a browser goes to the
  /// login form, and comes back to the page it asked for.
  private func unauthorized(calendarApp: Bool, request: Request? = nil) -> Response {
    guard !calendarApp, let request else {
      var response = CalDAVServer.plain(
        .unauthorized, "Log in with the name and password of your account (vault account add gives them).")
      response.headers[.wwwAuthenticate] = "Basic realm=\"vault\", charset=\"UTF-8\""
      return response
    }
    // A form sent after the session ended goes to the login, then to Today (its fields are
    // not sent again).
    let reading = request.method == .get || request.method == .head
    let back = reading ? request.uri.path + (request.uri.query.map { "?" + $0 } ?? "") : "/"
    return Response(status: .seeOther, headers: [.location: "/login?back=" + WebSite.queryValue(back)])
  }

  private func refused(_ calendarApp: Bool, _ title: String, _ advice: String) -> Response {
    calendarApp ? CalDAVServer.plain(.forbidden, advice) : pages.page(.forbidden, title, advice)
  }

  /// A POST's fields once its origin and CSRF token are checked, or the page that says why not.
  enum FormOutcome {
    case success([String: String])
    case failure(Response)
  }

  /// A POST's form, once its origin and CSRF token are checked.
  private func form(_ request: Request) async -> FormOutcome {
    guard access.acceptsChange(request) else {
      return .failure(
        pages.page(.forbidden, "Not from another site", "Changes come only from the pages of this server."))
    }
    var request = request
    guard let body = try? await request.collectBody(upTo: WebGate.bodyLimit) else {
      return .failure(pages.page(.contentTooLarge, "Too much at once", "A form sent here can be at most 64 KB."))
    }
    let form = FormFields.parse(String(buffer: body))
    guard let csrf = form["csrf"], PlannerServer.sameToken(csrf, access.csrf) else {
      return .failure(pages.page(.forbidden, "The page was out of date", WebGate.staleForm))
    }
    return .success(form)
  }

  /// `GET /login`: the form; `POST /login`: the name and password checked (slowly, and a
  /// wrong pair waits a second more), then a session cookie and back to the page asked for.
  private func login(_ request: Request) async -> Response {
    let back = Self.localPath(request.uri.queryParameters.get("back"))
    switch request.method {
    case .get, .head:
      return loginPage(back: back, name: "", failed: false)
    case .post:
      let form: [String: String]
      switch await self.form(request) {
      case .success(let fields): form = fields
      case .failure(let response): return response
      }
      let name = form["name"]?.trimmingCharacters(in: .whitespaces) ?? ""
      let back = Self.localPath(form["back"])
      guard let account = book.check(name: name, password: form["password"] ?? "") else {
        try? await Task.sleep(nanoseconds: 1_000_000_000)
        return loginPage(back: back, name: name, failed: true)
      }
      let id = sessions.open(for: account)
      return Response(
        status: .seeOther,
        headers: [
          .location: back,
          .setCookie: cookie(LoginSessions.cookie, id, maxAge: Int(LoginSessions.lifetime)),
        ])
    default:
      var response = pages.page(.methodNotAllowed, "Not this way", "This address takes GET and POST only.")
      response.headers[.allow] = "GET, HEAD, POST"
      return response
    }
  }

  private func loginPage(back: String, name: String, failed: Bool) -> Response {
    renderer.page(
      "login", title: "Log in", section: nil, values: ["back": back, "name": name, "failed": failed],
      status: failed ? .unauthorized : .ok)
  }

  /// `POST /logout`: the session ends, in this browser.
  private func logout(_ request: Request, session: String?) async -> Response {
    guard request.method == .post else {
      var response = pages.page(.methodNotAllowed, "Not this way", "This address takes POST only.")
      response.headers[.allow] = "POST"
      return response
    }
    if case .failure(let response) = await form(request) { return response }
    if let session { sessions.close(session) }
    // The pages the service worker kept to read offline go too: the next person on this
    // device does not find them.
    return Response(
      status: .seeOther,
      headers: [
        .location: "/login", .setCookie: cookie(LoginSessions.cookie, "", maxAge: 0),
        Self.clearSiteData: "\"cache\", \"storage\"",
      ])
  }

  /// `POST /workspace` with `name`: the workspace this browser shows from now on.
  private func choose(_ request: Request, among visible: [ServedSite]) async -> Response {
    guard request.method == .post else {
      var response = pages.page(.methodNotAllowed, "Not this way", "This address takes POST only.")
      response.headers[.allow] = "POST"
      return response
    }
    let form: [String: String]
    switch await self.form(request) {
    case .success(let fields): form = fields
    case .failure(let response): return response
    }
    guard let name = form["name"], visible.contains(where: { $0.workspace?.name == name }) else {
      return pages.page(.forbidden, "Not this workspace", "This account does not see that workspace.")
    }
    return Response(
      status: .seeOther,
      headers: [
        .location: Self.localPath(form["back"]),
        .setCookie: cookie(Self.workspaceCookie, name, maxAge: Int(LoginSessions.lifetime)),
      ])
  }

  private func cookie(_ name: String, _ value: String, maxAge: Int) -> String {
    "\(name)=\(value); Path=/; HttpOnly; SameSite=Strict; Max-Age=\(maxAge)" + (secureCookies ? "; Secure" : "")
  }

  /// A path of this site to go back to; anything else becomes `/`.
  static func localPath(_ text: String?) -> String {
    guard let text, text.hasPrefix("/"), !text.hasPrefix("//"), !text.contains("\\"), !text.hasPrefix("/login")
    else { return "/" }
    return text
  }

  /// The user name and password of an `Authorization: Basic` header.
  static func basicCredentials(_ request: Request) -> (String, String)? {
    guard let header = request.headers[.authorization], header.lowercased().hasPrefix("basic "),
      let data = Data(base64Encoded: String(header.dropFirst(6)).trimmingCharacters(in: .whitespaces)),
      let pair = String(data: data, encoding: .utf8), let colon = pair.firstIndex(of: ":")
    else { return nil }
    return (String(pair[..<colon]), String(pair[pair.index(after: colon)...]))
  }
}
