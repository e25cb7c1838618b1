import Foundation
import HTTPTypes
import Hummingbird
import VaultCore
import VaultKit

/// Calendars a client makes, changes and deletes: MKCALENDAR (and MKCOL with a calendar's
/// resource type, RFC 5689) adds a line to `calendars:` in `.vault/config.yml`, PROPPATCH sets its
/// name, colour and order there, DELETE takes it out; the notes stay as they are
/// (Vault+CalDAVCalendarSettings). The server opens the vault again at once, so the next
/// request sees the change.
extension CalDAVServer {
  /// The properties a client may set on a calendar, from a MKCALENDAR, MKCOL or PROPPATCH body:
  /// what it asks, and those it names that vault does not keep.
  struct CalendarProperties {
    var change = Vault.CalDAVCalendarChange()
    /// What it is to hold (`supported-calendar-component-set`): both when it does not say.
    var kinds: [CalDAVCalendar.Kind] = [.events, .tasks]
    var refused: [DAVElement] = []
    var accepted: [DAVElement] = []

    /// Reads `<set>` and `<remove>` elements of a body's root.
    init(_ root: DAVElement, creating: Bool) {
      for update in root.children where update.namespace == DAVNamespace.dav {
        let removing = update.name == "remove"
        guard removing || update.name == "set" else { continue }
        for property in update.child(DAVNamespace.dav, "prop")?.children ?? [] {
          if take(property, removing: removing, creating: creating) {
            accepted.append(property)
          } else {
            refused.append(property)
          }
        }
      }
    }

    mutating func take(_ property: DAVElement, removing: Bool, creating: Bool) -> Bool {
      let text = property.text.trimmingCharacters(in: .whitespacesAndNewlines)
      switch (property.namespace, property.name) {
      case (DAVNamespace.dav, "displayname"):
        guard !removing, !text.isEmpty, text.count <= 200, !text.contains(where: \.isNewline) else { return false }
        // The workspace's name that PROPFIND puts before it, with accounts, is not part of it.
        let prefix = Viewer.current.map { "\($0.workspace.name) · " } ?? ""
        change.name = !prefix.isEmpty && text.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : text
      case (DAVNamespace.apple, "calendar-color"):
        if removing {
          change.color = .some(nil)
          return true
        }
        // Clients send #RRGGBBAA: the alpha is dropped, as the settings keep #rrggbb.
        let colour = text.count == 9 && text.hasPrefix("#") ? String(text.prefix(7)) : text
        guard let parsed = TerminalColor.parse(colour) else { return false }
        change.color = .some(parsed.hex)
      case (DAVNamespace.apple, "calendar-order"):
        if removing {
          change.order = .some(nil)
          return true
        }
        guard let order = Int(text) else { return false }
        change.order = .some(order)
      case (DAVNamespace.dav, "resourcetype"):
        // MKCOL's calendar: a collection that is a calendar.
        return creating && property.child(DAVNamespace.caldav, "calendar") != nil
      case (DAVNamespace.caldav, "supported-calendar-component-set"):
        guard creating else { return false }
        let names = Set(
          property.children(DAVNamespace.caldav, "comp").compactMap { $0.attributes["name"]?.uppercased() })
        guard !names.isEmpty, names.isSubset(of: ["VEVENT", "VTODO"]) else { return false }
        kinds = (names.contains("VEVENT") ? [.events] : []) + (names.contains("VTODO") ? [.tasks] : [])
      case (DAVNamespace.caldav, "calendar-timezone"), (DAVNamespace.caldav, "calendar-timezone-id"),
        (DAVNamespace.caldav, "calendar-description"):
        // Taken and not kept, as docs/CALDAV.md says: every object carries its own zone, and a
        // calendar's description is made from the vault's name.
        return creating
      default: return false
      }
      return true
    }
  }

