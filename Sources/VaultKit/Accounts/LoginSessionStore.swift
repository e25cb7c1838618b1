import Foundation

/// The browsers logged in to `vault serve` with an account, kept so that a restart of the server
/// (an upgrade, a reboot) logs nobody out: `$XDG_STATE_HOME/vault/sessions.json`, readable by
/// the user only. A session is kept by a fingerprint of its id (the server's SHA-256), never the
/// id itself, so the file opens no browser's session; with its account and when it ends. Every
/// change is made under a lock beside the file (`WriteLock`), so two servers both keep theirs.
public enum LoginSessionStore {
  public struct Session: Codable, Sendable, Equatable {
    public var account: String
    /// Seconds since 1970.
    public var expires: Double
    /// A fingerprint of the account's password hash at login: a new password ends the session.
    public var password: String

    public init(account: String, expires: Double, password: String) {
      self.account = account
      self.expires = expires
      self.password = password
    }
  }

  public static func path(environment: [String: String]) -> String {
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    return state + "/vault/sessions.json"
  }

  /// The sessions still open at `now`, by fingerprint; none when the file is missing or unreadable.
  public static func load(environment: [String: String], now: Date = Date()) -> [String: Session] {
    guard let data = FileManager.default.contents(atPath: path(environment: environment)),
      let sessions = try? JSONDecoder().decode([String: Session].self, from: data)
    else { return [:] }
    return sessions.filter { $0.value.expires > now.timeIntervalSince1970 }
  }

  /// Reads the file, changes it and writes it again, without the sessions that have ended.
  public static func change(
    environment: [String: String], now: Date = Date(), _ change: (inout [String: Session]) -> Void
  ) throws(VaultError) {
    let file = path(environment: environment)
    try WriteLock.withLock(file: file + ".lock") { () throws(VaultError) in
      var sessions = load(environment: environment, now: now)
      change(&sessions)
      try save(sessions, to: file)
    }
  }

  /// Readable by the user only (`PrivateFile`).
  static func save(_ sessions: [String: Session], to file: String) throws(VaultError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data: Data
    do {
      data = try encoder.encode(sessions)
    } catch {
      throw .cannotWrite(file, reason: VaultError.systemReason(error))
    }
    try PrivateFile.write(data, to: file)
  }
}
