import Foundation
import TestSupport
import Testing

/// A hint suggests only commands that run. Every hint the CLI prints is a command in
/// backticks (`` `vault tags` ``); each is made to appear here, through the built binary, and
/// then run as a person would paste it, in the same vault. A hint in the source that no case
/// here shows fails the test too, so a new hint needs a case.
@Suite struct HintsRunTests {
  /// A command that prints hints, in a fresh copy of a vault (`empty`: only `.vault/`), with
  /// `setup` run on the copy first.
  struct Case: CustomStringConvertible, Sendable {
    var vault: String
    var arguments: [String]
    var setup: @Sendable (URL) throws -> Void = { _ in }
    var environment: [String: String] = [:]
    var description: String { "\(vault): vault \(arguments.joined(separator: " "))" }
  }

  static let cases: [Case] = [
    Case(vault: "empty", arguments: ["today"]),
    Case(vault: "empty", arguments: ["insights"]),
    Case(vault: "empty", arguments: ["goals"]),
    Case(vault: "empty", arguments: ["journal", "show"]),
    Case(vault: "empty", arguments: ["journal", "show", "yesterday"]),
    Case(vault: "empty", arguments: ["journal", "list"]),
    Case(vault: "empty", arguments: ["calendar"]),
    Case(vault: "empty", arguments: ["agenda"]),
    Case(vault: "empty", arguments: ["search", "nothing"]),
    Case(vault: "empty", arguments: ["list", "--type", "event"]),
    Case(vault: "empty", arguments: ["list", "--where", "mood>=7"]),
    Case(vault: "empty", arguments: ["tags", "foo"]),
    Case(vault: "empty", arguments: ["add"]),
    Case(vault: "empty", arguments: ["principle"]),
    Case(vault: "empty", arguments: ["serch", "plans"]),
    Case(vault: "empty", arguments: ["mood", "--tags", "work"]),
    Case(vault: "empty", arguments: ["init", "New Vault"]),
    Case(vault: "KepanoVault", arguments: ["init", "."]),
    Case(vault: "empty", arguments: ["config", "set", "colour", "blue"]),
    Case(vault: "empty", arguments: ["config", "unset", "colour"]),
    Case(vault: "ExampleVault", arguments: ["goals", "--done"]),
    Case(vault: "ExampleVault", arguments: ["insights", "--search", "zzzz"]),
    Case(vault: "ExampleVault", arguments: ["done", "Tasks.md:10"]),
    Case(vault: "ExampleVault", arguments: ["done", "no such task at all"]),
    Case(vault: "ExampleVault", arguments: ["postpone", "Tasks.md:15"]),
    Case(vault: "ExampleVault", arguments: ["calendar", "--months", "3"]),
    Case(vault: "ExampleVault", arguments: ["track", "status"]),
    Case(vault: "ExampleVault", arguments: ["decrypt", "--list"]),
    // The password file: Tasks.md's first line will do.
    Case(vault: "ExampleVault", arguments: ["encrypt", "Notes/Reading List.md", "--password-file", "Tasks.md"]),
    Case(vault: "ExampleVault", arguments: ["track", "start", "renew passport"]),
    // A day with more tasks than the agenda lists, and more tasks than `vault tasks` lists.
    Case(vault: "empty", arguments: ["agenda"], setup: crowdedDay),
    Case(vault: "empty", arguments: ["tasks", "--limit", "3", "--tag", "chores"], setup: crowdedDay),
    Case(
      vault: "ExampleVault", arguments: ["goals"],
      setup: { folder in
        for goal in ["Learn Spanish", "Read 24 Books", "Run a Half Marathon"] {
          try rewrite(folder, "Goals/\(goal).md") { "---\ncompleted: 2026-11-01" + $0.dropFirst(3) }
        }
      }),
    Case(
      vault: "ExampleVault", arguments: ["index"],
      setup: { folder in
        try Data("---\ndate: 2026-02-30\n---\n".utf8).write(to: folder.appendingPathComponent("Bad.md"))
      }),
    Case(
      vault: "ExampleVault", arguments: ["set", "Broken", "mood", "7"],
      setup: { folder in
        try Data("---\nmood: 1\nno closing fence\n".utf8).write(to: folder.appendingPathComponent("Broken.md"))
      }),
    Case(
      vault: "ExampleVault", arguments: ["principle", "rm", "1", "--yes"],
      setup: { folder in
        try Data("# Personal Code\n\nBe kind to people.\n".utf8).write(
          to: folder.appendingPathComponent("Personal Code.md"))
      }),
    Case(vault: "outside", arguments: ["add", "task", "Call Mum"]),
    // Workspaces: none yet, and one just added.
    Case(vault: "empty", arguments: ["workspace", "list"]),
    Case(vault: "ExampleVault", arguments: ["workspace", "add", "home", "."]),
    Case(vault: "empty", arguments: ["account", "list"]),
    Case(
      vault: "ExampleVault", arguments: ["account", "list"],
      setup: { folder in
        _ = try CLI.run(["workspace", "add", "home", "."], in: folder, environment: environment(folder))
      }),
    // Sync: a vault that is no repository yet, and one that is (vault init offers the merge).
    Case(vault: "empty", arguments: ["sync"], environment: gitIdentity),
    Case(
      vault: "empty", arguments: ["init", "."],
      setup: { folder in _ = try SyncedClones.git(["init", "-q"], in: folder) },
      environment: gitIdentity),
    // Suggestions (the hints accept and dismiss what was shown), without a mood
    // logged, and accepting before anything was shown.
    Case(vault: "empty", arguments: ["suggest"]),
    Case(vault: "ExampleVault", arguments: ["today"]),
    Case(vault: "empty", arguments: ["labels"]),
    Case(
      vault: "empty", arguments: ["label", "add", "errand"],
      setup: { folder in
        try Data("labels:\n  errand: {emoji: 🛒}\n".utf8).write(to: folder.appendingPathComponent(".vault/config.yml"))
      }),
    Case(vault: "empty", arguments: ["label", "rm", "errand"]),
    Case(
      vault: "empty", arguments: ["labels", "--suggest", "Something"],
      setup: { folder in try Data("- [ ] Something to do\n".utf8).write(to: folder.appendingPathComponent("Tasks.md")) }
    ),
    Case(vault: "empty", arguments: ["suggest", "accept", "1"]),
    // An imported note edited by hand, and an event gone from the calendar.
    Case(
      vault: "empty", arguments: ["import", "ics", "cal.ics"],
      setup: { folder in
        let calendar = { (events: [String]) in
          (["BEGIN:VCALENDAR", "VERSION:2.0"] + events + ["END:VCALENDAR"]).joined(separator: "\r\n")
        }
        let dentist = ["BEGIN:VEVENT", "UID:d1", "SUMMARY:Dentist", "DTSTART:20261128T093000", "END:VEVENT"]
        let haircut = ["BEGIN:VEVENT", "UID:h1", "SUMMARY:Haircut", "DTSTART;VALUE=DATE:20261201", "END:VEVENT"]
        let file = folder.appendingPathComponent("cal.ics")
        try Data(calendar(dentist + haircut).utf8).write(to: file)
        _ = try CLI.run(["import", "ics", "cal.ics"], in: folder, environment: environment(folder))
        try rewrite(folder, "Events/2026-11-28 Dentist.md") { $0.replacingOccurrences(of: "09:30", with: "10:00") }
        try Data(calendar(dentist.map { $0.replacingOccurrences(of: "Dentist", with: "Dentist visit") }).utf8).write(
          to: file)
      }),
  ]

