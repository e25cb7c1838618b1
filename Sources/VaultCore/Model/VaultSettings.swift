/// Everything about a vault that changes how its notes are read: vault's own settings from
/// `.vault/config.yml`, and the Obsidian settings it honours. Every value has a default.
public struct VaultSettings: Hashable, Sendable {
  /// The folder of each kind that has one: events, goals, insights.
  public var folders: [ItemKind: String]
  /// The note whose list items are the personal code.
  public var personalCode: String
  /// The note `vault add task` appends to.
  public var inbox: String
  /// The heading of the inbox new tasks go under (`inbox_heading`); nil: the inbox's first
  /// list of tasks, else its end.
  public var inboxHeading: String?
  /// `reminders:` and `nudges:`.
  public var reminders = ReminderSettings()
  /// How many items each dashboard section shows, 1 to 10.
  public var dashboardLimit: Int
  /// `dashboard: {suggestions: false}` leaves the suggestions out of `vault today`.
  public var dashboardSuggestions = true
  /// `labels:` in `.vault/config.yml`, in their order there.
  public var labels: [Label] = []
  /// `calendars:` in `.vault/config.yml`: the calendars `vault serve` offers over CalDAV
  /// besides its events and tasks, in their order there.
  public var calendars: [CalendarSetting] = []
  /// `moods:`: names and emojis of the moods 1-10.
  public var moods = MoodScale.standard
  public var firstWeekday: Weekday
  /// The IANA time zone views use; nil for the system's.
  public var timeZone: String?
  /// The heading under which `vault journal` appends text.
  public var journalHeading: String
  /// The folder where a journal app's notes without a day (jtx Board's notes: a VJOURNAL
  /// without DTSTART) are written, and whose notes with a `uid` property it lists.
  public var journalNotesFolder = "Notes"
  public var dailyNotes: DailyNoteSettings
  /// `.obsidian/types.json`, keys lower-cased.
  public var propertyTypes: [String: PropertyType]
  /// Obsidian's excluded files (`userIgnoreFilters`): path prefixes, or `/regex/`.
  public var ignoreFilters: [String]
  /// Files larger than this are skipped with a warning.
  public var maxFileSize: Int
  /// The Tasks plugin's settings vault honours when it writes tasks.
  public var tasks: TasksPluginSettings
  /// Where 29 February birthdays and anniversaries fall in common years (`leap_day`).
  public var leapDay: LeapDay
  /// Whether new notes get a `created` date-time (`created: false` turns it off).
  public var writesCreated: Bool
  /// Colours of event categories for the calendar (`colors: {birthday: "#f59e0b"}`), keys
  /// lower-cased.
  public var categoryColors: [String: String]
  /// Where the vault keeps templates (Obsidian's Templates folder, Templater's, and the
  /// daily and periodic notes' template files): vault-relative folders, each ending in `/`,
  /// and files without `.md`. A template is not an item (`isTemplate`).
  public var templateFolders: [String]
  public var templateFiles: [String]
  /// Where each setting that is not a default came from, by setting (`week_start`,
  /// `daily_notes`, `tasks`, `templates`): the settings file that holds it (`vault config`).
  public var sources: [String: String]

  public init() {
    folders = [.event: "Events", .goal: "Goals", .insight: "Insights"]
    personalCode = "Personal Code.md"
    inbox = "Tasks.md"
    dashboardLimit = 3
    firstWeekday = .monday
    journalHeading = "Journal"
    dailyNotes = DailyNoteSettings()
    propertyTypes = [:]
    ignoreFilters = []
    maxFileSize = 8 * 1024 * 1024
    tasks = TasksPluginSettings()
    leapDay = .feb28
    writesCreated = true
    categoryColors = [:]
    templateFolders = []
    templateFiles = []
    sources = [:]
  }

  /// Whether the note at vault-relative `path` is a template: in a templates folder, or a
  /// template file named by the daily or periodic notes' settings.
  public func isTemplate(_ path: String) -> Bool {
    if templateFolders.contains(where: { path.hasPrefix($0) }) { return true }
    guard !templateFiles.isEmpty else { return false }
    let name = path.hasMarkdownExtension ? String(path.dropLast(3)) : path
    return templateFiles.contains(name)
  }
}

