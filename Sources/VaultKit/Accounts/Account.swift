import Foundation
import VaultCore
import VaultMarkdown

/// A person who may use `vault serve` (`vault account add kid --workspace family`): a name, the
/// workspaces it sees and changes (`all`: every one), and its password, kept only hashed
/// (`PasswordHash`). Accounts are the user's own settings, never in a vault (a vault travels
/// under git to everyone who shares it): `$XDG_CONFIG_HOME/vault/accounts.yml`, readable by the
/// user only.
///
/// ```yaml
/// accounts:
///   kid: {workspaces: [family], password: "pbkdf2-sha256$600000$…$…"}
/// ```
public struct Account: Sendable, Equatable, Encodable {
  public var name: String
  public var workspaces: [String]
  /// `pbkdf2-sha256$ROUNDS$SALT$KEY`; never shown (`--json` leaves it out).
  public var passwordHash: String

  public init(name: String, workspaces: [String], passwordHash: String) {
    self.name = name
    self.workspaces = workspaces
    self.passwordHash = passwordHash
  }

  enum CodingKeys: String, CodingKey { case name, workspaces }

  /// Whether it sees the workspace of that name.
  public func sees(_ workspace: String) -> Bool { workspaces.contains("all") || workspaces.contains(workspace) }

  /// A name for the login form and HTTP Basic: letters, digits, `-`, `_` and `.`, at most 40.
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 40
      && name.unicodeScalars.allSatisfy {
        CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == "."
      }
  }
}

/// The accounts file: read, written atomically with the user's permissions only, and checked.
public enum Accounts {
  public static func path(environment: [String: String]) -> String {
    ((UserSettings.path(environment: environment) as NSString).deletingLastPathComponent as NSString)
      .appendingPathComponent("accounts.yml")
  }

  /// The accounts, in the file's order; problems (an entry without a password…) as messages,
  /// and such an entry left out: it lets nobody in.
  public static func load(environment: [String: String]) -> (accounts: [Account], problems: [String]) {
    let file = path(environment: environment)
    guard case .success(let bytes) = FileSystem.readFile(file) else { return ([], []) }
    var reader = YAMLReader(path: file, firstLine: 1)
    let properties = reader.properties(of: String(decoding: bytes, as: UTF8.self))
    var problems = reader.diagnostics.map(\.description)
    guard let list = properties.first(where: { $0.key == "accounts" }) else { return ([], problems) }
    guard case .object(let entries) = list.value else {
      return ([], problems + ["\(file): 'accounts' should map names to {workspaces, password}"])
    }
    var accounts: [Account] = []
    for entry in entries {
      guard case .object(let fields) = entry.value,
        let hash = fields.first(where: { $0.key == "password" })?.value.text, !hash.isEmpty
      else {
        problems.append("\(file): account '\(entry.key)' has no password (vault account password \(entry.key))")
        continue
      }
      let workspaces = fields.first { $0.key == "workspaces" }?.value.elements.map(\.text).filter { !$0.isEmpty } ?? []
      accounts.append(Account(name: entry.key, workspaces: workspaces, passwordHash: hash))
    }
    return (accounts, problems)
  }

  /// When the file last changed, to read it again only then (the server checks before a login).
  public static func stamp(environment: [String: String]) -> [Int64] {
    guard let status = FileSystem.status(path(environment: environment), followLinks: true) else { return [] }
    return [status.modified, Int64(status.size), status.changed]
  }

  /// Changes the accounts: the file read, `change` applied, and written back, while holding a
  /// lock beside it (`WriteLock`), so two `vault account` commands at once both land.
  public static func change<Value>(
    environment: [String: String], _ change: (inout [Account]) throws(VaultError) -> Value
  ) throws(VaultError) -> Value {
    try WriteLock.withLock(file: path(environment: environment) + ".lock") { () throws(VaultError) -> Value in
      var accounts = load(environment: environment).accounts
      let value = try change(&accounts)
      try save(accounts, environment: environment)
      return value
    }
  }

  /// The account of that name, or the error that says there is none.
  public static func index(of name: String, in accounts: [Account]) throws(VaultError) -> Int {
    guard let index = accounts.firstIndex(where: { $0.name == name }) else {
      throw .cannotChange("account '\(name)'", reason: "there is none (vault account list shows them)")
    }
    return index
  }

  /// Writes the file anew, readable by the user only (`PrivateFile`).
  static func save(_ accounts: [Account], environment: [String: String]) throws(VaultError) {
    let file = path(environment: environment)
    var text = "# Who may use vault serve (vault account --help). Passwords are kept hashed only.\n"
    text += accounts.isEmpty ? "accounts: {}\n" : "accounts:\n"
    for account in accounts {
      text += "  \(PropertyWriter.scalar(account.name)):\n"
      text += "    workspaces: [\(account.workspaces.map { PropertyWriter.scalar($0) }.joined(separator: ", "))]\n"
      text += "    password: \(PropertyWriter.scalar(account.passwordHash))\n"
    }
    try PrivateFile.write(Data(text.utf8), to: file)
  }

  /// Checks an account's workspaces against those listed (`vault workspace list`), or `all`.
  public static func checkWorkspaces(_ names: [String], environment: [String: String]) throws(VaultError) {
    guard !names.isEmpty else {
      throw .cannotChange("the account", reason: "name the workspaces it may use: --workspace family (or all)")
    }
    let listed = UserSettings.workspaces(environment: environment).workspaces.map(\.name)
    for name in names where name != "all" && !listed.contains(name) {
      throw .noWorkspace(name, known: listed)
    }
  }

  /// The workspaces `vault serve` serves to these accounts: every listed one some account sees,
  /// in the list's order.
  public static func served(by accounts: [Account], environment: [String: String]) -> [Workspace] {
    UserSettings.workspaces(environment: environment).workspaces.filter { workspace in
      accounts.contains { $0.sees(workspace.name) }
    }
  }
}
