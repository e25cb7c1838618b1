import Foundation

/// What `vault sync` needs of git's config — the merge driver, the remotes, each branch's
/// upstream — read from the repository's own `config` file without running git: the fetch, which
/// needs the upstream, then starts at once (running `git config` first cost a sync with nothing
/// to do a tenth of its time). Nil whenever the file holds what this reader does not follow (an
/// `include`, a line it cannot read) or the environment points git elsewhere: the caller then
/// asks `git config`.
enum ConfigFile {
  static func read(gitDirectory: String, environment: [String: String]) -> VaultSync.Config? {
    let redirecting = ["GIT_DIR", "GIT_CONFIG", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_GLOBAL"]
    guard !redirecting.contains(where: { environment[$0] != nil }),
      let text = try? String(contentsOfFile: gitDirectory + "/config", encoding: .utf8)
    else { return nil }
    var config = VaultSync.Config()
    var section = ""
    var subsection: String?
    for rawLine in text.split(whereSeparator: \.isNewline) {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("[") {
        guard let header = sectionHeader(line) else { return nil }
        (section, subsection) = header
        if section == "include" || section == "includeif" { return nil }
        continue
      }
      guard let (key, value) = entry(line) else { return nil }
      switch (section, subsection, key) {
      case ("merge", "vault", "driver"): config.driver = value
      case ("remote", let name?, "url"): if !config.remotes.contains(name) { config.remotes.append(name) }
      case ("branch", let name?, "remote"), ("branch", let name?, "merge"):
        config.branchSettings["branch.\(name).\(key)"] = value
      default: continue
      }
    }
    return config
  }

  /// `[section]`, `[section "subsection"]` (the subsection as written), `[section.subsection]`
  /// (lower-cased, as git treats it).
  static func sectionHeader(_ line: String) -> (String, String?)? {
    guard line.hasSuffix("]") || line.contains("]") else { return nil }
    guard let close = line.lastIndex(of: "]") else { return nil }
    let inside = line[line.index(after: line.startIndex)..<close]
    if let quote = inside.firstIndex(of: "\"") {
      let name = inside[..<quote].trimmingCharacters(in: .whitespaces).lowercased()
      var sub = ""
      var index = inside.index(after: quote)
      var closed = false
      while index < inside.endIndex {
        let character = inside[index]
        if character == "\\" {
          index = inside.index(after: index)
          guard index < inside.endIndex else { return nil }
          sub.append(inside[index])
        } else if character == "\"" {
          closed = true
          break
        } else {
          sub.append(character)
        }
        index = inside.index(after: index)
      }
      return closed ? (name, sub) : nil
    }
    let parts = inside.split(separator: ".", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
    guard let name = parts.first, !name.isEmpty else { return nil }
    return (name.lowercased(), parts.count > 1 ? parts[1].lowercased() : nil)
  }

  /// `key = value` (the key lower-cased; the value with git's quoting, escapes and comments).
  static func entry(_ line: String) -> (String, String)? {
    guard let equals = line.firstIndex(of: "=") else {
      // A key alone means true; none that sync reads is written so.
      return (line.lowercased(), "true")
    }
    let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
    var value = ""
    var quoted = false
    var pendingSpaces = ""
    var rest = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
    while let character = rest.first {
      rest = rest.dropFirst()
      if character == "\\" {
        guard let next = rest.first else { return nil }
        rest = rest.dropFirst()
        value += pendingSpaces
        pendingSpaces = ""
        switch next {
        case "n": value.append("\n")
        case "t": value.append("\t")
        case "\\", "\"": value.append(next)
        default: return nil
        }
      } else if character == "\"" {
        value += pendingSpaces
        pendingSpaces = ""
        quoted.toggle()
      } else if !quoted && (character == "#" || character == ";") {
        return (key, value)
      } else if !quoted && (character == " " || character == "\t") {
        pendingSpaces.append(character)
      } else {
        value += pendingSpaces
        pendingSpaces = ""
        value.append(character)
      }
    }
    return quoted ? nil : (key, value)
  }
}
