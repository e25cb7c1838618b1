import VaultCore
import VaultIndex
import VaultKit

/// The calendar feeds between requests: built again only when the index was written to since,
/// so a warm request costs the index's no-change check.
actor FeedCache {
  struct Feed: Sendable {
    var body: String
    var etag: String
    var modified: Int
  }

  let session: IndexSession
  private var feeds: [Bool: Feed] = [:]
  /// The index's write token when `feeds` were built.
  private var builtFrom: String?

  init(session: IndexSession) {
    self.session = session
  }

  func feed(tasks: Bool) async throws -> Feed {
    let vault = session.vault
    let cached = feeds[tasks]
    let builtFrom = builtFrom
    let (feed, token) = try await session.read { store, token -> (Feed, String?) in
      if token == builtFrom, let cached { return (cached, token) }
      // DTSTAMP and Last-Modified: the newest change among the notes, so the same vault gives
      // the same bytes (and ETag) across restarts.
      let modified = (try? store.eventNoteFacts().values.map(\.modified).max()) ?? 0
      var options = CalendarExportOptions()
      if tasks { options.tasks = .todos }
      let body = try vault.calendarExport(in: store, options: options, now: modified)
      let feed = Feed(
        body: body, etag: "\"" + String(StableHash.fnv1a(body), radix: 16) + "\"", modified: modified)
      return (feed, token)
    }
    if token != self.builtFrom {
      feeds = [:]
      self.builtFrom = token
    }
    feeds[tasks] = feed
    return feed
  }
}
