import Foundation
import VaultCore
import VaultMarkdown

extension Vault {
  /// Moves a note to the vault's `.trash/` folder, as Obsidian's "Move to Obsidian trash" does:
  /// under its file name, with ` 1`, ` 2`, … when the name is taken there. Returns where it went.
  public func trash(_ path: String) throws(VaultError) -> String {
    let name = (path as NSString).lastPathComponent
    let base = (name as NSString).deletingPathExtension
    let trashFolder = root + "/.trash"
    do {
      try FileManager.default.createDirectory(atPath: trashFolder, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(".trash", reason: error.localizedDescription)
    }
    var target = ".trash/" + name
    var number = 1
    while FileManager.default.fileExists(atPath: root + "/" + target) {
      target = ".trash/\(base) \(number).md"
      number += 1
    }
    // A rename in the same vault: the note is never copied half-way.
    guard rename(root + "/" + path, root + "/" + target) == 0 else {
      throw .cannotWrite(displayPath(path), reason: FileSystem.Reason.current().description)
    }
    return target
  }

  /// Removes a task's line (and its line ending) from its note; returns the line removed.
  public func removeLine(of task: Located<TaskItem>) throws(VaultError) -> String {
    let absolute = root + "/" + task.path
    let display = displayPath(task.path)
    let bytes = try bytes(of: task.path)
    guard let fresh = NoteParser.parse(bytes, path: task.path).tasks.first(where: { $0.line == task.line }),
      fresh.description == task.value.description
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
    try FileWriter.replace(absolute, with: result, expecting: bytes, display: display)
    return String(decoding: bytes[fresh.byteRange], as: UTF8.self)
  }
}
