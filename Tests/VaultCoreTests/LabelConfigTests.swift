import Testing

@testable import VaultCore

/// `vault label add|set|rm` change only the label's line of `.vault/config.yml`.
@Suite struct LabelConfigTests {
  static let config = """
    # my settings
    inbox: Tasks.md
    labels:
      errand: {color: "#f59e0b", emoji: 🛒, category: Location}
      # kept comment
      home:
        color: "#8b5cf6"
        category: Location
    week_start: monday

    """

  @Test func setReplacesOrAddsOneLine() throws {
    let changed = try LabelConfigEditor.set(Label(name: "errand", color: "#000000"), in: Self.config).get()
    #expect(
      changed
        == Self.config.replacingOccurrences(
          of: "  errand: {color: \"#f59e0b\", emoji: 🛒, category: Location}", with: "  errand: {color: \"#000000\"}"))
    let block = try LabelConfigEditor.set(Label(name: "home", emoji: "🏠"), in: Self.config).get()
    #expect(block.contains("  home: {emoji: 🏠}\nweek_start: monday"))
    #expect(!block.contains("#8b5cf6"))
    let added = try LabelConfigEditor.set(Label(name: "phone", category: "Type"), in: Self.config).get()
    #expect(
      added
        == Self.config.replacingOccurrences(
          of: "    category: Location\nweek_start",
          with: "    category: Location\n  phone: {category: Type}\nweek_start"))
    let fresh = try LabelConfigEditor.set(Label(name: "quick"), in: "inbox: Tasks.md\n").get()
    #expect(fresh == "inbox: Tasks.md\n\nlabels:\n  quick: {}\n")
    let crlf = try LabelConfigEditor.set(Label(name: "a"), in: "labels:\r\n  b: {}\r\n").get()
    #expect(crlf == "labels:\r\n  b: {}\r\n  a: {}\r\n")
  }

  @Test func removeTakesItsLinesOnly() throws {
    let removed = try LabelConfigEditor.remove("home", in: Self.config).get()
    #expect(
      removed
        == Self.config.replacingOccurrences(
          of: "  home:\n    color: \"#8b5cf6\"\n    category: Location\n", with: ""))
    #expect(try LabelConfigEditor.remove("nothing", in: Self.config).get() == nil)
  }

  @Test func aLabelsMappingOnOneLineIsRefused() {
    let text = "inbox: Tasks.md\nlabels: {errand: {color: red}}\n"
    #expect(throws: LabelConfigEditor.Failure.flowStyle(line: 2)) {
      try LabelConfigEditor.set(Label(name: "x"), in: text).get()
    }
  }

  /// `vault labels --suggest`: the labels of the most similar tasks, and which tasks.
  @Test func labelsAreSuggestedFromSimilarTasks() {
    func task(_ line: Int, _ text: String, _ tags: [String]) -> Located<TaskItem> {
      var item = TaskItem(line: line, indentation: "", marker: "-", status: TaskStatus(symbol: " "))
      item.description = text
      item.tags = tags
      return Located(path: "Tasks.md", title: "Tasks", line: line, tags: [], value: item)
    }
    let tasks = [
      task(1, "Buy milk at the shop #errand", ["#errand"]),
      task(2, "Buy bread and milk #errand #quick", ["#errand", "#quick"]),
      task(3, "Call the bank about the card #phone", ["#phone"]), task(4, "Buy a milk frother", []),
    ]
    let proposals = LabelSuggester.proposals(for: tasks[3], among: tasks, labels: ["errand", "quick", "phone"])
    #expect(proposals.map(\.label) == ["errand", "quick"])
    #expect(
      proposals.first?.from == [
        "Tasks.md:1 Buy milk at the shop #errand", "Tasks.md:2 Buy bread and milk #errand #quick",
      ])
    #expect(LabelSuggester.words("Buy a [duration:: 15m] milk frother #errand") == ["buy", "milk", "frother"])
  }
}
