/// Reads vault's own settings, `.vault/config.yml`, already parsed into properties, into
/// `VaultSettings`. Unknown keys (with the nearest known one) and bad values are errors at
/// their line and column, for `vault check`; every other command warns about them; the
/// default stays.
public enum ConfigReader {
  public static let path = ".vault/config.yml"

  /// The settings it reads, for "did you mean" and `vault config`.
  public static let keys = [
    "folders", "personal_code", "inbox", "inbox_heading", "dashboard", "week_start", "timezone", "journal",
    "max_file_size_mb", "leap_day", "created", "colors", "reminders", "nudges", "labels", "moods",
    "calendars",
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
          if entry.key == "suggestions" {
            if case .bool(let value) = entry.value {
              settings.dashboardSuggestions = value
            } else {
              warn(entry, "dashboard suggestions should be true or false, found '\(entry.value.text)'")
            }
            continue
          }
          guard entry.key == "limit" else {
            unknown(entry, "dashboard.\(entry.key)", among: ["dashboard.limit", "dashboard.suggestions"])
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
          warn(property, "'journal' should hold 'heading: Journal' and 'notes: Notes'")
          continue
        }
        for entry in entries {
          switch entry.key {
          case "heading":
            if let value = text(entry) { settings.journalHeading = value }
          case "notes":
            if let value = text(entry) { settings.journalNotesFolder = value.trimming("/") }
          default:
            unknown(entry, "journal.\(entry.key)", among: ["journal.heading", "journal.notes"])
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
      case "moods":
        guard case .object(let entries) = property.value else {
          warn(property, "'moods' should map 1-10 to a name and an emoji, such as '1: {name: Awful, emoji: 😞}'")
          continue
        }
        for entry in entries {
          guard let value = Int(entry.key), (1...10).contains(value) else {
            warn(entry, "'\(entry.key)' is not a mood: moods are 1 to 10")
            continue
          }
          var scale = settings.moods.entries[value] ?? MoodScale.Entry(name: "", emoji: "")
          guard case .object(let fields) = entry.value else {
            warn(entry, "mood \(value) should hold a name and an emoji, such as {name: Awful, emoji: 😞}")
            continue
          }
          for field in fields {
            switch field.key {
            case "name": scale.name = field.value.text
            case "emoji": scale.emoji = field.value.text
            default: unknown(field, "moods.\(value).\(field.key)", among: ["name", "emoji"])
            }
          }
          settings.moods.entries[value] = scale
        }
      case "labels":
        guard case .object(let entries) = property.value else {
          if case .null = property.value { continue }
          warn(property, "'labels' should map names to settings, such as 'errand: {color: \"#f59e0b\", emoji: 🛒}'")
          continue
        }
        for entry in entries {
          let name = entry.key.hasPrefix("#") ? String(entry.key.dropFirst()) : entry.key
          guard TagSyntax.isValid(name) else {
            warn(entry, "'\(entry.key)' is not a label name: letters, digits, _, - and / only")
            continue
          }
          var label = Label(name: name)
          if case .object(let fields) = entry.value {
            for field in fields {
              switch field.key {
              case "color":
                if let color = TerminalColor.parse(field.value.text) {
                  label.color = color.hex
                } else {
                  warn(field, "'\(field.value.text)' is not a colour: use #rrggbb, #rgb or a name such as red")
                }
              case "emoji": label.emoji = field.value.text
              case "category": label.category = field.value.text
              default:
                unknown(field, "labels.\(name).\(field.key)", among: ["color", "emoji", "category"])
              }
            }
          } else if case .null = entry.value {
          } else {
            warn(entry, "label '\(name)' should hold color, emoji and category, such as {color: \"#f59e0b\"}")
            continue
          }
          settings.labels.append(label)
        }
      case "calendars":
        guard case .object(let entries) = property.value else {
          if case .null = property.value { continue }
          warn(property, "'calendars' should map names to a category, folder or tag, such as 'Work: {category: work}'")
          continue
        }
        for entry in entries {
          var calendar = CalendarSetting(name: entry.key.trimmingSpaces())
          guard case .object(let fields) = entry.value else {
            warn(entry, "calendar '\(entry.key)' should hold a category or a folder, such as {category: work}")
            continue
          }
          for field in fields {
            switch field.key {
            case "category": calendar.category = field.value.text.trimmingSpaces()
            case "tag":
              let tag = field.value.text.trimmingSpaces()
              calendar.tag = tag.hasPrefix("#") ? String(tag.dropFirst()) : tag
            case "folder":
              var folder = Substring(field.value.text.trimmingSpaces())
              while folder.hasPrefix("/") { folder = folder.dropFirst() }
              while folder.hasSuffix("/") { folder = folder.dropLast() }
              calendar.folder = String(folder)
            case "color":
              if let color = TerminalColor.parse(field.value.text) {
                calendar.color = color.hex
              } else {
                warn(field, "'\(field.value.text)' is not a colour: use #rrggbb, #rgb or a name such as red")
              }
            case "id":
              let id = field.value.text.trimmingSpaces()
              if CalendarSetting.isValidID(id) {
                calendar.id = id
              } else {
                warn(field, "'\(id)' is not a calendar id: use letters, digits and - _ . @")
              }
            case "order":
              if let order = Int(field.value.text.trimmingSpaces()) {
                calendar.order = order
              } else {
                warn(field, "'\(field.value.text)' is not a calendar order: use a whole number")
              }
            default:
              unknown(
                field, "calendars.\(entry.key).\(field.key)",
                among: ["category", "folder", "tag", "color", "id", "order"])
            }
          }
          // With a category or a folder and a tag, it holds both events and to-dos.
          guard !calendar.name.isEmpty, calendar.holdsEvents || calendar.tag?.isEmpty == false else {
            warn(
              entry, "calendar '\(entry.key)' needs a category or a folder its events are in, or a tag its tasks have")
            continue
          }
          settings.calendars.append(calendar)
        }
      case "reminders":
        guard case .object(let entries) = property.value else {
          warn(property, "'reminders' should hold settings such as 'events: [1d]' and 'notify: desktop'")
          continue
        }
        for entry in entries { readReminder(entry, into: &settings.reminders, warn: warn) }
      case "nudges":
        guard case .object(let entries) = property.value else {
          warn(property, "'nudges' should hold 'count: 3', 'from: \"09:00\"' and 'to: \"21:00\"'")
          continue
        }
        var nudges = ReminderSettings.Nudges(
          count: 3, from: LocalTime(hour: 9, minute: 0) ?? .midnight, to: LocalTime(hour: 21, minute: 0) ?? .midnight)
        for entry in entries {
          switch entry.key {
          case "count":
            if case .number(let value) = entry.value, value.rounded() == value, (0...24).contains(value) {
              nudges.count = Int(value)
            } else {
              warn(entry, "nudges count must be a whole number from 0 to 24, found '\(entry.value.text)'")
            }
          case "from", "to":
            if let time = DateParsing.time(entry.value.text) {
              if entry.key == "from" { nudges.from = time } else { nudges.to = time }
            } else {
              warn(entry, "nudges \(entry.key) must be a time such as \"09:00\", found '\(entry.value.text)'")
            }
          default: unknown(entry, "nudges.\(entry.key)", among: ["nudges.count", "nudges.from", "nudges.to"])
          }
        }
        if nudges.to < nudges.from { warn(property, "nudges end (to) before they start (from)") }
        settings.reminders.nudges = nudges
      default:
        unknown(property, property.key, among: keys)
      }
    }
    return diagnostics
  }

