import Foundation

/// The commit a ref names, read from git's files (a loose ref, else `packed-refs`) without running
/// git: a sync with nothing to do compares two refs, and a process costs more than the rest.
/// nil whenever the files say anything unusual; the caller then asks git.
enum RefFiles {
  static func commit(of ref: String, in gitDirectory: String, depth: Int = 0) -> String? {
    guard depth < 5, !ref.contains(".."),
      let text = try? String(contentsOfFile: gitDirectory + "/" + ref, encoding: .utf8)
    else {
      return packed(ref, in: gitDirectory)
    }
    let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
    if value.hasPrefix("ref: ") { return commit(of: String(value.dropFirst(5)), in: gitDirectory, depth: depth + 1) }
    return isObjectName(value) ? value : nil
  }

  /// The branch HEAD names (`main` of `ref: refs/heads/main`), nil when HEAD is detached.
  static func branch(in gitDirectory: String) -> String? {
    guard let text = try? String(contentsOfFile: gitDirectory + "/HEAD", encoding: .utf8) else { return nil }
    let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard value.hasPrefix("ref: refs/heads/") else { return nil }
    return String(value.dropFirst("ref: refs/heads/".count))
  }

  private static func packed(_ ref: String, in gitDirectory: String) -> String? {
    guard ref.hasPrefix("refs/"), let text = try? String(contentsOfFile: gitDirectory + "/packed-refs", encoding: .utf8)
    else { return nil }
    for line in text.split(separator: "\n") where line.hasSuffix(" " + ref) {
      let name = String(line.prefix { $0 != " " })
      return isObjectName(name) ? name : nil
    }
    return nil
  }

  private static func isObjectName(_ text: String) -> Bool {
    (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit)
  }
}
