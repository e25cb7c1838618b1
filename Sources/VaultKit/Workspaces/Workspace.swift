import Foundation
import VaultCore
import VaultMarkdown

/// A vault used with the others as one planner (`vault workspace add family ~/Family`): a name, a
/// folder, a colour its items are marked with, and the git URL it was cloned from. The list is a
/// user setting, beside the default vault in `$XDG_CONFIG_HOME/vault/config.yml`:
///
/// ```yaml
/// workspaces:
///   family: {path: ~/Family, color: green, url: "git@example.org:family/planner.git"}
/// ```
public struct Workspace: Sendable, Equatable, Encodable {
  public var name: String
  /// The folder, `~` expanded.
  public var path: String
  /// `#rrggbb` or a CSS colour name.
  public var color: String
  public var url: String?

  public init(name: String, path: String, color: String, url: String? = nil) {
    self.name = name
    self.path = path
    self.color = color
    self.url = url
  }

  /// Colours given in turn to workspaces added without one.
  public static let palette = ["teal", "orange", "purple", "olive", "navy", "maroon"]

  /// A name that can follow `--workspace`: letters, digits, `-`, `_`, and not `all`.
  public static func isValidName(_ name: String) -> Bool {
    !name.isEmpty && name != "all" && name.count <= 40
      && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
  }

  /// Whether `text` names a git repository to clone rather than a folder.
  public static func isGitURL(_ text: String) -> Bool {
    if text.contains("://") { return true }
    // scp-like `user@host:path`, as git reads it: a colon before any slash.
    if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"), text.first != "/", text.first != "." {
      return true
    }
    return false
  }
}

extension UserSettings {
  /// The workspaces listed in the user's settings, in order; problems as diagnostics.
  public static func workspaces(environment: [String: String]) -> (workspaces: [Workspace], problems: [String]) {
    let file = path(environment: environment)
    guard case .success(let bytes) = FileSystem.readFile(file) else { return ([], []) }
    var reader = YAMLReader(path: file, firstLine: 1)
    let properties = reader.properties(of: String(decoding: bytes, as: UTF8.self))
    guard let list = properties.first(where: { $0.key == "workspaces" }) else { return ([], []) }
    guard case .object(let entries) = list.value else {
      return ([], ["\(file): 'workspaces' should map names to {path, color}"])
    }
    var workspaces: [Workspace] = []
    var problems: [String] = []
    for entry in entries {
      guard case .object(let fields) = entry.value,
        let folder = fields.first(where: { $0.key == "path" })?.value.text.trimmingSpaces(), !folder.isEmpty
      else {
        problems.append("\(file): workspace '\(entry.key)' has no path")
        continue
      }
      let color = fields.first { $0.key == "color" }?.value.text.trimmingSpaces() ?? ""
      let url = fields.first { $0.key == "url" }?.value.text.trimmingSpaces()
      workspaces.append(
        Workspace(
          name: entry.key, path: expandingHome(folder, environment: environment),
          color: color.isEmpty ? Workspace.palette[workspaces.count % Workspace.palette.count] : color,
          url: url?.isEmpty == false ? url : nil))
    }
    return (workspaces, problems)
  }

