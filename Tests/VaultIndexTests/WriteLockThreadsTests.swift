import Dispatch
import Foundation
import Testing
import VaultCore
import VaultKit

/// The vault's write lock orders the threads of one process too (the server answers requests on
/// many): objects named by clients at the same moment are all remembered, none lost to another
/// thread's read of the file before its write.
@Suite struct WriteLockThreadsTests {
  @Test func namesRememberedFromManyThreadsAllLand() throws {
    let folder = try TemporaryVault([".vault/config.yml": "timezone: UTC\n"])
    let vault = try folder.vault()
    let count = 64
    let failures = Locked(0)
    DispatchQueue.concurrentPerform(iterations: count) { index in
      do {
        try vault.calDAVRemember(.events, uid: "uid-\(index)", name: "phone-\(index).ics")
      } catch {
        failures.withLock { $0 += 1 }
      }
    }
    #expect(failures.withLock { $0 } == 0)
    let names = vault.calDAVHrefs(.events)
    #expect(names.count == count, "\(count - names.count) names lost")
    #expect(names["uid-7"] == "phone-7.ics")
  }
}
