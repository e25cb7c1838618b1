import Foundation
import VaultCore

/// The commit `vault sync` makes of the vault's changes: everything git sees as changed, with a
/// message that says what changed in planner words, and the machine in a trailer (the name conflict
/// callouts give).
enum SyncCommit {
  /// Stages every change and commits it; nil when nothing changed.
  static func commit(in git: GitCommand, machine: String) throws(VaultError) -> String? {
    let add = git.run(["add", "-A", "--", "."])
    guard add.succeeded else { throw .cannotSync("git could not stage the changes: " + add.reason) }
    let names = git.run(["diff", "--cached", "--name-status", "--no-renames", "-z"])
    guard names.succeeded else { throw .cannotSync(names.reason) }
    let fields = names.out.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)
    guard !fields.isEmpty else { return nil }
    var changes: [ChangeSummary.Change] = []
    var index = 0
    let hasHead = git.run(["rev-parse", "-q", "--verify", "HEAD"]).succeeded
    while index + 1 < fields.count {
      let (status, path) = (fields[index], fields[index + 1])
      index += 2
      let before = status == "A" || !hasHead ? nil : git.run(["show", "HEAD:" + path]).out
      let after = status == "D" ? nil : git.run(["show", ":" + path]).out
      changes.append(ChangeSummary.Change(path: path, before: before, after: after))
    }
    let (subject, parts) = ChangeSummary.message(changes)
    var message = subject + "\n\n"
    if parts.count > 1 || subject != parts.first { message += parts.map { "- " + $0 }.joined(separator: "\n") + "\n\n" }
    message += "\(MergeSides.machineTrailer): \(machine)\n"
    let commit = git.run(["commit", "-q", "-F", "-"], input: Data(message.utf8))
    guard commit.succeeded else {
      if commit.err.contains("Please tell me who you are") || commit.err.contains("empty ident") {
        throw .cannotSync(
          "git does not know who you are, so nothing was committed: "
            + "git config --global user.name 'Your Name' && git config --global user.email you@example.com")
      }
      throw .cannotSync("git could not commit: " + commit.reason)
    }
    return subject
  }
}