  /// Writes the settings file anew, atomically, with the default vault and `workspaces`.
  public static func save(
    defaultVault: String?, workspaces: [Workspace], environment: [String: String]
  )
    throws(VaultError)
  {
    let file = path(environment: environment)
    let folder = (file as NSString).deletingLastPathComponent
    var text = "# vault's own settings (docs/FORMAT.md, \"Which vault\").\n"
    if let defaultVault { text += "vault: \(PropertyWriter.scalar(defaultVault))\n" }
    if !workspaces.isEmpty {
      text += "workspaces:\n"
      for workspace in workspaces {
        text += "  \(PropertyWriter.scalar(workspace.name)):\n"
        text += "    path: \(PropertyWriter.scalar(workspace.path))\n"
        text += "    color: \(PropertyWriter.scalar(workspace.color))\n"
        if let url = workspace.url { text += "    url: \(PropertyWriter.scalar(url))\n" }
      }
    }
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
    } catch {
      throw .cannotWrite(file, reason: VaultError.systemReason(error))
    }
  }

  /// The default vault as written in the file (`~` kept), for writing it back unchanged.
  static func writtenDefaultVault(environment: [String: String]) -> String? {
    guard case .success(let bytes) = FileSystem.readFile(path(environment: environment)) else { return nil }
    var reader = YAMLReader(path: "config.yml", firstLine: 1)
    let properties = reader.properties(of: String(decoding: bytes, as: UTF8.self))
    let value = properties.first { $0.key == "vault" }?.value.text.trimmingSpaces()
    return value?.isEmpty == false ? value : nil
  }

  /// Adds a workspace (a folder, or a git URL cloned into `into`, default `./NAME`), after checking
  /// it; returns it as stored.
  /// Whether `folder` is a bare git repository: git's own files (HEAD, objects/, refs/) and no
  /// work tree.
  static func isBareRepository(_ folder: String) -> Bool {
    let manager = FileManager.default
    return manager.fileExists(atPath: folder + "/HEAD") && manager.fileExists(atPath: folder + "/objects")
      && manager.fileExists(atPath: folder + "/refs") && !manager.fileExists(atPath: folder + "/.git")
  }

  public static func addWorkspace(
    name: String, source: String, color: String?, into: String?, environment: [String: String]
  ) throws(VaultError) -> Workspace {
    guard Workspace.isValidName(name) else {
      throw .cannotChange(
        "workspace '\(name)'", reason: "a name is letters, digits, - and _ (and not 'all'), such as family")
    }
    if let color, TerminalColor.parse(color) == nil {
      throw .cannotChange("workspace '\(name)'", reason: "'\(color)' is no colour: use a name (green) or #rrggbb")
    }
    var (list, _) = workspaces(environment: environment)
    guard !list.contains(where: { $0.name == name }) else {
      throw .cannotChange("workspace '\(name)'", reason: "it exists already (vault workspace remove \(name) first)")
    }
    var folder: String
    var url: String?
    // A bare git repository (a family's shared remote on a disk or a server's folder) holds no
    // notes: it is cloned, as a URL is.
    let local = expandingHome(source, environment: environment)
    let bare = !Workspace.isGitURL(source) && Self.isBareRepository(local)
    if Workspace.isGitURL(source) || bare {
      let source = bare ? (FileSystem.realPath(local) ?? local) : source
      folder = into ?? FileManager.default.currentDirectoryPath + "/" + name
      guard !FileManager.default.fileExists(atPath: folder) else {
        throw .cannotChange("workspace '\(name)'", reason: "\(folder) exists already: give another with --into")
      }
      let parent = (folder as NSString).deletingLastPathComponent
      let clone = GitCommand(folder: parent).run(["clone", "-q", "--", source, folder])
      guard clone.succeeded else { throw .cannotSync("git could not clone \(source): " + clone.reason) }
      url = source
    } else {
      folder = local
    }
    folder = FileSystem.realPath(folder) ?? folder
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
      throw .vaultNotFound(folder)
    }
    let workspace = Workspace(
      name: name, path: folder, color: color ?? Workspace.palette[list.count % Workspace.palette.count], url: url)
    list.append(workspace)
    try save(defaultVault: writtenDefaultVault(environment: environment), workspaces: list, environment: environment)
    return workspace
  }

  /// The workspaces `--workspace` names (again for more; `all`: every one listed and the vault
  /// found as usual, under its folder's name, when no workspace is it), each once.
  public static func chooseWorkspaces(
    _ names: [String], environment: [String: String], warn: (String) -> Void
  ) throws(VaultError) -> [Workspace] {
    let (listed, problems) = workspaces(environment: environment)
    problems.forEach(warn)
    var chosen: [Workspace] = []
    for name in names {
      if name == "all" {
        chosen += listed
        if let here = try? Vault(path: Vault.locate(explicit: nil, environment: environment).path),
          !listed.contains(where: { $0.path == here.root }),
          [".obsidian", ".vault"].contains(where: { FileManager.default.fileExists(atPath: here.root + "/" + $0) })
        {
          chosen.insert(
            Workspace(name: (here.root as NSString).lastPathComponent, path: here.root, color: "gray"), at: 0)
        }
      } else if let workspace = listed.first(where: { $0.name == name }) {
        chosen.append(workspace)
      } else {
        throw .noWorkspace(name, known: listed.map(\.name))
      }
    }
    var seen = Set<String>()
    return chosen.filter { seen.insert($0.path).inserted }
  }

  /// Forgets a workspace; its folder stays as it is.
  public static func removeWorkspace(_ name: String, environment: [String: String]) throws(VaultError) -> Workspace {
    var (list, _) = workspaces(environment: environment)
    guard let index = list.firstIndex(where: { $0.name == name }) else {
      throw .cannotChange("workspace '\(name)'", reason: "there is none (vault workspace list)")
    }
    let removed = list.remove(at: index)
    try save(defaultVault: writtenDefaultVault(environment: environment), workspaces: list, environment: environment)
    return removed
  }
}
