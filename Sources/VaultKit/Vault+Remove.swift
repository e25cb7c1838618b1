import Foundation
import VaultCore
import VaultMarkdown

extension Vault {
  /// Moves a note to the vault's `.trash/` folder, as Obsidian's "Move to Obsidian trash" does:
  /// under its file name, with ` 1`, ` 2`, … when the name is taken there. Returns where it went.
  /// A read-only note stays; a note or a `.trash` reached through a link that leads out of the
  /// vault is refused; a note that is a link goes to the trash as the link.
  public func trash(_ path: String) throws(VaultError) -> String {
    let display = displayPath(path)
    let name = (path as NSString).lastPathComponent
    let base = (name as NSString).deletingPathExtension
    let source = try writeTarget(path, followingLink: false)
    let trashFolder = try writeTarget(".trash")
    return try WriteLock.withLock(writeLockPaths) { () throws(VaultError) -> String in
      guard let status = FileSystem.status(source, followLinks: false) else { throw .noteNotFound(display) }
      if status.isRegular && Self.isReadOnly(source, status) {
        throw .cannotWrite(display, reason: "it is read-only; it stays where it is (make it writable to remove it)")
      }
      do {
        try FileManager.default.createDirectory(atPath: trashFolder, withIntermediateDirectories: true)
      } catch {
        throw .cannotWrite(".trash", reason: error.localizedDescription)
      }
      for number in 0..<10_000 {
        let target = ".trash/" + (number == 0 ? name : "\(base) \(number).md")
        let destination = trashFolder + "/" + (target as NSString).lastPathComponent
        // A second name, then the first removed: a note in the trash is never replaced, and the
        // note is never copied half-way. A file system without hard links gets a rename.
        if link(source, destination) == 0 {
          unlink(source)
          return target
        }
        if errno == EEXIST { continue }
        if FileSystem.status(destination, followLinks: false) != nil { continue }
        guard rename(source, destination) == 0 else {
          throw .cannotWrite(display, reason: FileSystem.Reason.current().description)
        }
        return target
      }
      throw .cannotWrite(display, reason: "the trash holds ten thousand notes of that name")
    }
  }

  /// Removes a task's line (and its line ending) from its note; returns the line removed.
  public func removeLine(of task: Located<TaskItem>) throws(VaultError) -> String {
    let display = displayPath(task.path)
    return try edit(task.path) { current throws(VaultError) in
      guard let bytes = current, let fresh = NoteParser.parse(bytes, path: task.path).tasks.current(of: task.value)
      else { throw .changedOnDisk(display) }
      var end = fresh.byteRange.upperBound
      if end < bytes.count, bytes[end] == 13 { end += 1 }
      if end < bytes.count, bytes[end] == 10 { end += 1 }
      var start = fresh.byteRange.lowerBound
      // The last line without an ending: the line break before it goes instead.
      if end == fresh.byteRange.upperBound, start > 0, bytes[start - 1] == 10 {
        start -= 1
        if start > 0, bytes[start - 1] == 13 { start -= 1 }
      }
      let result = Array(bytes[..<start]) + Array(bytes[end...])
      return .write(result, String(decoding: bytes[fresh.byteRange], as: UTF8.self))
    }
  }
}
