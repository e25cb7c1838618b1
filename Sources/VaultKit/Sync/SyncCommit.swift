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
    let staged = git.run(["diff", "--cached", "--name-status", "--no-renames", "-z"])
    guard staged.succeeded else { throw .cannotSync(staged.reason) }
    let fields = staged.out.split(separator: "\0", omittingEmptySubsequences: true).map(String.init)
    guard !fields.isEmpty else { return nil }
    let hasHead = git.run(["rev-parse", "-q", "--verify", "HEAD"]).succeeded
    var files: [(path: String, before: String?, after: String?)] = []
    for index in stride(from: 0, to: fields.count - 1, by: 2) {
      let (status, path) = (fields[index], fields[index + 1])
      // Only notes are read (for their tasks); another file's change is named, not read.
      let isNote = path.lowercased().hasSuffix(".md")
      files.append(
        (
          path, status == "A" || !hasHead ? nil : isNote ? "HEAD:" + path : "",
          status == "D" ? nil : isNote ? ":" + path : ""
        ))
    }
    let names = files.flatMap { [$0.before, $0.after] }.compactMap { $0 }.filter { !$0.isEmpty }
    var texts: [String: String] = [:]
    for (name, text) in zip(names, git.blobs(names)) { texts[name] = text }
    let changes = files.map { file in
      ChangeSummary.Change(
        path: file.path, before: file.before.map { $0.isEmpty ? "" : texts[$0] ?? "" },
        after: file.after.map { $0.isEmpty ? "" : texts[$0] ?? "" })
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
