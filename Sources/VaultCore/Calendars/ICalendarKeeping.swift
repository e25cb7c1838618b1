/// What a calendar client gets back of an object it sent, when the notes cannot say all of it:
/// the client's own properties, parameters and sub-components (its alarms, attendees, `X-`
/// properties, a rule with COUNT…), except where the notes changed since it sent them, where the
/// notes' say wins. Three versions meet: what the client sent (`sent`), what the notes said right
/// after it was written (`servedThen`: vault's own object, made from the notes), and what they say
/// now (`servedNow`). For each property name of each component, when the notes say the same as
/// then, the client's lines come back as it sent them (or vault's when it sent none); when the
/// notes changed that part since, theirs. Sub-components are taken the same way, by name (all the
/// VALARMs of a component together). A component the notes never had (a client's VTIMEZONE with
/// a Windows name, a kind vault does not keep) comes back as sent; one the notes had then and no
/// longer have (an occurrence deleted) does not.
public enum ICalendarKeeping {
  /// The object as a client gets it (docs/CALDAV.md, "What vault keeps").
  public static func merge(sent: String, servedThen: String, servedNow: String) -> String {
    guard let now = calendar(servedNow) else { return servedNow }
    guard let client = calendar(sent) else { return servedNow }
    let then = calendar(servedThen) ?? now
    return merge(client, then, now).text
  }

  /// `sent` with each link of vault's own (a URL starting with `prefix`, `obsidian://open?vault=…
  /// &file=`) that names another note than vault's object `served` now does replaced by
  /// `served`'s: a client sends back the link it was given, which names where the note was then,
  /// and after a move to another calendar's folder or a rename it would name a note that is no
  /// longer there. `sent` itself, byte for byte, when no link changes.
  public static func withOwnLinks(_ sent: String, servedNow served: String, prefix: String) -> String {
    // Read only when it may hold one (the scheme, near the start of a URL line, is not folded).
    guard sent.contains("obsidian:") else { return sent }
    guard var client = calendar(sent), let now = calendar(served) else { return sent }
    let links = Dictionary(
      now.components.compactMap { component in component.first("URL").map { (key(component), $0.value) } },
      uniquingKeysWith: { first, _ in first })
    var changed = false
    for (index, component) in client.components.enumerated() {
      guard let link = links[key(component)], link.hasPrefix(prefix) else { continue }
      for (place, property) in component.properties.enumerated()
      where property.name == "URL" && property.value.hasPrefix(prefix) && property.value != link {
        client.components[index].properties[place].value = link
        changed = true
      }
    }
    return changed ? client.text : sent
  }

  static func calendar(_ text: String) -> ICalendar.Component? {
    ICalendar.parse(text).components.first { $0.name == "VCALENDAR" }
  }

  /// Which component of another version is the same one: its kind, UID and the day its
  /// RECURRENCE-ID names (a client may say the moment in UTC where vault says it in the series'
  /// zone; a series has one occurrence a day at most, as vault keeps them); a zone by its TZID.
  static func key(_ component: ICalendar.Component) -> String {
    if component.name == "VTIMEZONE" { return "VTIMEZONE|" + (component.first("TZID")?.value ?? "") }
    return component.name + "|" + (component.first("UID")?.value ?? "") + "|"
      + (component.first("RECURRENCE-ID").map { String($0.value.prefix(8)) } ?? "")
  }

  static func merge(
    _ sent: ICalendar.Component, _ then: ICalendar.Component?, _ now: ICalendar.Component
  ) -> ICalendar.Component {
    var merged = ICalendar.Component(now.name, line: now.line)
    // The notes' order first (the same object comes back the same, however a client ordered
    // what it sent), then what only the client sent, in its order.
    var names: [String] = []
    for property in now.properties + sent.properties where !names.contains(property.name) {
      names.append(property.name)
    }
    for name in names {
      let thenLines = then?.all(name) ?? []
      let nowLines = now.all(name)
      let sentLines = sent.all(name)
      if same(thenLines, nowLines) {
        merged.properties += sentLines.isEmpty ? nowLines : sentLines
      } else {
        merged.properties += nowLines
      }
    }
    // Sub-components: matched one by one when they have a UID (components of a calendar),
    // else taken by kind as a whole (a component's VALARMs).
    if sent.name == "VCALENDAR" {
      let thenByKey = Dictionary(
        (then?.components ?? []).map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
      let sentByKey = Dictionary(sent.components.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
      let nowKeys = Set(now.components.map(key))
      for component in now.components {
        if let client = sentByKey[key(component)] {
          merged.components.append(merge(client, thenByKey[key(component)], component))
        } else {
          merged.components.append(component)
        }
      }
      for component in sent.components where !nowKeys.contains(key(component)) && thenByKey[key(component)] == nil {
        merged.components.append(component)
      }
    } else {
      var kinds: [String] = []
      for component in now.components + sent.components where !kinds.contains(component.name) {
        kinds.append(component.name)
      }
      for kind in kinds {
        let thenParts = then?.components.filter { $0.name == kind } ?? []
        let nowParts = now.components.filter { $0.name == kind }
        let sentParts = sent.components.filter { $0.name == kind }
        if thenParts.map(stripped) == nowParts.map(stripped) {
          merged.components += sentParts.isEmpty ? nowParts : sentParts
        } else {
          merged.components += nowParts
        }
      }
    }
    return merged
  }

  /// Two runs of lines say the same: names, parameters and values, wherever they were read.
  static func same(_ first: [ICalendar.Property], _ second: [ICalendar.Property]) -> Bool {
    first.count == second.count
      && zip(first, second).allSatisfy { $0.name == $1.name && $0.parameters == $1.parameters && $0.value == $1.value }
  }

  /// A component with no line numbers, for comparing what it says.
  static func stripped(_ component: ICalendar.Component) -> ICalendar.Component {
    ICalendar.Component(
      component.name,
      properties: component.properties.map { ICalendar.Property($0.name, $0.value, parameters: $0.parameters) },
      components: component.components.map(stripped))
  }
}