  /// One entry of `reminders:`: a setting, or a category's default offsets.
  static func readReminder(_ entry: Property, into reminders: inout ReminderSettings, warn: (Property, String) -> Void)
  {
    func time(_ name: String) -> LocalTime? {
      guard let time = DateParsing.time(entry.value.text) else {
        warn(entry, "reminders \(name) must be a time such as \"09:00\", found '\(entry.value.text)'")
        return nil
      }
      return time
    }
    switch entry.key {
    case "all_day_at": if let value = time("all_day_at") { reminders.allDayAt = value }
    case "task_at": if let value = time("task_at") { reminders.taskAt = value }
    case "digest_at":
      if case .bool(false) = entry.value {
        reminders.digestAt = nil
      } else if entry.value.text.lowercased() == "off" {
        reminders.digestAt = nil
      } else if let value = time("digest_at") {
        reminders.digestAt = value
      }
    case "due_tasks":
      if case .bool(let value) = entry.value {
        reminders.dueTasks = value
      } else {
        warn(entry, "reminders due_tasks should be true or false, found '\(entry.value.text)'")
      }
    case "catch_up":
      if let seconds = ReminderOffset.seconds(entry.value.text) {
        reminders.catchUp = seconds
      } else {
        warn(entry, "reminders catch_up should be a duration such as 12h, found '\(entry.value.text)'")
      }
    case "notify":
      switch entry.value {
      case .list(let words) where !words.isEmpty: reminders.notify = .command(words.map(\.text))
      case .text(let name) where ["desktop", "terminal", "auto"].contains(name.lowercased()):
        reminders.notify =
          name.lowercased() == "desktop" ? .desktop : name.lowercased() == "terminal" ? .terminal : .automatic
      default:
        warn(
          entry,
          "reminders notify should be desktop, terminal, or a command as a list such as [ntfy, publish, my-topic, \"{title}\", \"{body}\"], found '\(entry.value.text)'"
        )
      }
    default:
      // Any other key is a kind (`events`) or a category (`birthday`) with its offsets.
      let offsets = entry.value.elements.map(\.text).filter { !$0.isEmpty }
      if let bad = offsets.first(where: { ReminderOffset.seconds($0) == nil }) {
        warn(entry, "'\(bad)' in reminders.\(entry.key) is not an offset such as 1d, 2h, 30m or 1w")
      } else {
        reminders.defaults[entry.key.lowercased()] = offsets
      }
    }
  }
}
