import Foundation
import TestSupport
import Testing

/// `vault sync` keeps every change one machine made alone, whatever the other did next to it: a
/// tick beside a clash, a note removed on one side and changed on the other, git's conflict
/// markers from a plain `git pull`; and it says what it did, in words true on each machine.
@Suite(.serialized) struct SyncKeepsOneSidedChangesTests {
  typealias Clones = SyncedClones

  func write(_ text: String, to path: String, in clone: URL) throws {
    let file = clone.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  func sync(_ clone: URL, _ clones: Clones) throws -> CLI.Result {
    let result = try clones.vault(["sync"], on: clone)
    #expect(result.status == 0, "\(result.stderr)")
    return result
  }

  /// The open tasks `vault tasks --json` lists, by their words.
  func openTasks(_ clone: URL, _ clones: Clones) throws -> [String] {
    let json = try clones.vault(["tasks", "--json"], on: clone)
    let tasks = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]] ?? []
    return tasks.compactMap { ($0["task"] as? [String: Any])?["description"] as? String }
  }

  @Test func aTickNextToADateBothChangedStaysTickedAndTheTaskIsListedOnce() throws {
    let clones = try Clones.make()
    let note = "Notes/Errands.md"
    try write(
      "# Errands\n\n- [ ] Renew the library card\n- [ ] Book flights 📅 2026-12-01\n- [ ] Post the letter\n", to: note,
      in: clones.laptop)
    _ = try sync(clones.laptop, clones)
    _ = try sync(clones.phone, clones)
    let done = try clones.vault(["done", "Renew the library card"], on: clones.laptop)
    #expect(done.status == 0, "\(done.stderr)")
    let laptopText = try Fixture.text(clones.laptop, note)
    try write(laptopText.replacingOccurrences(of: "📅 2026-12-01", with: "📅 2026-12-05"), to: note, in: clones.laptop)
    let phoneText = try Fixture.text(clones.phone, note)
    try write(phoneText.replacingOccurrences(of: "📅 2026-12-01", with: "📅 2026-12-03"), to: note, in: clones.phone)
    _ = try sync(clones.laptop, clones)
    let merged = try sync(clones.phone, clones)
    _ = try sync(clones.laptop, clones)
    let text = try Fixture.text(clones.phone, note)
    #expect(try Fixture.text(clones.laptop, note) == text)
    #expect(text.contains("- [x] Renew the library card ✅ 2026-11-25\n"), "\(text)")
    #expect(!text.contains("- [ ] Renew the library card"))
    let callout = text.components(separatedBy: "> [!conflict]").dropFirst()
    #expect(callout.count == 1)
    #expect(callout.first?.contains("> - [ ] Book flights 📅 2026-12-05\n") == true, "\(text)")
    #expect(callout.first?.contains("Renew the library card") == false)
    #expect(merged.stdout.contains("yours in place, laptop's in the callout"), "\(merged.stdout)")
    // The callout's copy is no task: each task is listed once.
    let open = try openTasks(clones.phone, clones)
    #expect(open.filter { $0.hasPrefix("Book flights") }.count == 1, "\(open)")
    #expect(!open.contains { $0.hasPrefix("Renew the library card") })
    let check = try clones.vault(["check"], on: clones.phone)
    #expect(check.stdout.contains("\(note):5:1: warning: a sync conflict is kept here"), "\(check.stdout)")
    let status = try clones.vault(["sync", "--status"], on: clones.laptop)
    #expect(status.stdout.contains("1 conflict to settle"), "\(status.stdout)")
    #expect(status.stdout.contains("  \(note):5  phone's in place, yours in the callout"), "\(status.stdout)")
  }

  @Test(arguments: [true, false])
  func aNoteRemovedOnOneSideAndChangedOnTheOtherStaysWithTheChange(removerSyncsFirst: Bool) throws {
    let clones = try Clones.make()
    let note = "Notes/Reading List.md"
    let removed = try clones.vault(["rm", note, "--yes"], on: clones.laptop)
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: clones.laptop.appendingPathComponent(note).path))
    let text = try Fixture.text(clones.phone, note)
    try write(text + "- [ ] Read Piranesi\n", to: note, in: clones.phone)
    let (first, second) = removerSyncsFirst ? (clones.laptop, clones.phone) : (clones.phone, clones.laptop)
    _ = try sync(first, clones)
    let merged = try sync(second, clones)
    _ = try sync(first, clones)
    for clone in [clones.laptop, clones.phone] {
      #expect(try Fixture.text(clone, note) == text + "- [ ] Read Piranesi\n", "\(clone.lastPathComponent)")
      #expect(try openTasks(clone, clones).contains("Read Piranesi"))
    }
    let words =
      removerSyncsFirst
      ? "kept \(note): changed here after it was removed on laptop"
      : "kept \(note): changed on phone after it was removed here"
    #expect(merged.stdout.contains(words), "\(merged.stdout)")
    #expect(try Clones.git(["status", "--porcelain"], in: clones.laptop).stdout.isEmpty)
  }

  @Test func gitsConflictMarkersFromAPlainPullBecomeACalloutOnTheNextSync() throws {
    let clones = try Clones.make()
    let note = "Notes/Errands.md"
    try write(
      "# Errands\n\n- [ ] Renew the library card 📅 2026-12-01\n- [ ] Post the letter\n", to: note, in: clones.laptop)
    _ = try sync(clones.laptop, clones)
    _ = try sync(clones.phone, clones)
    // The phone forgets the driver, as a fresh clone merged by plain `git pull` has none.
    try Clones.git(["config", "--remove-section", "merge.vault"], in: clones.phone)
    try write(
      "# Errands\n\n- [x] Renew the library card 📅 2026-12-01 ✅ 2026-11-25\n- [ ] Post the letter\n", to: note,
      in: clones.laptop)
    _ = try sync(clones.laptop, clones)
    try write(
      "# Errands\n\n- [ ] Renew the library card 📅 2026-12-04\n- [ ] Post the letter\n", to: note, in: clones.phone)
    try Clones.git(["commit", "-qam", "later"], in: clones.phone)
    let pull = try Clones.git(["pull", "-q", "--no-rebase", "--no-edit"], in: clones.phone, allowFailure: true)
    #expect(pull.status != 0, "\(pull.stdout)\(pull.stderr)")
    let committed = try Clones.git(["commit", "-qam", "merged with markers"], in: clones.phone, allowFailure: true)
    #expect(committed.status == 0, "\(committed.stdout)\(committed.stderr)")
    #expect(try Fixture.text(clones.phone, note).contains("<<<<<<< "))
    let check = try clones.vault(["check"], on: clones.phone)
    #expect(check.stdout.contains("\(note):3:1: warning: git's conflict markers are here"), "\(check.stdout)")
    let status = try clones.vault(["sync", "--status"], on: clones.phone)
    #expect(status.stdout.contains("git's conflict markers in (vault sync turns them into callouts):\n  \(note)\n"))
    let mended = try sync(clones.phone, clones)
    #expect(mended.stdout.contains("git's conflict markers turned into callouts in:\n  \(note)\n"), "\(mended.stdout)")
    let text = try Fixture.text(clones.phone, note)
    #expect(!text.contains("<<<<<<<") && !text.contains(">>>>>>>") && !text.contains("\n=======\n"))
    #expect(text.hasPrefix("# Errands\n\n- [ ] Renew the library card 📅 2026-12-04\n> [!conflict] From "), "\(text)")
    #expect(text.contains("> - [x] Renew the library card 📅 2026-12-01 ✅ 2026-11-25\n"))
    #expect(text.hasSuffix("- [ ] Post the letter\n"))
    _ = try sync(clones.laptop, clones)
    #expect(try Fixture.text(clones.laptop, note) == text)
    #expect(try Clones.git(["status", "--porcelain"], in: clones.phone).stdout.isEmpty)
  }
}
