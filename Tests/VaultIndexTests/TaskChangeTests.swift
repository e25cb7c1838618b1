import Foundation
import Testing
import VaultCore
import VaultIndex

@testable import VaultKit

/// A task edit never writes over a change it did not see.
@Suite struct TaskChangeTests {
  static let today = DateParsing.validDate("2026-11-22") ?? LocalDate(dayNumber: 0)

  @Test func aTaskEditedSinceItWasFoundIsLeftAlone() throws {
    let folder = try TemporaryVault(["Tasks.md": "- [ ] Call Mum 📅 2026-11-22\n"])
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let task = try vault.resolveTask("mum", among: [.todo], in: store)
    try folder.write("Tasks.md", "- [ ] Call Mum and Dad 📅 2026-11-22\n")
    #expect(throws: VaultError.changedOnDisk("Tasks.md")) {
      try vault.change(task, .complete, today: Self.today)
    }
    #expect(
      String(decoding: try Data(contentsOf: folder.root.appendingPathComponent("Tasks.md")), as: UTF8.self)
        == "- [ ] Call Mum and Dad 📅 2026-11-22\n")
  }

  @Test func theWriterRefusesWhenTheFileNoLongerHoldsWhatWasRead() throws {
    let folder = try TemporaryVault(["Note.md": "old text\n"])
    let path = folder.root.appendingPathComponent("Note.md").path
    let original = try #require(try FileWriter.Original.read(path).get())
    try folder.write("Note.md", "new text\n")
    guard
      case .changed = try FileWriter.replace(path, original: original, with: Array("edit\n".utf8), display: "Note.md")
    else { throw TestFailure("the writer wrote over a change it did not see") }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new text\n")
    let fresh = try #require(try FileWriter.Original.read(path).get())
    guard case .written = try FileWriter.replace(path, original: fresh, with: Array("edit\n".utf8), display: "Note.md")
    else { throw TestFailure("the writer refused an unchanged file") }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "edit\n")
  }
}

extension TaskChangeTests {
  /// A program that writes into the old file between vault's last check and its
  /// rename wrote into a file no longer in the vault: the writer sees it and hands its bytes back.
  @Test func aWriteIntoTheOldFileAtTheRenameIsHandedBack() throws {
    let folder = try TemporaryVault(["Note.md": "one\n"])
    let path = folder.root.appendingPathComponent("Note.md").path
    let original = try #require(try FileWriter.Original.read(path).get())
    let outcome = try FileWriter.replace(path, original: original, with: Array("one\nvault\n".utf8), display: "Note.md")
    {
      let handle = FileHandle(forWritingAtPath: path)
      handle?.seekToEndOfFile()
      handle?.write(Data("editor\n".utf8))
      try? handle?.close()
    }
    guard case .raced(let late) = outcome else { throw TestFailure("the late write was not seen") }
    #expect(late == Array("one\neditor\n".utf8))
    #expect(try folder.read("Note.md") == "one\nvault\n")
  }
}

extension TaskChangeTests {
  /// A program that saves by renaming its own file into place (most editors, sync clients)
  /// between vault's last check and its rename: on Linux the writer exchanges the two names, so
  /// it sees what it replaced and hands that program's bytes back, to be merged.
  @Test func aSaveByRenamingAtTheRenameIsHandedBack() throws {
    #if os(Linux)
    let folder = try TemporaryVault(["Note.md": "one\n"])
    let path = folder.root.appendingPathComponent("Note.md").path
    let original = try #require(try FileWriter.Original.read(path).get())
    let outcome = try FileWriter.replace(path, original: original, with: Array("one\nvault\n".utf8), display: "Note.md")
    {
      let saved = folder.root.appendingPathComponent(".Note.md.editor-save").path
      _ = FileManager.default.createFile(atPath: saved, contents: Data("one\neditor\n".utf8))
      rename(saved, path)
    }
    guard case .raced(let late) = outcome else { throw TestFailure("the editor's save was not seen") }
    #expect(late == Array("one\neditor\n".utf8))
    #expect(try folder.read("Note.md") == "one\nvault\n")
    // The editor's file, exchanged out of place, is not left behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.root.path)
    #expect(!left.contains { $0.hasPrefix(TemporaryFiles.prefix) || $0.hasSuffix("editor-save") }, "\(left)")
    #endif
  }
}

struct TestFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
