import Foundation
import TestSupport
import Testing

/// No wrong writes, no path out of the vault, no file silently replaced. Each case
/// through the built binary on a copy of ExampleVault.
@Suite struct WriteSafetyTests {
  func run(_ arguments: [String], in folder: URL, extra: [String: String] = [:]) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: "2026-11-23", extra: extra)
  }

  func write(_ text: String, to path: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  func bytes(_ folder: URL, _ path: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(path)) }

  /// Front matter that an edit of its bytes would break is left alone, with the reason.
  @Test(arguments: [
    ("---\nbase: &b 5\nmood: *b\n---\n", ["set", "P", "base", "7"], "anchors and aliases (&name, *name)"),
    ("---\n{\"a\": 1, \"b\": 2}\n---\n", ["set", "P", "c", "3"], "JSON-style front matter"),
    ("---\nbase: &b 5\nmood: *b\n---\n", ["unset", "P", "base"], "anchors and aliases (&name, *name)"),
  ])
  func unsafeFrontMatterIsRefused(text: String, arguments: [String], construct: String) throws {
    let folder = try Fixture.copy("ExampleVault")
    try write(text, to: "P.md", in: folder)
    let result = try run(arguments, in: folder)
    #expect(result.status == 1)
    let verb = arguments[0] == "set" ? "set \(arguments[2]) in" : "remove \(arguments[2]) from"
    #expect(
      result.stderr
        == "vault: error: cannot change P.md: vault cannot \(verb) this front matter safely (it uses \(construct)); "
        + "nothing was written. Change it in Obsidian or a text editor\n")
    #expect(try Fixture.text(folder, "P.md") == text)
  }

  /// Multi-line values and flow lists are replaced whole, and what is left reads the same.
  @Test func multiLineValuesAreReplacedWhole() throws {
    let folder = try Fixture.copy("ExampleVault")
    try write("---\ntitle: \"multi\n  line\"\ntags: [a,\n  b]\nk: 1\n---\nbody\n", to: "P.md", in: folder)
    #expect(try run(["set", "P", "title", "one"], in: folder).status == 0)
    #expect(try run(["set", "P", "tags", "c, d"], in: folder).status == 0)
    #expect(try Fixture.text(folder, "P.md") == "---\ntitle: one\ntags: [c, d]\nk: 1\n---\nbody\n")
  }

  /// Control characters are escaped and read back identical; an impossible date is refused.
  @Test func valuesReadBackAsTheyWereGiven() throws {
    let folder = try Fixture.copy("ExampleVault")
    try write("---\nk: 1\n---\n", to: "P.md", in: folder)
    let values = ["a\u{1B}b", "a\rb", "a\u{85}b", "tab\there", "say \"hi\" \\ back", "line\u{2028}sep"]
    for (index, value) in values.enumerated() {
      #expect(try run(["set", "P", "v\(index)", value], in: folder).status == 0)
    }
    let shown = try run(["show", "P", "--json"], in: folder)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
    let properties = try #require(json["properties"] as? [[String: Any]])
    for (index, value) in values.enumerated() {
      #expect(properties.first { $0["key"] as? String == "v\(index)" }?["value"] as? String == value)
    }
    #expect(try Fixture.text(folder, "P.md").contains("v0: \"a\\u001Bb\"\nv1: \"a\\rb\"\nv2: \"a\\u0085b\"\n"))
    let before = try bytes(folder, "P.md")
    let date = try run(["set", "P", "d", "2026-02-30"], in: folder)
    #expect(date.status == 1)
    #expect(
      date.stderr
        == "vault: error: cannot change d of P.md: '2026-02-30' is not a date such as 2026-12-05 (its type is date)\n")
    #expect(try bytes(folder, "P.md") == before)
    #expect(try run(["check"], in: folder).stdout.contains("P.md") == false)
  }

  @Test func aBinaryNoteIsNotEdited() throws {
    let folder = try Fixture.copy("ExampleVault")
    let binary = Data("text\u{0}more\n- [ ] task\n".utf8)
    try binary.write(to: folder.appendingPathComponent("Bin.md"))
    for arguments in [["set", "Bin", "k", "1"], ["add", "task", "x", "--to", "Bin"]] {
      let result = try run(arguments, in: folder)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "vault: error: cannot write 'Bin.md': it holds NUL bytes, so vault reads it as a binary file and does not change it\n"
      )
    }
    #expect(try bytes(folder, "Bin.md") == binary)
  }

  /// Files with CR-only line endings keep them, and their headings are found.
  @Test func cROnlyFilesKeepCR() throws {
    let folder = try Fixture.copy("ExampleVault")
    try write(
      "---\rmood: 5\r---\r# Day\r\r## Journal\r- 08:00 early\r\r## Tasks\r- [ ] rec 🔁 every day 📅 2026-11-23\r",
      to: "Journal/2026/11/2026-11-23.md", in: folder)
    #expect(try run(["journal", "later", "--time", "10:00"], in: folder).stdout.hasSuffix(":8  - 10:00 later\n"))
    #expect(try run(["mood", "7"], in: folder).status == 0)
    #expect(try run(["add", "task", "new", "--daily"], in: folder).status == 0)
    #expect(try run(["done", "rec"], in: folder).status == 0)
    #expect(
      try Fixture.text(folder, "Journal/2026/11/2026-11-23.md")
        == "---\rmood: 7\r---\r# Day\r\r## Journal\r- 08:00 early\r- 10:00 later\r\r## Tasks\r"
        + "- [ ] rec 🔁 every day 📅 2026-11-24\r- [x] rec 🔁 every day 📅 2026-11-23 ✅ 2026-11-23\r- [ ] new\r")
  }

  @Test func aNewlineInTextNeverSplitsALine() throws {
    let folder = try Fixture.copy("ExampleVault")
    let added = try run(["add", "task", "line one\nline two"], in: folder)
    #expect(added.stdout == "Tasks.md:16  - [ ] line one line two\n")
    #expect(try Fixture.text(folder, "Tasks.md").contains("\n- [ ] line one line two\n\n## Someday\n"))
  }

  /// Text that starts with a dash is text: written, never the help with exit 0.
  @Test func textStartingWithADashIsWritten() throws {
    let folder = try Fixture.copy("ExampleVault")
    let journal = try run(["journal", "- had a walk", "--time", "12:00"], in: folder)
    #expect(journal.status == 0)
    #expect(try Fixture.text(folder, "Journal/2026/11/2026-11-23.md").hasSuffix("- 12:00 - had a walk\n"))
    #expect(try run(["add", "note", "-hello"], in: folder).stdout.hasPrefix("-hello.md"))
    #expect(try run(["set", "Read 24 Books", "balance", "-5"], in: folder).stdout.hasSuffix("balance: -5\n"))
    #expect(
      try run(["add", "task", "-x", "--due", "-1d"], in: folder).stdout == "Tasks.md:16  - [ ] -x 📅 2026-11-22\n")
    #expect(try run(["journal", "--", "-y", "--time", "12:01"], in: folder).status == 64)
    #expect(try run(["tasks", "-hello"], in: folder).status == 64)
  }

  /// A folder linked to outside the vault, a daily-notes folder with `..` and a linked `.trash`
  /// are refused on every route, and the files outside stay as they were.
  @Test func noPathLeavesTheVault() throws {
    let folder = try Fixture.copy("ExampleVault")
    let outside = try ScratchFolder.make("outside")
    let note = "---\nk: 1\n---\n- [ ] outside task 📅 2026-11-20\n"
    try Data(note.utf8).write(to: outside.appendingPathComponent("x.md"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("Linked"), withDestinationURL: outside)
    let attempts = [
      ["set", "Linked/x.md", "k", "2"], ["unset", "Linked/x", "k"], ["add", "task", "hi", "--to", "Linked/y"],
      ["rm", "Linked/x.md", "--yes"],
    ]
    for arguments in attempts {
      let result = try run(arguments, in: folder)
      #expect(result.status == 1, "\(arguments)")
      #expect(result.stderr.contains("outside the vault"), "\(arguments): \(result.stderr)")
    }
    // By name or words, what is behind the link is not found: the walk does not follow it.
    for arguments in [["set", "x", "k", "2"], ["done", "outside task"], ["rm", "x", "--yes"]] {
      let result = try run(arguments, in: folder)
      #expect(result.status == 1, "\(arguments)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["x.md"])
    #expect(try Fixture.text(outside, "x.md") == note)
    // A linked trash.
    let trash = try ScratchFolder.make("trash")
    try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent(".trash"), withDestinationURL: trash)
    #expect(try run(["rm", "Fix the Bike", "--yes"], in: folder).status == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: trash.path).isEmpty)
    // A daily-notes folder that climbs out.
    try write("{\"folder\": \"../../out\"}", to: ".obsidian/daily-notes.json", in: folder)
    let journal = try run(["journal", "escape"], in: folder)
    #expect(journal.stderr == "vault: error: '../../out/2026-11-23.md' is outside the vault\n")
  }

  /// A note that is a link inside the vault is written through: it stays a link.
  @Test func aLinkedNoteIsWrittenThrough() throws {
    let folder = try Fixture.copy("ExampleVault")
    let manager = FileManager.default
    try manager.createDirectory(at: folder.appendingPathComponent("Lists"), withIntermediateDirectories: true)
    try manager.moveItem(
      at: folder.appendingPathComponent("Tasks.md"), to: folder.appendingPathComponent("Lists/Tasks.md"))
    try manager.createSymbolicLink(
      atPath: folder.appendingPathComponent("Tasks.md").path, withDestinationPath: "Lists/Tasks.md")
    #expect(try run(["add", "task", "through"], in: folder).status == 0)
    #expect(try run(["done", "Tasks.md:6"], in: folder).status == 0)
    #expect(
      try manager.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("Tasks.md").path) == "Lists/Tasks.md")
    let text = try Fixture.text(folder, "Lists/Tasks.md")
    #expect(text.contains("- [ ] through\n\n## Someday"))
    #expect(text.contains("- [x] Renew passport ⏫ 📅 2026-11-20 ✅ 2026-11-23\n"))
  }

  /// A link to a note in the vault is that note, read once under its real path: its tasks are
  /// listed once and words name one task. A link to a note outside the vault is not read.
  @Test func aLinkedNoteIsReadOnce() throws {
    let folder = try Fixture.copy("ExampleVault")
    let manager = FileManager.default
    try manager.createSymbolicLink(
      atPath: folder.appendingPathComponent("Also Tasks.md").path, withDestinationPath: "Tasks.md")
    let outside = folder.deletingLastPathComponent().appendingPathComponent("Outside.md")
    try Data("- [ ] Only reached through a link\n".utf8).write(to: outside)
    try manager.createSymbolicLink(
      atPath: folder.appendingPathComponent("Linked.md").path, withDestinationPath: outside.path)
    let listed = try run(["tasks", "--json"], in: folder)
    let tasks = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    let paths = tasks.compactMap { $0["path"] as? String }
    #expect(paths.filter { $0 == "Tasks.md" }.count > 0 && !paths.contains("Also Tasks.md"), "\(paths)")
    #expect(!paths.contains("Linked.md"))
    let done = try run(["done", "renew passport"], in: folder)
    #expect(done.status == 0, "\(done.stderr)")
    #expect(try Fixture.text(folder, "Tasks.md").contains("- [x] Renew passport"))
  }

  @Test func aReadOnlyNoteIsNotRewritten() throws {
    let folder = try Fixture.copy("ExampleVault")
    let path = folder.appendingPathComponent("Tasks.md").path
    let before = try bytes(folder, "Tasks.md")
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
    for arguments in [
      ["done", "renew passport"], ["add", "task", "x"], ["set", "Tasks", "k", "1"], ["rm", "Tasks.md:6", "--yes"],
    ] {
      let result = try run(arguments, in: folder)
      #expect(result.status == 1)
      #expect(
        result.stderr
          == "vault: error: cannot write 'Tasks.md': it is read-only; nothing was written (make it writable to let vault change it)\n"
      )
    }
    let trashed = try run(["rm", "Tasks", "--yes"], in: folder)
    #expect(trashed.stderr.contains("it is read-only; it stays where it is"))
    #expect(try bytes(folder, "Tasks.md") == before)
  }

  /// `--index` naming a note or another program's database never touches it.
  @Test func anIndexPathThatIsNotVaultsIsLeftAlone() throws {
    let folder = try Fixture.copy("ExampleVault")
    let note = folder.appendingPathComponent("Tasks.md").path
    let before = try bytes(folder, "Tasks.md")
    let result = try run(["tasks", "--index", note], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("is not a SQLite database, so it is not vault's index; vault leaves it alone"))
    #expect(try bytes(folder, "Tasks.md") == before)
    let other = try ScratchFolder.make("other").appendingPathComponent("other.sqlite")
    var header = Data("SQLite format 3\u{0}".utf8)
    header.append(Data(repeating: 0, count: 4096 - header.count))
    header[16] = 0x10  // a page size, as SQLite writes it
    try header.write(to: other)
    let database = try run(["today"], in: folder, extra: ["VAULT_INDEX": other.path])
    #expect(database.stderr.contains("is another program's SQLite database"))
    #expect(try Data(contentsOf: other) == header)
  }

  /// Temporary files of a writer killed midway are removed by the next write to that folder.
  @Test func temporaryFilesOfKilledWritersAreCleanedUp() throws {
    let folder = try Fixture.copy("ExampleVault")
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let stale = ".vault-write-\(ended.processIdentifier)-Xy12Zq"
    try write("half", to: stale, in: folder)
    #expect(try run(["add", "task", "after"], in: folder).status == 0)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(stale).path))
    // And writers killed for real leave nothing behind after the next write.
    for _ in 1...20 {
      let running = try CLI.start(
        ["add", "task", "killed"], in: folder,
        environment: ["VAULT_TODAY": "2026-11-23", "VAULT_INDEX": folder.path + "-index.sqlite"])
      usleep(UInt32.random(in: 0...60_000))
      kill(running.process.processIdentifier, SIGKILL)
      _ = running.finish()
    }
    #expect(try run(["add", "task", "last"], in: folder).status == 0)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".vault-") }
    #expect(left.isEmpty)
  }
}
