import Foundation

/// `vault sync` beside the git commands it cannot do without, and the merge driver on a note of
/// 1,000 lines: the figures of docs/PERFORMANCE.md, "Sync over git".
extension Measurement {
  var syncFolder: String { "\(work)/sync-\(notes)" }

  func sync() throws {
    let clone = syncFolder + "/vault"
    let remote = syncFolder + "/remote.git"
    if !FileManager.default.fileExists(atPath: remote) {
      say("  making a git repository of the vault and a bare remote ...")
      try? FileManager.default.removeItem(atPath: syncFolder)
      try FileManager.default.createDirectory(atPath: syncFolder, withIntermediateDirectories: true)
      try shell(
        """
        cp -R '\(folder)' '\(clone)' && cd '\(clone)' && git init -q -b main \
        && git -c user.name=bench -c user.email=bench@example.com add -A \
        && git -c user.name=bench -c user.email=bench@example.com commit -q -m vault \
        && git init -q --bare -b main '\(remote)' && git remote add origin '\(remote)' \
        && git config user.name bench && git config user.email bench@example.com
        """)
    }
    _ = try time([binary, "sync", "--vault", clone])
    let floor = try median {
      try time(["/bin/sh", "-c", "cd '\(clone)' && git fetch -q && git status --porcelain >/dev/null"])
    }
    row("floor: git fetch + git status", floor)
    let nothing = try median { try time([binary, "sync", "--vault", clone]) }
    row("vault sync, nothing to do", nothing, note: String(format: "%.2f× fetch + status", nothing / floor))
    row("vault sync --status", try median { try time([binary, "sync", "--status", "--vault", clone]) })
    let startup = try median { try time([binary, "--version"]) }
    row("  (vault --version: starting the binary)", startup)
    try mergeDriver()
  }

  /// A 1,000-line note changed on both sides in different places (tasks done, entries added, a
  /// property each), merged as git runs the driver.
  private func mergeDriver() throws {
    let folder = syncFolder + "/merge"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var base = ["---", "mood: 5", "energy: low", "---", "# A long list", ""]
    for index in 0..<994 {
      switch index % 4 {
      case 0: base.append("- [ ] Task \(index) 📅 2026-12-\(String(format: "%02d", 1 + index % 28))")
      case 1: base.append("- \(String(format: "%02d:%02d", index % 24, index % 60)) Entry \(index)")
      case 2: base.append("A line of prose, number \(index), as someone wrote it.")
      default: base.append("")
      }
    }
    var ours = base
    var theirs = base
    ours[1] = "mood: 7"
    theirs[2] = "energy: high"
    for index in stride(from: 6, to: base.count, by: 40) where base[index].hasPrefix("- [ ]") {
      ours[index] = base[index].replacingOccurrences(of: "- [ ]", with: "- [x]") + " ✅ 2026-11-25"
    }
    for index in stride(from: 26, to: base.count, by: 40) where base[index].hasPrefix("- [ ]") {
      theirs[index] = base[index] + " ⏫"
    }
    ours.insert("- 23:59 Added on the laptop", at: 500)
    theirs.insert("- 23:58 Added on the phone", at: 500)
    let texts = ["base": base, "ours": ours, "theirs": theirs]
    for (name, lines) in texts {
      try (lines.joined(separator: "\n") + "\n").write(
        toFile: "\(folder)/\(name).md", atomically: true, encoding: .utf8)
    }
    let merge = try median {
      try FileManager.default.copyItem(atPath: "\(folder)/ours.md", toPath: "\(folder)/merged.md")
      defer { try? FileManager.default.removeItem(atPath: "\(folder)/merged.md") }
      // What git runs: the command `vault sync --setup` names, the driver beside vault.
      let driver = (binary as NSString).deletingLastPathComponent + "/vault-merge-driver"
      return try time([driver, "\(folder)/base.md", "\(folder)/merged.md", "\(folder)/theirs.md", "Long.md"])
    }
    row("vault-merge-driver, a note of 1,000 lines", merge, note: "as git runs it, its start included")
  }

  private func shell(_ script: String) throws {
    _ = try time(["/bin/sh", "-c", script])
  }
}
