import Foundation
import Testing
import VaultCore
import VaultIndex

@testable import VaultKit

/// Issue 5: a task edit never writes over a change it did not see.
@Suite struct TaskChangeTests {
  static let today = DateParsing.validDate("2026-11-22") ?? LocalDate(dayNumber: 0)

  @Test func aTaskEditedSinceItWasFoundIsLeftAlone() throws {
    let folder = try TemporaryVault(["Tasks.md": "- [ ] Call Mum 📅 2026-11-22\n"])
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    let task = try vault.resolveTask("mum", among: [.todo], in: store)
    try folder.write("Tasks.md", "- [ ] Call Mum and Dad 📅 2026-11-22\n")
    #expect(throws: VaultError.changedOnDisk(vault.displayPath("Tasks.md"))) {
      try vault.change(task, .complete, today: Self.today)
    }
    #expect(
      String(decoding: try Data(contentsOf: folder.root.appendingPathComponent("Tasks.md")), as: UTF8.self)
        == "- [ ] Call Mum and Dad 📅 2026-11-22\n")
  }

  @Test func theWriterRefusesWhenTheFileNoLongerHoldsWhatWasRead() throws {
    let folder = try TemporaryVault(["Note.md": "new text\n"])
    let path = folder.root.appendingPathComponent("Note.md").path
    #expect(throws: VaultError.changedOnDisk("Note.md")) {
      try FileWriter.replace(path, with: Array("edit\n".utf8), expecting: Array("old text\n".utf8), display: "Note.md")
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "new text\n")
    try FileWriter.replace(path, with: Array("edit\n".utf8), expecting: Array("new text\n".utf8), display: "Note.md")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "edit\n")
  }
}
