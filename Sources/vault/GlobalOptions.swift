import ArgumentParser
import Foundation
import VaultCore
import VaultIndex
import VaultKit

/// The environment vault started with (vault never changes its own), read from `environ`:
/// `ProcessInfo` sets up more than its environment first, a third of a millisecond of every
/// command. A name given twice keeps its first value, as `getenv` reads it.
let processEnvironment: [String: String] = {
  #if !canImport(Glibc)
  return ProcessInfo.processInfo.environment
  #else
  var values: [String: String] = [:]
  var entry = environ
  while let pointer = entry.pointee {
    let text = String(cString: pointer)
    if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
      let name = String(text[..<equals])
      if values[name] == nil { values[name] = String(text[text.index(after: equals)...]) }
    }
    entry += 1
  }
  return values
  #endif
}()

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
  @Option(name: .long, help: ArgumentHelp("The vault folder.", valueName: "path"))
  var vault: String?

  // Read before parsing (`WorkspaceDispatch`), so it is never set here; declared for --help.
  @Option(
    name: .long,
    help: ArgumentHelp(
      "A workspace (vault workspace list) instead of --vault; again for more, or all, in a view.",
      valueName: "name"))
  var workspace: [String] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The day to take as today: YYYY-MM-DD, or fri, -1d, dec 5 from the real date (also $VAULT_TODAY).",
      valueName: "date"))
  var today: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The moment to take as now, YYYY-MM-DDTHH:MM, in the vault's time zone (also $VAULT_NOW); its day is today unless --today says otherwise.",
      valueName: "date-time"))
  var now: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The index file (also $VAULT_INDEX; default under $XDG_CACHE_HOME/vault/).", valueName: "path"))
  var index: String?

  @Flag(name: .long, help: "Print JSON instead of text (schemas in docs/JSON.md).")
  var json = false

  @Option(name: .long, help: "Colour: auto (on a terminal, unless NO_COLOR is set), always or never.")
  var color: ColorChoice = .auto

  /// The environment of the command (`CommandContext`): this process's, or that of the command
  /// whose view the watcher answers.
  var environment: [String: String] { CommandContext.environment }

  func validate() throws {
    if let today, DateParsing.validDate(today) == nil,
      case .failure(let problem) = NaturalDate.date(
        today, today: LocalDate(year: 2026, month: 1, day: 1) ?? .init(dayNumber: 0))
    {
      throw ValidationError("--today: \(problem)")
    }
    if today == nil, let fromEnvironment = environment["VAULT_TODAY"], !fromEnvironment.isEmpty,
      DateParsing.validDate(fromEnvironment) == nil
    {
      throw ValidationError(
        "$VAULT_TODAY '\(fromEnvironment)' is not a date: use the form YYYY-MM-DD, such as 2026-11-22")
    }
    if let now, !Self.isMoment(now) {
      throw ValidationError(
        "--now '\(now)' is not a date and time: use the form YYYY-MM-DDTHH:MM, such as 2026-11-22T08:30")
    }
    if now == nil, let fromEnvironment = environment["VAULT_NOW"], !fromEnvironment.isEmpty,
      !Self.isMoment(fromEnvironment)
    {
      throw ValidationError(
        "$VAULT_NOW '\(fromEnvironment)' is not a date and time: use the form YYYY-MM-DDTHH:MM, such as 2026-11-22T08:30"
      )
    }
  }

  /// Whether `text` is a moment `--now` takes: a date, `T` or a space, a time, maybe an offset.
  private static func isMoment(_ text: String) -> Bool {
    let text = text.trimmingCharacters(in: .whitespaces)
    guard text.count > 10 else { return false }
    let separated = text.prefix(10) + "T" + text.dropFirst(11)
    if case .value = DateParsing.dateTime(String(separated)) { return true }
    return false
  }

  /// The vault, from `explicit` (a command's own path argument) or the usual places
  /// (`VaultLocation`). Outside any vault a command that is `writing` refuses, and one that
  /// reads says which folder it reads.
  func openVault(explicit: String? = nil, writing: Bool = false, checking: Bool = false) throws(VaultError) -> Vault {
    let location = Vault.locate(explicit: explicit ?? vault, environment: environment)
    if !location.isVault {
      let folder = FileManager.default.currentDirectoryPath
      if writing { throw .notAVault(folder) }
      terminal().printError(
        "vault: note: reading \(folder), which is not a vault (no .obsidian/ or .vault/ here or above); "
          + VaultLocation.howToChoose)
    }
    let vault = try Vault(path: location.path)
    // vault's own settings are never silently ignored: `check` reports them as errors, every
    // other command warns.
    if !checking {
      for diagnostic in vault.settingsDiagnostics where diagnostic.path == ConfigReader.path {
        var warning = diagnostic
        warning.severity = .warning
        terminal().printError(warning.formatted)
      }
    }
    return vault
  }

  /// The vault's index, brought up to date first, as every read command needs it: a
  /// progress bar on a terminal when that takes a while, a one-line warning when it had to be
  /// rebuilt or kept elsewhere (`Vault.withIndex`).
  func freshIndex(_ vault: Vault) throws(VaultError) -> IndexStore {
    try indexed(vault) { _ in }.store
  }

  /// The vault's index, brought up to date, for commands that read it in steps of their own
  /// (`HealingIndex.read`), so that damage found by any of them is mended too.
  func healingIndex(_ vault: Vault) throws(VaultError) -> HealingIndex {
    HealingIndex(store: try freshIndex(vault)) { (reason: String) throws(VaultError) in
      terminal().printError("vault: warning: \(reason); the index was rebuilt from the vault")
      return try indexed(vault, rebuild: true) { _ in }.store
    }
  }

  /// What `read` gives from the vault's index, brought up to date first. `read` starts beside
  /// the refresh and runs again only if the refresh changed something (`Vault.refresh(_:then:)`).
  func fromFreshIndex<Value: Sendable>(
    _ vault: Vault, _ read: @escaping @Sendable (IndexStore) throws(VaultError) -> Value
  ) throws(VaultError) -> Value {
    try indexed(vault, read).value
  }

  /// The index opened, refreshed (`rebuild`: built anew; `walk`: by a walk of the vault even
  /// when a watcher keeps it fresh) and read.
  func indexed<Value: Sendable>(
    _ vault: Vault, rebuild: Bool = false, walk: Bool = false,
    _ read: @escaping @Sendable (IndexStore) throws(VaultError) -> Value
  ) throws(VaultError) -> Vault.IndexedAnswer<Value> {
    let terminal = terminal()
    if vault.looksMistaken(index: index, environment: environment) { try confirmIndexing(vault, terminal: terminal) }
    let bar = ProgressBar(enabled: !json)
    defer { bar.finish() }
    // Another vault writing the index at the same moment can hold its lock past SQLite's wait
    // (a refresh whose snapshot went stale): the refresh is asked again, a few times, before
    // the command says so. It only brings the index up to date, so asking again is safe.
    for attempt in 1... {
      do {
        return try vault.withIndex(
          explicit: index, environment: environment, rebuild: rebuild, trustWatcher: !walk,
          progress: { done, total in bar.show(done, of: total) },
          notice: { message in
            bar.finish()
            terminal.printError("vault: warning: \(message)")
          }
        ) { store throws(VaultError) in
          // The command ends once it has what it reads (a view the watcher answers does not:
          // the watcher lives on).
          if CommandContext.answering == nil { store.leaveOpenUntilExit() }
          return try read(store)
        }
      } catch .indexBusy(let reason) {
        guard attempt < Self.busyAttempts else { throw .indexBusy(reason) }
        usleep(UInt32(100_000 * attempt))
      }
    }
    fatalError("unreachable")
  }

  /// How many times a command asks for an index another vault holds, before it says so.
  static let busyAttempts = 4

  /// Asks on a terminal whether to index a folder that does not look like a vault
  /// (`Vault.looksMistaken`); off a terminal, says so and goes on.
  func confirmIndexing(_ vault: Vault, terminal: Terminal) throws(VaultError) {
    let folder = vault.root == "." ? FileManager.default.currentDirectoryPath : vault.root
    let what =
      "\(folder) holds more than \(Counting.grouped(Vault.unmarkedFileLimit)) files "
      + "and no .obsidian/ or .vault/"
    guard CommandContext.inputIsTerminal, CommandContext.errorIsTerminal else {
      terminal.printError("vault: warning: \(what); indexing it all")
      return
    }
    Terminal.emit(to: .standardError, Data("vault: \(what): index it as a vault? [y/N] ".utf8))
    let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
    guard answer == "y" || answer == "yes" else { throw .notIndexed(folder) }
  }

  /// The note a user named (`Vault.resolveNote`): a path, else a name the index knows — the
  /// file name, the name without its date prefix, the title or an alias.
  func resolveNote(_ argument: String, in vault: Vault) throws(VaultError) -> String {
    try vault.resolveNote(argument) { () throws(VaultError) in
      try fromFreshIndex(vault) { store throws(VaultError) in
        do { return try store.noteNames() } catch { throw VaultError(indexFailure: error) }
      }
    }
  }

  /// Where a new item of `kind` goes in this vault (`Filing`): its folder and, in a vault that
  /// files by `categories:`, the category it gets.
  func filing(_ kind: ItemKind, in vault: Vault) throws(VaultError) -> Filing {
    let items = try fromFreshIndex(vault) { store throws(VaultError) in
      do { return try store.filingItems(kind) } catch { throw VaultError(indexFailure: error) }
    }
    return Filing.detect(kind, items: items, settings: vault.settings)
  }

  /// "Today": --today, else the day of --now, else $VAULT_TODAY, else the day of $VAULT_NOW,
  /// else the date now in the vault's time zone.
  func today(_ vault: Vault) -> LocalDate {
    vault.today(explicit: today, now: now, environment: environment)
  }

  /// "Now": --now, else $VAULT_NOW, else the clock (on the injected day, when only the day is).
  func now(_ vault: Vault) -> LocalDateTime {
    vault.now(explicit: now, today: today, environment: environment)
  }

  /// A terminal writer with colour decided by `--color`, `NO_COLOR` and whether stdout is a
  /// terminal.
  func terminal() -> Terminal {
    Terminal(color: color, environment: environment)
  }
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
  case auto, always, never
}

/// An index whose reads are answered again from a new index when they find it damaged: the
/// index is a cache, so its damage never fails a command. A read runs at most twice,
/// one after the other; commands that write do so after their reads, outside them.
final class HealingIndex {
  private var store: IndexStore
  /// Builds a new index, told why.
  private let rebuild: (String) throws(VaultError) -> IndexStore
  private var rebuilt = false

  init(store: IndexStore, rebuild: @escaping (String) throws(VaultError) -> IndexStore) {
    self.store = store
    self.rebuild = rebuild
  }

  func read<Value>(_ body: (IndexStore) throws(VaultError) -> Value) throws(VaultError) -> Value {
    do {
      return try body(store)
    } catch .indexDamaged(let reason) where !rebuilt {
      rebuilt = true
      store.close()
      store = try rebuild(reason)
      return try body(store)
    }
  }
}
