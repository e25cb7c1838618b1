import Foundation
import HTTPTypes
import Hummingbird
import VaultCore
import VaultKit

/// Which properties a PROPFIND or REPORT asks for.
enum DAVPropertyRequest {
  case all
  case names
  case some([(namespace: String, name: String)])

  init(_ element: DAVElement?) {
    guard let element else {
      self = .all
      return
    }
    if element.child(DAVNamespace.dav, "propname") != nil {
      self = .names
    } else if let prop = element.child(DAVNamespace.dav, "prop")
      ?? (element.named(DAVNamespace.dav, "prop") ? element : nil)
    {
      self = .some(prop.children.map { ($0.namespace, $0.name) })
    } else {
      self = .all
    }
  }

  var wantsCalendarData: Bool {
    if case .some(let names) = self {
      return names.contains { $0.namespace == DAVNamespace.caldav && $0.name == "calendar-data" }
    }
    return false
  }
}

/// A property's value: text, escaped as it is written, or XML written as it is.
enum DAVValue {
  case text(String)
  case xml(String)
}

extension CalDAVServer {
  /// The properties `allprop` gives (RFC 4918 leaves out the expensive ones, as here calendar-data).
  static let allProperties: [(namespace: String, name: String)] = [
    (DAVNamespace.dav, "resourcetype"), (DAVNamespace.dav, "displayname"), (DAVNamespace.dav, "getetag"),
    (DAVNamespace.dav, "getcontenttype"), (DAVNamespace.dav, "current-user-principal"),
    (DAVNamespace.caldav, "calendar-home-set"), (DAVNamespace.caldav, "supported-calendar-component-set"),
    (DAVNamespace.calendarServer, "getctag"), (DAVNamespace.dav, "sync-token"), (DAVNamespace.apple, "calendar-color"),
  ]

  func propfind(_ target: CalDAVTarget, request: Request, body: String) async throws -> Response {
    let root = body.allSatisfy(\.isWhitespace) ? nil : try DAVXMLReader.parse(body)
    if let root, !root.named(DAVNamespace.dav, "propfind") {
      throw DAVXMLError(description: "a PROPFIND body is a <propfind> element")
    }
    let wanted = DAVPropertyRequest(root)
    // The root, asked for the principal, answers for itself only.
    let depth = request.uri.path == "/" ? "0" : request.headers[Self.depthHeader] ?? "1"
    // The resources without an object (the principal, the home, the calendars), and the
    // objects of a calendar or the one asked for, which are not copied into a list of their own.
    var targets: [CalDAVTarget] = [target]
    var objects: ArraySlice<CalDAVObject> = []
    var objectsCalendar: CalDAVCalendar?
    if case .object(let calendar, let name) = target {
      let (all, _) = try await state.objects(of: calendar)
      guard let found = all.firstIndex(where: { $0.resource.name == name }) else {
        return Self.plain(.notFound, "No such calendar object.")
      }
      (targets, objects, objectsCalendar) = ([], all[found...found], calendar)
    } else if depth != "0" {
      switch target {
      case .principal: targets.append(.home)
      case .home: targets += state.vault.calDAVCalendars.map { .calendar($0) }
      case .calendar(let calendar):
        (objects, objectsCalendar) = (try await state.objects(of: calendar).objects[...], calendar)
      case .object: break
      }
    }
    var writer = DAVXMLWriter()
    writer.open(DAVNamespace.dav, "multistatus", root: true)
    for each in targets {
      try await writeResponse(&writer, each, etag: nil, wanted: wanted, body: nil)
    }
    if let calendar = objectsCalendar {
      let bodies = wanted.wantsCalendarData ? try await state.bodies(of: Array(objects), in: calendar) : [:]
      for object in objects {
        try await writeResponse(
          &writer, .object(calendar.facet(object.kind), name: object.resource.name), etag: object.resource.etag,
          wanted: wanted,
          body: bodies[object.resource.name])
      }
    }
    writer.close(DAVNamespace.dav, "multistatus")
    return Self.xml(Self.multiStatus, writer.bytes)
  }

