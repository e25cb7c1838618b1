import Dispatch
import VaultCore
import VaultMarkdown

/// An Obsidian-compatible vault on disk: its folder, its settings, and its notes read and
/// interpreted. The one door every front end (the command line, later a server) goes through.
public struct Vault: Sendable {
  /// The vault's folder as an absolute path with links resolved.
  public let root: String
  /// The folder as the user named it, for messages: `ExampleVault`.
  public let displayRoot: String
  public let settings: VaultSettings
  /// Problems in the settings files.
  public let settingsDiagnostics: [Diagnostic]
  /// The file system (device) `root` was on when the vault was opened: a long-running command
  /// (`vault serve`, `vault watch`) whose folder is moved or deleted, or whose drive is taken
  /// away (leaving the empty mount point, on another device, at its path), says so
  /// (`folderProblem`) rather than read the notes as gone. The device, not the folder's inode:
  /// network and FUSE file systems (sshfs, rclone, SMB without server inodes) may number the
  /// same folder anew while it is in use; and a folder put at the path on the same drive (a
  /// fresh clone) is the vault there.
  let device: UInt64

  /// Opens the vault in `path`, reading its settings.
  public init(path: String) throws(VaultError) {
    guard let status = FileSystem.status(path, followLinks: true) else {
      throw .vaultNotFound(path)
    }
    guard status.isDirectory else { throw .notADirectory(path) }
    root = FileSystem.realPath(path) ?? path
    device = (FileSystem.status(root, followLinks: true) ?? status).device
    displayRoot = path
    (settings, settingsDiagnostics) = SettingsLoader.load(root: root)
  }

  /// Why the vault's folder cannot be read as the vault now: nil while `root` is a folder on the
  /// drive the vault was opened on. One `stat`.
  public var folderProblem: String? {
    guard let status = FileSystem.status(root, followLinks: true), status.isDirectory else {
      return "the vault folder '\(displayRoot)' was moved or deleted, or the drive it is on taken away (it was \(root))"
    }
    guard status.device == device else {
      return "'\(displayRoot)' is on another drive now than when the vault was opened "
        + "(the drive it was on was taken away, leaving its mount point, or another was mounted there)"
    }
    return nil
  }

  /// This vault opened again, its settings read anew (they changed); nil when it cannot be
  /// opened, or when its path now leads to another drive (`folderProblem`), which is not this
  /// vault: what a long-running command does when the settings files change.
  public func reopened() -> Vault? {
    guard let again = try? Vault(path: root), again.device == device else { return nil }
    return again
  }

  /// Every Markdown file of the vault, parsed and interpreted, with every problem found.
  public func scan() -> VaultScan {
    let walker = VaultWalker(root: root, ignoreFilters: settings.ignoreFilters)
    let walked = walker.walk()
    let (files, walkDiagnostics) = (walked.files.sorted { $0.path < $1.path }, walked.diagnostics)
    let interpreter = NoteInterpreter(settings: settings)
    let notes = parallelMap(files) { read($0.path, size: $0.stamp.size, interpreter: interpreter).note }
    return VaultScan(
      fileCount: files.count, notes: notes,
      diagnostics: settingsDiagnostics + walkDiagnostics + notes.flatMap(\.diagnostics))
  }

  /// One note, read and interpreted.
  public func note(at relativePath: String) -> Note {
    guard leadsInside(relativePath) else {
      var note = Note(path: relativePath)
      note.isSkipped = true
      return note
    }
    let size = FileSystem.status(root + "/" + relativePath, followLinks: true)?.size ?? 0
    return read(relativePath, size: size, interpreter: NoteInterpreter(settings: settings)).note
  }

  /// Whether the file at a vault-relative path is in the vault when every link on the way is
  /// followed (its real path is under the root): what a single read by name (a page, `show`)
  /// asks before it reads, as the walk asks of each link (`VaultWalker.leadsOutside`).
  public func leadsInside(_ relativePath: String) -> Bool {
    guard let real = FileSystem.realPath(root + "/" + relativePath) else { return false }
    return real.hasPrefix(root == "/" ? "/" : root + "/")
  }

