import Foundation
import TestSupport
import Testing

/// `vault watch` and `vault serve` (whose watcher keeps the same index) killed with SIGKILL at
/// random moments of a storm of edits, save-by-rename, deletes, nested folders made and folders
/// moved, and started again at once, as a service manager does. After each cycle, once the new
/// watcher vouches for the index, every view a command answers from it equals the same view
/// with `VAULT_WATCH_VIEWS=0` and over an index built from nothing. Cycles chain on one vault,
/// so damage from one shows in the next. `VAULT_KILL_CYCLES` sets how many (4 for each program
/// here; 100 for the figure in docs/DEVELOPMENT.md).
@Suite(.serialized) struct WatcherKilledDuringStormsTests {
  static let cycles = ProcessInfo.processInfo.environment["VAULT_KILL_CYCLES"].flatMap { Int($0) } ?? 4

  static let storm = """
    cd "$1"; w=$2; c=$3; mkdir -p "W$w" Moved
    i=0
    while [ $i -lt 100 ]; do
      n=$((i % 7))
      case $((i % 8)) in
        0) printf -- '- [ ] task %s of %s in %s 📅 2026-11-2%s\\n' $i $w $c $((i % 10)) > "W$w/Note $n.md" ;;
        1) mkdir -p "W$w/D$n/E$i/F" && printf -- '- [ ] deep %s %s\\n' $i $c > "W$w/D$n/E$i/F/Deep.md" ;;
        2) rm -rf "Moved/W$w-$n" && mv "W$w/D$n" "Moved/W$w-$n" 2>/dev/null ;;
        3) printf -- '---\\ndate: 2026-11-2%s\\n---\\n- [x] saved %s\\n' $((i % 10)) $i > "W$w/.tmp$n" \\
             && mv "W$w/.tmp$n" "W$w/Saved $n.md" ;;
        4) rm -f "W$w/Note $((n / 2)).md" ;;
        5) mv "Moved/W$w-$n" "W$w/Back$n-$i" 2>/dev/null ;;
        6) printf -- '- [ ] appended %s %s #storm\\n' $i $c >> "W$w/Note $n.md" ;;
        7) rm -rf "W$w/Back$((n + 1))-"* ;;
      esac
      i=$((i + 1))
    done
    """

  /// The views compared: tasks, items, tags, the agenda of the storm's days.
  static let views = [
    ["tasks", "--json"], ["list", "--json"], ["tags", "--json"],
    ["agenda", "--from", "2026-11-20", "--days", "10", "--json"],
  ]

  @Test(arguments: ["watch", "serve"]) func aWatcherKilledAndStartedAgainShowsWhatAWalkShows(program: String) throws {
    let folder = try Fixture.copy("ExampleVault")
    let environment = [
      "VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23",
      "XDG_STATE_HOME": folder.path + "-state",
    ]
    let arguments = program == "watch" ? ["watch"] : ["serve", "--port", "0"]
    var random = SystemRandomNumberGenerator()
    var watcher = try CLI.start(arguments, in: folder, environment: environment)
    defer { kill(watcher.process.processIdentifier, SIGKILL) }
    var stale: [String] = []
    for cycle in 1...Self.cycles {
      let writers = try (1...3).map { number in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", Self.storm, "storm", folder.path, "\(number)", "\(cycle)"]
        try process.run()
        return process
      }
      // Killed once or twice while the writers run, and started again at once.
      for _ in 0..<(1 + Int.random(in: 0...1, using: &random)) {
        Thread.sleep(forTimeInterval: Double.random(in: 0...0.4, using: &random))
        kill(watcher.process.processIdentifier, SIGKILL)
        _ = watcher.finish()
        watcher = try CLI.start(arguments, in: folder, environment: environment)
      }
      for writer in writers { writer.waitUntilExit() }
      var vouches = false
      let deadline = Date().addingTimeInterval(60)
      while !vouches && Date() < deadline {
        vouches = try CLI.run(["watch", "--status"], in: folder, environment: environment).status == 0
        if !vouches { Thread.sleep(forTimeInterval: 0.05) }
      }
      #expect(vouches, "cycle \(cycle): the \(program) started again never vouched for the index")
      for view in Self.views {
        let watched = try CLI.run(view, in: folder, environment: environment)
        var unwatched = environment
        unwatched["VAULT_WATCH_VIEWS"] = "0"
        let trusted = try CLI.run(view, in: folder, environment: unwatched)
        var fresh = environment
        fresh["VAULT_INDEX"] = folder.path + "-fresh-\(cycle).sqlite"
        let walked = try CLI.run(view, in: folder, environment: fresh)
        #expect(walked.status == 0 && !walked.stdout.isEmpty, "\(view): \(walked.stderr)")
        if watched.stdout != walked.stdout { stale.append("cycle \(cycle), \(view.joined(separator: " ")), watched") }
        if trusted.stdout != walked.stdout {
          stale.append("cycle \(cycle), \(view.joined(separator: " ")), VAULT_WATCH_VIEWS=0")
        }
      }
    }
    print("\(program): \(Self.cycles) kill-and-restart cycles during storms, \(stale.count) stale views")
    #expect(stale.isEmpty, "\(stale)")
  }
}
