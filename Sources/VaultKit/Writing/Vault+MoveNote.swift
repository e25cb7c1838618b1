import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Vault {
  /// Moves the note at `path` into `folder` (vault-relative, made when missing) under its own
  /// name, else `NAME 1.md`, `NAME 2.md` …, and returns where it went. A second name is made,
  /// then the first removed: a note already there is never replaced, and the note is never
  /// copied half-way (a file system without hard links gets a rename). A read-only note stays
  /// where it is (`verb` says what was refused: "remove", "move").
  func moveNote(_ path: String, into folder: String, verb: String = "move") throws(VaultError) -> String {
    let display = path
    let name = (path as NSString).lastPathComponent
    let base = (name as NSString).deletingPathExtension
    let source = try writeTarget(path, followingLink: false)
    let destinationFolder = try writeTarget(folder)
    return try WriteLock.withLock(writeLockPlaces) { () throws(VaultError) -> String in
      guard let status = FileSystem.status(source, followLinks: false) else { throw .noteNotFound(display) }
      if status.isRegular && Self.isReadOnly(source, status) {
        throw .cannotWrite(display, reason: "it is read-only; it stays where it is (make it writable to \(verb) it)")
      }
      do {
        try FileManager.default.createDirectory(atPath: destinationFolder, withIntermediateDirectories: true)
      } catch {
        throw .cannotWrite(folder, reason: VaultError.systemReason(error))
      }
      for number in 0..<10_000 {
        let file = number == 0 ? name : "\(base) \(number).md"
        let destination = destinationFolder + "/" + file
        if link(source, destination) == 0 {
          unlink(source)
          return folder + "/" + file
        }
        if errno == EEXIST { continue }
        if FileSystem.status(destination, followLinks: false) != nil { continue }
        guard rename(source, destination) == 0 else {
          throw .cannotWrite(display, reason: FileSystem.Reason.current().description)
        }
        return folder + "/" + file
      }
      throw .cannotWrite(display, reason: "\(folder) holds ten thousand notes of that name")
    }
  }
}
