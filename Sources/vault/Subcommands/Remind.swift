import ArgumentParser
import Foundation
import VaultCore
import VaultKit

struct Remind: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remind",
    abstract: "Deliver the reminders that fell due, list the ones ahead, or keep watching.",
    discussion: """
      Events remind at their remind offsets (1d, 2h, 30m, 1w) before they start, all-day \
      events counted from reminders.all_day_at; events without remind use the defaults in \
      .vault/config.yml (reminders: {events: [1d], birthday: [7d, 1d]}). Tasks remind at \
      (@2026-11-23 09:00) or ⏰ 2026-11-23 09:00 on their line, and on their due day with \
      reminders.due_tasks; nudges: {count: 3, from: "09:00", to: "21:00"} shows principles and \
      insights through the day. Without an option, vault remind delivers what fell due since \
      the last run (for cron, every minute): missed reminders within reminders.catch_up (12h) \
      one by one, older ones as one summary, none twice. reminders.notify picks the notifier: \
      desktop, terminal, or a command such as [ntfy, publish, my-topic, "{title}", "{body}"].
        vault remind --list --days 7
        vault remind --watch
        vault remind --install
      """)

  @OptionGroup var options: GlobalOptions

  @Flag(name: .long, help: "List the reminders ahead instead of delivering.")
  var list = false

  @Option(name: .long, help: "With --list: how many days ahead.")
  var days = 7

  @Flag(name: .long, help: "Keep running: deliver each reminder when it falls due; edits take effect within a minute.")
  var watch = false

  @Option(name: .long, help: "With --watch: how often to look for edits, in seconds.")
  var every = 60

  @Flag(name: .long, help: "Install a user service (systemd on Linux, launchd on macOS) running vault remind --watch.")
  var install = false

  @Flag(name: .long, help: "Remove the user service --install wrote.")
  var uninstall = false

  func validate() throws {
    guard [list, watch, install, uninstall].filter({ $0 }).count <= 1 else {
      throw ValidationError("give one of --list, --watch, --install and --uninstall")
    }
    guard (1...366).contains(days) else { throw ValidationError("--days must be from 1 to 366") }
    guard (1...3600).contains(every) else { throw ValidationError("--every must be from 1 to 3600 seconds") }
    if watch && options.now != nil { throw ValidationError("--watch follows the clock; it takes no --now") }
  }

  func run() throws {
    if install || uninstall {
      let vault = try options.openVault(writing: true)
      try UserService(.reminders, vault: vault, environment: options.environment, terminal: options.terminal())
        .run(install: install)
      return
    }
    let vault = try options.openVault(writing: !list)
    let terminal = options.terminal()
    let now = vault.instant(of: options.now(vault))
    if list {
      let until = now + days * 86_400
      let reminders = try options.fromFreshIndex(vault) { store throws(VaultError) in
        try vault.reminders(in: store, from: now, through: until)
      }
      if options.json {
        try terminal.json(reminders.map(ReminderListing.init))
        return
      }
      guard !reminders.isEmpty else {
        terminal.print("no reminders in the next \(Counting.of(days, "day")): add remind: [1d] to an event,")
        terminal.print("⏰ 2026-12-01 09:00 to a task, or reminders: {events: [1d]} to .vault/config.yml")
        return
      }
      let rows = reminders.map { reminder in
        ["\(reminder.at.date) \(reminder.at.time.hourMinute)", reminder.title, reminder.why, reminder.path ?? ""]
      }
      terminal.print(lines: terminal.table(rows, indent: 0, flexible: 1, trailing: 1))
      return
    }
    let notifier = ReminderNotifier(vault, environment: options.environment)
    // Runs until the process is stopped (it never returns).
    if watch { try watchForever(vault, notifier: notifier, terminal: terminal) }
    try deliver(vault, now: now, notifier: notifier, terminal: terminal)
  }

  /// One delivery round; failures of the notifier are reported (and retried next round).
  @discardableResult
  func deliver(_ vault: Vault, now: Int, notifier: ReminderNotifier, terminal: Terminal) throws -> DeliveryReport {
    let environment = options.environment
    let json = options.json
    // Not `fromFreshIndex`, whose reader may run twice: delivering has effects.
    let store = try options.freshIndex(vault)
    let report = try vault.deliverReminders(in: store, now: now, environment: environment) { reminder in
      // With --json, standard output is the report; the terminal notifier writes beside it.
      notifier.send(reminder) { line in json ? terminal.printError(line) : terminal.print(line) }
    }
    for failure in report.failed {
      terminal.printError("vault: warning: a reminder was not delivered (it is retried next time): \(failure)")
    }
    if options.json { try terminal.json(report) }
    return report
  }

  /// Rounds of `ReminderWatch`: each delivers what fell due, then sleeps until the next
  /// reminder or a minute, whichever is sooner; the clock is read afresh each round, so after
  /// a suspend or a clock change the next round catches up.
  func watchForever(_ vault: Vault, notifier: ReminderNotifier, terminal: Terminal) throws -> Never {
    let watch = ReminderWatch(vault: vault, index: options.index, environment: options.environment)
    // A watcher wakes the loop when a note changes; without one, the vault is looked at every
    // `every` seconds.
    let watcher = WatcherThread(
      vault: vault, index: options.index, environment: options.environment,
      notice: { terminal.printError("vault: warning: \($0)") })
    StopSignals.install()
    ProcessHeap.returnFreedMemory()
    terminal.printError(
      "vault: watching \(vault.displayRoot) for reminders"
        + (watcher.watcher == nil ? " (looking at it every \(every) s: \(watcher.reason ?? ""))" : "")
        + "; stop with Ctrl-C")
    var generation = watcher.generation
    var away = false
    while true {
      // Its folder moved or deleted, or its drive taken away: no round until it is back, rather
      // than reminders read from no notes.
      if let problem = vault.folderProblem {
        if !away { terminal.printError("vault: warning: \(problem); reminders wait until it is back") }
        away = true
        Thread.sleep(forTimeInterval: 1)
        continue
      }
      away = false
      let now = Int(Date().timeIntervalSince1970)
      let notifier =
        watch.vault.settings == vault.settings
        ? notifier : ReminderNotifier(watch.vault, environment: options.environment)
      let (report, wake) = try StopSignals.round {
        try watch.round(
          now: now, every: every, notice: { terminal.printError("vault: warning: \($0)") },
          notify: { reminder in notifier.send(reminder) { line in terminal.print(line) } })
      }
      for failure in report.failed {
        terminal.printError("vault: warning: a reminder was not delivered (it is retried next time): \(failure)")
      }
      let deadline = Date(timeIntervalSince1970: TimeInterval(now + max(1, wake - now)))
      if watcher.watcher != nil {
        let seen = watcher.wait(after: generation, until: deadline)
        if seen != generation { watch.indexChanged() }
        generation = seen
      } else {
        Thread.sleep(until: deadline)
      }
    }
  }
}

/// One reminder in `vault remind --list --json`.
struct ReminderListing: Encodable {
  var id: String
  var kind: String
  var at: String
  var about: String
  var title: String
  var why: String
  var body: String
  var path: String?
  var line: Int?

  init(_ reminder: Reminder) {
    id = reminder.id
    kind = reminder.kind.rawValue
    at = "\(reminder.at.date)T\(reminder.at.time.hourMinute)"
    about = "\(reminder.about.date)T\(reminder.about.time.hourMinute)"
    title = reminder.title
    why = reminder.why
    body = reminder.body
    path = reminder.path
    line = reminder.line
  }
}
