import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import VaultKit

/// `/live`: Server-Sent Events to every open page. When the watcher applies a change to the
/// index, each page hears `event: change` and fetches itself again (Web/Assets' script), so a
/// note edited in Obsidian shows on the page within a second, with no reload and no polling of
/// the vault. A comment every 25 s keeps idle connections open through proxies.
final class LiveUpdates: Sendable {
  enum Message: Sendable {
    case change(Int)
    case heartbeat
  }

  private let clients = NIOLockedValueBox<[UUID: AsyncStream<Message>.Continuation]>([:])
  private let changes = NIOLockedValueBox(0)

  /// How many pages listen now.
  var listeners: Int { clients.withLockedValue { $0.count } }

  /// Tells every open page that the vault changed.
  func changed() {
    let count = changes.withLockedValue { value -> Int in
      value += 1
      return value
    }
    for client in clients.withLockedValue({ Array($0.values) }) { client.yield(.change(count)) }
  }

  func heartbeat() {
    for client in clients.withLockedValue({ Array($0.values) }) { client.yield(.heartbeat) }
  }

  func response() -> Response { Self.response(hearing: [self]) }

  /// One page's stream of the changes of several vaults: with accounts, a page shows the events
  /// of every workspace its account sees (`WorkspaceOverlay`), and a change in any of them
  /// reaches it.
  static func response(hearing sources: [LiveUpdates]) -> Response {
    let (stream, continuation) = AsyncStream<Message>.makeStream(bufferingPolicy: .bufferingNewest(4))
    let id = UUID()
    for source in sources { source.clients.withLockedValue { $0[id] = continuation } }
    let leave: @Sendable () -> Void = {
      for source in sources { source.clients.withLockedValue { $0[id] = nil } }
    }
    continuation.onTermination = { _ in leave() }
    return Response(
      status: .ok,
      headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
      body: ResponseBody { writer in
        defer { leave() }
        try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
        for await message in stream {
          switch message {
          case .change(let count): try await writer.write(ByteBuffer(string: "event: change\ndata: \(count)\n\n"))
          case .heartbeat: try await writer.write(ByteBuffer(string: ": still here\n\n"))
          }
        }
        try await writer.finish(nil)
      })
  }

  /// Ends every stream (the server stops).
  func finish() {
    for client in clients.withLockedValue({ Array($0.values) }) { client.finish() }
  }
}
