import Foundation
import HTTPTypes
import Hummingbird
import VaultCore
import VaultIndex
import VaultKit

/// The web view: its pages read the index through the same VaultKit calls as the commands, and
/// its forms change notes through the same doors (`vault done` and a click on a task's box
/// write the same bytes). Every address is fixed; what a page shows comes from its query
/// (`/note?path=…` names a note the index knows, never a file).
struct WebSite: Sendable {
  let session: IndexSession
  let renderer: PageRenderer
  let live: LiveUpdates

  var vault: Vault { session.vault }
  var errors: ErrorPages { ErrorPages(renderer: renderer) }

  /// The addresses of the web view and the methods each takes (the gate answers 405 to others).
  static let methods: [String: [HTTPRequest.Method]] = {
    var methods: [String: [HTTPRequest.Method]] = [:]
    for page in [
      "/", "/tasks", "/task", "/calendar", "/day", "/countdown", "/goals", "/journal", "/insights", "/align", "/mood",
      "/search", "/note", "/live",
    ] + publicFiles { methods[page] = [.get, .head] }
    for action in [
      "/tasks/done", "/tasks/cancel", "/tasks/reopen", "/tasks/postpone", "/tasks/edit", "/tasks/add", "/tasks/move",
      "/journal/write", "/goals/progress", "/suggestions/accept", "/suggestions/dismiss", "/events/add",
      "/events/move", "/events/delete", "/events/edit", "/track/start", "/track/stop",
    ] { methods[action] = [.post] }
    return methods
  }()

  /// The files of the binary that hold nothing of the vault: the stylesheet, the script, and
  /// what makes the view installable. They need no access token (a browser fetches a manifest
  /// and its icons without the cookie), and are served while the index is still being read.
  static let publicFiles = ["/assets/app.css", "/assets/app.js"] + Installable.paths

  func register(on router: Router<WebContext>) {
    Installable.register(on: router)
    // Each page answers GET and HEAD (the gate leaves out HEAD's body).
    let page = { (path: String, handler: @escaping @Sendable (Request, WebContext) async throws -> Response) in
      router.get(RouterPath(path), use: handler)
      router.on(RouterPath(path), method: .head, use: handler)
    }
    page("/") { request, _ in await answer { try await today(request) } }
    page("/tasks") { request, _ in await answer { try await tasks(request) } }
    page("/task") { request, _ in await answer { try await task(request) } }
    page("/calendar") { request, _ in await answer { try await calendar(request) } }
    page("/day") { request, _ in await answer { try await day(request) } }
    page("/countdown") { _, _ in await answer { try await countdown() } }
    page("/goals") { _, _ in await answer { try await goals() } }
    page("/journal") { request, _ in await answer { try await journal(request) } }
    page("/insights") { _, _ in await answer { try await insights() } }
    page("/align") { request, _ in await answer { try await align(request) } }
    page("/mood") { _, _ in await answer { try await mood() } }
    page("/search") { request, _ in await answer { try await search(request) } }
    page("/note") { request, _ in await answer { try await note(request) } }
    page("/live") { _, _ in live.response() }
    page("/assets/app.css") { request, _ in Assets.response(Assets.css, type: "text/css", request) }
    page("/assets/app.js") { request, _ in Assets.response(Assets.javascript, type: "text/javascript", request) }
    for (path, change) in [
      ("/tasks/done", TaskChange.complete), ("/tasks/cancel", .cancel), ("/tasks/reopen", .reopen),
    ] {
      router.post(RouterPath(path)) { _, context in
        await answer { try await changeTask(change, context.form) }
      }
    }
    router.post("/tasks/postpone") { _, context in await answer { try await postponeTask(context.form) } }
    router.post("/tasks/edit") { _, context in await answer { try await editTask(context.form) } }
    router.post("/tasks/add") { _, context in await answer { try await addTask(context.form) } }
    router.post("/tasks/move") { _, context in await answer { try await moveTask(context.form) } }
    router.post("/events/edit") { _, context in await answer { try await editEvent(context.form) } }
    router.post("/track/start") { _, context in await answer { try await startTimer(context.form) } }
    router.post("/track/stop") { _, context in await answer { try await stopTimer(context.form) } }
    router.post("/journal/write") { _, context in await answer { try await writeJournal(context.form) } }
    router.post("/goals/progress") { _, context in await answer { try await setProgress(context.form) } }
    router.post("/suggestions/accept") { _, context in
      await answer { try await suggestion(accept: true, context.form) }
    }
    router.post("/suggestions/dismiss") { _, context in
      await answer { try await suggestion(accept: false, context.form) }
    }
    router.post("/events/add") { _, context in await answer { try await addEvent(context.form) } }
    router.post("/events/move") { _, context in await answer { try await moveEvent(context.form) } }
    router.post("/events/delete") { _, context in await answer { try await deleteEvent(context.form) } }
  }

  /// A page or an action's answer; a failure becomes a short page that says what happened.
  func answer(_ body: () async throws -> Response) async -> Response {
    do {
      return try await body()
    } catch let error as WebFailure {
      return errors.page(error.status, error.title, error.advice)
    } catch let error as VaultError {
      let (status, title): (HTTPResponse.Status, String) =
        switch error {
        case .changedOnDisk: (.conflict, "The note changed meanwhile")
        case .taskNotFound, .noteNotFound: (.notFound, "Not found")
        default: (.badRequest, "That did not work")
        }
      return errors.page(status, title, "\(error)")
    } catch {
      return errors.page(.internalServerError, "Something went wrong", "\(error)")
    }
  }

  /// After a change: back to the page the form was on (a path of this site only), 303 so a
  /// reload does not send the form again.
  func back(_ form: [String: String], fallback: String = "/") -> Response {
    var target = form["back"] ?? fallback
    if !target.hasPrefix("/") || target.hasPrefix("//") || target.contains("\\") { target = fallback }
    return Response(status: .seeOther, headers: [.location: target])
  }

  /// `/note?path=Events/2026-12-05%20Concert.md`.
  static func noteAddress(_ path: String) -> String {
    "/note?path=" + queryValue(path)
  }

  /// What a query's value holds as it is: the query's characters less its separators.
  private static let queryValueAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&+=#?;/"))

  static func queryValue(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: queryValueAllowed) ?? ""
  }
}

/// A page's own refusal: its status, a title and what to do.
struct WebFailure: Error {
  var status: HTTPResponse.Status
  var title: String
  var advice: String
}
