import ArgumentParser
import Foundation
import VaultCore
import VaultCrypto
import VaultKit

/// `vault account`: who may use `vault serve`, each with its own password and the workspaces it
/// sees (docs/GUIDE.md, "Accounts").
struct AccountCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "account",
    abstract: "Who may use vault serve: add, list, remove accounts and give them new passwords.",
    discussion: """
      Without accounts, vault serve is yours alone (loopback, or the access token). With them, it \
      serves every workspace an account may see, and each person logs in with a name and \
      password: in the browser once, and in a calendar app with HTTP Basic. An account sees and \
      changes only its workspaces (vault workspace list), on every page and over CalDAV. \
      Accounts are kept in your own settings ($XDG_CONFIG_HOME/vault/accounts.yml, readable by \
      you only), never in a vault, and the passwords only as slow hashes (PBKDF2-SHA256, 600,000 \
      rounds). A running server follows changes at the next login.
        vault account add kid --workspace family
        vault account add me --workspace all
        vault account password kid
      """,
    subcommands: [AccountList.self, AccountAdd.self, AccountRemove.self, AccountPassword.self],
    defaultSubcommand: AccountList.self)

  /// A password read from standard input (its first line), for scripts; nil when none was given.
  static func readPassword(_ fromInput: Bool) throws -> String? {
    guard fromInput else { return nil }
    let line = readLine(strippingNewline: true) ?? ""
    guard line.count >= 8 else {
      throw ValidationError("a password is at least 8 characters (without --password-stdin one is made for you)")
    }
    return line
  }

  /// The lines that give a password once.
  static func show(password: String, generated: Bool, to terminal: Terminal) {
    guard generated else { return }
    terminal.print("password: \(password)")
    terminal.print(terminal.dim("shown once: vault keeps only its hash"))
  }
}

struct AccountList: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "The accounts and the workspaces each sees.")

  @OptionGroup var options: GlobalOptions

  func run() throws {
    let terminal = options.terminal()
    let (accounts, problems) = Accounts.load(environment: options.environment)
    for problem in problems { terminal.printError("vault: warning: \(problem)") }
    if options.json { return try terminal.json(accounts) }
    guard !accounts.isEmpty else {
      terminal.print("no accounts: vault serve is yours alone")
      // An account sees workspaces: the hint names one that exists, or says to make one.
      if let first = UserSettings.workspaces(environment: options.environment).workspaces.first {
        terminal.print("give someone their own: `vault account add NAME --workspace \(first.name)`")
      } else {
        terminal.print("an account sees workspaces; name one first: `vault workspace add family PATH`")
      }
      return
    }
    let width = accounts.map(\.name.count).max() ?? 0
    for account in accounts {
      terminal.print(
        account.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + account.workspaces.joined(separator: ", "))
    }
  }
}

struct AccountAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add an account that sees the workspaces --workspace names (again for more; all: every one).",
    discussion: "Its password is printed once; vault keeps only a slow hash of it.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "Its name, to log in with: letters, digits, -, _ and .") var name: String
  @Flag(help: "Read the password from standard input instead of making one.") var passwordStdin = false

  /// `--workspace`, read by every command (`GlobalOptions`): here the workspaces the account sees.
  var workspaces: [String] { options.workspace }

  func run() throws {
    let environment = options.environment
    guard Account.isValidName(name) else {
      throw VaultError.cannotChange(
        "account '\(name)'", reason: "a name is letters, digits, -, _ and . (at most 40), such as kid")
    }
    try Accounts.checkWorkspaces(workspaces, environment: environment)
    let given = try AccountCommand.readPassword(passwordStdin)
    let password = given ?? PasswordHash.generate()
    let hash = try PasswordHash.make(password)
    try Accounts.change(environment: environment) { (accounts) throws(VaultError) in
      guard !accounts.contains(where: { $0.name == name }) else {
        throw .cannotChange(
          "account '\(name)'", reason: "it exists already (vault account password \(name) gives it a new password)")
      }
      accounts.append(Account(name: name, workspaces: workspaces, passwordHash: hash))
    }
    let terminal = options.terminal()
    if options.json {
      return try terminal.json(
        AddedAccount(name: name, workspaces: workspaces, password: given == nil ? password : nil))
    }
    terminal.print("added account \(name), who sees \(workspaces.joined(separator: ", "))")
    AccountCommand.show(password: password, generated: given == nil, to: terminal)
    terminal.print("log in to vault serve with the name \(name) and this password")
  }
}

/// `vault account add --json`: the account, and the password when vault made it.
struct AddedAccount: Encodable {
  var name: String
  var workspaces: [String]
  var password: String?
}

struct AccountRemove: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove", abstract: "Remove an account: it can no longer log in.", aliases: ["rm"])

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The account's name.") var name: String

  func run() throws {
    let removed = try Accounts.change(environment: options.environment) { (accounts) throws(VaultError) in
      accounts.remove(at: try Accounts.index(of: name, in: accounts))
    }
    let terminal = options.terminal()
    if options.json { return try terminal.json(removed) }
    terminal.print("removed account \(name): it can no longer log in")
  }
}

struct AccountPassword: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "password", abstract: "Give an account a new password; the old one stops working.")

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The account's name.") var name: String
  @Flag(help: "Read the password from standard input instead of making one.") var passwordStdin = false

  func run() throws {
    let given = try AccountCommand.readPassword(passwordStdin)
    let password = given ?? PasswordHash.generate()
    let hash = try PasswordHash.make(password)
    let workspaces = try Accounts.change(environment: options.environment) { (accounts) throws(VaultError) in
      let index = try Accounts.index(of: name, in: accounts)
      accounts[index].passwordHash = hash
      return accounts[index].workspaces
    }
    let terminal = options.terminal()
    if options.json {
      return try terminal.json(
        AddedAccount(name: name, workspaces: workspaces, password: given == nil ? password : nil))
    }
    terminal.print("new password for \(name)")
    AccountCommand.show(password: password, generated: given == nil, to: terminal)
    terminal.print("the old one no longer logs in")
  }
}
