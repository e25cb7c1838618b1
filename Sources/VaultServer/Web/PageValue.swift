/// The values a page template reads, made plain.
enum PageValue {
  /// `value` as a template reads it best: an empty string or a nil is left out, so that
  /// `{{#author}}— {{author}}{{/author}}` shows nothing when there is none (Mustache counts
  /// an empty string as a value, and an optional inside `Any` as one too).
  static func cleaned(_ value: Any) -> Any? {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      guard let wrapped = mirror.children.first?.value else { return nil }
      return cleaned(wrapped)
    }
    switch value {
    case let text as String: return text.isEmpty ? nil : text
    case let fields as [String: Any]: return fields.compactMapValues(cleaned)
    case let list as [Any]: return list.compactMap(cleaned)
    default: return value
    }
  }
}
