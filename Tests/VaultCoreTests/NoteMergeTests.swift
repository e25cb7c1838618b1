import Testing

@testable import VaultCore

/// The three-way merge of notes that `vault-merge-driver` runs when two machines changed one note.
struct NoteMergeTests {
  let laptop = NoteMerge.Side(name: "laptop", time: "2026-11-25 08:30")
  let phone = NoteMerge.Side(name: "phone", time: "2026-11-25 09:10")

  func merge(_ base: String, _ ours: String, _ theirs: String, theirsIsLater: Bool = true) -> NoteMerge.Result {
    NoteMerge.merge(base: base, ours: ours, theirs: theirs, us: laptop, them: phone, theirsIsLater: theirsIsLater)
  }

  @Test func doneOnOneSideAndRewordedOnTheOtherBothLand() {
    let base = "# Tasks\n- [ ] Renew passport 📅 2026-12-01\n- [ ] Call mum\n"
    let ours = "# Tasks\n- [x] Renew passport 📅 2026-12-01 ✅ 2026-11-25\n- [ ] Call mum\n"
    let theirs = "# Tasks\n- [ ] Renew passport and ID card 📅 2026-12-01\n- [ ] Call mum\n"
    let result = merge(base, ours, theirs)
    #expect(result.text == "# Tasks\n- [x] Renew passport and ID card 📅 2026-12-01 ✅ 2026-11-25\n- [ ] Call mum\n")
    #expect(result.conflictLines.isEmpty)
  }

  @Test func aTaskCompletedOnBothSidesIsCompletedOnceOnTheEarlierDay() {
    let base = "- [ ] Renew passport 📅 2026-12-01\n"
    let ours = "- [x] Renew passport 📅 2026-12-01 ✅ 2026-11-26\n"
    let theirs = "- [x] Renew passport 📅 2026-12-01 ✅ 2026-11-25\n"
    #expect(merge(base, ours, theirs).text == theirs)
  }

  @Test func aRecurringTaskCompletedOnBothSidesMakesOneNextInstance() {
    let base = "# Home\n- [ ] Water the plants 🔁 every week when done ⏳ 2026-11-22\n- [ ] Call mum\n"
    let ours =
      "# Home\n- [ ] Water the plants 🔁 every week when done ⏳ 2026-12-02\n"
      + "- [x] Water the plants 🔁 every week when done ⏳ 2026-11-22 ✅ 2026-11-25\n- [ ] Call mum\n"
    let theirs =
      "# Home\n- [ ] Water the plants 🔁 every week when done ⏳ 2026-12-03\n"
      + "- [x] Water the plants 🔁 every week when done ⏳ 2026-11-22 ✅ 2026-11-26\n- [ ] Call mum\n"
    let result = merge(base, ours, theirs)
    #expect(result.text == ours)
    #expect(result.conflictLines.isEmpty)
  }

