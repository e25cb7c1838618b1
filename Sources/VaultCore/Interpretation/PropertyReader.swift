/// Reads typed values out of a note's properties, reporting values that cannot be what their
/// key means (`date: next week`) as diagnostics at the property's line.
struct PropertyReader {
  let properties: [Property]
  let path: String
  var diagnostics: [Diagnostic] = []

  init(properties: [Property], path: String) {
    self.properties = properties
    self.path = path
  }

  func property(_ keys: String...) -> Property? { properties.first(of: keys) }

  func has(_ key: String) -> Bool {
    if let value = properties[key], value != .null { return true }
    return false
  }

  func text(_ keys: String...) -> String? {
    guard let property = properties.first(of: keys) else { return nil }
    let text = property.value.text.trimmingSpaces()
    return text.isEmpty ? nil : text
  }

  /// A date, a date-time (its day), or a text holding one, also as a link `[[2026-11-22]]`.
  mutating func date(_ keys: String...) -> LocalDate? {
    guard let property = properties.first(of: keys) else { return nil }
    return date(of: property)
  }

  mutating func date(of property: Property) -> LocalDate? {
    switch property.value {
    case .null: return nil
    case .date(let date): return date
    case .dateTime(let dateTime): return dateTime.date
    case .text(let text):
      if let date = Self.parseDate(text) { return date }
      // An impossible date was reported where it is written.
      if case .impossible = DateParsing.date(Substring(text)) { return nil }
    default: break
    }
    warn(property, "'\(property.key)' is not a date in YYYY-MM-DD form: '\(property.value.text)'")
    return nil
  }

  /// A date-time's time, when the property holds one.
  func time(of keys: String...) -> LocalTime? {
    guard let property = properties.first(of: keys) else { return nil }
    switch property.value {
    case .dateTime(let dateTime): return dateTime.time
    case .text(let text):
      if case .value(let dateTime) = DateParsing.dateTime(Substring(Self.unlinked(text))) {
        return dateTime.time
      }
      return nil
    default: return nil
    }
  }

  mutating func bool(_ keys: String...) -> Bool? {
    guard let property = properties.first(of: keys) else { return nil }
    switch property.value {
    case .null: return nil
    case .bool(let value): return value
    case .text(let text) where ["true", "yes"].contains(text.lowercased()): return true
    case .text(let text) where ["false", "no"].contains(text.lowercased()): return false
    default:
      warn(property, "'\(property.key)' should be true or false, found '\(property.value.text)'")
      return nil
    }
  }

  /// Texts of a list, or of a text split at commas.
  func list(_ keys: String...) -> [String] {
    guard let property = properties.first(of: keys) else { return [] }
    return property.value.elements.flatMap { element -> [String] in
      if case .text(let text) = element {
        return text.split(separator: ",").map { $0.trimmingSpaces() }
      }
      return [element.text]
    }.filter { !$0.isEmpty }
  }

  mutating func warn(_ property: Property, _ message: String) {
    diagnostics.append(.warning(message, at: property.location, in: path))
  }

  mutating func error(_ property: Property, _ message: String) {
    diagnostics.append(.error(message, at: property.location, in: path))
  }

  /// `2026-11-22`, `2026-11-22T19:30`, or either wrapped as a link.
  static func parseDate(_ text: String) -> LocalDate? {
    let plain = unlinked(text)
    if let date = DateParsing.validDate(plain) { return date }
    if case .value(let dateTime) = DateParsing.dateTime(Substring(plain)) { return dateTime.date }
    return nil
  }

  /// `[[2026-11-22]]` → `2026-11-22`; other text as it is.
  static func unlinked(_ text: String) -> String {
    let trimmed = text.trimmingSpaces()
    guard trimmed.hasPrefix("[["), trimmed.hasSuffix("]]") else { return trimmed }
    var inner = String(trimmed.dropFirst(2).dropLast(2))
    if let bar = inner.firstIndex(of: "|") { inner = String(inner[..<bar]) }
    if let slash = inner.lastIndex(of: "/") { inner = String(inner[inner.index(after: slash)...]) }
    return inner
  }
}
