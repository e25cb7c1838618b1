/// A problem found in the content of a vault, reported as `path:line:column: severity: message`.
///
/// Lines and columns are 1-based; columns count Unicode scalars, as editors and compilers do
/// for display. Content problems are collected, never thrown: one bad note never stops the rest.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
  public enum Severity: String, Sendable, Codable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
      lhs == .warning && rhs == .error
    }
  }

  /// Vault-relative path with `/` separators.
  public var path: String
  public var line: Int
  public var column: Int
  public var severity: Severity
  public var message: String

  public init(path: String, line: Int, column: Int, severity: Severity, message: String) {
    self.path = path
    self.line = max(1, line)
    self.column = max(1, column)
    self.severity = severity
    self.message = message
  }

  public static func error(
    _ message: String, at location: SourceLocation, in path: String
  )
    -> Diagnostic
  {
    Diagnostic(
      path: path, line: location.line, column: location.column, severity: .error,
      message: message)
  }

  public static func warning(
    _ message: String, at location: SourceLocation, in path: String
  )
    -> Diagnostic
  {
    Diagnostic(
      path: path, line: location.line, column: location.column, severity: .warning,
      message: message)
  }

  /// The whole diagnostic: `path:line:column: severity: message`, the path vault-relative.
  public var formatted: String {
    "\(path):\(line):\(column): \(severity.rawValue): \(message)"
  }

  public var description: String { formatted }
}

/// A 1-based line and column (in Unicode scalars) in a file.
public struct SourceLocation: Hashable, Sendable, Codable {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public static let start = SourceLocation(line: 1, column: 1)
}
