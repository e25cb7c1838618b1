/// Who made each side of a merge, and when, as git tells it: what a conflict callout names and
/// what decides which value of a property both sides changed wins. The questions to ask git and
/// the reading of its answers; the merge driver runs them.
public enum MergeSides {
  /// The commit trailer naming the machine that made a sync's commit: `Vault-Machine: laptop`.
  public static let machineTrailer = "Vault-Machine"
  /// The variable through which `vault sync` tells the driver the revision being merged (git
  /// writes MERGE_HEAD only after the merge).
  public static let mergingVariable = "VAULT_MERGING"
  /// The variable through which `vault sync` tells the driver the name of this machine, whose
  /// version of a note stays in place.
  public static let machineVariable = "VAULT_MERGING_MACHINE"

  /// The revisions that may be the other side, to try in order.
  public static func otherRevisions(environment: [String: String]) -> [String] {
    [environment[mergingVariable] ?? "", "MERGE_HEAD", "REBASE_HEAD", "CHERRY_PICK_HEAD"].filter { !$0.isEmpty }
  }

  /// `git` arguments giving the latest commit of `path` reachable from `revision`: its time in
  /// seconds, as shown, its author and its machine trailer.
  public static func logArguments(revision: String, path: String) -> [String] {
    [
      "log", "-1",
      "--format=%ct%x00%cd%x00%an%x00%(trailers:key=\(machineTrailer),valueonly,separator=%x2C)",
      "--date=format-local:%Y-%m-%d %H:%M", revision, "--", path,
    ]
  }

  /// The side that output describes, with its commit time in seconds; nil when git said nothing.
  public static func side(fromLog output: String) -> (side: NoteMerge.Side, seconds: Int)? {
    var text = Substring(output)
    while let last = text.last, last == "\n" || last == "\r\n" { text = text.dropLast() }
    let fields = text.split(separator: "\0", omittingEmptySubsequences: false)
    guard fields.count == 4, let seconds = Int(fields[0]) else { return nil }
    let machine = fields[3].trimmingSpaces()
    return (NoteMerge.Side(name: machine.isEmpty ? String(fields[2]) : machine, time: String(fields[1])), seconds)
  }
}
