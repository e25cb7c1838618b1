import ArgumentParser
import VaultCore
import VaultKit

/// `vault track`: time spent on tasks, logged in the notes.
struct Track: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Track the time you spend on a task: start, stop, status and a report.",
    discussion: """
      The time is written in your notes, so it syncs and Dataview can sum it: a line under \
      "Time log" in the day's note (`- 09:15-10:40 Renew passport ([[Tasks]]) [tracked:: 1h25m]`; \
      `⏱` and [started:: …] while the timer runs), and the task's total as [tracked:: …] on its \
      line. One timer runs at a time: starting another stops it. The moment is --now or the clock.
        vault track start "renew passport"
        vault track status
        vault track stop
        vault track report --month
      """,
    subcommands: [TrackStart.self, TrackStop.self, TrackStatus.self, TrackReport.self],
    defaultSubcommand: TrackStatus.self)

  /// `1h 25m`, `25m`: minutes as a person reads them.
  static func shown(_ minutes: Int) -> String { TimeLogEntry.shown(minutes) }

  /// What `stop` (and `start`, stopping one) says of a stretch it logged.
  static func stoppedText(_ stopped: StoppedTimer, terminal: Terminal) -> [String] {
    let entry = stopped.entry
    var lines = [
      "stopped: \(entry.task) · \(shown(entry.minutes)) (\(entry.start.time.hourMinute)-"
        + "\(entry.end?.time.hourMinute ?? "")) " + terminal.location("\(stopped.path):\(stopped.line)")
    ]
    if let task = stopped.task, let total = stopped.totalMinutes {
      lines.append(terminal.dim("  \(shown(total)) tracked on it in all · ") + terminal.location(task))
    } else {
      lines.append(terminal.dim("  its task line was not found in \(entry.note).md: its total was not written"))
    }
    return lines
  }
}

struct TrackStart: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "start", abstract: "Start a timer on a task (a running one stops first).")

  @OptionGroup var options: GlobalOptions

  @Argument(help: TaskCommand.argumentHelp)
  var task: String

  func run() throws {
    let vault = try options.openVault(writing: true)
    let now = options.now(vault)
    let index = try options.healingIndex(vault)
    let found = try index.read { store throws(VaultError) in
      try vault.resolveTask(task, among: [.todo, .inProgress, .onHold], in: store)
    }
    let (started, stopped) = try vault.startTimer(on: found, now: now)
    let terminal = options.terminal()
    if options.json {
      struct Started: Encodable {
        let started: AddedLine
        let stopped: StoppedTimer?
      }
      return try terminal.json(Started(started: started, stopped: stopped))
    }
    if let stopped { terminal.print(lines: Track.stoppedText(stopped, terminal: terminal)) }
    terminal.print(
      "started: ⏱ \(vault.settings.tasks.shown(found.value.text).trimmingSpaces()) at \(now.time.hourMinute) "
        + terminal.location("\(started.path):\(started.line)"))
    terminal.print(terminal.dim("  `vault track stop` when you stop"))
  }
}

struct TrackStop: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "stop", abstract: "Stop the running timer and log the time on its task.")

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let vault = try options.openVault(writing: true)
    let stopped = try vault.stopTimer(now: options.now(vault))
    let terminal = options.terminal()
    if options.json { return try terminal.json(stopped) }
    guard let stopped else {
      terminal.print("no timer is running: `vault track start TASK` starts one")
      return
    }
    terminal.print(lines: Track.stoppedText(stopped, terminal: terminal))
  }
}

struct TrackStatus: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "status", abstract: "The running timer, if any.")

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let vault = try options.openVault()
    let running = vault.runningTimer(now: options.now(vault))
    let terminal = options.terminal()
    if options.json { return try terminal.json(running) }
    guard let running else {
      terminal.print("no timer is running: `vault track start TASK` starts one")
      return
    }
    terminal.print(
      "⏱ \(running.entry.task) · \(Track.shown(running.minutes)) since \(running.entry.start.time.hourMinute)"
        + (running.entry.start.date == options.today(vault) ? "" : " on \(running.entry.start.date)"))
    terminal.print(terminal.dim("  ") + terminal.location("\(running.path):\(running.line)"))
  }
}

struct TrackReport: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report", abstract: "The time logged this week (or month, or any days), by task and by day.")

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "This week (the default).") var week = false
  @Flag(name: .long, help: "This month.") var month = false
  @Option(name: .long, help: ArgumentHelp("The first day.", valueName: "date")) var from: String?
  @Option(name: .long, help: ArgumentHelp("The last day (default: today).", valueName: "date")) var to: String?

  func validate() throws {
    if [week, month, from != nil].filter({ $0 }).count > 1 {
      throw ValidationError("give one of --week, --month or --from")
    }
  }

  func run() throws {
    let vault = try options.openVault()
    let today = options.today(vault)
    var first = today.startOfWeek(vault.settings.firstWeekday)
    var last = first.adding(days: 6)
    if month {
      first = LocalDate(year: today.year, month: today.month, day: 1) ?? today
      last = first.adding(days: LocalDate.daysIn(month: today.month, year: today.year) - 1)
    }
    if let from {
      first = try DateOption.parse(from, "--from", today, past: true)
      last = today
    }
    if let to { last = try DateOption.parse(to, "--to", today, past: true) }
    guard first <= last else { throw ValidationError("--from (\(first)) is after --to (\(last))") }
    let report = vault.timeReport(from: first, through: last, now: options.now(vault))
    let terminal = options.terminal()
    if options.json { return try terminal.json(report) }
    let span = first == last ? "\(first)" : "\(first) to \(last)"
    guard report.totalMinutes > 0 else {
      terminal.print("nothing tracked \(span): `vault track start TASK` starts a timer")
      return
    }
    terminal.print("\(Track.shown(report.totalMinutes)) tracked \(span)")
    terminal.print("")
    let rows = report.tasks.map { [Track.shown($0.minutes), $0.task, $0.note + ".md"] }
    terminal.print(lines: terminal.table(rows, flexible: 1, trailing: 1))
    terminal.print("")
    terminal.print("By day")
    let days = report.days.filter { $0.minutes > 0 }.map { [Track.shown($0.minutes), ViewWords.shortDate($0.date)] }
    terminal.print(lines: terminal.table(days, flexible: 1))
    if let running = report.running {
      terminal.print(terminal.dim("⏱ \(running.entry.task) is running: counted up to now"))
    }
  }
}
