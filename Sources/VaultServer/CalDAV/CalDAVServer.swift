import Foundation
import HTTPTypes
import Hummingbird
import VaultCore
import VaultIndex
import VaultKit

/// CalDAV (RFC 4791 over WebDAV, RFC 4918) in `vault serve`: phone and desktop calendars read
/// and change the vault's events and tasks. Every request under `/dav/` and
/// `/.well-known/caldav` is answered here, before the web view's gate: on loopback without a
/// password, elsewhere with HTTP Basic and the access token as the password. One file per
/// method (Propfind, Report, Get, Put, Delete, Options); docs/CALDAV.md has the layout.
///
///     /dav/                          the principal (and where discovery leads)
///     /dav/calendars/                its calendar home
///     /dav/calendars/events/         the events; /tasks/ the task list; one per `calendars:`
///     /dav/calendars/events/UID.ics  an event with its changed occurrences
struct CalDAVServer: RouterMiddleware {
  typealias Context = WebContext

  static let root = "/dav/"
  static let home = "/dav/calendars/"
  /// The largest body taken: a calendar object or a REPORT.
  static let bodyLimit = 2 * 1024 * 1024
  static let multiStatus = HTTPResponse.Status(code: 207, reasonPhrase: "Multi-Status")

  let state: CalDAVState
  let token: String?
  let access: WebAccess

  /// Every request (this server's first middleware) is answered knowing when it arrived, so
  /// that its reads of the index ask a watcher once (`RequestStart`).
  func handle(
    _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
  ) async throws -> Response {
    let client = CalDAVClient.key(
      address: context.remoteAddress, userAgent: request.headers[.userAgent],
      authorization: request.headers[.authorization])
    return try await RequestStart.$uptime.withValue(DispatchTime.now().uptimeNanoseconds) {
      try await CalDAVClient.$key.withValue(client) {
        try await answer(request, context: context, next: next)
      }
    }
  }

  private func answer(
    _ request: Request, context: WebContext, next: (Request, WebContext) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    if path == "/.well-known/caldav" || path == "/.well-known/caldav/" {
      return Response(status: .movedPermanently, headers: [.location: Self.root])
    }
    // A client given only the server's address asks its root who the user is (as iOS and
    // Thunderbird do when discovery is not used): the root answers as the principal does.
    let askingRoot = path == "/" && request.method.rawValue.uppercased() == "PROPFIND"
    guard askingRoot || path == "/dav" || path.hasPrefix("/dav/") else { return try await next(request, context) }
    // A page of another site whose name was made to point here (DNS rebinding) names itself.
    guard access.acceptsHost(request.head.authority) else {
      return Self.plain(WebAccess.misdirected, WebAccess.misdirectedMessage)
    }
    // A page of another site may not write through a browser that has the password.
    let reads = ["GET", "HEAD", "OPTIONS", "PROPFIND", "REPORT"].contains(request.method.rawValue.uppercased())
    guard reads || access.acceptsOrigin(request.headers[.origin]) else {
      return Self.plain(.forbidden, "Changes come only from calendar apps and the pages of this server.")
    }
    if let token, !Self.authorized(request, token: token) {
      return Response(
        status: .unauthorized,
        headers: [
          .wwwAuthenticate: "Basic realm=\"vault\", charset=\"UTF-8\"", .contentType: "text/plain; charset=utf-8",
        ],
        body: ResponseBody(
          byteBuffer: ByteBuffer(
            string: "Any user name; the password is the access token vault serve printed (after ?token=).\n")))
    }
    // Until the index holds the whole vault: "not yet", never a calendar with part of its events.
    if let notYet = state.session.openingNow.notYet {
      var response = Self.plain(.serviceUnavailable, notYet)
      response.headers.append(contentsOf: IndexSession.Opening.retryHeaders)
      return response
    }
    let asked = request.method.rawValue.uppercased()
    if asked == "MKCALENDAR" || asked == "MKCOL" {
      var request = request
      guard let buffer = try? await request.collectBody(upTo: Self.bodyLimit) else {
        return Self.plain(.contentTooLarge, "A request can be at most 2 MB.")
      }
      return await makeCalendar(
        path: path, method: asked, body: String(decoding: buffer.readableBytesView, as: UTF8.self))
    }
    guard let target = askingRoot ? .principal : CalDAVTarget(path: path, calendars: state.vault.calDAVCalendars)
    else {
      return Self.plain(.notFound, "Nothing here: the calendars are under \(Self.home)")
    }
    var request = request
    let body: String
    do {
      let buffer = try await request.collectBody(upTo: Self.bodyLimit)
      body = String(decoding: buffer.readableBytesView, as: UTF8.self)
    } catch {
      return Self.plain(.contentTooLarge, "A request can be at most 2 MB.")
    }
    let method = request.method.rawValue.uppercased()
    do {
      switch method {
      case "OPTIONS": return Self.options(target)
      case "PROPFIND": return try await propfind(target, request: request, body: body)
      case "PROPPATCH": return try await proppatch(target, body: body)
      case "REPORT": return try await report(target, request: request, body: body)
      case "GET", "HEAD": return try await get(target, request: request, head: method == "HEAD")
      case "PUT": return try await put(target, request: request, body: body)
      case "DELETE": return try await delete(target, request: request)
      default:
        var response = Self.plain(.methodNotAllowed, "\(method) is not a method vault's CalDAV takes.")
        response.headers[.allow] = Self.allowed(target)
        return response
      }
    } catch let error as DAVXMLError {
      return Self.plain(.badRequest, "The XML body cannot be read: \(error.description).")
    } catch let refusal as CalDAVRefusal {
      return Self.refused(refusal)
    } catch {
      return Self.plain(.internalServerError, "\(error)")
    }
  }

