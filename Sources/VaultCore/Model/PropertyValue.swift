/// The value of a front-matter property, typed as Obsidian's Properties view types it.
public indirect enum PropertyValue: Hashable, Sendable {
  /// An empty value (`key:` with nothing after it, `~`, `null`).
  case null
  case text(String)
  case number(Double)
  /// Obsidian's checkbox.
  case bool(Bool)
  case date(LocalDate)
  case dateTime(LocalDateTime)
  case list([PropertyValue])
  /// A nested mapping: Obsidian has no UI for it but keeps it, and so do we.
  case object([Property])

  /// The text of a scalar as a person would read it; lists are joined with `, `.
  public var text: String {
    switch self {
    case .null: return ""
    case .text(let value): return value
    case .number(let value): return PropertyValue.format(value)
    case .bool(let value): return value ? "true" : "false"
    case .date(let value): return value.description
    case .dateTime(let value): return value.description
    case .list(let values): return values.map(\.text).joined(separator: ", ")
    case .object(let properties):
      return "{" + properties.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ") + "}"
    }
  }

  /// The elements when this is a list, the value itself otherwise, nothing when empty.
  public var elements: [PropertyValue] {
    switch self {
    case .null: return []
    case .list(let values): return values
    default: return [self]
    }
  }

  /// Integers print without a fractional part.
  public static func format(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}

extension PropertyValue {
  /// The value with the locations of nested properties left out: what it means, not where it is.
  public var withoutLocations: PropertyValue {
    switch self {
    case .list(let values): return .list(values.map(\.withoutLocations))
    case .object(let properties): return .object(properties.map(\.withoutLocation))
    default: return self
    }
  }
}

/// One key of the front matter, in file order, with where it stands.
public struct Property: Hashable, Sendable {
  public var key: String
  public var value: PropertyValue
  /// The type Obsidian shows: declared in `.obsidian/types.json`, else inferred.
  public var type: PropertyType
  /// Where the key is written (1-based file line and column).
  public var location: SourceLocation

  public init(
    key: String, value: PropertyValue, type: PropertyType? = nil,
    location: SourceLocation = .start
  ) {
    self.key = key
    self.value = value
    self.type = type ?? PropertyType.inferred(key: key, value: value)
    self.location = location
  }

  /// The property as it reads, wherever it is written.
  public var withoutLocation: Property {
    Property(key: key, value: value.withoutLocations, type: type, location: .start)
  }
}

/// Obsidian's property types (`.obsidian/types.json`), plus `object` for nested mappings that
/// Obsidian keeps but cannot edit, and `unknown` for an empty value of no declared type.
public enum PropertyType: String, Hashable, Sendable, Codable, CaseIterable {
  case text, multitext, number, checkbox, date, datetime, tags, aliases, object, unknown

  /// The type Obsidian would infer for a value under a key.
  public static func inferred(key: String, value: PropertyValue) -> PropertyType {
    switch key.lowercased() {
    case "tags", "tag": return .tags
    case "aliases", "alias": return .aliases
    case "cssclasses", "cssclass": return .multitext
    default: break
    }
    switch value {
    case .null: return .unknown
    case .text: return .text
    case .number: return .number
    case .bool: return .checkbox
    case .date: return .date
    case .dateTime: return .datetime
    case .list: return .multitext
    case .object: return .object
    }
  }
}

extension Array where Element == Property {
  /// The first property whose key matches case-insensitively, as Obsidian matches keys.
  public subscript(key: String) -> PropertyValue? {
    let lowered = key.lowercased()
    return first { $0.key.lowercased() == lowered }?.value
  }

  /// The first property with one of the keys, in the order given.
  public func first(of keys: [String]) -> Property? {
    for key in keys {
      let lowered = key.lowercased()
      if let property = first(where: { $0.key.lowercased() == lowered }) { return property }
    }
    return nil
  }
}
