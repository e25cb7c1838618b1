import Foundation
import TestSupport
import Testing

/// `vault encrypt` and `vault decrypt` in Obsidian's Meld Encrypt format, checked both ways
/// against the plugin's algorithm written again with Python's `cryptography`
/// (Fixtures/Oracles/meld-encrypt): what vault seals the plugin opens, what the plugin seals
/// vault opens; nothing decrypted reaches the vault's files or its index.
@Suite struct EncryptedNotesTests {
  static let oracle = Fixture.testsFolder.appendingPathComponent("Fixtures/Oracles/meld-encrypt").path
  /// The plugin's own test texts (CryptoHelper2304.test.ts) and a few more.
  static let texts = [
    "Hello, World!", "", "🔐 Secret: café résumé naïve", "Line 1\nLine 2\nLine 3", String(repeating: "B", count: 10_000),
    "---\ntitle: Private\n---\n# Diary\r\n\r\nCRLF and a tab\there, \"quotes\" and \\ backslashes / slashes\n",
    "👨‍👩‍👧 ∑ 日本語 \u{0}",
  ]

  func run(_ arguments: [String], in folder: URL) throws -> CLI.Result {
    try CLI.run(arguments, inVault: folder, today: "2026-11-23")
  }

  func password(_ folder: URL, _ text: String = "correct horse battery") throws -> String {
    let file = folder.deletingLastPathComponent().appendingPathComponent("password-\(text.count)").path
    try (text + "\n").write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  func opened(_ path: URL, _ password: String = "correct horse battery") throws -> String {
    let output = try Oracle.run("python3", [Self.oracle, "open", path.path, password])
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] ?? [:]
    return object["text"] as? String ?? "(none)"
  }

  @Test func whatVaultSealsThePluginOpens() throws {
    let folder = try Fixture.copy("ExampleVault")
    let key = try password(folder)
    let index = folder.path + "-index.sqlite"
    for (number, text) in Self.texts.enumerated() {
      let name = "Private \(number).md"
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
      let result = try run(["encrypt", name, "--password-file", key, "--hint", "hint \(number)"], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(
        !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "the plain note is gone")
      let sealed = folder.appendingPathComponent("Private \(number).mdenc")
      #expect(try opened(sealed) == text, "case \(number)")
      let shown = try run(["decrypt", "Private \(number).mdenc", "--password-file", key], in: folder)
      #expect(shown.status == 0 && shown.stdout == text, "case \(number): \(shown.stderr)")
    }
    // Lines of a note, in place; the rest of the note as it was.
    let before = try Fixture.text(folder, "Tasks.md")
    let lines = try run(["encrypt", "Tasks.md", "--lines", "6-7", "--password-file", key], in: folder)
    #expect(lines.status == 0, "\(lines.stderr)")
    let after = try Fixture.text(folder, "Tasks.md")
    #expect(after.contains("\n%%🔐β ") && !after.contains("Renew passport") && !after.contains("electricity"))
    #expect(try opened(folder.appendingPathComponent("Tasks.md")) == before)
    #expect(try run(["decrypt", "Tasks.md", "--password-file", key], in: folder).stdout == before)
    // Neither the index nor any file of the vault holds what was encrypted.
    _ = try run(["index", "--rebuild"], in: folder)
    let indexBytes = try Data(contentsOf: URL(fileURLWithPath: index))
    #expect(indexBytes.range(of: Data("Renew passport".utf8)) == nil)
    #expect(indexBytes.range(of: Data("Secret: café".utf8)) == nil)
    let listed = try run(["decrypt", "--list"], in: folder)
    #expect(listed.stdout.contains("Private 2.mdenc") && listed.stdout.contains("Tasks.md"), "\(listed.stdout)")
  }

  @Test func whatThePluginSealsVaultOpens() throws {
    let folder = try Fixture.copy("ExampleVault")
    let sealed = folder.appendingPathComponent("Sealed")
    try FileManager.default.createDirectory(at: sealed, withIntermediateDirectories: true)
    try JSONSerialization.data(withJSONObject: Self.texts).write(to: sealed.appendingPathComponent("cases.json"))
    _ = try Oracle.run("python3", [Self.oracle, "seal", sealed.path, "correct horse battery"])
    let key = try password(folder)
    for (number, text) in Self.texts.enumerated() {
      let file = try run(["decrypt", "Sealed/\(number).mdenc", "--password-file", key], in: folder)
      #expect(file.status == 0 && file.stdout == text, "case \(number): \(file.stderr)")
      let part = try run(["decrypt", "Sealed/\(number).md", "--password-file", key], in: folder)
      #expect(part.stdout == "# Case \(number)\n\nBefore \(text) after.\n", "case \(number): \(part.stderr)")
    }
    // A wrong password opens nothing, says so with the hint, and writes nothing.
    let wrong = try run(["decrypt", "Sealed/0.mdenc", "--password-file", try password(folder, "wrong")], in: folder)
    #expect(wrong.status != 0 && wrong.stdout.isEmpty)
    #expect(wrong.stderr.contains("the password does not open it") && wrong.stderr.contains("its hint: hint 0"))
  }
}