  /// One `<response>` of a multistatus: the properties found (200) and those not (404); `etag`
  /// and `body` are an object's.
  func writeResponse(
    _ writer: inout DAVXMLWriter, _ target: CalDAVTarget, etag: String?, wanted: DAVPropertyRequest, body: String?
  ) async throws {
    writer.open(DAVNamespace.dav, "response")
    writer.element(DAVNamespace.dav, "href", target.href)
    let names: [(namespace: String, name: String)]
    switch wanted {
    case .all: names = Self.allProperties
    case .names:
      writer.open(DAVNamespace.dav, "propstat")
      writer.open(DAVNamespace.dav, "prop")
      for (namespace, name) in Self.allProperties { writer.empty(namespace, name) }
      writer.close(DAVNamespace.dav, "prop")
      writer.element(DAVNamespace.dav, "status", "HTTP/1.1 200 OK")
      writer.close(DAVNamespace.dav, "propstat")
      writer.close(DAVNamespace.dav, "response")
      return
    case .some(let list): names = list
    }
    var found: [(String, String, DAVValue)] = []
    var missing: [(String, String)] = []
    for (namespace, name) in names {
      if let value = try await property(namespace, name, of: target, etag: etag, body: body) {
        found.append((namespace, name, value))
      } else {
        missing.append((namespace, name))
      }
    }
    if !found.isEmpty || missing.isEmpty || { if case .all = wanted { return true } else { return false } }() {
      writer.open(DAVNamespace.dav, "propstat")
      writer.open(DAVNamespace.dav, "prop")
      for (namespace, name, value) in found {
        switch value {
        case .text(let text) where !text.isEmpty: writer.element(namespace, name, text)
        case .xml(let xml) where !xml.isEmpty:
          writer.open(namespace, name)
          writer.raw(xml)
          writer.close(namespace, name)
        default: writer.empty(namespace, name)
        }
      }
      writer.close(DAVNamespace.dav, "prop")
      writer.element(DAVNamespace.dav, "status", "HTTP/1.1 200 OK")
      writer.close(DAVNamespace.dav, "propstat")
    }
    // `allprop` lists what the resource has; a property asked for by name and absent is a 404.
    if case .some = wanted, !missing.isEmpty {
      writer.open(DAVNamespace.dav, "propstat")
      writer.open(DAVNamespace.dav, "prop")
      for (namespace, name) in missing { writer.empty(namespace, name) }
      writer.close(DAVNamespace.dav, "prop")
      writer.element(DAVNamespace.dav, "status", "HTTP/1.1 404 Not Found")
      writer.close(DAVNamespace.dav, "propstat")
    }
    writer.close(DAVNamespace.dav, "response")
  }

