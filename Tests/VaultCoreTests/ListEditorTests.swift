import Testing

@testable import VaultCore

/// `vault principle edit|rm|move` change only the list's lines, renumbered, whatever the
/// line endings.
@Suite struct ListEditorTests {
  func apply(_ operation: ListEditor.Operation, _ text: String, _ items: [Int]) -> String? {
    try? ListEditor.apply(operation, to: text, itemLines: items).get()
  }

  @Test func movesRenumberAnOrderedList() {
    let text = "# Code\n\n1. A\n2. B\n   more of B\n3. C\n\nAfter.\n"
    #expect(apply(.move(1, to: 3), text, [3, 4, 6]) == "# Code\n\n1. B\n   more of B\n2. C\n3. A\n\nAfter.\n")
    #expect(apply(.remove(2), text, [3, 4, 6]) == "# Code\n\n1. A\n2. C\n\nAfter.\n")
    #expect(apply(.edit(3, "See"), text, [3, 4, 6]) == "# Code\n\n1. A\n2. B\n   more of B\n3. See\n\nAfter.\n")
  }

  @Test func keepsCRLFAndAMissingLastLineEnding() {
    #expect(apply(.move(1, to: 2), "1. A\r\n2. B\r\n", [1, 2]) == "1. B\r\n2. A\r\n")
    #expect(apply(.move(1, to: 2), "1. A\n2. B", [1, 2]) == "1. B\n2. A")
    #expect(apply(.move(2, to: 1), "- A\n- B", [1, 2]) == "- B\n- A")
  }

  @Test func refusesWhatIsNotThere() {
    #expect(throws: ListEditor.Failure.noSuchItem(4, count: 2)) {
      try ListEditor.apply(.remove(4), to: "- A\n- B\n", itemLines: [1, 2]).get()
    }
    // A line break is joined, as everywhere vault writes a line.
    #expect(apply(.edit(1, "a\nb"), "- A\n", [1]) == "- a b\n")
  }
}
