import Foundation
import Hummingbird
import VaultKit

/// One vault as the server serves it: its index session, the web view's pages, CalDAV and the
/// feeds, behind the web gate. `vault serve` without accounts has one; with accounts, one per
/// workspace an account sees (`AccountGate` picks the one a request is for).
struct ServedSite: Sendable {
  let session: IndexSession
  let live: LiveUpdates
  let following: LiveFollower
  /// Done once the index holds the whole vault.
  let opened: Task<Void, Never>
  let responder: RouterResponder<WebContext>
  /// The workspace it serves, with accounts.
  let workspace: Workspace?

  init(
    vault: Vault, index: String?, environment: [String: String], watcher: WatcherThread?, token: String?,
    access: WebAccess, workspace: Workspace? = nil
  ) throws {
    self.workspace = workspace
    let session = IndexSession(
      vault: vault, index: index, environment: environment, watcherProgress: watcher?.progress)
    // The index is opened (and, the first time, built) while the server already listens: the
    // requests meanwhile are told how far it is, and `started` hears the address once it is
    // ready. The server's own watcher builds it, on its thread; the session then opens it.
    opened = Task {
      if let watcher {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
          Thread.detachNewThread {
            watcher.waitUntilStarted()
            done.resume()
          }
        }
      }
      await session.open()
    }
    let feeds = FeedCache(session: session)
    let renderer = try PageRenderer(csrf: access.csrf)
    let live = LiveUpdates()
    let site = WebSite(session: session, renderer: renderer, live: live)
    let router = Router(context: WebContext.self)
    router.add(middleware: CalDAVServer(state: CalDAVState(session: session), token: token, access: access))
    router.add(middleware: WebGate(access: access, pages: site.errors, session: session))
    for (name, tasks) in [("calendar.ics", false), ("tasks.ics", true)] {
      let feed = { @Sendable (request: Request, _: WebContext) async -> Response in
        if let token, !PlannerServer.sameToken(request.uri.queryParameters.get("token") ?? "", token) {
          return Response(status: .unauthorized)
        }
        let feed: FeedCache.Feed
        do {
          feed = try await feeds.feed(tasks: tasks)
        } catch {
          return Response(
            status: .internalServerError, body: ResponseBody(byteBuffer: ByteBuffer(string: "\(error)\n")))
        }
        var headers: HTTPFields = [
          .eTag: feed.etag, .lastModified: PlannerServer.httpDate(feed.modified), .cacheControl: "no-cache",
        ]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
          $0.trimmingCharacters(in: .whitespaces) == feed.etag
        }) == true {
          return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = "text/calendar; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: feed.body)))
      }
      router.get(RouterPath(name), use: feed)
      router.on(RouterPath(name), method: .head, use: feed)
    }
    site.register(on: router)
    responder = router.buildResponder()
    self.session = session
    self.live = live
    following = LiveFollower(live: live, session: session, watcher: watcher)
  }
}
