import Foundation
import NIOConcurrencyHelpers
import VaultCore

/// Sync tokens (RFC 6578) that a phone can rely on: a token stays good for any number of later
/// changes. Each calendar keeps a change log beside the serve token
/// (`$XDG_STATE_HOME/vault/<vault>/caldav/<calendar>.json`): its objects and their ETags as last
/// listed, a number that grows with each listing that differs, and, for each such number, the
/// names that changed (added, changed or removed). A token is that number (with the log's own
/// id, so a log made anew never takes an old token for one of its own); the changes since it are
/// the names logged after it. ETags come from the notes' files, which a rebuilt index reads the
/// same. The log keeps the last `logLimit` names; a token older than those is refused, and the
/// client reads the calendar anew (RFC 6578 3.2, `valid-sync-token`).
final class SyncTokens: Sendable {
  /// Names kept in a calendar's log (some MB at most).
  static let logLimit = 100_000

  struct Change: Codable {
    var number: Int
    var name: String
  }

  struct Log: Codable {
    /// Tells this log's tokens from those of a log made before it.
    var id: String
    var number: Int
    var digest: String
    var objects: [String: String]
    var changes: [Change]
    /// Changes up to this number may be missing (the log was trimmed): older tokens are refused.
    var trimmedThrough: Int
  }

  let folder: String
  private let logs = NIOLockedValueBox<[String: Log]>([:])

  init(folder: String) { self.folder = folder }

  /// The token of a calendar's objects now; their changes are logged when they differ from the
  /// last listing.
  func token(for slug: String, manifest: [(name: String, etag: String)]) throws -> String {
    let map = Dictionary(manifest.map { ($0.name, $0.etag) }, uniquingKeysWith: { first, _ in first })
    let digest = String(
      StableHash.fnv1a(map.keys.sorted().map { $0 + " " + (map[$0] ?? "") }.joined(separator: "\n")), radix: 16)
    return logs.withLockedValue { all -> String in
      var log = all[slug] ?? load(slug) ?? Self.newLog()
      if log.digest != digest {
        let changed =
          map.filter { log.objects[$0.key] != $0.value }.map(\.key) + log.objects.keys.filter { map[$0] == nil }
        log.number += 1
        log.changes += changed.sorted().map { Change(number: log.number, name: $0) }
        if log.changes.count > Self.logLimit {
          let dropped = log.changes.count - Self.logLimit
          log.trimmedThrough = max(log.trimmedThrough, log.changes[dropped - 1].number)
          log.changes.removeFirst(dropped)
        }
        log.objects = map
        log.digest = digest
        save(slug, log)
      }
      all[slug] = log
      return Self.token(slug, log)
    }
  }

  static func token(_ slug: String, _ log: Log) -> String {
    "http://vault.invalid/sync/\(slug):\(log.id)-\(log.number)"
  }

  static func newLog() -> Log {
    var generator = SystemRandomNumberGenerator()
    let id = String(generator.next() & 0xFFFF_FFFF, radix: 16)
    return Log(id: id, number: 0, digest: "", objects: [:], changes: [], trimmedThrough: 0)
  }

  /// The objects as a client that was given `token` knows them: the current ones, with every
  /// name changed since marked changed (an ETag no object has). Nil for a token this calendar did
  /// not give, or one older than its log.
  ///
  /// A token of a partial answer (`DAV:limit`, `partialToken`) names where its answer stopped:
  /// the changes since its start, less the names up to the last one it gave that did not change
  /// again after it was given.
  func manifest(for slug: String, token: String) -> [String: String]? {
    logs.withLockedValue { all in
      guard let log = all[slug] ?? load(slug) else { return nil }
      all[slug] = log
      let prefix = "http://vault.invalid/sync/\(slug):\(log.id)-"
      guard token.hasPrefix(prefix) else { return nil }
      let place = token.dropFirst(prefix.count)
      let parts = place.split(separator: "+", maxSplits: 1)
      // `-1`: the start of an answer to a client that had nothing.
      guard let start = Int(parts[0]), start <= log.number, start == -1 || start >= log.trimmedThrough else {
        return nil
      }
      func changed(after number: Int) -> Set<String> {
        Set(log.changes.lazy.filter { $0.number > number }.map(\.name))
      }
      var before: [String: String] = start == -1 ? [:] : log.objects
      if start != -1 { for name in changed(after: start) { before[name] = "\"changed\"" } }
      guard parts.count == 2 else { return before }
      let stop = parts[1].split(separator: "/", maxSplits: 1)
      guard stop.count == 2, let given = Int(stop[0]), given <= log.number, given >= log.trimmedThrough else {
        return nil
      }
      let last = String(stop[1])
      let since = changed(after: given)
      for name in Set(before.keys).union(log.objects.keys) where name <= last && !since.contains(name) {
        before[name] = log.objects[name]
      }
      return before
    }
  }

  /// The token of an answer that gave the changes since `token` (nil: since nothing) up to the
  /// name `last`, in the order of names, when the client asked for at most so many. `listing` is
  /// the token of the listing the answer was made from: a listing logged meanwhile by another
  /// request (a change after that one) is not taken as given.
  func partialToken(for slug: String, after token: String?, upTo last: String, listing: String) -> String? {
    logs.withLockedValue { all in
      guard let log = all[slug] ?? load(slug) else { return nil }
      let prefix = "http://vault.invalid/sync/\(slug):\(log.id)-"
      guard listing.hasPrefix(prefix), let number = Int(listing.dropFirst(prefix.count)) else { return nil }
      var start = "-1"
      if let token {
        guard token.hasPrefix(prefix) else { return nil }
        start = String(token.dropFirst(prefix.count).split(separator: "+").first ?? "")
      }
      return prefix + start + "+\(number)/" + last
    }
  }

  private func file(_ slug: String) -> String { folder + "/" + slug + ".json" }

  private func load(_ slug: String) -> Log? {
    guard let data = FileManager.default.contents(atPath: file(slug)) else { return nil }
    return try? JSONDecoder().decode(Log.self, from: data)
  }

  /// Written whole to a temporary file, then renamed over the old one.
  private func save(_ slug: String, _ log: Log) {
    guard let data = try? JSONEncoder().encode(log) else { return }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let temporary = file(slug) + ".\(getpid()).tmp"
    guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
    else { return }
    if rename(temporary, file(slug)) != 0 { unlink(temporary) }
  }
}
