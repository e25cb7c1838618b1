import Foundation
import VaultKit

/// The words of `vault sync` and `vault sync --status`.
enum SyncText {
  static func report(_ report: VaultSync.Report) -> [String] {
    var lines: [String] = []
    if !report.setUp.isEmpty { lines.append("set up the note merge: " + report.setUp.joined(separator: ", ")) }
    let committed = report.committed.map { "committed “\($0)”" }
    if report.noRemote {
      // What happened, then what to do, each on a line of its own (80 columns).
      lines.append(committed ?? "nothing to commit")
      lines.append("no remote to sync with: git remote add origin URL, then vault sync")
      return lines
    }
    let upstream = report.upstream ?? "the remote"
    if let reason = report.offline {
      lines.append(committed.map { $0 + " here" } ?? "nothing new here")
      lines.append("\(upstream) is out of reach, so it goes out with the next sync: \(reason)")
      return lines
    }
    var parts: [String] = []
    if let committed { parts.append(committed) }
    if report.sent > 0 { parts.append("sent \(count(report.sent, "commit")) to \(upstream)") }
    if report.received > 0 {
      parts.append(
        "received \(count(report.received, "commit"))"
          + (report.notesReceived > 0 ? " (\(count(report.notesReceived, "note")))" : "")
          + (report.sent > 0 ? "" : " from \(upstream)"))
    }
    lines.append(parts.isEmpty ? "up to date with \(upstream)" : parts.joined(separator: "; "))
    lines += report.kept
    if !report.mended.isEmpty {
      lines.append("git's conflict markers turned into callouts in:")
      lines += report.mended.map { "  " + $0 }
    }
    if !report.conflicts.isEmpty {
      lines.append(
        "\(count(report.conflicts.count, "conflict")) kept as a callout (keep one version, delete the callout):"
      )
      for place in report.conflicts {
        let callout = report.callouts.first { $0.at == place }
        lines.append("  " + place + (callout.map { "  " + whose($0, machine: report.machine) } ?? ""))
      }
    }
    if !report.keptBoth.isEmpty {
      lines.append("changed on both sides, yours kept and theirs saved beside it as “… (conflict, theirs)”:")
      lines += report.keptBoth.map { "  " + $0 }
    }
    return lines
  }

  static func status(_ status: VaultSync.Status, now: Date) -> [String] {
    var lines: [String] = []
    let branch = status.branch ?? "(detached HEAD)"
    if let upstream = status.upstream {
      lines.append("\(branch) ⇄ \(upstream): \(status.ahead) ahead, \(status.behind) behind (as of the last fetch)")
    } else {
      lines.append(
        "\(branch): no remote branch yet (vault sync pushes it; git remote add origin URL if there is no remote)")
    }
    if let last = status.lastSync, let date = ISO8601DateFormatter().date(from: last) {
      lines.append("last sync: \(last) (\(ago(now.timeIntervalSince(date))))")
    } else {
      lines.append("last sync: never (vault sync)")
    }
    if status.unsynced.isEmpty {
      lines.append("every change is committed")
    } else {
      lines.append("\(count(status.unsynced.count, "file")) not synced yet (vault sync commits them):")
      lines += status.unsynced.prefix(20).map { "  \($0.path) (\($0.change))" }
      if status.unsynced.count > 20 { lines.append("  and \(status.unsynced.count - 20) more (git status)") }
    }
    if !status.callouts.isEmpty {
      lines.append("\(count(status.callouts.count, "conflict")) to settle (keep one version and delete the callout):")
      lines += status.callouts.prefix(20).map { "  \($0.at)  " + whose($0, machine: status.machine) }
      if status.callouts.count > 20 { lines.append("  and \(status.callouts.count - 20) more (vault check)") }
    }
    if !status.markers.isEmpty {
      lines.append("git's conflict markers in (vault sync turns them into callouts):")
      lines += status.markers.prefix(20).map { "  " + $0 }
    }
    if !status.mergeDriverInstalled {
      lines.append("notes do not merge by meaning here yet: vault sync --setup")
    }
    return lines
  }

  /// Whose version a callout holds and whose stays in place, in words true on this machine.
  static func whose(_ callout: VaultSync.Callout, machine: String) -> String {
    let name = { (side: String) in side == machine ? "yours" : side + "'s" }
    guard let inPlace = callout.inPlace else { return "\(name(callout.inCallout)) in the callout" }
    return "\(name(inPlace)) in place, \(name(callout.inCallout)) in the callout"
  }

  private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

  private static func ago(_ seconds: TimeInterval) -> String {
    let minutes = Int(seconds / 60)
    if minutes < 1 { return "just now" }
    if minutes < 60 { return "\(count(minutes, "minute")) ago" }
    if minutes < 48 * 60 { return "\(count(minutes / 60, "hour")) ago" }
    return "\(count(minutes / 1440, "day")) ago"
  }
}