  @Test func journalEntriesAddedOnBothSidesAreAllKeptInTimeOrder() {
    let base = "## Journal\n\n- 07:00 Woke early\n\n## Tasks\n"
    let ours = "## Journal\n\n- 07:00 Woke early\n- 12:15 Lunch with Ana\n\n## Tasks\n"
    let theirs = "## Journal\n\n- 07:00 Woke early\n- 08:30 Walked to the lake\n- 21:00 Read\n\n## Tasks\n"
    #expect(
      merge(base, ours, theirs).text
        == "## Journal\n\n- 07:00 Woke early\n- 08:30 Walked to the lake\n- 12:15 Lunch with Ana\n- 21:00 Read\n\n## Tasks\n"
    )
  }

  @Test func tasksAddedToTheSameListOnBothSidesAreAllKept() {
    let base = "# Inbox\n- [ ] One\n"
    let ours = "# Inbox\n- [ ] One\n- [ ] Two\n"
    let theirs = "# Inbox\n- [ ] One\n- [ ] Three\n- [ ] Two\n"
    #expect(merge(base, ours, theirs).text == "# Inbox\n- [ ] One\n- [ ] Three\n- [ ] Two\n")
  }

  @Test func frontMatterMergesKeyByKey() {
    let base = "---\nmood: 5\ntags: [a]\n---\nBody\n"
    let ours = "---\nmood: 7\ntags: [a]\n---\nBody\n"
    let theirs = "---\nmood: 5\ntags: [a]\nenergy: high # after the run\n---\nBody\n"
    #expect(merge(base, ours, theirs).text == "---\nmood: 7\ntags: [a]\nenergy: high # after the run\n---\nBody\n")
  }

  @Test func aPropertyChangedOnBothSidesTakesTheLaterValueAndKeepsTheOther() {
    let base = "---\nmood: 5\n---\nBody\n"
    let ours = "---\nmood: 7\n---\nBody\n"
    let theirs = "---\nmood: 3\n---\nBody\n"
    let later = merge(base, ours, theirs, theirsIsLater: true)
    #expect(
      later.text
        == "---\nmood: 3\n---\n> [!conflict] From laptop (2026-11-25 08:30); in place: phone's\n> mood: 7\n\nBody\n")
    #expect(later.conflictLines == [4])
    let earlier = merge(base, ours, theirs, theirsIsLater: false)
    #expect(
      earlier.text
        == "---\nmood: 7\n---\n> [!conflict] From phone (2026-11-25 09:10); in place: laptop's\n> mood: 3\n\nBody\n")
  }

  @Test func aLineChangedDifferentlyOnBothSidesStaysOursWithTheirsInACallout() {
    let base = "# Plans\nWe go to Lisbon in May.\nThen home.\n"
    let ours = "# Plans\nWe go to Lisbon in June.\nThen home.\n"
    let theirs = "# Plans\nWe go to Porto in May.\nThen home.\n"
    let result = merge(base, ours, theirs)
    #expect(
      result.text
        == "# Plans\nWe go to Lisbon in June.\n> [!conflict] From phone (2026-11-25 09:10); in place: laptop's\n> We go to Porto in May.\n\nThen home.\n"
    )
    #expect(result.conflictLines == [3])
    #expect(!result.text.contains("<<<<<<<"))
  }

  @Test func aTaskRewordedDifferentlyOnBothSidesIsAConflict() {
    let base = "- [ ] Buy milk\n"
    let ours = "- [ ] Buy oat milk\n"
    let theirs = "- [ ] Buy soy milk\n"
    #expect(
      merge(base, ours, theirs).text
        == "- [ ] Buy oat milk\n> [!conflict] From phone (2026-11-25 09:10); in place: laptop's\n> - [ ] Buy soy milk\n"
    )
  }

  /// Ticked on one side next to a line both sides re-dated: the tick lands, and the callout
  /// holds only the task whose date clashed.
  @Test func aTickNextToAClashLandsAndTheCalloutHoldsOnlyTheClashingTask() {
    let base = "# Tasks\n- [ ] Renew passport\n- [ ] Book flights 📅 2026-12-01\n"
    let ours = "# Tasks\n- [ ] Renew passport\n- [ ] Book flights 📅 2026-12-05\n"
    let theirs = "# Tasks\n- [x] Renew passport ✅ 2026-11-25\n- [ ] Book flights 📅 2026-12-03\n"
    let result = merge(base, ours, theirs)
    #expect(
      result.text
        == "# Tasks\n- [x] Renew passport ✅ 2026-11-25\n- [ ] Book flights 📅 2026-12-05\n"
        + "> [!conflict] From phone (2026-11-25 09:10); in place: laptop's\n> - [ ] Book flights 📅 2026-12-03\n")
    #expect(result.conflictLines == [4])
  }

  /// Both sides changed one task, in different parts and in one part differently: every part
  /// only one side changed is in both versions, in place and in the callout.
  @Test func aClashingTaskKeepsEveryOneSidedPartInBothVersions() {
    let base = "- [ ] Pay rent 📅 2026-12-01 🔼\n"
    let ours = "- [ ] Pay the rent 📅 2026-12-02 🔼\n"
    let theirs = "- [ ] Pay rent 📅 2026-12-04 ⏫\n"
    #expect(
      merge(base, ours, theirs).text
        == "- [ ] Pay the rent 📅 2026-12-02 ⏫\n> [!conflict] From phone (2026-11-25 09:10); in place: laptop's\n"
        + "> - [ ] Pay the rent 📅 2026-12-04 ⏫\n")
  }

  /// A line replaced on one side and a line added after it on the other: both land, no callout.
  @Test func aLineReplacedHereAndOneAddedThereBothLand() {
    let result = merge("a\nb\n", "a\nX\n", "a\nb\nY\n")
    #expect(result.text == "a\nX\nY\n")
    #expect(result.conflictLines.isEmpty)
  }

  @Test func aCalloutTitleNamesBothSides() {
    let sides = NoteMerge.calloutSides("> [!conflict] From phone (2026-11-25 09:10); in place: laptop's\n")
    #expect(sides?.from == "phone" && sides?.inPlace == "laptop")
    #expect(NoteMerge.calloutSides("> [!conflict] From phone (2026-11-25 09:10)")?.inPlace == nil)
    #expect(NoteMerge.calloutSides("> [!note] From phone") == nil)
  }

  @Test func changesInDifferentPlacesMergeAsGitWould() {
    let base = "a\nb\nc\nd\ne\n"
    let ours = "A\nb\nc\nd\ne\n"
    let theirs = "a\nb\nc\nd\nE\n"
    #expect(merge(base, ours, theirs).text == "A\nb\nc\nd\nE\n")
  }

  @Test func adjacentLinesChangedOnEachSideBothLand() {
    let base = "a\nb\n"
    #expect(merge(base, "A\nb\n", "a\nB\n").text == "A\nB\n")
  }

  @Test func crlfNotesStayCrlf() {
    let base = "# T\r\nx\r\n"
    let result = merge(base, "# T\r\ny\r\n", "# T\r\nz\r\n")
    #expect(result.text == "# T\r\ny\r\n> [!conflict] From phone (2026-11-25 09:10); in place: laptop's\r\n> z\r\n")
  }

  @Test func aNoteWithoutANewlineAtTheEndMerges() {
    #expect(merge("a\nb", "a\nb\nc", "z\na\nb").text == "z\na\nb\nc")
  }

  @Test func identicalChangesOnBothSidesAreTakenOnce() {
    let base = "---\nmood: 5\n---\n- [ ] A\n"
    let changed = "---\nmood: 6\n---\n- [x] A ✅ 2026-11-25\n"
    #expect(merge(base, changed, changed).text == changed)
  }
}

