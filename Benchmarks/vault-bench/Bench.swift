import ArgumentParser
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `make bench`: generates synthetic vaults and times the built `vault` on them, beside the
/// floors it is compared with (`find` listing the files, `cmark` parsing the same bytes).
@main
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vault-bench",
    abstract: "Time vault on synthetic vaults of 1,000 to 100,000 notes, beside find and cmark.",
    subcommands: [Run.self, Generate.self],
    defaultSubcommand: Run.self)
}

struct Generate: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Write a synthetic vault (see Generator.swift).")

  @Option(help: "How many notes.") var notes = 10_000
  @Option(help: "How many of the notes are events, in percent.") var events = 8
  @Argument(help: "The folder to write; it is replaced.") var folder: String

  func run() throws {
    var generator = Generator(notes: notes, eventPercent: events)
    try generator.write(to: folder)
  }
}

struct Run: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Run the benchmark and print medians.")

  @Option(help: "Vault sizes in notes, comma-separated.") var sizes = "1000,10000,100000"
  @Option(help: "Runs per figure; the median is printed.") var runs = 5
  @Option(help: "The vault binary (default: the one built next to this tool).") var vault: String?
  @Option(help: "Where the synthetic vaults and indexes go.") var work = "/tmp/vault-bench"
  @Option(help: "How long to measure the idle CPU of `vault remind --watch`, in seconds (0: skip).")
  var idleSeconds = 125
  @Option(
    help:
      "Only one part: web (the web view of vault serve, on an index already built), caldav (its CalDAV server), sync (vault sync) or views (with --baseline)."
  )
  var only: String?
  @Option(
    help:
      "Another vault binary (an older commit's: scripts/bench-against REV) to time the views against, in turns; with --only views."
  )
  var baseline: String?
  @Option(
    help:
      "How many of the notes are events, in percent (8 by default; --sizes 28600 --events 70 --only caldav: the server at 20,000 events)."
  )
  var events = 8

  func validate() throws {
    if let only, !["web", "caldav", "sync", "views"].contains(only) {
      throw ValidationError("--only takes web, caldav, sync or views")
    }
    if (only == "views") != (baseline != nil) {
      throw ValidationError("--only views and --baseline BINARY go together")
    }
    guard (1...75).contains(events) else { throw ValidationError("--events takes a percentage from 1 to 75") }
  }

  func run() throws {
    let binary = vault ?? (CommandLine.arguments[0] as NSString).deletingLastPathComponent + "/vault"
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw BenchError("no vault binary at \(binary); build it with `swift build -c release`")
    }
    let counts = try sizes.split(separator: ",").map {
      guard let count = Int($0.trimmingCharacters(in: .whitespaces)), count >= 100 else {
        throw BenchError("--sizes: '\($0)' is not a number of notes (at least 100)")
      }
      return count
    }
    say(
      "vault benchmark: \(ProcessInfo.processInfo.activeProcessorCount) cores\(Self.processorName.map { " (\($0))" } ?? ""), "
        + "median of \(runs) runs, \(binary)")
    for count in counts {
      let measurement = Measurement(
        binary: binary, notes: count, runs: runs, work: work, idleSeconds: idleSeconds, eventPercent: events)
      if let only {
        try measurement.prepare()
        say("\n\(count.formatted()) notes  (\(measurement.folder))")
        switch only {
        case "web": try measurement.webView()
        case "caldav": try measurement.calDAV()
        case "views": try measurement.againstBaseline(baseline ?? "")
        default: try measurement.sync()
        }
      } else {
        try measurement.run()
      }
    }
  }
}

/// The figures for one vault size.
struct Measurement {
  let binary: String
  let notes: Int
  let runs: Int
  let work: String
  let idleSeconds: Int
  /// How many of the notes are events, in percent: 8 but for the CalDAV server at 20,000 events.
  var eventPercent = 8

  private var name: String { eventPercent == 8 ? "\(notes)" : "\(notes)-events\(eventPercent)" }
  var folder: String { "\(work)/vault-\(name)" }
  var index: String { "\(work)/index-\(name).sqlite" }

