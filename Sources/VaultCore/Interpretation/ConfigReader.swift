/// Reads vault's own settings, `.vault/config.yml`, already parsed into properties, into
/// `VaultSettings`. Unknown keys and bad values are warnings; the default stays.
public enum ConfigReader {
  public static let path = ".vault/config.yml"

  public static func apply(_ properties: [Property], to settings: inout VaultSettings) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    func warn(_ property: Property, _ message: String) {
      diagnostics.append(.warning(message, at: property.location, in: path))
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
      case "dashboard":
        guard case .object(let entries) = property.value else {
          warn(property, "'dashboard' should hold 'limit: 3'")
          continue
        }
        for entry in entries {
          guard entry.key == "limit" else {
            warn(entry, "unknown setting 'dashboard.\(entry.key)'")
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
            warn(entry, "unknown setting 'journal.\(entry.key)'")
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
        warn(property, "unknown setting '\(property.key)'")
      }
    }
    return diagnostics
  }
}