  /// Twelve tasks due on the hints' today.
  @Sendable static func crowdedDay(_ folder: URL) throws {
    let lines = (1...12).map { "- [ ] Chore \($0) #chores 📅 2026-11-23" }
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: folder.appendingPathComponent("Chores.md"))
  }

  /// Who commits when a hint runs `vault sync`.
  static let gitIdentity = [
    "GIT_AUTHOR_NAME": "Hints", "GIT_AUTHOR_EMAIL": "hints@example.org", "GIT_COMMITTER_NAME": "Hints",
    "GIT_COMMITTER_EMAIL": "hints@example.org", "GIT_CONFIG_NOSYSTEM": "1",
  ]

  /// Words a hint shows as a placeholder, and what a person would type for them.
  static let placeholders = [
    "GOAL": "Read 24 Books", "PATH": ".", "NAME": "kid", "TASK": "renew passport", "NOTE": "Projects/Garden.md",
    "FILE": "Tasks.md",
  ]

  @Test(arguments: cases)
  func everyHintRuns(_ example: Case) throws {
    let folder = try Self.vault(example.vault)
    try example.setup(folder)
    let environment = Self.environment(folder).merging(example.environment) { $1 }
    let shown = try CLI.run(example.arguments, in: folder, environment: environment)
    let hints = Self.hints(in: shown.stdout + shown.stderr)
    #expect(!hints.isEmpty, "\(example) printed no hint: \(shown.stdout)\(shown.stderr)")
    for hint in hints {
      var words = try Self.words(hint).dropFirst().map { Self.placeholders[$0] ?? $0 }
      if words.first == "edit" { words.insert("--vault", at: 0); words.insert(".", at: 1) }
      let result = try CLI.run(words, in: folder, environment: environment.merging(["EDITOR": "true"]) { $1 })
      let allowed: Set<Int32> = words.contains("check") ? [0, 1] : [0]
      #expect(
        allowed.contains(result.status), "\(example) hinted `\(hint)`, which fails: \(result.stderr)\(result.stdout)")
    }
  }

  /// Every hint in the source is shown by some case above (its text up to the first
  /// interpolation or placeholder).
  @Test func everyHintInTheSourceHasACase() throws {
    var shown: [String] = []
    for example in Self.cases {
      let folder = try Self.vault(example.vault)
      try example.setup(folder)
      let result = try CLI.run(
        example.arguments, in: folder, environment: Self.environment(folder).merging(example.environment) { $1 })
      shown += Self.hints(in: result.stdout + result.stderr)
    }
    let sources = Fixture.repository.appendingPathComponent("Sources")
    var missing: [String] = []
    for template in try Self.sourceHints(in: sources) where !shown.contains(where: { $0.hasPrefix(template) }) {
      missing.append(template)
    }
    #expect(missing.isEmpty, "hints no case shows: \(missing)")
  }

  // MARK: - Helpers

  static func vault(_ name: String) throws -> URL {
    switch name {
    case "empty":
      let folder = try ScratchFolder.make("hints").appendingPathComponent("Vault")
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent(".vault"), withIntermediateDirectories: true)
      return folder
    case "outside":
      return try ScratchFolder.make("outside")
    default:
      return try Fixture.copy(name)
    }
  }

  static func environment(_ folder: URL) -> [String: String] {
    [
      "VAULT_TODAY": "2026-11-23", "VAULT_NOW": "2026-11-23T09:00", "VAULT_INDEX": folder.path + "-index.sqlite",
      "XDG_CONFIG_HOME": folder.path + "-config",
    ]
  }

  /// The commands in backticks in `text`.
  static func hints(in text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 && $0.element.hasPrefix("vault ") }.map { String($0.element) }
  }

  /// A hint split as a POSIX shell splits it: spaces outside quotes, '…' and "…" kept whole.
  static func words(_ command: String) throws -> [String] {
    var words: [String] = []
    var current = ""
    var quote: Character?
    var started = false
    for character in command {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "'" || character == "\"" {
        quote = character
        started = true
      } else if character == " " {
        if started || !current.isEmpty { words.append(current) }
        current = ""
        started = false
      } else {
        current.append(character)
      }
    }
    try #require(quote == nil, "unbalanced quotes in `\(command)`")
    if started || !current.isEmpty { words.append(current) }
    return words
  }

  /// The hints the source can print: backticked `vault …` in string literals of code (not
  /// comments, help or discussions), each cut at its first interpolation or placeholder word.
  static func sourceHints(in folder: URL) throws -> Set<String> {
    var hints: Set<String> = []
    let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let file = files?.nextObject() as? URL {
      guard file.pathExtension == "swift", file.lastPathComponent != "Vault+Init.swift" else { continue }
      var inDiscussion = false
      for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
        let trimmed = line.drop { $0 == " " }
        if trimmed.hasPrefix("discussion: \"\"\"") || trimmed.hasSuffix("discussion: \"\"\"") {
          inDiscussion = true
          continue
        }
        if inDiscussion {
          if trimmed.hasPrefix("\"\"\"") { inDiscussion = false }
          continue
        }
        guard !trimmed.hasPrefix("//"), !trimmed.contains("help:"), !trimmed.contains("discussion:"),
          !trimmed.contains("abstract:"), trimmed.contains("\"")
        else { continue }
        for hint in Self.hints(in: String(line)) {
          var template = hint.components(separatedBy: "\\(").first ?? hint
          if let placeholder = template.split(separator: " ").first(where: { placeholders[String($0)] != nil }) {
            template = template.components(separatedBy: String(placeholder)).first ?? template
          }
          hints.insert(template.replacingOccurrences(of: "\\\"", with: "\""))
        }
      }
    }
    return hints
  }

  static func rewrite(_ folder: URL, _ path: String, _ change: (String) -> String) throws {
    let url = folder.appendingPathComponent(path)
    try change(String(decoding: try Data(contentsOf: url), as: UTF8.self)).write(
      to: url, atomically: true, encoding: .utf8)
  }
}
