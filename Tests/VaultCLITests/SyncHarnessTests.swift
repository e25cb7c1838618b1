import Foundation
import Testing

/// Two machines editing at random and syncing, round after round: with `vault sync` no edit is
/// lost, no change made on one side only ends up only in a conflict callout, no task is there
/// twice, no note gets a conflict marker, a view leaves `git status` clean, and the clones end
/// each round identical.
/// `VAULT_SYNC_ROUNDS` and `VAULT_SYNC_SEED` change the run; `VAULT_SYNC_BASELINE=1` also runs
/// plain git on the same edits, for the comparison in docs/SYNC.md.
@Suite(.serialized) struct SyncHarnessTests {
  static var rounds: Int { ProcessInfo.processInfo.environment["VAULT_SYNC_ROUNDS"].flatMap { Int($0) } ?? 60 }
  static var seed: UInt64 {
    ProcessInfo.processInfo.environment["VAULT_SYNC_SEED"].flatMap { UInt64($0) } ?? 20_261_125
  }

  @Test func randomEditsOnTwoMachinesAllLandAfterEverySync() throws {
    var harness = try SyncHarness(mode: .vaultSync, seed: Self.seed)
    try harness.run(rounds: Self.rounds)
    print("vault sync: \(harness.counts)")
    #expect(harness.failures.isEmpty, "\(harness.failures.prefix(10).joined(separator: "\n"))")
    #expect(harness.counts.lost == 0 && harness.counts.markedFiles == 0 && harness.counts.diverged == 0)
    #expect(harness.counts.onlyInCallout == 0 && harness.counts.duplicated == 0 && harness.counts.dirtyAfterViews == 0)
    #expect(harness.counts.edits > Self.rounds)
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["VAULT_SYNC_BASELINE"] == "1"))
  func plainGitOnTheSameEditsForComparison() throws {
    var harness = try SyncHarness(mode: .plainGit, seed: Self.seed)
    try harness.run(rounds: Self.rounds)
    print("plain git merge: \(harness.counts)")
  }
}
