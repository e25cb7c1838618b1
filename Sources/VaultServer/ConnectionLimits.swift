import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// How many connections `vault serve` holds, and for how long (docs/GUIDE.md, "vault serve"):
/// a connection idle between requests, or one whose request headers or body stop coming, is
/// closed after `idleSeconds`; one client address holds at most `perClient` connections at once
/// and the server `total`, so that no one can take every file descriptor it has. A page's live
/// updates stream is a request being answered, never idle.
struct ConnectionLimits: Sendable {
  var idleSeconds: Int
  var perClient: Int
  var total: Int

  /// The numbers `vault serve` runs with; `$VAULT_SERVE_IDLE_SECONDS` shortens the idle time for
  /// tests.
  static func standard(environment: [String: String]) -> ConnectionLimits {
    let idle = environment["VAULT_SERVE_IDLE_SECONDS"].flatMap(Int.init).map { max(1, $0) } ?? 30
    return ConnectionLimits(idleSeconds: idle, perClient: 64, total: 512)
  }
}

/// Counts the open connections of each client address and closes a new one past the limit.
final class ConnectionsPerClient: Sendable {
  let limit: Int
  private let open = NIOLockedValueBox<[String: Int]>([:])

  init(limit: Int) { self.limit = limit }

  /// A handler for one connection's pipeline.
  func handler() -> Handler { Handler(counter: self) }

  /// Whether a new connection from `address` may stay (counted when it may).
  fileprivate func admit(_ address: String) -> Bool {
    open.withLockedValue { counts in
      let count = counts[address, default: 0]
      guard count < limit else { return false }
      counts[address] = count + 1
      return true
    }
  }

  fileprivate func release(_ address: String) {
    open.withLockedValue { counts in
      let count = counts[address, default: 1] - 1
      counts[address] = count > 0 ? count : nil
    }
  }

  /// How many connections each address holds now.
  var counts: [String: Int] { open.withLockedValue { $0 } }

  final class Handler: ChannelInboundHandler, RemovableChannelHandler, @unchecked Sendable {
    typealias InboundIn = NIOAny
    let counter: ConnectionsPerClient
    private var address: String?

    init(counter: ConnectionsPerClient) { self.counter = counter }

    func handlerAdded(context: ChannelHandlerContext) {
      if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
      admit(context)
      context.fireChannelActive()
    }

    private func admit(_ context: ChannelHandlerContext) {
      guard address == nil else { return }
      let client = context.channel.remoteAddress?.ipAddress ?? "unknown"
      if counter.admit(client) {
        address = client
      } else {
        context.close(promise: nil)
      }
    }

    func channelInactive(context: ChannelHandlerContext) {
      if let address { counter.release(address) }
      address = nil
      context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
      if let address { counter.release(address) }
      address = nil
    }
  }
}