  func run() throws {
    try prepare()
    let (files, bytes) = try contents()
    say("\n\(notes.formatted()) notes: \(files.formatted()) files, \(bytes / 1_000_000) MB  (\(folder))")
    let list = "find '\(folder)' -name '*.md' -print0"
    row("floor: find, listing the files", try median { try time(["/bin/sh", "-c", "\(list) > /dev/null"]) })
    row("floor: find -printf, the mtime of every note", try median { try time(statWalk) })
    // The targets without a watcher are ratios to the stat walk, each run to the walk just before.
    let againstWalk = { (timed: (seconds: Double, ratio: Double)) in
      String(format: "%.2f× the stat walk (in turns)", timed.ratio)
    }
    let stream = try median { try time(["/bin/sh", "-c", "\(list) | xargs -0 cat | cmark > /dev/null"]) }
    row("floor: cmark, the same bytes as one stream", stream)
    let joined = "\(work)/all-\(notes).md"
    _ = try time(["/bin/sh", "-c", "\(list) | xargs -0 cat > '\(joined)'"])
    row("       (cmark alone on them, pre-joined)", try median { try time(["cmark", joined]) })
    try? FileManager.default.removeItem(atPath: joined)

    var peaks: [Double] = []
    let cold = try median {
      removeIndex()
      let result = try spawn([binary, "index", "--vault", folder, "--index", index])
      peaks.append(Double(result.peakKB))
      return result.seconds
    }
    row("vault index, cold", cold, note: String(format: "%.2f× the cmark stream", cold / stream))
    let peak = Int(peaks.sorted()[peaks.count / 2])
    row("  peak memory of the cold index", Double(peak) / 1024, unit: "MB", note: peakNote(peak))
    let refresh = try median { try time([binary, "index", "--vault", folder, "--index", index]) }
    row("vault index, nothing changed", refresh)
    for (label, arguments) in queries {
      do {
        let command = [binary] + arguments + ["--vault", folder, "--index", index]
        if arguments.first == "today" {
          let timed = try inTurnsWithStatWalk { try time(command) }
          row(label, timed.seconds, note: againstWalk(timed))
        } else {
          row(label, try median { try time(command) })
        }
      } catch {
        say("  \(label): \(error)")
      }
    }
    let today = [binary, "today", "--today", Generator.today.description, "--vault", folder, "--index", index]
    let changed = try inTurnsWithStatWalk(try editing("Notes/health/Note 0.md", today))
    row("vault today, one file changed (walking)", changed.seconds, note: againstWalk(changed))
    var views: [String: Double] = [:]
    for (label, arguments) in watchedViews {
      let command = [binary] + arguments + ["--vault", folder, "--index", index]
      if label == "vault today" {
        let timed = try inTurnsWithStatWalk { try time(command) }
        views[label] = timed.seconds
        row(label + ", walking", timed.seconds, note: againstWalk(timed))
      } else {
        views[label] = try median { try time(command) }
        row(label + ", walking", views[label] ?? 0)
      }
    }
    try reminders(refresh: refresh)
    try calendars()
    // Imports do not depend on the vault's size: measured once, beside the vault of 10,000.
    if notes == 10_000 { try imports() }
    try watched(walked: views)
    try webView()
    try calDAV()
    try sync()
    let indexChanged = try inTurnsWithStatWalk(
      try editing("Notes/health/Note 0.md", [binary, "index", "--vault", folder, "--index", index]))
    row("vault index, one file changed", indexChanged.seconds, note: againstWalk(indexChanged))
    _ = try time([binary, "index", "--vault", folder, "--index", index])
  }