  /// MKCALENDAR or MKCOL at `/dav/calendars/ID/`.
  func makeCalendar(path: String, method: String, body: String) async -> Response {
    let parts = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
    guard parts.count == 3, parts[0] == "dav", parts[1] == "calendars", parts[2].hasPrefix(CalDAVTarget.prefix),
      parts[2].count > CalDAVTarget.prefix.count
    else {
      return Self.plain(.forbidden, "A calendar is made in \(Self.home): \(Self.home)\(CalDAVTarget.prefix)NAME/.")
    }
    if CalDAVTarget(path: path, calendars: state.vault.calDAVCalendars) != nil {
      guard method == "MKCALENDAR" else {
        var response = Self.plain(.methodNotAllowed, "There is a calendar at \(path) already.")
        response.headers[.allow] = "OPTIONS, GET, HEAD, PROPFIND, PROPPATCH, REPORT, DELETE"
        return response
      }
      return Self.xml(
        .forbidden,
        DAVXMLWriter.error(DAVNamespace.dav, "resource-must-be-null", reason: "\(path) is a calendar already"))
    }
    var properties = CalendarProperties(DAVElement(namespace: DAVNamespace.dav, name: "none"), creating: true)
    if !body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      let root: DAVElement
      do {
        root = try DAVXMLReader.parse(body)
      } catch {
        return Self.plain(.badRequest, "The XML body cannot be read: \(error.description).")
      }
      guard root.named(DAVNamespace.caldav, "mkcalendar") || root.named(DAVNamespace.dav, "mkcol") else {
        return Self.plain(.badRequest, "A \(method) body is a <\(method == "MKCOL" ? "mkcol" : "mkcalendar")> element.")
      }
      properties = CalendarProperties(root, creating: true)
    }
    if method == "MKCOL", !properties.accepted.contains(where: { $0.named(DAVNamespace.dav, "resourcetype") }) {
      return Self.plain(.forbidden, "Only calendars are made here: MKCALENDAR, or MKCOL with a calendar resourcetype.")
    }
    guard properties.refused.isEmpty else {
      return Self.xml(Self.multiStatus, Self.propertyStatus(href: path, properties))
    }
    do {
      _ = try state.vault.calDAVMakeCalendar(
        id: String(parts[2].dropFirst(CalDAVTarget.prefix.count)), change: properties.change, kinds: properties.kinds)
    } catch {
      return Self.plain(.conflict, "The calendar cannot be made: \(error).")
    }
    await state.session.settingsChanged()
    return Response(status: .created, headers: [.contentLength: "0", .location: Self.home + parts[2] + "/"])
  }

  /// PROPPATCH: a calendar's name, colour and order, all or none (RFC 4918 9.2).
  func proppatch(_ target: CalDAVTarget, body: String) async throws -> Response {
    let root = try DAVXMLReader.parse(body)
    guard root.named(DAVNamespace.dav, "propertyupdate") else {
      throw DAVXMLError(description: "a PROPPATCH body is a <propertyupdate> element")
    }
    var properties = CalendarProperties(root, creating: false)
    guard case .calendar(let calendar) = target, calendar.setting != nil else {
      // Nothing else keeps properties: the principal, the home, vault's own two calendars and
      // the objects (whose properties are in their iCalendar).
      properties.refused += properties.accepted
      properties.accepted = []
      return Self.xml(Self.multiStatus, Self.propertyStatus(href: target.href, properties))
    }
    if properties.refused.isEmpty, !properties.accepted.isEmpty {
      do {
        try state.vault.calDAVChangeCalendar(calendar, properties.change)
      } catch {
        properties.refused += properties.accepted
        properties.accepted = []
        return Self.xml(Self.multiStatus, Self.propertyStatus(href: target.href, properties, reason: "\(error)"))
      }
      await state.session.settingsChanged()
    }
    return Self.xml(Self.multiStatus, Self.propertyStatus(href: target.href, properties))
  }

  /// DELETE of a calendar of `calendars:`: its line goes, its notes stay.
  func deleteCalendar(_ calendar: CalDAVCalendar) async -> Response {
    guard calendar.setting != nil else {
      return Self.plain(.forbidden, "\(calendar.name) is vault's own calendar, made from the notes; it is not deleted.")
    }
    do {
      try state.vault.calDAVRemoveCalendar(calendar)
    } catch {
      return Self.plain(.conflict, "The calendar cannot be deleted: \(error).")
    }
    await state.session.settingsChanged()
    return Response(status: .noContent)
  }

  /// A multistatus with one propstat for the properties set (200) and one for those refused
  /// (403), or, when any was refused, those that would have been set (424, RFC 4918 9.2.1).
  static func propertyStatus(href: String, _ properties: CalendarProperties, reason: String? = nil) -> [UInt8] {
    var writer = DAVXMLWriter()
    writer.open(DAVNamespace.dav, "multistatus", root: true)
    writer.open(DAVNamespace.dav, "response")
    writer.element(DAVNamespace.dav, "href", href)
    let groups: [([DAVElement], String, String?)] = [
      (properties.accepted, properties.refused.isEmpty ? "HTTP/1.1 200 OK" : "HTTP/1.1 424 Failed Dependency", nil),
      (
        properties.refused, "HTTP/1.1 403 Forbidden",
        reason
          ?? "vault keeps a calendar's name (displayname), colour (calendar-color) and order (calendar-order) in calendars: of .vault/config.yml, for the calendars listed there."
      ),
    ]
    for (elements, status, description) in groups where !elements.isEmpty {
      writer.open(DAVNamespace.dav, "propstat")
      writer.open(DAVNamespace.dav, "prop")
      for property in elements { writer.empty(property.namespace, property.name) }
      writer.close(DAVNamespace.dav, "prop")
      writer.element(DAVNamespace.dav, "status", status)
      if let description { writer.element(DAVNamespace.dav, "responsedescription", description) }
      writer.close(DAVNamespace.dav, "propstat")
    }
    writer.close(DAVNamespace.dav, "response")
    writer.close(DAVNamespace.dav, "multistatus")
    return writer.bytes
  }
}
