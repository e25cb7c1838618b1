import Foundation
import NIOConcurrencyHelpers
import VaultCore

/// Sync tokens (RFC 6578) that survive a restart and a rebuilt index: a token stands for the
/// calendar's objects and their ETags when it was given (a manifest), and the last 20 manifests
/// of each calendar are kept beside the serve token (`$XDG_STATE_HOME/vault/<vault>/caldav/`).
/// ETags come from the notes' files, which a rebuilt index reads the same, so the same notes
/// give the same token. A token older than those is refused, and the client reads the
/// calendar anew (RFC 6578 3.2, `valid-sync-token`).
final class SyncTokens: Sendable {
  static let kept = 20

  struct Snapshot: Codable {
    var token: String
    var digest: String
    var manifest: [String: String]
  }

  let folder: String
  private let snapshots = NIOLockedValueBox<[String: [Snapshot]]>([:])

  init(folder: String) { self.folder = folder }

  /// The token of a calendar's objects now (a new one when they changed since the last).
  func token(for slug: String, manifest: [(name: String, etag: String)]) throws -> String {
    let map = Dictionary(manifest.map { ($0.name, $0.etag) }, uniquingKeysWith: { first, _ in first })
    let digest = String(
      StableHash.fnv1a(map.keys.sorted().map { $0 + " " + (map[$0] ?? "") }.joined(separator: "\n")), radix: 16)
    return snapshots.withLockedValue { all -> String in
      var list = all[slug] ?? load(slug)
      if let last = list.last, last.digest == digest {
        all[slug] = list
        return last.token
      }
      let number =
        (list.last.flatMap { Int($0.token.split(separator: ":").last?.split(separator: "-").first ?? "") } ?? 0) + 1
      let token = "http://vault.invalid/sync/\(slug):\(number)-\(digest)"
      list.append(Snapshot(token: token, digest: digest, manifest: map))
      if list.count > Self.kept { list.removeFirst(list.count - Self.kept) }
      all[slug] = list
      save(slug, list)
      return token
    }
  }

  /// The manifest a token stood for; nil when it is not one of the kept ones.
  func manifest(for slug: String, token: String) -> [String: String]? {
    snapshots.withLockedValue { all in
      let list = all[slug] ?? load(slug)
      all[slug] = list
      return list.last { $0.token == token }?.manifest
    }
  }

  private func file(_ slug: String) -> String { folder + "/" + slug + ".json" }

  private func load(_ slug: String) -> [Snapshot] {
    guard let data = FileManager.default.contents(atPath: file(slug)),
      let list = try? JSONDecoder().decode([Snapshot].self, from: data)
    else { return [] }
    return list
  }

  /// Written whole to a temporary file, then renamed over the old one.
  private func save(_ slug: String, _ list: [Snapshot]) {
    guard let data = try? JSONEncoder().encode(list) else { return }
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let temporary = file(slug) + ".\(getpid()).tmp"
    guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
    else { return }
    if rename(temporary, file(slug)) != 0 { unlink(temporary) }
  }
}