  /// `vault remind` as cron runs it (a refresh, the schedule since the last run, nothing new
  /// to deliver), beside the no-change refresh; and the idle CPU of `vault remind --watch`
  /// over `idleSeconds` after its first round, from the kernel's count of its CPU time.
  func reminders(refresh: Double) throws {
    let state = "\(work)/state-\(notes)"
    try? FileManager.default.removeItem(atPath: state)
    setenv("XDG_STATE_HOME", state, 1)
    defer { unsetenv("XDG_STATE_HOME") }
    let remind = [binary, "remind", "--vault", folder, "--index", index, "--now"]
    _ = try time(remind + ["2026-11-22T11:59"])
    let cron = try median { try time(remind + ["2026-11-22T12:00"]) }
    row(
      "vault remind (cron: refresh + schedule)", cron,
      note: String(format: "%.2f× the no-change refresh", cron / refresh))
    row(
      "vault remind --list --days 7",
      try median {
        try time([binary, "remind", "--list", "--vault", folder, "--index", index, "--now", "2026-11-22T12:00"])
      })
    guard idleSeconds > 0 else { return }
    #if os(Linux)
    // The delivery state the cron runs above wrote: the first round of the watch writes it again.
    let written = {
      ((try? FileManager.default.subpathsOfDirectory(atPath: state)) ?? []).filter { $0.hasSuffix("reminders.json") }
        .compactMap {
          (try? FileManager.default.attributesOfItem(atPath: "\(state)/\($0)"))?[.modificationDate] as? Date
        }.max()
    }
    let before = written()
    let watch = try spawnBackground([binary, "remind", "--watch", "--vault", folder, "--index", index])
    defer {
      kill(watch, SIGTERM)
      var status: Int32 = 0
      waitpid(watch, &status, 0)
    }
    // Idle once the first round is over (it catches up the reminders since the cron runs'
    // time, days ago) and the watcher it runs answers.
    let deadline = Date().addingTimeInterval(600)
    while Date() < deadline, written() == before { Thread.sleep(forTimeInterval: 0.2) }
    let status = [binary, "watch", "--status", "--vault", folder, "--index", index]
    while Date() < deadline, (try? time(status)) == nil { Thread.sleep(forTimeInterval: 0.2) }
    Thread.sleep(forTimeInterval: 3)
    let used = cpuSeconds(watch, over: idleSeconds)
    row(
      "vault remind --watch, idle CPU", 100 * used / Double(idleSeconds), unit: "%",
      note: String(format: "%.2f s of CPU in %d s", used, idleSeconds))
    #endif
  }

  /// `vault export ics` over a year beside `vault agenda --json` over the same year (both
  /// refresh the index and expand every event), and a warm request to `vault serve`'s feed.
  func calendars() throws {
    let span = ["--from", Generator.today.description, "--to", Generator.today.adding(days: 364).description]
    let vaultArguments = ["--vault", folder, "--index", index]
    let agenda = try median { try time([binary, "agenda", "--json"] + span + vaultArguments) }
    row("vault agenda --json, a year", agenda)
    let export = try median { try time([binary, "export", "ics"] + span + vaultArguments) }
    row("vault export ics, a year", export, note: String(format: "%.2f× the agenda", export / agenda))
    row("vault export ics, everything", try median { try time([binary, "export", "ics"] + vaultArguments) })
    // The feed: the server started on a free port, its URL read from what it prints.
    let log = "\(work)/serve-\(notes).txt"
    try? FileManager.default.removeItem(atPath: log)
    let server = try spawnBackground([binary, "serve", "--port", "0"] + vaultArguments, output: log)
    defer {
      kill(server, SIGTERM)
      var status: Int32 = 0
      waitpid(server, &status, 0)
    }
    var url = ""
    let deadline = Date().addingTimeInterval(600)
    while url.isEmpty, Date() < deadline {
      Thread.sleep(forTimeInterval: 0.2)
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      url =
        text.split(separator: " ").first { $0.hasSuffix("/calendar.ics\n") || $0.hasSuffix("/calendar.ics") }
        .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
    }
    guard !url.isEmpty else { return say("  vault serve did not start: see \(log)") }
    _ = try time(["curl", "-sf", "-o", "/dev/null", url])
    row(
      "vault serve, a warm GET /calendar.ics (curl)", try median { try time(["curl", "-sf", "-o", "/dev/null", url]) })
  }

