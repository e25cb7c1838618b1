import Foundation
import TestSupport
import Testing

/// Labels through the built binary — the starter set, add/set/rm changing only the
/// label's line, usage counts, `check` on a bad colour, and `add task --label`.
@Suite struct LabelCommandTests {
  @Test func labelsAreKeptInTheConfigLineByLine() throws {
    let folder = try Fixture.copy("Planning")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-23"]
    let before = try Fixture.text(folder, ".vault/config.yml")
    let added = try CLI.run(
      ["label", "add", "errand", "--label-color", "#F59E0B", "--emoji", "🛒", "--category", "Location"], in: folder,
      environment: environment)
    #expect(added.status == 0, "\(added.stderr)")
    let withErrand = try Fixture.text(folder, ".vault/config.yml")
    #expect(withErrand == before + "\nlabels:\n  errand: {color: \"#f59e0b\", emoji: 🛒, category: Location}\n")
    _ = try CLI.run(["add", "task", "Post the letter", "--label", "errand"], in: folder, environment: environment)
    let listed = try CLI.run(["labels", "--json"], in: folder, environment: environment)
    let usage = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(usage.count == 1 && usage.first?["tasks"] as? Int == 1)
    #expect((usage.first?["label"] as? [String: Any])?["emoji"] as? String == "🛒")
    _ = try CLI.run(["label", "set", "errand", "--category", "Outside"], in: folder, environment: environment)
    #expect(
      try Fixture.text(folder, ".vault/config.yml")
        == withErrand.replacingOccurrences(of: "category: Location", with: "category: Outside"))
    // In colour (on a terminal, or asked for), a label shows its emoji and its colour.
    let colored = try CLI.run(["tasks", "--color", "always"], in: folder, environment: environment)
    #expect(colored.stdout.contains("Post the letter 🛒 \u{1B}[38;5;"), "\(colored.stdout)")
    let plain = try CLI.run(["tasks"], in: folder, environment: environment)
    #expect(plain.stdout.contains("Post the letter #errand"))
    let removed = try CLI.run(["label", "rm", "errand"], in: folder, environment: environment)
    #expect(removed.status == 0)
    #expect(try Fixture.text(folder, ".vault/config.yml") == before + "\nlabels:\n")
    #expect(try Fixture.text(folder, "Tasks.md").contains("- [ ] Post the letter #errand"))
  }

  @Test func theStarterSetAndABadColour() throws {
    let folder = try ScratchFolder.make("labels").appendingPathComponent("Vault")
    let made = try CLI.run(["init", folder.path, "--labels"], in: folder.deletingLastPathComponent())
    #expect(made.stdout.contains("added  12 labels in .vault/config.yml"), "\(made.stdout)")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite"]
    let listed = try CLI.run(["labels", "--json"], in: folder, environment: environment)
    let usage = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]] ?? []
    let categories = Set(usage.compactMap { ($0["label"] as? [String: Any])?["category"] as? String })
    #expect(categories == ["Energy", "Location", "Type", "Duration", "Category"])
    let config = folder.appendingPathComponent(".vault/config.yml")
    let text = try String(contentsOf: config, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\"#f59e0b\"", with: "sunset").utf8).write(to: config)
    let checked = try CLI.run(["check"], in: folder, environment: environment)
    #expect(checked.stdout.contains("error: 'sunset' is not a colour"), "\(checked.stdout)")
  }

  /// A label counts what `vault tags` counts for its tag: every note carrying it or a tag nested
  /// under it (events, goals, journal days and plain notes alike, each once), and the task lines.
  @Test func aLabelCountsWhatTagsCounts() throws {
    let folder = try Fixture.copy("ExampleVault")
    let environment = ["VAULT_INDEX": folder.path + "-index.sqlite", "VAULT_TODAY": "2026-11-29"]
    for name in ["health", "travel", "reading"] {
      _ = try CLI.run(["label", "add", name], in: folder, environment: environment)
    }
    let labels = try CLI.run(["labels", "--json"], in: folder, environment: environment)
    let usage = try JSONSerialization.jsonObject(with: Data(labels.stdout.utf8)) as? [[String: Any]] ?? []
    #expect(usage.count == 3, "\(labels.stdout)\(labels.stderr)")
    for entry in usage {
      let name = try #require((entry["label"] as? [String: Any])?["name"] as? String)
      let tagged = try CLI.run(["tags", name, "--json"], in: folder, environment: environment)
      let items = try JSONSerialization.jsonObject(with: Data(tagged.stdout.utf8)) as? [String: Any] ?? [:]
      let notes = (items["notes"] as? [Any])?.count ?? -1
      let tasks = (items["tasks"] as? [Any])?.count ?? -1
      #expect(entry["notes"] as? Int == notes && entry["tasks"] as? Int == tasks, "#\(name): \(entry)")
      let tree = try CLI.run(["tags", "--json"], in: folder, environment: environment)
      let nodes = try JSONSerialization.jsonObject(with: Data(tree.stdout.utf8)) as? [[String: Any]] ?? []
      let node = nodes.first { ($0["name"] as? String)?.lowercased() == name }
      #expect(node?["total"] as? Int == notes, "#\(name) in vault tags: \(node ?? [:])")
    }
    // Nested tags count under their parent: #travel/day-trip is a #travel note too.
    #expect(usage.first { ($0["label"] as? [String: Any])?["name"] as? String == "health" }?["notes"] as? Int ?? 0 >= 8)
  }
}
