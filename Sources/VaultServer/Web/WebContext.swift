import Hummingbird

/// A request of the web view: Hummingbird's context, and the form of a POST once the gate has
/// read it (size-limited, its CSRF token checked).
struct WebContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  /// The fields of a POSTed form, by name (the last of a repeated name).
  var form: [String: String] = [:]

  /// The address the request came from (its IP), which a CalDAV client is told apart by.
  var remoteAddress: String?

  init(source: Source) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress?.ipAddress
  }

  /// The gate reads bodies itself, with its own limit and a page that says what happened.
  var maxUploadSize: Int { WebGate.bodyLimit }
}

/// `application/x-www-form-urlencoded`, as browsers send forms and `URLSearchParams`.
enum FormFields {
  static func parse(_ text: String) -> [String: String] {
    var fields: [String: String] = [:]
    for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = decode(parts[0]) else { continue }
      fields[name] = parts.count > 1 ? decode(parts[1]) ?? "" : ""
    }
    return fields
  }

  private static func decode(_ text: Substring) -> String? {
    text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
  }
}