  /// A note read and interpreted, with its bytes (empty when it was not read), and why it could
  /// not be read when it could not.
  func read(
    _ path: String, size: Int, interpreter: NoteInterpreter
  ) -> (note: Note, bytes: [UInt8], unreadable: String?) {
    guard size <= settings.maxFileSize else {
      var note = Note(path: path)
      note.isSkipped = true
      note.diagnostics.append(
        .warning(
          "file is larger than \(settings.maxFileSize / 1024 / 1024) MB; skipped (raise max_file_size_mb in .vault/config.yml)",
          at: .start, in: path))
      return (note, [], nil)
    }
    // The size the walk saw spares a `stat`; a file that grew since is still read whole.
    switch FileSystem.readFile(root + "/" + path, size: size) {
    case .success(let bytes):
      var note = NoteParser.parse(bytes, path: path)
      interpreter.interpret(&note)
      return (note, bytes, nil)
    case .failure(let reason):
      var note = Note(path: path)
      note.isSkipped = true
      note.diagnostics.append(.error("cannot read file: \(reason)", at: .start, in: path))
      return (note, [], "\(reason)")
    }
  }

  /// The vault-relative path of the note a user named: a path from the current folder or
  /// from the vault's root, with or without `.md`, else (`NoteNaming`) a unique file name, the
  /// file name without its date prefix, a title or an alias — from `names` (the index's) when
  /// given, else from the files' names. Nothing found is an error with the names nearest.
  public func resolveNote(
    _ argument: String, currentDirectory: String? = nil, names: (() throws(VaultError) -> [NoteName])? = nil
  ) throws(VaultError) -> String {
    let cwd = currentDirectory ?? FileSystem.currentDirectory()
    var candidates: [String] = []
    let fromHere = argument.hasPrefix("/") ? argument : cwd + "/" + argument
    candidates.append(fromHere)
    candidates.append(root + "/" + argument)
    if !argument.lowercased().hasSuffix(".md") {
      candidates += [fromHere + ".md", root + "/" + argument + ".md"]
    }
    for candidate in candidates {
      guard FileSystem.status(candidate, followLinks: true)?.isRegular == true,
        let real = FileSystem.realPath(candidate)
      else { continue }
      guard real.hasPrefix(root + "/") else { throw .outsideVault(argument) }
      return String(real.dropFirst(root.count + 1))
    }
    // A bare name, as in a wikilink or as the views print it.
    let notes =
      try names?()
      ?? VaultWalker(root: root, ignoreFilters: []).walk().files.map {
        NoteName(path: $0.path, title: Note.defaultTitle(for: $0.path))
      }
    let matches = NoteNaming.matches(argument, in: notes).sorted()
    if matches.count == 1 { return matches[0] }
    if matches.count > 1 { throw .ambiguousNote(argument, candidates: matches) }
    throw .noteNotFoundNear(argument, suggestions: NoteNaming.suggestions(argument, in: notes))
  }
}

/// `transform` applied to every element on all cores, results in the elements' order.
func parallelMap<Element: Sendable, Result: Sendable>(
  _ elements: [Element], _ transform: @Sendable (Element) -> Result
) -> [Result] {
  guard elements.count > 1 else { return elements.map(transform) }
  return [Result](unsafeUninitializedCapacity: elements.count) { buffer, count in
    // Each iteration writes only its own slot, so sharing the buffer is safe.
    nonisolated(unsafe) let slots = buffer
    DispatchQueue.concurrentPerform(iterations: elements.count) { index in
      guard let slot = slots.baseAddress?.advanced(by: index) else { return }
      slot.initialize(to: transform(elements[index]))
    }
    count = elements.count
  }
}

/// The result of reading a whole vault.
public struct VaultScan: Sendable {
  public var fileCount: Int
  public var notes: [Note]
  public var diagnostics: [Diagnostic]

  /// Items by kind: notes by their kind, plus every task line and every principle.
  public var itemCounts: [ItemKind: Int] {
    var counts: [ItemKind: Int] = [:]
    for note in notes {
      for (kind, count) in note.itemCounts { counts[kind, default: 0] += count }
    }
    return counts
  }

  public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
  public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}