/// From `.obsidian/plugins/obsidian-tasks-plugin/data.json`.
public struct TasksPluginSettings: Hashable, Sendable {
  /// `taskFormat`: the notation new fields are written in (`tasksPluginEmoji` or `dataview`).
  public var format: TaskFormat = .emoji
  /// `recurrenceOnNextLine`: a recurring task's next instance goes below it, not above.
  public var recurrenceOnNextLine = false
  /// `globalFilter`: the text (such as `#task`) that makes a checkbox a task: only lines
  /// holding it are read as tasks, and vault writes it into the tasks it adds.
  public var globalFilter: String?
  /// `removeGlobalFilter`: descriptions are shown without the global filter (the file keeps it).
  public var removeGlobalFilter = false
  /// `setCreatedDate`: new tasks (and next instances) get `➕ today`.
  public var setCreatedDate = false
  /// `setDoneDate`, `setCancelledDate`: completing or cancelling writes the date.
  public var setDoneDate = true
  public var setCancelledDate = true
  /// `removeScheduledDateOnRecurrence`: a next instance has no scheduled date.
  public var removeScheduledDateOnRecurrence = false
  /// `useFilenameAsScheduledDate`: a task with no start, scheduled or due date, in a file whose
  /// name holds a date, is scheduled that day (`filenameDate(forPath:)`).
  public var useFilenameAsScheduledDate = false
  /// `filenameAsScheduledDateFormat`: a moment.js format the whole file name may have, tried
  /// before `YYYY-MM-DD` and `YYYYMMDD` anywhere in the name.
  public var filenameAsScheduledDateFormat: String? {
    didSet { filenameMoment = filenameAsScheduledDateFormat.map(MomentFormat.init) }
  }
  /// `filenameAsDateFolders`: the folders where file names give dates; all when empty.
  public var filenameAsDateFolders: [String] = []
  /// `filenameAsScheduledDateFormat`, parsed once.
  private var filenameMoment: MomentFormat?
  /// `statusSettings`: the statuses of `coreStatuses` then `customStatuses`, as written; the
  /// first of a symbol counts. Empty: the plugin's defaults (`TaskStatus.defaultType(of:)`).
  public var statuses: [TaskStatus] = []
  /// Each status's `nextStatusSymbol` from `statusSettings`: the status the plugin's toggle
  /// gives next. Empty: the plugin's defaults (`nextSymbol(after:)`).
  public var nextStatusSymbols: [Character: Character] = [:]
  /// An Obsidian vault without the Tasks plugin: as core Obsidian, a checkbox with any symbol
  /// but a space is checked (done); `-` stays cancelled, which is checked too.
  public var coreCheckboxes = false

  public init() {}

  /// The symbol that follows `symbol` when the plugin toggles it (its `StatusRegistry
  /// .getNextStatusOrCreate`): the status's `nextStatusSymbol`, else the plugin's default
  /// statuses (`[ ]` → `[x]` → `[ ]`, `[/]` → `[x]`, `[-]` → `[ ]`; any other symbol → `[x]`).
  public func nextSymbol(after symbol: Character) -> Character {
    if let next = nextStatusSymbols[symbol] { return next }
    switch symbol {
    case "x", "X", "-": return " "
    default: return "x"
    }
  }

  /// The symbol `vault done` writes on a task whose status is `symbol`: as the plugin's toggle
  /// does, the first status of type done along the `nextStatusSymbol` chain (`[D]` → its
  /// done symbol), else the first done symbol of the statuses.
  public func doneSymbol(from symbol: Character) -> Character {
    var current = symbol
    for _ in 0...(statuses.count + 4) {
      current = nextSymbol(after: current)
      if statusType(of: current) == .done { return current }
      if current == symbol { break }
    }
    return self.symbol(for: .done)
  }

  /// The status of a recurring task's next instance after it was given `closed` (the plugin's
  /// `getNextRecurrenceStatusOrCreate`): the first todo along the chain from `closed`'s next
  /// status, else the first in progress, else a space.
  public func recurrenceSymbol(after closed: Character) -> Character {
    let first = nextSymbol(after: closed)
    for wanted in [TaskStatus.Kind.todo, .inProgress] {
      var current = first
      if statusType(of: current) == wanted { return current }
      for _ in 0..<max(statuses.count - 1, 3) {
        current = nextSymbol(after: current)
        if statusType(of: current) == wanted { return current }
      }
    }
    return " "
  }

  /// The day the name of the file at vault-relative `path` gives its undated tasks, when
  /// `useFilenameAsScheduledDate` is on, as the Tasks plugin reads it: in one of
  /// `filenameAsDateFolders` (or anywhere when there are none), the whole name (without `.md`) in
  /// `filenameAsScheduledDateFormat`, else the first `YYYY-MM-DD`, else the first `YYYYMMDD`
  /// in it.
  public func filenameDate(forPath path: String) -> LocalDate? {
    guard useFilenameAsScheduledDate else { return nil }
    let folders = filenameAsDateFolders.map { $0.trimming("/") }.filter { !$0.isEmpty }
    guard folders.isEmpty || folders.contains(where: { path.hasPrefix($0 + "/") }) else { return nil }
    var name = Substring(path.split(separator: "/").last ?? "")
    if let dot = name.lastIndex(of: ".") { name = name[..<dot] }
    if let filenameMoment, let date = filenameMoment.parseDate(String(name)) { return date }
    // The first `YYYY-MM-DD`, else the first `YYYYMMDD` (the plugin's two expressions); an
    // impossible date there gives none, as in the plugin.
    let match =
      name.firstMatch(of: /([0-9]{4})-([0-9]{2})-([0-9]{2})/)?.output
      ?? name.firstMatch(of: /([0-9]{4})([0-9]{2})([0-9]{2})/)?.output
    if let (_, year, month, day) = match, let year = Int(year), let month = Int(month), let day = Int(day) {
      return LocalDate(year: year, month: month, day: day)
    }
    return nil
  }

