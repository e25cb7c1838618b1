import Foundation
import Testing
import VaultCore
import VaultKit

@testable import VaultIndex

/// The dashboard read again after a write keeps the parts that read nothing it changed, and is
/// always what a dashboard read afresh from the index shows.
@Suite struct KeptPartsTests {
  static let today = LocalDate(year: 2026, month: 11, day: 24) ?? LocalDate(dayNumber: 0)

  static let tasks = """
    # Tasks
    - [ ] Renew passport 📅 2026-11-24
    - [ ] Buy bread 📅 2026-11-25
    - [x] Call mum ✅ 2026-11-23

    """
  static let garden = """
    ---
    tags: [garden]
    type: goal
    ---
    # Garden
    - [ ] Move the lemon tree inside
    - [x] Rake ✅ 2026-11-20

    """
  static let dentist = "---\ndate: 2026-11-26\nstartTime: \"09:00\"\ntags: [health]\n---\n"

  static let files: [String: String] = [
    "Tasks.md": tasks, "Projects/Garden.md": garden, "Events/Dentist.md": dentist,
    "Events/Birthday.md": "---\ndate: 1990-11-30\nrepeat: yearly\n---\n",
    "Journal/2026-11-23.md": "---\nmood: 7\n---\n# Monday\n",
    "2026-11-24.md": "---\nmood: 6\n---\n# Today\n",
    "Insights/Patience.md": "---\ntype: insight\n---\nPatience is a plan.\n",
    "Pinned.md": "---\npinned: true\n---\n# Pinned\n",
    "Notes/Plain.md": "# Plain\nNothing to see.\n",
  ]

  /// Edits, each a file and its new text (nil: removed).
  static let edits: [(String, String, String?)] = [
    ("a line added to a plain note", "Notes/Plain.md", "# Plain\nNothing to see.\n\nEdited #bench\n"),
    ("a task added for today", "Tasks.md", tasks + "- [ ] Water plants 📅 2026-11-24\n"),
    ("a task checked", "Tasks.md", tasks.replacingOccurrences(of: "- [ ] Buy bread", with: "- [x] Buy bread")),
    ("an event moved", "Events/Dentist.md", dentist.replacingOccurrences(of: "11-26", with: "11-27")),
    ("an event's tag changed", "Events/Dentist.md", dentist.replacingOccurrences(of: "health", with: "teeth")),
    ("a mood changed", "2026-11-24.md", "---\nmood: 2\n---\n# Today\n"),
    ("a goal's task done", "Projects/Garden.md", garden.replacingOccurrences(of: "- [ ]", with: "- [x]")),
    ("a note unpinned", "Pinned.md", "# Pinned\n"),
    ("a title changed", "Notes/Plain.md", "# Renamed\nNothing to see.\n"),
    ("a note removed", "Events/Birthday.md", nil),
    ("a note added", "Notes/New.md", "- [ ] A new task 📅 2026-11-24\n"),
    ("a task that suits a mood added", "Tasks.md", tasks + "- [ ] Stretch [energy:: low] [duration:: 5m]\n"),
  ]

  /// The files indexed, with the vault and a store that has read the dashboard once.
  func indexedAndRead() throws -> (folder: TemporaryVault, vault: Vault, store: IndexStore) {
    let folder = try TemporaryVault(Self.files)
    let vault = try folder.vault()
    let store = try folder.store()
    try vault.refresh(store)
    _ = try dashboard(vault, store)
    return (folder, vault, store)
  }

  func dashboard(_ vault: Vault, _ store: IndexStore) throws -> Dashboard {
    try vault.dashboard(in: store, today: Self.today, limit: 3)
  }

  func json(_ dashboard: Dashboard) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return String(decoding: try encoder.encode(dashboard), as: UTF8.self)
  }

  @Test(arguments: edits.indices)
  func aDashboardReadAgainAfterAWriteIsWhatAFreshReadShows(_ index: Int) throws {
    let (name, path, text) = Self.edits[index]
    let (folder, vault, store) = try indexedAndRead()
    if let text { try folder.write(path, text, secondsLater: 5) } else { try folder.remove(path) }
    let refresh = try vault.refresh(store)
    #expect(refresh.parsed + refresh.removed == 1)
    let again = try dashboard(vault, store)
    let fresh = try dashboard(vault, try folder.store())
    #expect(try json(again) == json(fresh), "\(name)")
  }

  @Test func onlyThePartsThatReadWhatChangedAreReadAgain() throws {
    let (folder, vault, store) = try indexedAndRead()
    let first = store.partsRead.value
    #expect(first > 10)
    // Nothing changed: every part is kept.
    _ = try dashboard(vault, store)
    #expect(store.partsRead.value == first)
    // A line in a plain note changes its size and time, a tag and its search text: only the
    // parts that show tags (the tags of what is shown, the insight of the day) read those.
    try folder.write("Notes/Plain.md", "# Plain\nNothing to see.\n\nEdited #bench\n", secondsLater: 5)
    #expect(try vault.refresh(store).parsed == 1)
    _ = try dashboard(vault, store)
    #expect(store.partsRead.value - first <= 2)
    // A task due today: the tasks' parts are read again, the events' are not.
    let before = store.partsRead.value
    try folder.write("Tasks.md", Self.tasks + "- [ ] Water plants 📅 2026-11-24\n", secondsLater: 10)
    try vault.refresh(store)
    _ = try dashboard(vault, store)
    let again = store.partsRead.value - before
    #expect(again > 0 && again < first)
  }

  @Test func aStoreThatReleasesItsCacheKeepsNoPart() throws {
    let (_, vault, store) = try indexedAndRead()
    let first = store.partsRead.value
    store.releaseCache()
    _ = try dashboard(vault, store)
    #expect(store.partsRead.value == 2 * first)
  }

  @Test func anotherProcessWritingMeansEveryPartIsReadAgain() throws {
    let (folder, vault, store) = try indexedAndRead()
    let before = try json(try dashboard(vault, store))
    // Another connection (as another process) stores the change; this store writes nothing.
    try folder.write("Tasks.md", Self.tasks + "- [ ] Water plants 📅 2026-11-24\n", secondsLater: 5)
    let other = try folder.store()
    try vault.refresh(other)
    let after = try json(try dashboard(vault, store))
    #expect(after != before)
    #expect(after == (try json(try dashboard(vault, other))))
  }
}
