import Foundation
import TestSupport
import Testing

@testable import VaultServer

/// The change log behind CalDAV's sync tokens: what a token says a client has is what the
/// answer that gave it held, even when another request logged a newer listing meanwhile.
@Suite struct SyncTokenLogTests {
  @Test func aPartialAnswerMadeFromAnOlderListingDoesNotClaimALaterChange() throws {
    let tokens = SyncTokens(folder: try ScratchFolder.make("sync-tokens").path)
    let first = try tokens.token(for: "events", manifest: [("a.ics", "\"1\""), ("b.ics", "\"1\""), ("c.ics", "\"1\"")])
    // A first sync, limited to two: the answer is made from `first`'s listing (a and b).
    // Meanwhile another request lists the calendar after b changed.
    let second = try tokens.token(
      for: "events", manifest: [("a.ics", "\"1\""), ("b.ics", "\"2\""), ("c.ics", "\"1\"")])
    #expect(second != first)
    let partial = try #require(tokens.partialToken(for: "events", after: nil, upTo: "b.ics", listing: first))
    let known = try #require(tokens.manifest(for: "events", token: partial))
    // The client has a as it is, and b as it was: b's change is still to come; c was not given.
    #expect(known["a.ics"] == "\"1\"")
    #expect(known["b.ics"] != "\"2\"", "the token claims b's later change was given")
    #expect(known["c.ics"] == nil)
    // Made from the newer listing, the same answer did give b's new version.
    let current = try #require(tokens.partialToken(for: "events", after: nil, upTo: "b.ics", listing: second))
    #expect(tokens.manifest(for: "events", token: current)?["b.ics"] == "\"2\"")
  }

  @Test func aListingOfAnotherLogGivesNoPartialToken() throws {
    let tokens = SyncTokens(folder: try ScratchFolder.make("sync-tokens").path)
    _ = try tokens.token(for: "events", manifest: [("a.ics", "\"1\"")])
    #expect(
      tokens.partialToken(for: "events", after: nil, upTo: "a.ics", listing: "http://vault.invalid/sync/events:0-1")
        == nil)
  }
}
