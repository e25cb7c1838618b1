import Foundation

/// `vault-bench run --only views --baseline OTHER-VAULT`: the views timed with this build and
/// with another one (an older commit's, `scripts/bench-against REV`) in turns, in the same
/// run, so that the machine's changing speed (docs/PERFORMANCE.md) falls on both alike. Each
/// binary keeps an index of its own: an older index schema would otherwise be rebuilt by one
/// and again by the other on every run.
extension Measurement {
  /// The views a person reads, each of them placing occurrences on the viewer's clock.
  var comparedViews: [(String, [String])] {
    let today = ["--today", Generator.today.description]
    let year = ["--from", Generator.today.description, "--to", Generator.today.adding(days: 364).description]
    return watchedViews + [
      ("vault agenda --days 7 --json", ["agenda", "--days", "7", "--json"] + today),
      ("vault agenda --json, a year", ["agenda", "--json"] + year),
      ("vault export ics, a year", ["export", "ics"] + year),
      ("vault remind --list --days 7", ["remind", "--list", "--now", "\(Generator.today)T12:00"]),
    ]
  }

  func againstBaseline(_ baseline: String) throws {
    guard FileManager.default.isExecutableFile(atPath: baseline) else {
      throw BenchError("no vault binary at \(baseline) (--baseline)")
    }
    let baselineIndex = index + "-baseline"
    // `vault remind` keeps what it delivered in the state folder: one of the bench's own.
    setenv("XDG_STATE_HOME", "\(work)/state-views-\(notes)", 1)
    defer { unsetenv("XDG_STATE_HOME") }
    // Both indexes built before anything is timed.
    _ = try time([binary, "index", "--vault", folder, "--index", index])
    _ = try time([baseline, "index", "--vault", folder, "--index", baselineIndex])
    say("  \("".padding(toLength: 30, withPad: " ", startingAt: 0))   this build     baseline   this / baseline")
    var ratios: [Double] = []
    for (label, arguments) in comparedViews {
      let this = [binary] + arguments + ["--vault", folder, "--index", index]
      let other = [baseline] + arguments + ["--vault", folder, "--index", baselineIndex]
      var mine: [Double] = []
      var theirs: [Double] = []
      var turns: [Double] = []
      for run in 0..<runs {
        // Which goes first alternates: neither always runs on the caches the other warmed.
        let new: Double
        let old: Double
        if run % 2 == 0 {
          new = try time(this)
          old = try time(other)
        } else {
          old = try time(other)
          new = try time(this)
        }
        mine.append(new)
        theirs.append(old)
        turns.append(new / old)
      }
      let ratio = middle(turns)
      ratios.append(ratio)
      say(
        "  \(label.padding(toLength: 30, withPad: " ", startingAt: 0)) "
          + String(format: "%9.1f ms %9.1f ms   %.2f×", middle(mine) * 1000, middle(theirs) * 1000, ratio))
    }
    let slowest = ratios.max() ?? 1
    say(String(format: "  the slowest view against the baseline: %.2f× (the median of each run's ratio)", slowest))
  }

  private func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}
