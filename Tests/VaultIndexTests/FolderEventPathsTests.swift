import Foundation
import TestSupport
import Testing

@testable import VaultKit

/// FSEvents names paths in full and folds changes together; the watcher is told each one as an
/// entry of a watched folder, as inotify tells it on Linux. The stream is macOS's, the
/// bookkeeping is tested here on real files, with the flags FSEvents sends for each writer.
@Suite struct FolderEventPathsTests {
  typealias Flags = FolderEventPaths.Flags

  /// A vault of `Notes/` and `.git/objects/ab/` with a few files, its folders watched as the
  /// watcher watches them (the vault, its note folders, `.obsidian`).
  struct Watched {
    let root: String
    var paths = FolderEventPaths()
    var watch: [String: Int32] = [:]

    init() throws {
      let made = try ScratchFolder.make("fsevents")
      root = URL(fileURLWithPath: made.path).resolvingSymlinksInPath().path
      for folder in ["Notes", ".obsidian", ".git/objects/ab"] {
        try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
      }
      for file in ["Notes/Plan.md", "Inbox.md", ".obsidian/app.json", ".git/objects/ab/cdef"] {
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: root + "/" + file))
      }
      for folder in ["", "Notes", ".obsidian"] {
        watch[folder] = paths.add(real: folder.isEmpty ? root : root + "/" + folder).watch
      }
    }

    func events(_ relative: String, _ flags: Flags) -> [FolderEvent] {
      paths.events(at: relative.isEmpty ? root : root + "/" + relative, flags: flags)
    }
  }

  @Test func aFileWrittenInAWatchedFolderIsAnEntryOfThatFolder() throws {
    let vault = try Watched()
    #expect(
      vault.events("Notes/Plan.md", [.itemIsFile, .itemModified])
        == [FolderEvent(watch: vault.watch["Notes"]!, name: "Plan.md", change: .fileChanged)])
    #expect(
      vault.events("Inbox.md", [.itemIsFile, .itemCreated, .itemModified])
        == [FolderEvent(watch: vault.watch[""]!, name: "Inbox.md", change: .fileChanged)])
  }

  /// FSEvents folds a file made and removed within its latency into one event with both flags:
  /// what is on disk when the watcher reads decides.
  @Test func whetherAFileCameOrWentIsWhatIsOnDiskNow() throws {
    let vault = try Watched()
    let both: Flags = [.itemIsFile, .itemCreated, .itemRemoved]
    #expect(vault.events("Notes/Plan.md", both).map(\.change) == [.fileChanged])
    #expect(vault.events("Notes/Gone.md", both).map(\.change) == [.fileGone])
    // An editor's save: the note renamed to a backup, a new note renamed into place.
    #expect(vault.events("Notes/Plan.md~", [.itemIsFile, .itemRenamed]).map(\.change) == [.fileGone])
    #expect(vault.events("Notes/Plan.md", [.itemIsFile, .itemRenamed]).map(\.change) == [.fileChanged])
  }

  @Test func aFolderMadeOrMovedInIsReadAgainAndOneGoneIsForgotten() throws {
    var vault = try Watched()
    try FileManager.default.createDirectory(atPath: vault.root + "/Trip/Days", withIntermediateDirectories: true)
    #expect(
      vault.events("Trip", [.itemIsDir, .itemCreated])
        == [FolderEvent(watch: vault.watch[""]!, name: "Trip", change: .folderAppeared)])
    // Its files' events may come before the watcher watches it: the vault reads it again.
    #expect(
      vault.events("Trip/Days/Monday.md", [.itemIsFile, .itemCreated])
        == [FolderEvent(watch: vault.watch[""]!, name: "Trip", change: .folderAppeared)])
    vault.watch["Trip"] = vault.paths.add(real: vault.root + "/Trip").watch
    #expect(
      vault.events("Trip/Days", [.itemIsDir, .itemRenamed])
        == [FolderEvent(watch: vault.watch["Trip"]!, name: "Days", change: .folderAppeared)])
    try FileManager.default.removeItem(atPath: vault.root + "/Trip")
    #expect(
      vault.events("Trip", [.itemIsDir, .itemRemoved])
        == [FolderEvent(watch: vault.watch[""]!, name: "Trip", change: .folderGone)])
    // A forgotten folder's events go to the folder above it.
    vault.paths.remove(vault.watch["Notes"]!)
    #expect(vault.events("Notes/Plan.md", [.itemIsFile, .itemModified]).map(\.name) == ["Notes"])
  }

  @Test func theAttributesOfAWatchedFolderChangeNothing() throws {
    let vault = try Watched()
    #expect(vault.events("Notes", [.itemIsDir]).isEmpty)
    // FSEvents' folder-level "something in here changed" (no item flag, as in its history)
    // reads the folder again.
    #expect(vault.events("Notes/", []).map(\.change) == [.folderAppeared])
  }

  @Test func gitObjectsCountAsTheHiddenGitFolderAndSettingsAsEntriesOfTheirFolder() throws {
    let vault = try Watched()
    // The watcher skips entries whose names begin with a dot, as it does on Linux.
    #expect(
      vault.events(".git/objects/ab/cdef", [.itemIsFile, .itemCreated])
        == [FolderEvent(watch: vault.watch[""]!, name: ".git", change: .folderAppeared)])
    #expect(
      vault.events(".obsidian/app.json", [.itemIsFile, .itemModified])
        == [FolderEvent(watch: vault.watch[".obsidian"]!, name: "app.json", change: .fileChanged)])
  }

  @Test func lostEventsReadTheWholeVaultAgain() throws {
    let vault = try Watched()
    for flag in [Flags.mustScanSubDirs, .userDropped, .kernelDropped, .eventIdsWrapped] {
      #expect(vault.events("Notes", flag) == [FolderEvent(watch: -1, name: "", change: .overflow)])
    }
    #expect(vault.events("", []) == [FolderEvent(watch: -1, name: "", change: .overflow)])
    #expect(vault.events("", .historyDone).isEmpty)
  }

  @Test func theVaultMovedOrDeletedStopsItsWatch() throws {
    let vault = try Watched()
    #expect(
      vault.events("", .rootChanged) == [FolderEvent(watch: vault.watch[""]!, name: "", change: .watchedFolderGone)])
    try FileManager.default.removeItem(atPath: vault.root)
    #expect(
      vault.events("", [.itemIsDir, .itemRemoved])
        == [FolderEvent(watch: vault.watch[""]!, name: "", change: .watchedFolderGone)])
  }

  @Test func aLinkIsAFileAsOnLinuxAndPathsOutsideAreNotTold() throws {
    let vault = try Watched()
    try FileManager.default.createSymbolicLink(atPath: vault.root + "/Shared", withDestinationPath: "/usr")
    #expect(vault.events("Shared", [.itemIsSymlink, .itemCreated]).map(\.change) == [.fileChanged])
    #expect(vault.paths.events(at: "/elsewhere/file.md", flags: [.itemIsFile, .itemCreated]).isEmpty)
  }

  /// One stream covers every watched tree: a folder a link leads to outside the vault adds a
  /// root, a folder above a root takes its place, and the same folder keeps its watch.
  @Test func theStreamCoversEachWatchedTreeOnce() throws {
    var paths = FolderEventPaths()
    let notes = paths.add(real: "/v/Notes")
    let deep = paths.add(real: "/v/Notes/Deep")
    let photos = paths.add(real: "/shared/Photos")
    #expect(notes.newRoot && !deep.newRoot && photos.newRoot)
    #expect(paths.roots == ["/v/Notes", "/shared/Photos"])
    let vault = paths.add(real: "/v")
    #expect(vault.newRoot)
    #expect(paths.roots == ["/shared/Photos", "/v"])
    let again = paths.add(real: "/v/Notes")
    #expect(again.watch == notes.watch && !again.newRoot)
    #expect(Set([notes.watch, deep.watch, photos.watch, vault.watch]).count == 4)
  }
}
