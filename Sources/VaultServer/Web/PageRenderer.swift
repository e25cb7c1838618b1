import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import VaultKit

/// Pages of the web view: a template per page (Web/Templates), rendered into the layout with
/// the navigation, the CSRF token the page's forms send back, and the live-update script.
/// Text from notes reaches the HTML only through `{{…}}`, which escapes it.
struct PageRenderer: Sendable {
  let library: MustacheLibrary
  let csrf: String

  static let sections: [(name: String, path: String)] = [
    ("Today", "/"), ("Calendar", "/calendar"), ("Tasks", "/tasks"), ("Journal", "/journal"),
    ("Goals", "/goals"), ("Countdown", "/countdown"), ("Insights", "/insights"), ("Align", "/align"),
    ("Mood", "/mood"), ("Search", "/search"),
  ]

  init(csrf: String) throws {
    var library = MustacheLibrary()
    for (name, text) in Templates.all { try library.register(text, named: name) }
    self.library = library
    self.csrf = csrf
  }

  /// A part of a page (a task's row inside a note): `template` with `values`, the CSRF token
  /// for its forms.
  func fragment(_ template: String, _ values: [String: Any]) -> String {
    var values = PageValue.cleaned(values) as? [String: Any] ?? [:]
    values["csrf"] = csrf
    values["pageWorkspace"] = Viewer.current?.workspace.name
    return library.render(values, withTemplate: template) ?? ""
  }

  /// A whole page: `template` rendered with `values`, inside the layout.
  func page(
    _ template: String, title: String, section: String?, values: [String: Any], status: HTTPResponse.Status = .ok
  ) -> Response {
    var values = PageValue.cleaned(values) as? [String: Any] ?? [:]
    values["csrf"] = csrf
    values["pageWorkspace"] = Viewer.current?.workspace.name
    // `{{#hasEvents}}<ul>…</ul>{{/hasEvents}}`: a list's wrapper only when it has items.
    for (key, value) in values {
      if let list = value as? [Any] { values["has" + key.prefix(1).uppercased() + key.dropFirst()] = !list.isEmpty }
    }
    let body = library.render(values, withTemplate: template) ?? ""
    var layout: [String: Any] = [
      "title": title, "csrf": csrf, "page": template, "body": body,
      "nav": Self.sections.map { ["name": $0.name, "href": $0.path, "current": $0.path == section] },
      // The login page has nothing to go to yet.
      "hasNav": template != "login",
    ]
    // With accounts: who is logged in, the workspace shown in its colour, and the others it sees.
    if let viewer = Viewer.current {
      layout["pageWorkspace"] = viewer.workspace.name
      layout["viewer"] = [
        "account": viewer.account, "workspace": viewer.workspace.name, "color": Viewer.css(viewer.workspace.color),
        "others": viewer.workspaces.filter { $0.name != viewer.workspace.name }.map {
          ["name": $0.name, "color": Viewer.css($0.color)]
        },
      ]
    }
    let html = library.render(layout, withTemplate: "layout") ?? ""
    return Response(
      status: status,
      headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
      body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
  }
}

/// The short pages of a refusal or a failure: what happened and what to do.
struct ErrorPages: Sendable {
  let renderer: PageRenderer

  func page(_ status: HTTPResponse.Status, _ title: String, _ advice: String) -> Response {
    renderer.page(
      "error", title: title, section: nil, values: ["title": title, "advice": advice, "code": status.code],
      status: status)
  }
}
