import Foundation
import VaultCore
import VaultMarkdown

/// Which folder is the vault, and why (docs/FORMAT.md, "Which vault"): `--vault`, else
/// `$VAULT_DIR`, else the nearest folder from the current one upwards holding `.obsidian/` or
/// `.vault/`, else the default vault of the user's settings (`vault config set vault PATH`),
/// else the current folder — which is then no vault: commands that write refuse there.
public struct VaultLocation: Sendable, Equatable {
  public enum Source: Sendable, Equatable {
    case option
    case environment
    /// Found from the current folder upwards, by this marker folder.
    case found(marker: String)
    /// The default vault in the user's settings file at this path.
    case userDefault(settings: String)
    /// None of the above: the current folder, which is not a vault.
    case currentFolder
  }

  public var path: String
  public var source: Source

  /// Whether a vault was chosen or found (not merely the current folder).
  public var isVault: Bool { source != .currentFolder }

  /// Where the choice came from, for `vault config` and messages.
  public var reason: String {
    switch source {
    case .option: return "--vault"
    case .environment: return "$VAULT_DIR"
    case .found(let marker): return "the nearest folder holding \(marker)/"
    case .userDefault(let settings): return "vault: in \(settings)"
    case .currentFolder: return "the current folder (no .obsidian/ or .vault/ here or above)"
    }
  }

  /// How to choose a vault, for messages outside one.
  public static let howToChoose =
    "choose one with --vault PATH or $VAULT_DIR, set a default once with `vault config set vault PATH`, "
    + "or make this folder one with `vault init`"
}

extension Vault {
  /// The vault folder to use (`VaultLocation`).
  public static func locate(
    explicit: String?, environment: [String: String], currentDirectory: String? = nil
  ) -> VaultLocation {
    if let explicit, !explicit.isEmpty { return VaultLocation(path: explicit, source: .option) }
    if let fromEnvironment = environment["VAULT_DIR"], !fromEnvironment.isEmpty {
      return VaultLocation(path: fromEnvironment, source: .environment)
    }
    let start = currentDirectory ?? FileSystem.currentDirectory()
    var folder = start
    while true {
      for marker in [".obsidian", ".vault"] {
        if FileSystem.status(folder + "/" + marker, followLinks: true)?.isDirectory == true {
          return VaultLocation(path: folder == start ? "." : folder, source: .found(marker: marker))
        }
      }
      guard let slash = folder.lastIndex(of: "/"), folder != "/" else { break }
      folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
    }
    if let path = UserSettings.defaultVault(environment: environment) {
      return VaultLocation(path: path, source: .userDefault(settings: UserSettings.path(environment: environment)))
    }
    return VaultLocation(path: ".", source: .currentFolder)
  }
}

/// The user's own settings, outside every vault: `$XDG_CONFIG_HOME/vault/config.yml`
/// (`~/.config/vault/config.yml` without XDG). It holds the default vault: `vault: ~/Notes`.
public enum UserSettings {
  public static func path(environment: [String: String]) -> String {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/vault/config.yml" }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return home + "/.config/vault/config.yml"
  }

  /// The default vault, `~` expanded; nil when unset.
  public static func defaultVault(environment: [String: String]) -> String? {
    guard case .success(let bytes) = FileSystem.readFile(path(environment: environment)) else { return nil }
    var reader = YAMLReader(path: "config.yml", firstLine: 1)
    let properties = reader.properties(of: String(decoding: bytes, as: UTF8.self))
    guard let value = properties.first(where: { $0.key == "vault" })?.value.text.trimmingSpaces(), !value.isEmpty
    else { return nil }
    return expandingHome(value, environment: environment)
  }

  /// Sets (or, with nil, removes) the default vault: the file is written anew, atomically, with
  /// the workspaces it lists.
  public static func setDefaultVault(_ vault: String?, environment: [String: String]) throws(VaultError) {
    try save(defaultVault: vault, workspaces: workspaces(environment: environment).workspaces, environment: environment)
  }

  static func expandingHome(_ path: String, environment: [String: String]) -> String {
    guard path == "~" || path.hasPrefix("~/") else { return path }
    return (environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
  }
}

extension Vault {
  /// How many files a folder must hold, with no `.obsidian/` or `.vault/`, before vault asks
  /// whether it really is a vault (a home folder or a source tree chosen by mistake).
  public static let unmarkedFileLimit = 20_000

  /// Whether indexing this folder deserves a question first: it has neither `.obsidian/` nor
  /// `.vault/`, no index yet, and more than `unmarkedFileLimit` files (counted only that far,
  /// hidden folders left out as the index leaves them out).
  public func looksMistaken(index explicit: String?, environment: [String: String]) -> Bool {
    for marker in [".obsidian", ".vault"] where FileSystem.status(root + "/" + marker, followLinks: true) != nil {
      return false
    }
    if FileSystem.status(indexPath(explicit: explicit, environment: environment), followLinks: true) != nil {
      return false
    }
    guard let walker = FileManager.default.enumerator(atPath: root) else { return false }
    var count = 0
    while let relative = walker.nextObject() as? String {
      if relative.split(separator: "/").last?.hasPrefix(".") == true {
        walker.skipDescendants()
        continue
      }
      count += 1
      if count > Self.unmarkedFileLimit { return true }
    }
    return false
  }
}