  /// What a checkbox's symbol means: as `statuses` say, else core Obsidian's reading when
  /// the Tasks plugin is not installed, else the plugin's default.
  public func statusType(of symbol: Character) -> TaskStatus.Kind {
    if let status = statuses.first(where: { $0.symbol == symbol }) { return status.type }
    if coreCheckboxes && statuses.isEmpty {
      switch symbol {
      case " ": return .todo
      case "-": return .cancelled
      default: return .done
      }
    }
    return TaskStatus.defaultType(of: symbol)
  }

  /// The symbol vault writes to give a task the status `type`: the first of `statuses` with
  /// that type, else the plugin's default (`x` done, `-` cancelled, space todo, `/` in
  /// progress).
  public func symbol(for type: TaskStatus.Kind) -> Character {
    if let status = statuses.first(where: { $0.type == type }) { return status.symbol }
    switch type {
    case .done: return "x"
    case .cancelled: return "-"
    case .inProgress: return "/"
    case .todo, .onHold, .nonTask: return " "
    }
  }

  /// A task's description as it is shown: without the global filter when `removeGlobalFilter`
  /// is on. As in the Tasks plugin, the filter goes only where it stands as a whole word (after
  /// the start or a space, before the end or a space), then the first double space becomes one
  /// and the ends are trimmed.
  public func shown(_ description: String) -> String {
    guard removeGlobalFilter, let filter = globalFilter, !filter.isEmpty else { return description }
    let text = Array(description)
    let needle = Array(filter)
    func filterStarts(at start: Int) -> Bool {
      start + needle.count <= text.count && text[start..<(start + needle.count)].elementsEqual(needle)
    }
    var kept: [Character] = []
    var found = false
    var index = 0
    while index < text.count {
      let atStart = index == 0 && filterStarts(at: 0)
      let afterSpace = !atStart && text[index].isWhitespace && filterStarts(at: index + 1)
      let end = index + (afterSpace ? 1 : 0) + needle.count
      if (atStart || afterSpace) && (end == text.count || text[end].isWhitespace) {
        // The plugin replaces `(^|\s)FILTER($|\s)` by the spaces it matched.
        if afterSpace { kept.append(text[index]) }
        if end < text.count { kept.append(text[end]) }
        index = min(end + 1, text.count)
        found = true
      } else {
        kept.append(text[index])
        index += 1
      }
    }
    guard found else { return description }
    var result = String(kept)
    if let double = result.firstRange(of: "  ") { result.replaceSubrange(double, with: " ") }
    return result.trimmingSpaces()
  }
}

/// Where daily notes live and how they are named (`.obsidian/daily-notes.json`).
public struct DailyNoteSettings: Hashable, Sendable {
  /// Vault-relative folder; empty for the vault's root.
  public var folder: String
  /// A moment.js format; `/` makes sub-folders: `YYYY/MM/YYYY-MM-DD`.
  public var format: String {
    didSet { moment = MomentFormat(format) }
  }
  /// `format`, parsed once: every file's path is matched against it.
  private var moment: MomentFormat
  /// Vault path of the template, usually without `.md`.
  public var template: String?

  public init(folder: String = "", format: String = "YYYY-MM-DD", template: String? = nil) {
    self.folder = folder
    self.format = format
    self.moment = MomentFormat(format)
    self.template = template
  }

  /// The day a vault-relative path stands for, when it is a daily note.
  public func date(forPath path: String) -> LocalDate? {
    guard path.hasMarkdownExtension else { return nil }
    var relative = Substring(path.dropLast(3))
    let folderPrefix = folder.trimming("/")
    if !folderPrefix.isEmpty {
      guard relative.hasPrefix(folderPrefix + "/") else { return nil }
      relative = relative.dropFirst(folderPrefix.count + 1)
    }
    return moment.parseDate(String(relative))
  }

  /// The vault-relative path of the daily note for a day.
  public func path(for date: LocalDate) -> String {
    let name = moment.format(date) + ".md"
    let folderPrefix = folder.trimming("/")
    return folderPrefix.isEmpty ? name : folderPrefix + "/" + name
  }
}

