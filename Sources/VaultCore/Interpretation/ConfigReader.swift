/// Reads vault's own settings, `.vault/config.yml`, already parsed into properties, into
/// `VaultSettings`. Unknown keys (with the nearest known one) and bad values are errors at
/// their line and column, for `vault check`; every other command warns about them; the
/// default stays.
public enum ConfigReader {
  public static let path = ".vault/config.yml"

  /// The settings it reads, for "did you mean" and `vault config`.
  public static let keys = [
    "folders", "personal_code", "inbox", "inbox_heading", "dashboard", "week_start", "timezone", "journal",
    "max_file_size_mb", "leap_day", "created", "colors",
  ]

  public static func apply(_ properties: [Property], to settings: inout VaultSettings) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    func warn(_ property: Property, _ message: String) {
      diagnostics.append(.error(message, at: property.location, in: path))
    }
    func unknown(_ property: Property, _ name: String, among known: [String]) {
      let near = known.min { EditDistance.levenshtein(name, $0) < EditDistance.levenshtein(name, $1) }
      let hint =
        near.flatMap { EditDistance.levenshtein(name, $0) <= max(2, name.count / 3) ? $0 : nil }
        .map { " (did you mean '\($0)'?)" } ?? " (known: \(known.joined(separator: ", ")))"
      warn(property, "unknown setting '\(name)'" + hint)
    }
    func text(_ property: Property) -> String? {
      guard case .text(let value) = property.value, !value.trimmingSpaces().isEmpty else {
        warn(property, "'\(property.key)' should be a text such as a folder or note name")
        return nil
      }
      return value.trimmingSpaces()
    }
    for property in properties {
      switch property.key {
      case "folders":
        guard case .object(let folders) = property.value else {
          warn(property, "'folders' should map kinds to folders, such as 'events: Events'")
          continue
        }
        for folder in folders {
          guard let kind = ItemKind(naming: folder.key), [.event, .goal, .insight, .task].contains(kind)
          else {
            warn(folder, "unknown kind '\(folder.key)' in folders (use events, goals, insights or tasks)")
            continue
          }
          if let value = text(folder) { settings.folders[kind] = value }
        }
      case "personal_code":
        if let value = text(property) { settings.personalCode = value }
      case "inbox":
        if let value = text(property) { settings.inbox = value }
      case "inbox_heading":
        if let value = text(property) { settings.inboxHeading = value.drop { $0 == "#" }.trimmingSpaces() }
      case "dashboard":
        guard case .object(let entries) = property.value else {
          warn(property, "'dashboard' should hold 'limit: 3'")
          continue
        }
        for entry in entries {
          guard entry.key == "limit" else {
            unknown(entry, "dashboard.\(entry.key)", among: ["dashboard.limit"])
            continue
          }
          if case .number(let value) = entry.value, value.rounded() == value, (1...10).contains(value) {
            settings.dashboardLimit = Int(value)
          } else {
            warn(entry, "dashboard limit must be a whole number from 1 to 10, found '\(entry.value.text)'")
          }
        }
      case "week_start":
        let name = property.value.text.lowercased()
        if let day = Weekday.allCases.first(where: { name.count >= 3 && $0.name.hasPrefix(name) }) {
          settings.firstWeekday = day
        } else {
          warn(property, "week_start should be a day such as monday or sunday, found '\(property.value.text)'")
        }
      case "timezone":
        if let value = text(property) { settings.timeZone = value }
      case "journal":
        guard case .object(let entries) = property.value else {
          warn(property, "'journal' should hold 'heading: Journal'")
          continue
        }
        for entry in entries {
          if entry.key == "heading", let value = text(entry) {
            settings.journalHeading = value
          } else if entry.key != "heading" {
            unknown(entry, "journal.\(entry.key)", among: ["journal.heading"])
          }
        }
      case "max_file_size_mb":
        if case .number(let value) = property.value, value > 0 {
          settings.maxFileSize = Int(value * 1024 * 1024)
        } else {
          warn(property, "max_file_size_mb should be a positive number")
        }
      case "leap_day":
        if let value = LeapDay(rawValue: property.value.text.lowercased()) {
          settings.leapDay = value
        } else {
          warn(property, "leap_day should be feb28, mar1 or skip, found '\(property.value.text)'")
        }
      case "created":
        if case .bool(let value) = property.value {
          settings.writesCreated = value
        } else {
          warn(property, "created should be true or false, found '\(property.value.text)'")
        }
      case "colors":
        guard case .object(let entries) = property.value else {
          warn(property, "'colors' should map categories to colours, such as 'birthday: \"#f59e0b\"'")
          continue
        }
        for entry in entries {
          if let color = TerminalColor.parse(entry.value.text) {
            settings.categoryColors[entry.key.lowercased()] = color.hex
          } else {
            warn(entry, "'\(entry.value.text)' is not a colour: use #rrggbb, #rgb or a name such as red")
          }
        }
      default:
        unknown(property, property.key, among: keys)
      }
    }
    return diagnostics
  }
}
