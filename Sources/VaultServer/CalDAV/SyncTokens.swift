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
  func manifest(for slug: String, token: String) -> [String: String]? {
    logs.withLockedValue { all in
      guard let log = all[slug] ?? load(slug) else { return nil }
      all[slug] = log
      let prefix = "http://vault.invalid/sync/\(slug):\(log.id)-"
      guard token.hasPrefix(prefix), let number = Int(token.dropFirst(prefix.count)), number <= log.number,
        number >= log.trimmedThrough
      else { return nil }
      var before = log.objects
      for change in log.changes where change.number > number { before[change.name] = "\"changed\"" }
      return before
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
