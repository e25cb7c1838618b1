import TestSupport
import Testing

@testable import VaultCore

/// Moving a task within its list (`vault task --move-before/--move-after/--move-to-top/
/// --move-to-bottom`): its block goes whole, the other items keep their order, nothing else
/// changes; checked on examples and against a model over random lists and moves.
@Suite struct TaskReorderTests {
  func moved(_ text: String, line: Int, _ place: TaskReorder.Place) -> String? {
    guard case .success(let (bytes, _)) = TaskReorder.move(Array(text.utf8), taskLine: line, to: place) else {
      return nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func aTaskMovesWithItsSubtasksAndDescription() {
    let note = """
      # Home
      - [ ] A
      - [ ] B
          with a description
          - [ ] B1
      \t- [ ] B2
      - [ ] C

      Text after.
      """
    #expect(
      moved(note, line: 3, .top)
        == "# Home\n- [ ] B\n    with a description\n    - [ ] B1\n\t- [ ] B2\n- [ ] A\n- [ ] C\n\nText after.")
    #expect(
      moved(note, line: 3, .bottom)
        == "# Home\n- [ ] A\n- [ ] C\n- [ ] B\n    with a description\n    - [ ] B1\n\t- [ ] B2\n\nText after.")
    #expect(
      moved(note, line: 7, .before(line: 2))
        == "# Home\n- [ ] C\n- [ ] A\n- [ ] B\n    with a description\n    - [ ] B1\n\t- [ ] B2\n\nText after.")
    #expect(
      moved(note, line: 2, .after(line: 7))
        == "# Home\n- [ ] B\n    with a description\n    - [ ] B1\n\t- [ ] B2\n- [ ] C\n- [ ] A\n\nText after.")
    // A subtask within its parent's list.
    #expect(
      moved(note, line: 6, .top)
        == "# Home\n- [ ] A\n- [ ] B\n    with a description\n\t- [ ] B2\n    - [ ] B1\n- [ ] C\n\nText after.")
    // One up, one down; at an end, nothing.
    #expect(moved(note, line: 7, .up) == moved(note, line: 7, .before(line: 3)))
    #expect(moved(note, line: 2, .down) == moved(note, line: 2, .after(line: 3)))
    #expect(moved(note, line: 2, .up) == note)
    #expect(moved(note, line: 7, .down) == note)
    // Already there: the very bytes.
    #expect(moved(note, line: 2, .top) == note)
    #expect(moved(note, line: 2, .before(line: 3)) == note)
  }

  @Test func aTaskDoesNotLeaveItsList() {
    let note = "## Home\n- [ ] A\n    - [ ] A1\n- [ ] B\n\n## Someday\n- [ ] C\n"
    #expect(TaskReorder.move(Array(note.utf8), taskLine: 7, to: .before(line: 2)).failure == .notInTheList(line: 2))
    #expect(TaskReorder.move(Array(note.utf8), taskLine: 3, to: .after(line: 4)).failure == .notInTheList(line: 4))
    #expect(TaskReorder.move(Array(note.utf8), taskLine: 2, to: .after(line: 2)).failure == .itself)
    // A list with blank lines between its items is one list (the blank lines stay where they
    // are); the line ends stay as they were.
    #expect(moved("- [ ] A\r\n\r\n- [ ] B\r\n", line: 3, .top) == "- [ ] B\r\n- [ ] A\r\n\r\n")
    #expect(moved("1. [ ] A\n2. [ ] B", line: 2, .top) == "2. [ ] B\n1. [ ] A")
  }

  /// A model: a list is items, each a line and some indented lines under it; a move takes one
  /// item out and puts it back at its place. Random lists and moves must give the model's text.
  @Test func randomMovesAgreeWithTheModel() {
    var generator = SeededRandom(seed: 20_261_130)
    for round in 0..<2_000 {
      let count = Int.random(in: 1...6, using: &generator)
      let items: [[String]] = (0..<count).map { index in
        ["- [ ] item \(index)"]
          + (0..<Int.random(in: 0...2, using: &generator)).map { "    - [ ] item \(index).\($0)" }
      }
      let before = ["# Heading", "Some text."]
      let after = Bool.random(using: &generator) ? ["", "## Next", "- [ ] elsewhere"] : []
      let text = (before + items.flatMap { $0 } + after).joined(separator: "\n") + "\n"
      let firstLines = items.indices.map { index in
        before.count + items[..<index].reduce(0) { $0 + $1.count } + 1
      }
      let mover = Int.random(in: 0..<count, using: &generator)
      let other = Int.random(in: 0..<count, using: &generator)
      let places: [TaskReorder.Place] = [
        .top, .bottom, .up, .down, .before(line: firstLines[other]), .after(line: firstLines[other]),
      ]
      let place = places.randomElement(using: &generator) ?? .top
      var model = items
      let item = model.remove(at: mover)
      let expected: [[String]]?
      switch place {
      case .top: expected = [item] + model
      case .bottom: expected = model + [item]
      case .up:
        var result = model
        result.insert(item, at: max(0, mover - 1))
        expected = result
      case .down:
        var result = model
        result.insert(item, at: min(model.count, mover + 1))
        expected = result
      case .before, .after:
        if mover == other {
          expected = nil
        } else {
          let target = model.firstIndex(of: items[other]) ?? 0
          var result = model
          if case .before = place { result.insert(item, at: target) } else { result.insert(item, at: target + 1) }
          expected = result
        }
      }
      let result = TaskReorder.move(Array(text.utf8), taskLine: firstLines[mover], to: place)
      switch result {
      case .success(let (bytes, line)):
        let want = expected.map { (before + $0.flatMap { $0 } + after).joined(separator: "\n") + "\n" }
        #expect(String(decoding: bytes, as: UTF8.self) == want, "round \(round): \(place) of item \(mover)")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[line - 1] == items[mover][0], "round \(round): the line it is on now")
      case .failure(let failure):
        #expect(expected == nil && failure == .itself, "round \(round): \(failure)")
      }
    }
  }
}

extension Result {
  var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
