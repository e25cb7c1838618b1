import Foundation
import VaultCore

/// The names clients gave their objects: an object lives at the URL its client PUT it to,
/// whatever its UID (`…/events/3F2504E0-….ics` for an event whose UID is another), so a GET or a
/// DELETE of that URL finds it. Kept beside what clients sent (`CalDAVKept`), in
/// `.vault/caldav/<events|tasks>/hrefs.json`: `{UID: name}` for the objects whose name is not
/// the one vault gives (`calDAVName(uid:)`); the rest, and objects made in the vault, keep that.
extension Vault {
  func calDAVHrefsPath(_ kind: CalDAVCalendar.Kind) -> String { calDAVKeptFolder(kind) + "/hrefs.json" }

  /// The names clients chose, by UID.
  public func calDAVHrefs(_ kind: CalDAVCalendar.Kind) -> [String: String] {
    guard case .success(let bytes) = FileSystem.readFile(calDAVHrefsPath(kind)),
      let names = try? JSONDecoder().decode([String: String].self, from: Data(bytes))
    else { return [:] }
    return names.filter { Self.isPlainName($0.value) && $0.value.hasSuffix(".ics") && !$0.value.hasPrefix(".") }
  }

  /// The name of the object with this UID: its client's, else vault's.
  public func calDAVObjectName(uid: String, hrefs: [String: String]) -> String {
    hrefs[uid] ?? Self.calDAVName(uid: uid)
  }

  /// The UID of the object a client named, when a client chose that name.
  public func calDAVUID(named name: String, _ kind: CalDAVCalendar.Kind) -> String? {
    calDAVHrefs(kind).first { $0.value == name }?.key
  }

  /// Remembers the name a client gave a new object (nothing when it is vault's own), or forgets
  /// it (`name` nil: the object was deleted).
  /// The file is read, changed and written under the vault's write lock, so that two servers
  /// (or two requests) naming objects at once both land.
  public func calDAVRemember(_ kind: CalDAVCalendar.Kind, uid: String, name: String?) throws(VaultError) {
    let wanted = name.flatMap { $0 == Self.calDAVName(uid: uid) ? nil : $0 }
    try WriteLock.withLock(writeLockPlaces) { () throws(VaultError) in
      var names = calDAVHrefs(kind)
      guard names[uid] != wanted else { return }
      names[uid] = wanted
      try calDAVWriteHoldingTheLock(names, to: calDAVHrefsPath(kind), kind)
    }
  }
}