  /// A property's value, empty for an empty element; nil when the resource has no such
  /// property. `etag` and `body` are an object's.
  func property(
    _ namespace: String, _ name: String, of target: CalDAVTarget, etag: String?, body: String?
  ) async throws -> DAVValue? {
    let href = { (path: String) in DAVValue.xml("<d:href>" + DAVXMLWriter.escape(path) + "</d:href>") }
    switch (namespace, name) {
    case (DAVNamespace.dav, "current-user-principal"), (DAVNamespace.dav, "principal-URL"),
      (DAVNamespace.dav, "owner"):
      return href(Self.root)
    case (DAVNamespace.caldav, "calendar-home-set"):
      return target == .principal ? href(Self.home) : nil
    case (DAVNamespace.caldav, "calendar-user-address-set"):
      return target == .principal ? href(Self.root) : nil
    case (DAVNamespace.dav, "principal-collection-set"): return href(Self.root)
    case (DAVNamespace.dav, "supported-report-set"):
      let reports: [(String, String)] =
        switch target {
        case .calendar, .object:
          [
            (DAVNamespace.caldav, "calendar-query"), (DAVNamespace.caldav, "calendar-multiget"),
            (DAVNamespace.dav, "sync-collection"),
          ]
        default: [(DAVNamespace.dav, "sync-collection")]
        }
      return .xml(
        reports.map { report in
          "<d:supported-report><d:report>" + "<" + DAVXMLWriter.tag(report.0, report.1).open + "/>"
            + "</d:report></d:supported-report>"
        }.joined())
    case (DAVNamespace.dav, "current-user-privilege-set"):
      let privileges =
        target == .principal || target == .home
        ? ["read"]
        : ["read", "write", "write-content", "write-properties", "bind", "unbind", "read-current-user-privilege-set"]
      return .xml(
        privileges.map { "<d:privilege><d:\($0)/></d:privilege>" }.joined()
          + (target == .principal || target == .home ? "" : "<d:privilege><c:read-free-busy/></d:privilege>"))
    case (DAVNamespace.dav, "resourcetype"):
      switch target {
      case .principal: return .xml("<d:collection/><d:principal/>")
      case .home: return .xml("<d:collection/>")
      case .calendar: return .xml("<d:collection/><c:calendar/>")
      case .object: return .xml("")
      }
    case (DAVNamespace.dav, "displayname"):
      switch target {
      case .principal:
        // With accounts: who, and which workspace (`AccountGate`).
        if let viewer = Viewer.current {
          return .text(viewer.allWorkspaces ? viewer.account : "\(viewer.account) (\(viewer.workspace.name))")
        }
        return .text((state.vault.root as NSString).lastPathComponent)
      case .home: return .text("Calendars")
      case .calendar(let calendar):
        // With accounts, each workspace's calendars carry its name: a phone with two of them
        // tells "family · Events" from "parents · Events".
        return .text(Viewer.current.map { "\($0.workspace.name) · \(calendar.name)" } ?? calendar.name)
      case .object: return nil
      }
    case (DAVNamespace.caldav, "calendar-description"):
      guard case .calendar(let calendar) = target else { return nil }
      let vaultName = (state.vault.root as NSString).lastPathComponent
      return .text(
        calendar.kind == .tasks
          ? "The tasks of \(vaultName)"
          : calendar.kind == .journal ? "The journal of \(vaultName)" : "\(calendar.name) of \(vaultName)")
    case (DAVNamespace.caldav, "supported-calendar-component-set"):
      guard case .calendar(let calendar) = target else { return nil }
      return .xml(calendar.kinds.map { "<c:comp name=\"\($0.component)\"/>" }.joined())
    case (DAVNamespace.caldav, "supported-calendar-data"):
      guard case .calendar = target else { return nil }
      return .xml("<c:calendar-data content-type=\"text/calendar\" version=\"2.0\"/>")
    case (DAVNamespace.caldav, "max-resource-size"):
      guard case .calendar = target else { return nil }
      return .text(String(Self.bodyLimit))
    case (DAVNamespace.apple, "calendar-color"):
      // A calendar without a colour of its own takes its workspace's, with accounts.
      guard case .calendar(let calendar) = target,
        let color = calendar.color ?? Viewer.current.flatMap({ TerminalColor.parse($0.workspace.color)?.hex })
      else { return nil }
      return .text(color.uppercased() + "FF")
    case (DAVNamespace.apple, "calendar-order"):
      guard case .calendar(let calendar) = target else { return nil }
      return .text(String(calendar.setting?.order ?? (state.vault.calDAVCalendars.firstIndex(of: calendar) ?? 0) + 1))
    case (DAVNamespace.calendarServer, "getctag"), (DAVNamespace.dav, "sync-token"):
      guard case .calendar(let calendar) = target else { return nil }
      return .text(try await state.objects(of: calendar).syncToken)
    case (DAVNamespace.dav, "getetag"):
      return etag.map(DAVValue.text)
    case (DAVNamespace.dav, "getcontenttype"):
      switch target {
      case .object(let calendar, _):
        return .text("text/calendar; charset=utf-8; component=" + calendar.kind.component.lowercased())
      case .calendar, .home, .principal: return .text("httpd/unix-directory")
      }
    case (DAVNamespace.caldav, "calendar-data"):
      return body.map(DAVValue.text)
    default: return nil
    }
  }
}
