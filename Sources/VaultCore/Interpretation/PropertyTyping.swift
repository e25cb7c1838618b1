/// Applies `.obsidian/types.json` to a note's properties: a property declared a date holds a
/// date, a declared list holds a list, and so on, as Obsidian's Properties view shows them.
enum PropertyTyping {
  static func apply(_ types: [String: PropertyType], to note: inout Note) {
    for index in note.properties.indices {
      let property = note.properties[index]
      guard let declared = types[property.key.lowercased()] else { continue }
      let (value, problem) = coerce(property.value, to: declared)
      note.properties[index].value = value
      note.properties[index].type = declared
      if let problem {
        note.diagnostics.append(
          .warning(
            "'\(property.key)' is declared \(declared.rawValue) in .obsidian/types.json, but \(problem)",
            at: property.location, in: note.path))
      }
    }
  }

  /// The value read as `type`; the original value and a reason when it cannot be.
  static func coerce(_ value: PropertyValue, to type: PropertyType) -> (PropertyValue, String?) {
    if value == .null { return (value, nil) }
    switch type {
    case .date:
      switch value {
      case .date, .dateTime: return (value, nil)
      case .text(let text):
        if let date = PropertyReader.parseDate(text) { return (.date(date), nil) }
      default: break
      }
      return (value, "'\(value.text)' is not a date")
    case .datetime:
      switch value {
      case .date, .dateTime: return (value, nil)
      case .text(let text):
        if case .value(let dateTime) = DateParsing.dateTime(Substring(text)) {
          return (.dateTime(dateTime), nil)
        }
        if let date = DateParsing.validDate(text) { return (.date(date), nil) }
      default: break
      }
      return (value, "'\(value.text)' is not a date and time")
    case .number:
      if case .number = value { return (value, nil) }
      if case .text(let text) = value, let number = Double(text.trimmingSpaces()) {
        return (.number(number), nil)
      }
      return (value, "'\(value.text)' is not a number")
    case .checkbox:
      if case .bool = value { return (value, nil) }
      if case .text(let text) = value {
        switch text.lowercased() {
        case "true": return (.bool(true), nil)
        case "false": return (.bool(false), nil)
        default: break
        }
      }
      return (value, "'\(value.text)' is not true or false")
    case .multitext, .tags, .aliases:
      if case .list = value { return (value, nil) }
      return (.list([value]), nil)
    case .text:
      switch value {
      case .list, .object: return (value, "it holds a \(PropertyType.inferred(key: "", value: value).rawValue)")
      default: return (.text(value.text), nil)
      }
    case .object, .unknown:
      return (value, nil)
    }
  }
}
