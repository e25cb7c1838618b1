import Testing

@testable import VaultCore

@Suite struct TasksPluginSettingsTests {
  func settings(filter: String?, remove: Bool) -> TasksPluginSettings {
    var settings = TasksPluginSettings()
    settings.globalFilter = filter
    settings.removeGlobalFilter = remove
    return settings
  }

  @Test(arguments: [
    ("#task Renew passport", "Renew passport"),
    ("Pay the #task bill", "Pay the bill"),
    ("Pay the bill #task", "Pay the bill"),
    ("#task", ""),
    // Only a whole word goes.
    ("#tasks to sort", "#tasks to sort"),
    ("Sort#task", "Sort#task"),
    // As in the plugin: a match takes the space after it, so a second one right after stays.
    ("#task #task twice", "#task twice"),
    ("Call Mum", "Call Mum"),
  ])
  func theGlobalFilterIsShownWithoutItWhenAsked(description: String, shown: String) {
    #expect(settings(filter: "#task", remove: true).shown(description) == shown)
  }

  @Test func descriptionsAreShownAsWrittenOtherwise() {
    #expect(settings(filter: "#task", remove: false).shown("#task Renew passport") == "#task Renew passport")
    #expect(settings(filter: nil, remove: true).shown("#task Renew passport") == "#task Renew passport")
  }
}

@Suite struct FilenameDateTests {
  func settings(format: String? = nil, folders: [String] = [], on: Bool = true) -> TasksPluginSettings {
    var settings = TasksPluginSettings()
    settings.useFilenameAsScheduledDate = on
    settings.filenameAsScheduledDateFormat = format
    settings.filenameAsDateFolders = folders
    return settings
  }

  @Test(
    arguments: [
      ("Journal/2026-11-22.md", "2026-11-22"),
      ("Journal/2026/11/2026-11-22 Sunday.md", "2026-11-22"),
      ("Meetings/Standup 20261122.md", "2026-11-22"),
      // The first YYYY-MM-DD wins over an earlier YYYYMMDD.
      ("20261101 notes 2026-11-22.md", "2026-11-22"),
      // Only the name counts, not the folders.
      ("2026-11-22/Plans.md", nil),
      // An impossible date in the name gives none, as in the plugin.
      ("2026-02-30.md", nil),
      ("Plans.md", nil),
    ] as [(String, String?)])
  func aDateInTheNameSchedulesUndatedTasks(path: String, date: String?) {
    #expect(settings().filenameDate(forPath: path)?.description == date)
  }

  @Test func onlyWhenOnAndInTheChosenFolders() {
    #expect(settings(on: false).filenameDate(forPath: "2026-11-22.md") == nil)
    let journal = settings(folders: ["Journal/"])
    #expect(journal.filenameDate(forPath: "Journal/2026/2026-11-22.md")?.description == "2026-11-22")
    #expect(journal.filenameDate(forPath: "Notes/2026-11-22.md") == nil)
    #expect(journal.filenameDate(forPath: "Journal 2/2026-11-22.md") == nil)
  }

  @Test func theFormatSettingReadsTheWholeName() {
    let custom = settings(format: "DD.MM.YYYY")
    #expect(custom.filenameDate(forPath: "Daily/22.11.2026.md")?.description == "2026-11-22")
    // The usual patterns still apply to other names.
    #expect(custom.filenameDate(forPath: "Daily/2026-11-23.md")?.description == "2026-11-23")
  }

  @Test func undatedTasksOnlyAndMarkedAsInferred() {
    var vaultSettings = VaultSettings()
    vaultSettings.tasks = settings(folders: ["Journal"])
    var note = Note(path: "Journal/2026-11-21.md")
    note.tasks = [
      TaskItem(line: 5, description: "Call the plumber"),
      {
        var task = TaskItem(line: 6, description: "Pay rent"); task.due = LocalDate(year: 2026, month: 12, day: 1);
        return task
      }(),
      {
        var task = TaskItem(line: 7, description: "Plant bulbs"); task.start = LocalDate(year: 2026, month: 12, day: 2);
        return task
      }(),
    ]
    NoteInterpreter(settings: vaultSettings).interpret(&note)
    #expect(note.tasks.map(\.scheduled?.description) == ["2026-11-21", nil, nil])
    #expect(note.tasks.map(\.scheduledIsInferred) == [true, false, false])
  }
}

/// The Tasks plugin's `statusSettings`: what a symbol means, and what vault writes.
@Suite struct CustomStatusTests {
  static var settings: TasksPluginSettings {
    var settings = TasksPluginSettings()
    settings.statuses = [
      TaskStatus(symbol: " ", type: .todo), TaskStatus(symbol: "x", type: .done),
      TaskStatus(symbol: ">", type: .nonTask), TaskStatus(symbol: "?", type: .onHold),
      TaskStatus(symbol: "c", type: .cancelled), TaskStatus(symbol: "-", type: .todo),
    ]
    return settings
  }

  @Test func aSymbolMeansWhatTheSettingsSayElseThePluginsDefault() {
    let settings = Self.settings
    #expect(settings.statusType(of: ">") == .nonTask)
    #expect(settings.statusType(of: "?") == .onHold)
    #expect(settings.statusType(of: "-") == .todo)
    #expect(settings.statusType(of: "/") == .inProgress)
    #expect(settings.statusType(of: "X") == .done)
    #expect(TasksPluginSettings().statusType(of: "-") == .cancelled)
  }

  @Test func vaultWritesTheFirstSymbolOfAType() throws {
    #expect(Self.settings.symbol(for: .cancelled) == "c")
    #expect(Self.settings.symbol(for: .done) == "x")
    #expect(TasksPluginSettings().symbol(for: .cancelled) == "-")
    let task = { (line: String) -> TaskItem in
      let checkbox = TaskLineParser.checkbox(line)
      var task = TaskItem(line: 1, status: TaskStatus(symbol: checkbox?.symbol ?? " "))
      task.status.type = Self.settings.statusType(of: task.status.symbol)
      _ = TaskLineParser.readFields(checkbox?.text ?? "", into: &task)
      return task
    }
    var settings = Self.settings
    settings.setCancelledDate = false
    let cancelled = TaskLineEditor.cancel(
      "- [?] Wait for the parcel", task: task("- [?] Wait for the parcel"),
      on: LocalDate(year: 2026, month: 11, day: 22)!, settings: settings)
    #expect(try cancelled.get().line == "- [c] Wait for the parcel")
    #expect(
      try TaskLineEditor.reopen("- [c] Dropped", task: task("- [c] Dropped"), settings: settings).get()
        == "- [ ] Dropped")
  }

  @Test func aGoalsProgressLeavesNonTasksOut() {
    var settings = VaultSettings()
    settings.tasks = Self.settings
    var note = Note(path: "Goals/Run.md")
    note.properties = [Property(key: "type", value: .text("goal"))]
    note.tasks = ["x", ">", " ", "c"].enumerated().map { index, symbol in
      TaskItem(line: index + 1, status: TaskStatus(symbol: Character(symbol)))
    }
    NoteInterpreter(settings: settings).interpret(&note)
    #expect(note.goal?.progressSource == "checkboxes (1/2)")
  }
}