  static func authorized(_ request: Request, token: String) -> Bool {
    guard let (_, password) = AccountGate.basicCredentials(request) else { return false }
    return PlannerServer.sameToken(password, token)
  }

  static func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
    Response(
      status: status, headers: [.contentType: "text/plain; charset=utf-8"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
  }

  static func xml(_ status: HTTPResponse.Status, _ text: String, headers: HTTPFields = [:]) -> Response {
    xml(status, Array(text.utf8), headers: headers)
  }

  static func xml(_ status: HTTPResponse.Status, _ bytes: [UInt8], headers: HTTPFields = [:]) -> Response {
    var headers = headers
    headers[.contentType] = "application/xml; charset=utf-8"
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }

  static func refused(_ refusal: CalDAVRefusal) -> Response {
    switch refusal {
    case .changedMeanwhile(let reason): return plain(.preconditionFailed, reason)
    case .notAcceptable(let reason):
      return xml(.forbidden, DAVXMLWriter.error(DAVNamespace.caldav, "valid-calendar-object-resource", reason: reason))
    case .notFound: return plain(.notFound, "No such calendar object.")
    case .cannotWrite(let reason): return plain(.conflict, reason)
    case .tooLarge(let reason):
      return xml(.forbidden, DAVXMLWriter.error(DAVNamespace.caldav, "max-resource-size", reason: reason))
    }
  }

  static func allowed(_ target: CalDAVTarget) -> String {
    switch target {
    case .object: "OPTIONS, GET, HEAD, PUT, DELETE, PROPFIND, PROPPATCH, REPORT"
    case .calendar(let calendar) where calendar.setting != nil:
      "OPTIONS, GET, HEAD, DELETE, PROPFIND, PROPPATCH, REPORT"
    case .home: "OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, REPORT, MKCALENDAR, MKCOL"
    default: "OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, REPORT"
    }
  }
}

/// What a path under `/dav/` names.
enum CalDAVTarget: Equatable {
  case principal
  case home
  case calendar(CalDAVCalendar)
  case object(CalDAVCalendar, name: String)

  init?(path: String, calendars: [CalDAVCalendar]) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: true).map {
      String($0).removingPercentEncoding ?? String($0)
    }
    guard parts.first == "dav" else { return nil }
    switch parts.count {
    case 1: self = .principal
    case 2 where parts[1] == "calendars": self = .home
    case 3 where parts[1] == "calendars":
      guard let calendar = Self.calendar(parts[2], in: calendars) else { return nil }
      self = .calendar(calendar)
    case 4 where parts[1] == "calendars":
      guard let calendar = Self.calendar(parts[2], in: calendars), parts[3].hasSuffix(".ics"),
        !parts[3].contains("/"), parts[3].count > 4
      else { return nil }
      self = .object(calendar, name: parts[3])
    default: return nil
    }
  }

  /// What a calendar's address puts before its name: with accounts, `WORKSPACE.` for the
  /// calendars of an account's other workspaces, which share its home (`AccountGate`).
  @TaskLocal static var prefix = ""

  /// The calendar a path segment names.
  static func calendar(_ segment: String, in calendars: [CalDAVCalendar]) -> CalDAVCalendar? {
    guard segment.hasPrefix(prefix) else { return nil }
    let slug = segment.dropFirst(prefix.count)
    return calendars.first { $0.slug == slug }
  }

  var href: String {
    switch self {
    case .principal: CalDAVServer.root
    case .home: CalDAVServer.home
    case .calendar(let calendar): CalDAVServer.home + Self.prefix + calendar.slug + "/"
    case .object(let calendar, let name): CalDAVServer.home + Self.prefix + calendar.slug + "/" + Self.escape(name)
    }
  }

  /// A path segment as a URL holds it.
  static func escape(_ name: String) -> String {
    // Names made of letters, digits and `-_.@` (most UIDs) stay as they are.
    if Vault.isPlainName(name) { return name }
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "/?#")
    return name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name
  }
}

