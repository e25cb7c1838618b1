import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file of the user's own settings or state that only they may read (the accounts, the
/// logins of `vault serve`), written anew: a temporary file beside it, made with mode 0600 (so
/// not `Data.write(options: .atomic)`, which makes it with the default mode first), renamed over
/// it. Its folder is made, readable by the user only, when missing.
enum PrivateFile {
  static func write(_ data: Data, to file: String) throws(VaultError) {
    let folder = (file as NSString).deletingLastPathComponent
    let name = (file as NSString).lastPathComponent
    let temporary = folder + "/.\(name).\(ProcessInfo.processInfo.processIdentifier).tmp"
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600])
      else { throw VaultError.cannotWrite(file, reason: "the temporary file could not be made") }
      guard rename(temporary, file) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw VaultError.cannotWrite(file, reason: reason)
      }
    } catch let error as VaultError {
      throw error
    } catch {
      throw .cannotWrite(file, reason: VaultError.systemReason(error))
    }
  }
}
