import Foundation
import Testing

@Suite struct ShowCommandTests {
  @Test(arguments: [
    ("Events/2026-12-05 Radiohead Concert.md", "show-concert"),
    ("Tasks", "show-tasks"),
    ("Projects/Garden.md", "show-garden"),
    ("Journal/2026/11/2026-11-22", "show-journal"),
    ("Personal Code", "show-personal-code"),
    ("Goals/Learn Spanish.md", "show-goal"),
  ])
  func showsEveryPart(note: String, snapshot: String) throws {
    let vault = try Fixture.copy("ExampleVault")
    // On the example vault's day: the tasks' forecast counts from today.
    let result = try CLI.run(["show", note], in: vault, environment: ["VAULT_TODAY": "2026-11-23"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    try Snapshot.assert(result.stdout, named: snapshot)
  }

  @Test func jsonFollowsTheDocumentedSchema() throws {
    let vault = try Fixture.copy("ExampleVault")
    let result = try CLI.run(["show", "--json", "Tasks.md"], in: vault)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(
      object.keys.sorted() == [
        "date", "diagnostics", "encoding", "event", "fields", "goal", "headings", "insight", "journal", "kind",
        "kindReason", "links", "listEntries", "path", "principles", "properties", "skipped", "summary", "tags",
        "tasks", "title",
      ])
    let tasks = try #require(object["tasks"] as? [[String: Any]])
    let passport = try #require(tasks.first)
    #expect(passport["description"] as? String == "Renew passport")
    #expect(passport["due"] as? String == "2026-11-20")
    #expect(passport["priority"] as? String == "high")
    #expect((passport["status"] as? [String: String]) == ["symbol": " ", "type": "todo"])
    #expect(
      passport.keys.sorted() == [
        "blockLink", "byteRange", "cancelled", "created", "dependsOn", "description", "done", "due", "fields",
        "format", "id", "indentation", "line", "marker", "notes", "onCompletion", "parentLine", "priority",
        "recurrence",
        "scheduled", "scheduledIsInferred", "start", "status", "tags",
      ])
  }

  @Test func encodingsAndOddQuotingReadRight() throws {
    let vault = try Fixture.copy("Encodings")
    let windows = try CLI.run(["show", "--json", "Windows.md"], in: vault)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(windows.stdout.utf8)) as? [String: Any])
    let encoding = try #require(object["encoding"] as? [String: Any])
    #expect(encoding["hasBOM"] as? Bool == true && encoding["lineEnding"] as? String == "crlf")
    #expect(object["title"] as? String == "BOM and CRLF")
    let tasks = try #require(object["tasks"] as? [[String: Any]])
    #expect(tasks.first?["due"] as? String == "2026-12-01")
    let odd = try CLI.run(["show", "Odd Quoting"], in: vault)
    try Snapshot.assert(odd.stdout, named: "show-odd-quoting")
  }

  @Test func unknownAndAmbiguousNotes() throws {
    let vault = try Fixture.copy("ExampleVault")
    let missing = try CLI.run(["show", "No Such Note"], in: vault)
    #expect(missing.status == 1)
    #expect(missing.stderr == "vault: error: no note 'No Such Note' in the vault\n")
    let outside = try CLI.run(["show", "../ExampleVault/../../etc/hostname"], in: vault)
    #expect(outside.status == 1)
  }
}
