import Foundation
import VaultCore
import VaultCrypto
import VaultKit

/// The accounts as the server checks them: the file read again whenever it changed (an account
/// added, removed or given a new password takes effect at its next request), and the
/// credentials that passed the slow check remembered in memory by a SHA-256 fingerprint, so a
/// calendar app that sends its password with every request costs one slow check, not one a
/// request. A remembered pair is forgotten when the file changes.
final class AccountBook: Sendable {
  private struct Held: Sendable {
    var stamp: [Int64]
    var accounts: [Account]
    /// Fingerprint of name and password → the account's name.
    var verified: [String: String]
    /// Fingerprints that failed: a calendar app that keeps sending an old password costs one
    /// slow check, not one a request (at most `failedLimit` kept).
    var failed: Set<String> = []
  }

  static let failedLimit = 1_000

  let environment: [String: String]
  private let held: Locked<Held>

  init(environment: [String: String]) {
    self.environment = environment
    held = Locked(
      Held(
        stamp: Accounts.stamp(environment: environment), accounts: Accounts.load(environment: environment).accounts,
        verified: [:]))
  }

  /// The accounts now.
  var accounts: [Account] {
    let stamp = Accounts.stamp(environment: environment)
    if stamp == held.value.stamp { return held.value.accounts }
    let accounts = Accounts.load(environment: environment).accounts
    held.set(Held(stamp: stamp, accounts: accounts, verified: [:]))
    return accounts
  }

  func account(named name: String) -> Account? { accounts.first { $0.name == name } }

  /// The account these credentials open, or nil.
  func check(name: String, password: String) -> Account? {
    let account = accounts.first { $0.name == name }
    // An unknown name is checked against a decoy, as slowly as a wrong password, so the
    // answer's time does not tell which names exist.
    let stored = account?.passwordHash ?? Self.decoy
    // Without libcrypto nothing can be checked (vault-serve refuses to start so).
    guard let fingerprint = try? PasswordHash.fingerprint(name + "\u{0}" + password + "\u{0}" + stored) else {
      return nil
    }
    let remembered = held.value
    if let account, remembered.verified[fingerprint] == name { return account }
    if remembered.failed.contains(fingerprint) { return nil }
    guard let account, PasswordHash.verify(password, against: stored) else {
      if account == nil { _ = PasswordHash.verify(password, against: stored) }
      held.mutate { held in
        if held.failed.count >= Self.failedLimit { held.failed.removeAll() }
        held.failed.insert(fingerprint)
      }
      return nil
    }
    held.mutate { $0.verified[fingerprint] = name }
    return account
  }

  /// A hash no password opens, checked for unknown names.
  private static let decoy =
    "pbkdf2-sha256$\(PasswordHash.rounds)$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
}

/// Who is logged in in which browser: a random session id in an HttpOnly cookie, for 30 days.
/// Kept in memory and in the user's state folder (`LoginSessionStore`, by a fingerprint of the
/// id), so a restart of the server logs nobody out.
final class LoginSessions: Sendable {
  static let cookie = "vault_session"
  static let lifetime: TimeInterval = 30 * 24 * 3600
  let environment: [String: String]
  /// Fingerprint of a session id → its session.
  private let sessions: Locked<[String: LoginSessionStore.Session]>

  init(environment: [String: String]) {
    self.environment = environment
    sessions = Locked(LoginSessionStore.load(environment: environment))
  }

  /// What the file keeps of a session id.
  static func key(_ id: String) -> String? { try? PasswordHash.fingerprint("vault-session\u{0}" + id) }

  /// A new session for the account; its id.
  func open(for account: Account) -> String {
    var generator = SystemRandomNumberGenerator()
    let id = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    guard let key = Self.key(id), let password = Self.key(account.passwordHash) else { return id }
    let session = LoginSessionStore.Session(
      account: account.name, expires: Date().addingTimeInterval(Self.lifetime).timeIntervalSince1970,
      password: password)
    let now = Date().timeIntervalSince1970
    sessions.mutate { sessions in
      sessions = sessions.filter { $0.value.expires > now }
      sessions[key] = session
    }
    // Not kept (a state folder that cannot be written): it lasts until the server stops.
    try? LoginSessionStore.change(environment: environment) { $0[key] = session }
    return id
  }

  /// The account of a session id, while it lasts and the account's password is the one it
  /// logged in with.
  func account(for id: String, in book: AccountBook) -> Account? {
    guard let key = Self.key(id), let session = sessions.value[key],
      session.expires > Date().timeIntervalSince1970, let account = book.account(named: session.account),
      Self.key(account.passwordHash) == session.password
    else { return nil }
    return account
  }

  func close(_ id: String) {
    guard let key = Self.key(id) else { return }
    sessions.mutate { $0[key] = nil }
    try? LoginSessionStore.change(environment: environment) { $0[key] = nil }
  }
}

/// Who is looking, for the layout: the account, the workspace shown, and every workspace the
/// account may switch to.
struct Viewer: Sendable {
  var account: String
  var workspace: Workspace
  var workspaces: [Workspace]
  /// A calendar app seeing every workspace's calendars in one home (`AccountGate.calendarHome`).
  var allWorkspaces = false
  /// The other workspaces it sees, whose events a page's calendar shows too.
  var overlays: [WorkspaceOverlay] = []

  @TaskLocal static var current: Viewer?

  /// A workspace's colour as CSS: a name or `#rrggbb` as `vault workspace add` checked it;
  /// anything else becomes the accent colour.
  static func css(_ color: String) -> String {
    color.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") } && !color.isEmpty
      ? color : "var(--accent)"
  }
}
