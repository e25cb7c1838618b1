import Foundation
import HTTPTypes
import Hummingbird

/// What the server answers while it reads the vault for the first time (`IndexSession.Opening`):
/// 503 with `Retry-After`, which calendar apps and feed readers honour by asking again, and, for
/// a browser, a page that says how far it is and reloads itself (`Refresh`).
extension IndexSession.Opening {
  /// Why a request is not answered yet; nil once the index is ready.
  var notYet: String? {
    switch self {
    case .ready: return nil
    case .waiting: return "vault is opening its index; it answers in a moment."
    case .reading(let done, let total):
      return "vault is reading the vault for the first time: \(Self.count(done)) of \(Self.count(total)) notes. "
        + "It answers once it has read them all, in a moment."
    case .folderGone(let problem):
      return "vault cannot read the vault: \(problem). It answers again once the folder is back; "
        + "to serve it where it is now, start vault serve again with --vault."
    }
  }

  /// 20000 as "20,000", whatever the server's locale.
  static func count(_ number: Int) -> String {
    number.formatted(.number.locale(Locale(identifier: "en_US")).grouping(.automatic))
  }

  /// The seconds a client is asked to wait before asking again.
  static let retrySeconds = 2

  /// The headers of a "not yet" answer.
  static var retryHeaders: HTTPFields {
    var headers: HTTPFields = [.retryAfter: String(retrySeconds)]
    if let refresh = HTTPField.Name("Refresh") { headers[refresh] = String(retrySeconds) }
    return headers
  }
}