  /// `vault import ics` into an empty vault: a calendar of 1,000 and of 10,000 events that share
  /// one title (each costs the same: the notes are named by their day, never searched for a free
  /// name), and this vault's whole export, with the importer's peak memory.
  func imports() throws {
    var perEvent: [Int: Double] = [:]
    // Each run into a folder of its own, all removed only at the end: ext4 passes over inodes
    // deleted in the last minutes when it makes new ones, so removing 10,000 notes just before
    // a run made that run slower by the notes of the last (measured: 8.4× became 15×).
    var made: [String] = []
    defer { for folder in made { try? FileManager.default.removeItem(atPath: folder) } }
    for count in [1_000, 10_000] {
      var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//vault-bench//EN"]
      for number in 0..<count {
        // A daily standup: one title, each event on a day of its own.
        let day = Generator.today.adding(days: number)
        let date = String(day.description.filter { $0 != "-" })
        lines += [
          "BEGIN:VEVENT", "UID:standup-\(number)@bench", "DTSTAMP:20261101T000000Z", "SUMMARY:Standup",
          "DTSTART:\(date)T090000Z", "DTEND:\(date)T091500Z", "END:VEVENT",
        ]
      }
      let file = "\(work)/standup-\(count).ics"
      try (lines + ["END:VCALENDAR"]).joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
      let seconds = try median { try time(try importing(file, made: &made)) }
      perEvent[count] = seconds
      row("vault import ics, \(count.formatted()) events of one title", seconds)
    }
    if let small = perEvent[1_000], let large = perEvent[10_000] {
      say(String(format: "  10,000 events take %.1f× the time of 1,000 (target ≤ 10×)", large / small))
    }
    // A 51 MB calendar: one event with a 37 MB attachment (49 MB of base64, folded at 75
    // octets), one plain.
    let big = "\(work)/attachment.ics"
    if !FileManager.default.fileExists(atPath: big) {
      // Written a line at a time: a child started with posix_spawn (vfork) counts the bench's own
      // peak memory as its own (Linux records the old memory's peak at exec), so the bench must
      // never hold the file whole, or every peak measured after would be at least its size.
      guard FileManager.default.createFile(atPath: big, contents: nil), let out = FileHandle(forWritingAtPath: big)
      else { throw BenchError("cannot write \(big)") }
      defer { try? out.close() }
      func write(_ text: String) throws { try out.write(contentsOf: Data(text.utf8)) }
      try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//vault-bench//EN\r\nBEGIN:VEVENT\r\nUID:big@bench\r\n")
      try write("SUMMARY:With an attachment\r\nDTSTART;VALUE=DATE:20261201\r\n")
      let unit = Array("QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3".utf8)
      var pending = Array("ATTACH;ENCODING=BASE64;VALUE=BINARY;FMTTYPE=application/pdf:".utf8)
      var first = true
      // The property's value (49 MB of base64), folded at 75 octets as it is written.
      var units = 49_300_000 / unit.count
      while units > 0 {
        for _ in 0..<min(units, 1_000) { pending += unit }
        units -= min(units, 1_000)
        var chunk: [UInt8] = []
        var start = 0
        while pending.count - start >= (first ? 75 : 74) {
          let width = first ? 75 : 74
          if !first { chunk.append(0x20) }
          chunk += pending[start..<start + width]
          chunk += [0x0D, 0x0A]
          start += width
          first = false
        }
        pending.removeFirst(start)
        try out.write(contentsOf: chunk)
      }
      let line = String(decoding: pending, as: UTF8.self)
      if !line.isEmpty { try write(" " + line + "\r\n") }
      try write("END:VEVENT\r\nBEGIN:VEVENT\r\nUID:plain@bench\r\nSUMMARY:Plain\r\n")
      try write("DTSTART;VALUE=DATE:20261202\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
    }
    let bigSize = (try? FileManager.default.attributesOfItem(atPath: big)[.size] as? Int) ?? 0
    let bigRun = try spawn(try importing(big, made: &made))
    row(
      "vault import ics, \(bigSize / 1_000_000) MB with a 37 MB attachment", bigRun.seconds,
      note: "peak \(bigRun.peakKB / 1024) MB \(peakNote(bigRun.peakKB))")
    let export = "\(work)/export-\(notes).ics"
    _ = try time([binary, "export", "ics", "-o", export, "--vault", folder, "--index", index])
    let size = (try? FileManager.default.attributesOfItem(atPath: export)[.size] as? Int) ?? 0
    let run = try spawn(try importing(export, made: &made))
    row(
      "vault import ics, this vault's export (\(size / 1_000_000) MB)", run.seconds,
      note: "peak \(run.peakKB / 1024) MB \(peakNote(run.peakKB))")
  }

  /// `vault import ics FILE` into a new empty vault of its own, listed in `made` for removal
  /// after all runs.
  func importing(_ file: String, made: inout [String]) throws -> [String] {
    let target = "\(work)/import-\(UUID().uuidString)"
    // The index and every file SQLite and vault keep beside it.
    made +=
      [target] + ["", "-wal", "-shm", "-search", "-search-wal", "-search-shm", ".lock"].map { target + ".sqlite" + $0 }
    try FileManager.default.createDirectory(atPath: target + "/.vault", withIntermediateDirectories: true)
    return [binary, "import", "ics", file, "--vault", target, "--index", target + ".sqlite"]
  }

  /// The views timed with and without `vault watch` running.
  var watchedViews: [(String, [String])] {
    let today = ["--today", Generator.today.description]
    return [
      ("vault today", ["today"] + today),
      ("vault agenda --days 30", ["agenda", "--days", "30"] + today),
      ("vault calendar", ["calendar"] + today),
      ("vault tasks --overdue", ["tasks", "--overdue"] + today),
      ("vault countdown", ["countdown"] + today),
    ]
  }

  /// The views with `vault watch` running: each command syncs with it and reads the index
  /// without a walk. Then one changed note, a thousand rewritten at once (as a checkout does)
  /// until the next sync returns, and the watcher's memory and idle CPU.
  func watched(walked: [String: Double]) throws {
    let arguments = ["--vault", folder, "--index", index]
    let started = Date()
    let watcher = try spawnBackground([binary, "watch"] + arguments)
    defer {
      kill(watcher, SIGTERM)
      var status: Int32 = 0
      waitpid(watcher, &status, 0)
    }
    let status = [binary, "watch", "--status"] + arguments
    while (try? time(status)) == nil {
      guard Date().timeIntervalSince(started) < 600 else { return say("  vault watch did not start") }
      Thread.sleep(forTimeInterval: 0.1)
    }
    var exit: Int32 = 0
    guard waitpid(watcher, &exit, WNOHANG) == 0 else { throw BenchError("vault watch stopped at once") }
    row("vault watch, from start to its first answer", Date().timeIntervalSince(started))
    for (label, command) in watchedViews {
      let seconds = try median { try time([binary] + command + arguments) }
      let before = walked[label].map { String(format: "%.1f× faster than walking", $0 / seconds) } ?? ""
      row(label + ", watched", seconds, note: before)
    }
    row(
      "vault today, one file changed, watched",
      try afterEditing("Notes/work/Note 1.md", [binary, "today", "--today", Generator.today.description] + arguments))
    // A checkout: a thousand notes rewritten, then the time until a sync says they are in.
    let notes = (0..<1000).map { "\(folder)/Notes/\(Generator.topics[$0 % Generator.topics.count])/Note \($0).md" }
      .filter { FileManager.default.fileExists(atPath: $0) }
    let originals = try notes.map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
    var round = 0
    row(
      "\(notes.count) notes rewritten, until the sync returns",
      try median {
        round += 1
        let start = DispatchTime.now()
        for (path, bytes) in zip(notes, originals) {
          try (bytes + Data("\nCheckout \(round)\n".utf8)).write(to: URL(fileURLWithPath: path))
        }
        // A sync that does not answer within its second is asked again.
        while (try? time(status)) == nil {}
        return Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
      })
    for (path, bytes) in zip(notes, originals) { try bytes.write(to: URL(fileURLWithPath: path)) }
    while (try? time(status)) == nil {}
    row("vault watch, resident memory", Double(residentKB(watcher)) / 1024, unit: "MB")
    #if os(Linux)
    let seconds = min(idleSeconds, 60)
    guard seconds > 0 else { return }
    // Idle once the last batch's search rows are written too (`IndexWatcher.searchBacklogDelay`,
    // 2 s after it): a last batch of a few notes leaves them for the watcher's quiet time.
    Thread.sleep(forTimeInterval: 3)
    let used = cpuSeconds(watcher, over: seconds)
    row("vault watch, idle CPU", 100 * used / Double(seconds), unit: "%", note: String(format: "over %d s", seconds))
    #endif
  }

  /// The median time of `command` run right after a line was added to `note` (vault-relative),
  /// which is put back afterwards.
  func afterEditing(_ note: String, _ command: [String]) throws -> Double {
    try median(try editing(note, command))
  }

  /// A measure of `command` after a line is appended to `note`, a new line each time; the
  /// note is as it was once the measure is dropped.
  func editing(_ note: String, _ command: [String]) throws -> () throws -> Double {
    let edit = try NoteEdit(URL(fileURLWithPath: "\(folder)/\(note)"))
    return {
      try edit.next()
      return try time(command)
    }
  }

  /// The stat walk the targets without a watcher are set against: every note's mtime.
  var statWalk: [String] { ["find", folder, "-name", "*.md", "-printf", "%T@\n"] }

  /// `measure`, each run just after a stat walk: its median, and the median of each run's
  /// time over that of the walk just before it. This machine's speed changes from minute to
  /// minute (a spin loop pinned to a core took 360 to 700 ms for the same work): a ratio to
  /// a walk timed minutes before moved by more than the targets' margins (docs/PERFORMANCE.md).
  func inTurnsWithStatWalk(_ measure: () throws -> Double) throws -> (seconds: Double, ratio: Double) {
    var seconds: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<runs {
      let walk = try time(statWalk)
      let run = try measure()
      seconds.append(run)
      ratios.append(run / walk)
    }
    return (seconds.sorted()[seconds.count / 2], ratios.sorted()[ratios.count / 2])
  }

  /// Read commands timed warm: each refreshes the index (nothing changed) and then queries it.
  var queries: [(String, [String])] {
    [
      ("vault today (refresh + dashboard)", ["today", "--today", Generator.today.description]),
      ("vault list --type goal (refresh + query)", ["list", "--type", "goal"]),
      ("vault search 'garden plan*' (refresh + FTS)", ["search", "garden plan*", "--limit", "10"]),
      // Suggestions (it appends 5 lines to the bench vault's .vault/suggestions.log each run).
      ("vault suggest (refresh + mood + scores)", ["suggest", "--now", "\(Generator.today)T09:00"]),
    ]
  }

  func prepare() throws {
    try noWatcherRuns()
    let marker = "\(folder)/.vault-bench"
    let expected = "generator 4, \(notes) notes" + (eventPercent == 8 ? "" : ", \(eventPercent) % events")
    if (try? String(contentsOfFile: marker, encoding: .utf8)) == expected { return }
    say("generating \(folder) ...")
    try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    var generator = Generator(notes: notes, eventPercent: eventPercent)
    try generator.write(to: folder)
    try expected.write(toFile: marker, atomically: true, encoding: .utf8)
  }

  /// A watcher left running on the vault (a bench stopped midway, a `vault serve` by hand)
  /// would answer the walking views and keep the bench's own watcher from starting.
  func noWatcherRuns() throws {
    guard (try? time([binary, "watch", "--status", "--vault", folder, "--index", index])) == nil else {
      throw BenchError(
        "a watcher already runs on \(folder) (vault watch, serve or remind --watch): stop it first, "
          + "e.g. pkill -f 'vault watch|vault-serve'")
    }
  }

  func contents() throws -> (files: Int, bytes: Int) {
    var files = 0
    var bytes = 0
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let path = enumerator?.nextObject() as? String {
      guard path.hasSuffix(".md") else { continue }
      files += 1
      bytes += (enumerator?.fileAttributes?[.size] as? Int) ?? 0
    }
    return (files, bytes)
  }

  /// Both files of the index (the tables and the full-text table beside them), with their WAL.
  func removeIndex() {
    for file in [index, index + "-search"] {
      for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }
  }

  func median(_ measure: () throws -> Double) rethrows -> Double {
    var values: [Double] = []
    for _ in 0..<runs { values.append(try measure()) }
    return values.sorted()[values.count / 2]
  }

  func time(_ arguments: [String]) throws -> Double { try spawn(arguments).seconds }

  func row(_ label: String, _ value: Double, unit: String = "s", note: String = "") {
    let figure =
      unit == "s"
      ? (value < 1 ? String(format: "%7.1f ms", value * 1000) : String(format: "%7.2f s ", value))
      : unit == "%" ? String(format: "%7.2f %% ", value) : String(format: "%7.0f %@", value, unit)
    say("  \(label.padding(toLength: 48, withPad: " ", startingAt: 0)) \(figure)  \(note)")
  }
}

/// The bench's own peak resident memory, in KB. A child started with posix_spawn (vfork) counts
/// it as its own (Linux records the old memory's peak at exec), so a child's peak at or below it
/// is not the child's.
func ownPeakKB() -> Int {
  var usage = rusage()
  #if canImport(Darwin)
  getrusage(RUSAGE_SELF, &usage)
  return Int(usage.ru_maxrss) / 1024
  #else
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Int(usage.ru_maxrss)
  #endif
}

/// What a row says beside a child's peak that may be the bench's own.
func peakNote(_ peakKB: Int) -> String {
  let own = ownPeakKB()
  return peakKB <= own ? "(not measured: at most the bench's own \(own / 1024) MB)" : ""
}

/// Runs a program with its output thrown away; its wall time and peak resident memory.
func spawn(_ arguments: [String]) throws -> (seconds: Double, peakKB: Int) {
  var actions: posix_spawn_file_actions_t = .init()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = arguments.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid = pid_t()
  let start = DispatchTime.now()
  let result = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
  guard result == 0 else { throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(result)))") }
  var status: Int32 = 0
  var usage = rusage()
  wait4(pid, &status, 0, &usage)
  let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  guard status == 0 else { throw BenchError("\(arguments.joined(separator: " ")) failed (status \(status))") }
  #if canImport(Darwin)
  let peak = Int(usage.ru_maxrss) / 1024
  #else
  let peak = Int(usage.ru_maxrss)
  #endif
  return (seconds, peak)
}