extension VaultSettings {
  /// A text that changes whenever a setting that changes how notes are read changes, the same
  /// in every process (unlike `hashValue`), so the index knows when to read every file again.
  public var fingerprint: String {
    var parts: [String] = []
    parts.append("folders=" + folders.map { "\($0.key.rawValue):\($0.value)" }.sorted().joined(separator: ","))
    parts.append("code=\(personalCode)")
    parts.append("daily=\(dailyNotes.folder)|\(dailyNotes.format)")
    parts.append("types=" + propertyTypes.map { "\($0.key):\($0.value.rawValue)" }.sorted().joined(separator: ","))
    parts.append("ignore=" + ignoreFilters.joined(separator: "\u{1F}"))
    parts.append("max=\(maxFileSize)")
    parts.append("taskfilter=\(tasks.globalFilter ?? "")")
    if tasks.useFilenameAsScheduledDate {
      parts.append(
        "filenamedate=\(tasks.filenameAsScheduledDateFormat ?? "")|"
          + tasks.filenameAsDateFolders.joined(separator: "\u{1F}"))
    }
    if !tasks.statuses.isEmpty {
      parts.append("statuses=" + tasks.statuses.map { "\($0.symbol)\($0.type.rawValue)" }.joined(separator: "\u{1F}"))
    }
    if tasks.coreCheckboxes { parts.append("corecheckboxes") }
    if !templateFolders.isEmpty || !templateFiles.isEmpty {
      parts.append("templates=" + (templateFolders + templateFiles).joined(separator: "\u{1F}"))
    }
    return parts.joined(separator: "\n")
  }
}

/// A calendar for CalDAV clients: the events of a category, or those whose notes are in a folder
/// (and the new ones a client adds to it get that category or go there); or a task list of the
/// tasks with a tag (new ones get the tag).
public struct CalendarSetting: Hashable, Sendable {
  public var name: String
  public var category: String?
  /// A task list's tag, without `#`.
  public var tag: String?
  /// Vault-relative, without slashes at either end.
  public var folder: String?
  /// `#rrggbb`.
  public var color: String?
  /// The last segment of its CalDAV address, when a client chose it (MKCALENDAR) or it was
  /// renamed: letters, digits and `-_.@`; else one is made from the name.
  public var id: String?
  /// Its place among the calendars a client lists (`calendar-order`), when one was set.
  public var order: Int?

  public init(
    name: String, category: String? = nil, folder: String? = nil, tag: String? = nil, color: String? = nil,
    id: String? = nil, order: Int? = nil
  ) {
    self.name = name
    self.tag = tag
    self.category = category
    self.folder = folder
    self.color = color
    self.id = id
    self.order = order
  }

  /// Whether `id` can be the last segment of a calendar's address: letters, digits and
  /// `-_.@`, not starting with a dot, at most 100 bytes.
  public static func isValidID(_ id: String) -> Bool {
    !id.isEmpty && id.utf8.count <= 100 && id.first != "." && NewNote.isPlainName(id)
  }

  /// Its line under `calendars:` in `.vault/config.yml`.
  public var configLine: String {
    var parts: [String] = []
    if let category { parts.append("category: " + ConfigBlockEditor.flowScalar(category)) }
    if let folder { parts.append("folder: " + ConfigBlockEditor.flowScalar(folder)) }
    if let tag { parts.append("tag: " + ConfigBlockEditor.flowScalar(tag)) }
    if let color { parts.append("color: \"\(color)\"") }
    if let id { parts.append("id: " + ConfigBlockEditor.flowScalar(id)) }
    if let order { parts.append("order: \(order)") }
    return "  " + ConfigBlockEditor.flowScalar(name) + ": {" + parts.joined(separator: ", ") + "}"
  }

  /// Whether it holds events (it has a category or a folder); with a tag too, it holds both.
  public var holdsEvents: Bool { category?.isEmpty == false || folder?.isEmpty == false }

  /// Whether an event of this category, in a note at this path, is in this calendar.
  public func holds(category eventCategory: String?, path: String) -> Bool {
    if let category, eventCategory?.lowercased() != category.lowercased() { return false }
    if let folder, !path.hasPrefix(folder + "/") { return false }
    return true
  }
}

extension Array where Element == CalendarSetting {
  /// The calendar an event of this category, in a note at this path, is in: the first of these
  /// that holds it; nil for Events, the calendar of the rest.
  public func calendar(holdingCategory category: String?, path: String) -> CalendarSetting? {
    first { $0.holdsEvents && $0.holds(category: category, path: path) }
  }

  /// The tag of the task list a task with these tags is in: the first of these whose tag it has;
  /// nil for Tasks, the list of the rest.
  public func listTag(holdingTags tags: [String]) -> String? {
    lazy.compactMap(\.tag).first { TagSyntax.matches(tags, $0) }
  }
}
