import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A random secret of the user's own state, made once and then read back each time: `vault
/// serve`'s access token and its forms' token, so that a restart neither unpairs a phone nor
/// refuses a page a browser still shows. The file (32 hexadecimal digits and a newline) is
/// readable by the user only. Two processes making it at once agree on one: each writes its own
/// beside it and links it into place only when there is none yet (`link` fails on a name that
/// exists), then both read what is there.
public enum KeptSecret {
  /// The secret at `path`, made when missing or shorter than 32 characters.
  public static func value(at path: String) throws(VaultError) -> String {
    if let kept = read(path) { return kept }
    var generator = SystemRandomNumberGenerator()
    let secret = (0..<32).map { _ in String(generator.next(upperBound: UInt8(16)), radix: 16) }.joined()
    let temporary =
      (path as NSString).deletingLastPathComponent
      + "/.\((path as NSString).lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).new"
    try PrivateFile.write(Data((secret + "\n").utf8), to: temporary)
    defer { unlink(temporary) }
    if link(temporary, path) != 0, errno != EEXIST || read(path) == nil {
      // Too short a secret left by an older version, or a file system without hard links.
      try PrivateFile.write(Data((secret + "\n").utf8), to: path)
    }
    guard let kept = read(path) else { throw .cannotWrite(path, reason: "the secret could not be kept") }
    return kept
  }

  private static func read(_ path: String) -> String? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return secret.count >= 32 ? secret : nil
  }
}