/// Starts a program without waiting for it, its output in `output` (thrown away by default).
func spawnBackground(_ arguments: [String], output: String = "/dev/null") throws -> pid_t {
  var actions: posix_spawn_file_actions_t = .init()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = arguments.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid = pid_t()
  let result = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
  guard result == 0 else { throw BenchError("cannot run \(arguments[0]): \(String(cString: strerror(result)))") }
  return pid
}

/// The CPU seconds a running process uses while this one sleeps `seconds` (Linux).
func cpuSeconds(_ pid: pid_t, over seconds: Int) -> Double {
  let before = cpuTicks(pid)
  Thread.sleep(forTimeInterval: TimeInterval(seconds))
  return Double(cpuTicks(pid) - before) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// User and system CPU time of a running process, in clock ticks (`/proc/PID/stat`, Linux).
func cpuTicks(_ pid: pid_t) -> Int {
  guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
    let close = stat.lastIndex(of: ")")
  else { return 0 }
  // After the command's name: state is field 3; utime and stime are fields 14 and 15.
  let fields = stat[stat.index(after: close)...].split(separator: " ")
  return fields.count > 12 ? (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0) : 0
}

/// The resident memory of a running process in KB (`VmRSS` in `/proc/PID/status`, Linux).
func residentKB(_ pid: pid_t) -> Int {
  let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
  let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
  return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// Prints a line at once, unbuffered, so a long run shows each figure as it is measured.
func say(_ text: String) {
  FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// A note a measure appends a line to before each run (`Measurement.editing`), put back as it
/// was when the measure is done with it.
private final class NoteEdit {
  let url: URL
  let original: Data
  var count = 0

  init(_ url: URL) throws {
    self.url = url
    original = try Data(contentsOf: url)
  }

  func next() throws {
    count += 1
    try (original + Data("\nEdited \(count) #bench\n".utf8)).write(to: url)
  }

  deinit { try? original.write(to: url) }
}

extension Run {
  /// The processor's name as Linux gives it (`/proc/cpuinfo`), nil elsewhere: figures from two
  /// days compare only on the same kind of machine.
  static var processorName: String? {
    guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
    let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
    return line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
  }
}