/// The subject of a sync's commit: what changed, in planner words.
struct ChangeSummaryTests {
  @Test func aFewChangesAreNamedAndManyAreCounted() {
    let tasks = "- [ ] Renew passport\n- [ ] Call mum\n"
    let few = ChangeSummary.message([
      .init(
        path: "Tasks.md", before: tasks, after: "- [x] Renew passport ✅ 2026-11-25\n- [ ] Call mum\n- [ ] Buy milk\n"),
      .init(path: "Journal/2026/11/2026-11-25.md", before: nil, after: "- 08:30 Walk\n"),
    ])
    #expect(few.subject == "done: Renew passport; journal 2026-11-25; +1 task")
    let many = ChangeSummary.message((1...40).map { .init(path: "Notes/Note \($0).md", before: nil, after: "x\n") })
    #expect(many.subject == "new: 40 files")
  }

  @Test func aTaskGivenANewDateIsSaidReDated() {
    let before = "- [ ] Renew passport 📅 2026-12-01\n- [ ] Call mum 🔼\n"
    let after = "- [ ] Renew passport 📅 2026-12-05\n- [ ] Call mum ⏫\n"
    #expect(
      ChangeSummary.message([.init(path: "Tasks.md", before: before, after: after)]).subject
        == "1 task re-dated; 1 task changed")
  }

  @Test func aCalloutsCopyOfATaskIsNoTaskInTheCommitMessage() {
    let before = "- [ ] Renew passport 📅 2026-12-01\n"
    let after =
      before + "> [!conflict] From phone (2026-11-25 09:10); in place: laptop's\n> - [ ] Renew passport 📅 2026-12-03\n"
    #expect(ChangeSummary.message([.init(path: "Tasks.md", before: before, after: after)]).subject == "edited: Tasks")
  }
}
