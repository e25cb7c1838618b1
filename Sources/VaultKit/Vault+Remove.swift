import Foundation
import VaultCore
import VaultMarkdown

extension Vault {
  /// Moves a note to the vault's `.trash/` folder, as Obsidian's "Move to Obsidian trash" does:
  /// under its file name, with ` 1`, ` 2`, … when the name is taken there. Returns where it went.
  /// A read-only note stays; a note or a `.trash` reached through a link that leads out of the
  /// vault is refused; a note that is a link goes to the trash as the link.
  public func trash(_ path: String) throws(VaultError) -> String {
    let target = try moveNote(path, into: ".trash", verb: "remove")
    trashKeptObject(of: path)
    return target
  }

  /// What a calendar client sent of the event or journal entry this note is (`CalDAVKept`: the
  /// object whose first note it is) goes to the trash with it, to `.trash/.caldav/<kind>/`. It is looked for
  /// among the kept objects, one small file each, only when there are any.
  func trashKeptObject(of path: String) {
    for kind in [CalDAVCalendar.Kind.events, .journal] {
      let folder = calDAVKeptFolder(kind)
      guard let directory = try? FileSystem.Directory(folder) else { continue }
      let destination = root + "/.trash/.caldav/" + kind.rawValue
      for (file, _) in directory.entries() where file.hasSuffix(".ics.json") && !file.hasPrefix(".") {
        guard case .success(let bytes) = FileSystem.readFile(folder + "/" + file),
          let kept = try? JSONDecoder().decode(CalDAVKept.self, from: Data(bytes)), kept.paths.first == path
        else { continue }
        try? FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        _ = rename(folder + "/" + file, destination + "/" + file)
      }
    }
  }

  /// The lines of a task's subtree: its line and every line after it nested deeper (subtasks,
  /// list items, continuation lines; blank lines between them), as they are now in the file.
  public func subtree(of task: Located<TaskItem>) -> [String] {
    guard case .success(let bytes) = FileSystem.readFile(root + "/" + task.path),
      let fresh = NoteParser.parse(bytes, path: task.path).tasks.current(of: task.value)
    else { return [] }
    let end = Self.subtreeEnd(of: fresh, in: bytes)
    return String(decoding: bytes[fresh.byteRange.lowerBound..<end], as: UTF8.self)
      .split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
      .map(String.init).filter { !$0.isEmpty }
  }

  /// Where a task's subtree ends: after its last line nested deeper than the task (its line
  /// ending included); the end of the task's own line when nothing is nested under it.
  static func subtreeEnd(of task: TaskItem, in bytes: [UInt8]) -> Int {
    func width(_ line: ArraySlice<UInt8>) -> Int? {
      var width = 0
      for byte in line {
        switch byte {
        case 32: width += 1
        case 9: width += 4 - width % 4
        case 62: width += 1  // `>` of a quote or callout counts as its indentation
        case 13: return nil
        default: return width
        }
      }
      return nil  // blank
    }
    func lineEnd(_ start: Int) -> Int {
      var end = start
      while end < bytes.count, bytes[end] != 10 { end += 1 }
      return end < bytes.count ? end + 1 : end
    }
    let own = width(bytes[task.byteRange]) ?? 0
    var end = lineEnd(task.byteRange.upperBound)
    var next = end
    while next < bytes.count {
      let after = lineEnd(next)
      let content = bytes[next..<after].prefix { $0 != 10 }
      if let depth = width(content) {
        guard depth > own else { break }
        end = after
      }
      next = after
    }
    return end
  }

  /// Removes a task's line and its subtree (`subtree(of:)`) with their line endings from its
  /// note; returns the lines removed. Subtasks are never left under the task above.
  public func removeLine(of task: Located<TaskItem>) throws(VaultError) -> String {
    let display = task.path
    return try edit(task.path) { current throws(VaultError) in
      guard let bytes = current, let fresh = NoteParser.parse(bytes, path: task.path).tasks.current(of: task.value)
      else { throw .changedOnDisk(display) }
      let end = Self.subtreeEnd(of: fresh, in: bytes)
      var start = fresh.byteRange.lowerBound
      // The last line without an ending: the line break before it goes instead.
      if end == fresh.byteRange.upperBound, start > 0, bytes[start - 1] == 10 {
        start -= 1
        if start > 0, bytes[start - 1] == 13 { start -= 1 }
      }
      let result = Array(bytes[..<start]) + Array(bytes[end...])
      var removed = Array(bytes[fresh.byteRange.lowerBound..<end])
      while let last = removed.last, last == 10 || last == 13 { removed.removeLast() }
      return .write(result, String(decoding: removed, as: UTF8.self))
    }
  }
}

extension Vault {
  /// Adds `line` as a subtask of `parent`: nested under it, after the lines nested under it
  /// already, indented as the first of those is (else one tab deeper than the parent, as
  /// Obsidian indents), with the note's own line endings.
  public func appendSubtask(_ line: String, under parent: Located<TaskItem>) throws(VaultError) -> AddedLine {
    let display = parent.path
    let line = SingleLine.joined(line)
    return try edit(parent.path) { current throws(VaultError) in
      guard let bytes = current, let fresh = NoteParser.parse(bytes, path: parent.path).tasks.current(of: parent.value)
      else { throw .changedOnDisk(display) }
      let end = Self.subtreeEnd(of: fresh, in: bytes)
      let ownEnd = fresh.byteRange.upperBound
      let newline: [UInt8] = ownEnd < bytes.count && bytes[ownEnd] == 13 ? [13, 10] : [10]
      var indent = fresh.indentation + "\t"
      var start = ownEnd
      while start < end, bytes[start] != 10 { start += 1 }
      start += 1
      // The first line nested under it that is not blank gives the indentation.
      while start < end {
        var stop = start
        while stop < end, bytes[stop] != 10 { stop += 1 }
        let lead = bytes[start..<stop].prefix { $0 == 32 || $0 == 9 || $0 == 62 }
        if lead.count < stop - start, bytes[start + lead.count] != 13 {
          indent = String(decoding: lead, as: UTF8.self)
          break
        }
        start = stop + 1
      }
      var insertion: [UInt8] = []
      if end == bytes.count, end > 0, bytes[end - 1] != 10 { insertion += newline }
      insertion += Array((indent + line).utf8) + newline
      let result = Array(bytes[..<end]) + insertion + Array(bytes[end...])
      return .write(
        result, AddedLine(path: display, line: Self.addedLine(indent + line, bytes, result), text: line, created: false)
      )
    }
  }
}
