import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Vault {
  /// Moves the note at `path` into `folder` (vault-relative, made when missing) under its own
  /// name (or `named`), else `NAME 1.md`, `NAME 2.md` …, and returns where it went. A second
  /// name is made, then the first removed: a note already there is never replaced, and the note
  /// is never copied half-way (a file system without hard links gets a rename). A read-only note
  /// stays where it is (`verb` says what was refused: "remove", "move").
  func moveNote(
    _ path: String, into folder: String, named: String? = nil, verb: String = "move"
  ) throws(VaultError) -> String {
    let name = named.map { $0 + ".md" } ?? (path as NSString).lastPathComponent
    let base = (name as NSString).deletingPathExtension
    for number in 0..<10_000 {
      let file = (folder.isEmpty ? "" : folder + "/") + (number == 0 ? name : "\(base) \(number).md")
      if try moveNote(path, to: file, verb: verb) { return file }
    }
    throw .cannotWrite(path, reason: "\(folder) holds ten thousand notes of that name")
  }

  /// Moves the note at `path` to `destination` (vault-relative, its folders made when missing),
  /// as `moveNote(_:into:)` does; false when a file is there already, which stays.
  func moveNote(_ path: String, to destination: String, verb: String = "move") throws(VaultError) -> Bool {
    let source = try writeTarget(path, followingLink: false)
    let target = try writeTarget(destination, followingLink: false)
    return try WriteLock.withLock(writeLockPlaces) { () throws(VaultError) -> Bool in
      guard let status = FileSystem.status(source, followLinks: false) else { throw .noteNotFound(path) }
      if status.isRegular && Self.isReadOnly(source, status) {
        throw .cannotWrite(path, reason: "it is read-only; it stays where it is (make it writable to \(verb) it)")
      }
      let folder = (destination as NSString).deletingLastPathComponent
      do {
        try FileManager.default.createDirectory(
          atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      } catch {
        throw .cannotWrite(folder, reason: VaultError.systemReason(error))
      }
      if link(source, target) == 0 {
        unlink(source)
        return true
      }
      if errno == EEXIST || FileSystem.status(target, followLinks: false) != nil { return false }
      guard rename(source, target) == 0 else {
        throw .cannotWrite(path, reason: FileSystem.Reason.current().description)
      }
      return true
    }
  }
}