/// A calendar object as the server serves it: its ETag, and how to read its body.
struct CalDAVObject: Sendable {
  var resource: CalDAVResource
  /// The task line, for the task list.
  var task: Located<TaskItem>?
  /// A journal entry's day, or none for a note of its own, for the journal.
  var journal: CalDAVJournalPlace?
  /// An event's, a to-do's or a journal entry's.
  var kind: CalDAVCalendar.Kind { task != nil ? .tasks : journal != nil ? .journal : .events }
}

/// What the CalDAV requests share: the index, the listings built from it (kept until it
/// changes), and the sync tokens.
actor CalDAVState {
  let session: IndexSession
  /// The vault with its current settings (calendars added to `calendars:` while it runs).
  nonisolated var vault: Vault { session.vault }
  let tokens: SyncTokens
  private var listings: [String: (token: String?, objects: [CalDAVObject], syncToken: String)] = [:]

  init(session: IndexSession) {
    self.session = session
    tokens = SyncTokens(folder: session.vault.stateFolder(environment: session.environment) + "/caldav")
  }

  /// The objects of a calendar, by name, with the sync token that stands for them.
  func objects(of calendar: CalDAVCalendar) async throws -> (objects: [CalDAVObject], syncToken: String) {
    let cached = listings[calendar.slug]
    let vault = vault
    let today = await session.today
    let (objects, writeToken, written) = try await session.read {
      store, token -> ([CalDAVObject], String?, [String]) in
      if let cached, cached.token == token { return (cached.objects, token, ["="]) }
      var objects: [CalDAVObject] = []
      var written: [String] = []
      // A calendar of both kinds lists its events, then its to-dos.
      for kind in calendar.kinds {
        switch kind {
        case .events:
          objects += try vault.calDAVEvents(in: store, calendar: calendar.facet(.events)).map {
            CalDAVObject(resource: $0)
          }
        case .tasks:
          let (tasks, given) = try vault.calDAVTasks(in: store, list: calendar.facet(.tasks), today: today)
          written += given
          let kept = vault.calDAVKeptStamps(.tasks)
          let hrefs = vault.calDAVHrefs(.tasks)
          objects += tasks.compactMap { task -> CalDAVObject? in
            guard let id = task.value.id, let (_, etag) = vault.calDAVTaskBody(task, kept: kept, hrefs: hrefs) else {
              return nil
            }
            let uid = TaskTodo.uid(forID: id)
            return CalDAVObject(
              resource: CalDAVResource(
                name: vault.calDAVObjectName(uid: uid, hrefs: hrefs), uid: uid, etag: etag, paths: [task.path],
                taskID: id),
              task: task)
          }
        case .journal:
          objects += try vault.calDAVJournalEntries(in: store).map {
            CalDAVObject(resource: $0.0, journal: $0.1)
          }
        }
      }
      return (objects, token, written)
    }
    // Nothing written to the index since: the listing and its token as they were.
    if written == ["="], let cached { return (cached.objects, cached.syncToken) }
    let syncToken = try tokens.token(
      for: calendar.slug, manifest: objects.map { ($0.resource.name, $0.resource.etag) })
    if written.isEmpty {
      listings[calendar.slug] = (writeToken, objects, syncToken)
    } else {
      // Ids given just now changed notes: the index hears of them before the next request.
      await session.wrote(written)
      listings[calendar.slug] = nil
    }
    return (objects, syncToken)
  }

  /// One object of a calendar by its file name, nil when there is none: an event read through
  /// the index of `uid` values (a write does not make the whole listing again), else from the
  /// listing.
  func object(named name: String, in calendar: CalDAVCalendar) async throws -> CalDAVObject? {
    if calendar.kinds.contains(.events), listings[calendar.slug] == nil, name.hasSuffix(".ics"),
      !name.hasPrefix("uid-"), !name.hasPrefix("vault-")
    {
      // A name its client chose, else the UID's own.
      let uid = vault.calDAVUID(named: name, .events) ?? String(name.dropLast(4))
      let vault = vault
      let found = try await session.read { store, _ in
        try vault.calDAVEvents(in: store, calendar: calendar.facet(.events), uid: uid)
      }
      if let event = found.first(where: { $0.name == name }) { return CalDAVObject(resource: event) }
      // A calendar of both: a to-do's is in the listing.
      if calendar.kinds == [.events] { return nil }
    }
    return try await objects(of: calendar).objects.first { $0.resource.name == name }
  }

  /// The object with this UID and its calendar (RFC 4791's `no-uid-conflict`): in this calendar
  /// or in another of the same kind. A UID names one object in the vault (a to-do's is its line's
  /// `🆔`, and what a client sent is kept by UID), so a second calendar cannot hold another.
  func holds(uid: String, in calendar: CalDAVCalendar) async throws -> (object: CalDAVObject, calendar: CalDAVCalendar)?
  {
    if let found = try await holds(uid: uid, inOnly: calendar) { return (found, calendar) }
    for other in vault.calDAVCalendars where other.slug != calendar.slug && other.kinds.contains(calendar.kind) {
      let facet = other.facet(calendar.kind)
      if let found = try await holds(uid: uid, inOnly: facet), found.kind == calendar.kind { return (found, facet) }
    }
    return nil
  }

  private func holds(uid: String, inOnly calendar: CalDAVCalendar) async throws -> CalDAVObject? {
    if calendar.kinds == [.events], listings[calendar.slug] == nil, !uid.hasPrefix("vault-") {
      let vault = vault
      return try await session.read { store, _ in
        try vault.calDAVEvents(in: store, calendar: calendar, uid: uid)
      }.first.map { CalDAVObject(resource: $0) }
    }
    return try await objects(of: calendar).objects.first { $0.resource.uid == uid }
  }

  /// The bodies of some objects of a calendar, by name.
  func bodies(of objects: [CalDAVObject], in calendar: CalDAVCalendar) async throws -> [String: String] {
    let vault = vault
    // Each object as what it is: a calendar of both kinds has events and to-dos.
    let events = objects.filter { $0.kind == .events }.map(\.resource)
    var bodies: [String: String] = [:]
    if !events.isEmpty {
      bodies = try await session.read { store, _ in try vault.calDAVEventBodies(in: store, events) }
    }
    // To-dos and journal entries: what clients were given is kept, so that a PUT without
    // If-Match changes only what its client changed.
    var remembered: [String: String] = [:]
    for object in objects {
      if let task = object.task, let (body, _) = vault.calDAVTaskBody(task) { remembered[object.resource.name] = body }
      if let place = object.journal, let body = vault.calDAVJournalBody(object.resource, place: place) {
        remembered[object.resource.name] = body
      }
    }
    if given.count + remembered.count > Self.givenLimit { given = [:] }
    for (name, body) in remembered { given[Self.givenKey(name, in: calendar)] = body }
    return bodies.merging(remembered) { event, _ in event }
  }

  /// The to-dos and journal entries as this server last gave them to a client (GET, REPORT), or
  /// as the client last sent them (a PUT that succeeded), by client (`CalDAVClient`), calendar
  /// and name: a client's PUT without If-Match is checked against what that client last saw.
  private var given: [String: String] = [:]

  static func givenKey(_ name: String, in calendar: CalDAVCalendar) -> String {
    CalDAVClient.key + "\n" + calendar.slug + "/" + name
  }
  /// How many are kept (a few MB): past it they are forgotten, and a PUT without If-Match
  /// compares with the to-do as it is.
  static let givenLimit = 50_000

  /// The object `name` as a client was last given it.
  func lastGiven(_ name: String, in calendar: CalDAVCalendar) -> String? { given[Self.givenKey(name, in: calendar)] }

  /// A client's PUT succeeded: it holds the object as it sent it.
  func sent(_ body: String, as name: String, in calendar: CalDAVCalendar) {
    if given.count >= Self.givenLimit { given = [:] }
    given[Self.givenKey(name, in: calendar)] = body
  }

  /// Event bodies with their recurrence expanded over a span (RFC 4791 9.6.5).
  func expanded(
    _ bodies: [String: String], of objects: [CalDAVObject], from: Int, to: Int
  ) async throws
    -> [String: String]
  {
    let vault = vault
    let events = try await session.read { store, _ in try store.events(atPaths: objects.flatMap(\.resource.paths)) }
    var expanded = bodies
    for object in objects {
      guard let body = bodies[object.resource.name] else { continue }
      let paths = Set(object.resource.paths)
      expanded[object.resource.name] = vault.calDAVExpanded(
        body, events: events.filter { paths.contains($0.path) }, from: from, to: to)
    }
    return expanded
  }

  /// Tells the index of files written, and forgets the listings.
  func wrote(_ paths: [String]) async {
    await session.wrote(paths)
    listings = [:]
  }

  /// Keeps what a client sent to `calendar` that the notes it was written to do not say
  /// (`CalDAVKept`), beside the object vault now makes of them: found again by its UID. Returns
  /// the object's ETag when a GET now gives the very bytes sent (RFC 4791 5.3.4), else nil.
  func keep(
    _ sent: String, uid: String, written paths: [String], in calendar: CalDAVCalendar
  ) async throws
    -> String?
  {
    let vault = vault
    let name: String
    let notes: [String]
    let served: String?
    let tag: () -> String?
    switch calendar.kind {
    case .events:
      // One read of the index as the PUT's write left it (`wrote`): no need to ask the watcher.
      // A UID vault made from a note's path (`vault-…@vault`) is not in the index of `uid`
      // values: that note is the object.
      let found = try await session.readAsWritten { store -> (CalDAVResource, String?)? in
        let resources =
          uid.hasPrefix("vault-")
          ? try vault.calDAVEvents(in: store, calendar: calendar, paths: paths)
          : try vault.calDAVEvents(in: store, calendar: calendar, uid: uid)
        guard let resource = resources.first(where: { $0.uid == uid }) else { return nil }
        return (resource, try vault.calDAVEventBodies(in: store, [resource], kept: false)[resource.name])
      }
      guard let (resource, body) = found else { return nil }
      (name, notes, served) = (resource.name, resource.paths, body)
      tag = { vault.calDAVCurrentTag(of: resource) }
    case .tasks:
      // Read from the note it was written to, not from a listing (which gives ids to the
      // tasks without one, a write of its own).
      let id = TaskTodo.id(forUID: uid)
      guard let task = paths.lazy.compactMap({ vault.calDAVCurrentTask(id: id, at: $0) }).first else { return nil }
      (name, notes) = (
        vault.calDAVObjectName(uid: TaskTodo.uid(forID: id), hrefs: vault.calDAVHrefs(.tasks)), [task.path]
      )
      served = vault.calDAVTaskBody(task, raw: true)?.body
      tag = { vault.calDAVTaskBody(task)?.etag }
    case .journal:
      let found = try await session.readAsWritten { store in
        try vault.calDAVJournalEntries(in: store).first { $0.0.uid == uid }
      }
      guard let (resource, place) = found else { return nil }
      (name, notes) = (resource.name, resource.paths)
      served = vault.calDAVJournalBody(resource, place: place, kept: false)
      tag = { vault.calDAVCurrentTag(of: resource, .journal) }
    }
    guard let served else { return nil }
    let givesSent = try vault.calDAVKeep(calendar.kind, name: name, paths: notes, sent: sent, served: served)
    // The object's ETag has changed with it: the listings are made again.
    listings = [:]
    return givesSent ? tag() : nil
  }

  /// The events that may meet a span of days, for a time-range query.
  func events(from: LocalDate, through: LocalDate) async throws -> [Located<Event>] {
    try await session.read { store, _ in try store.events(from: from, through: through) }
  }

  var today: LocalDate { get async { await session.today } }

  /// Runs a check and a write with no other write of this server between them.
  func writing<Value: Sendable>(_ body: @Sendable () throws(CalDAVRefusal) -> Value) throws(CalDAVRefusal) -> Value {
    try body()
  }
}

/// Who asks, as far as a server can tell calendar clients apart: the address a request came
/// from, its User-Agent and its credentials (hashed), set for each request by the server's first
/// middleware (`CalDAVServer.handle`). What a client was last given is kept for each
/// (`CalDAVState.given`), so that one client's change never makes another's older copy look
/// read (Evolution changes what it made, and changes it again, without If-Match and without
/// reading it in between).
enum CalDAVClient {
  @TaskLocal static var key = ""

  static func key(address: String?, userAgent: String?, authorization: String?) -> String {
    var credentials = Hasher()
    credentials.combine(authorization ?? "")
    return [address ?? "", userAgent ?? "", String(credentials.finalize())].joined(separator: "|")
  }
}
