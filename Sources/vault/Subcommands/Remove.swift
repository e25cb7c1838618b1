import ArgumentParser
import Foundation
import VaultCore
import VaultIndex
import VaultKit

struct Remove: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rm",
    abstract: "Move a note to the vault's .trash/, or remove a task line.",
    discussion: """
      ITEM is a note (a path, or a unique name), or a task: its id from `vault tasks`, or \
      path:line. A note goes to .trash/ as Obsidian's trash does (restore it by moving it back); \
      a task's line is removed and printed, so it can be put back, together with everything \
      nested under it (subtasks, notes, their blank lines): subtasks never move under the task \
      above. A task note goes to .trash/ like any note. On a terminal vault asks first, showing \
      the lines; in a pipe it needs --yes.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The note or task.")
  var item: String

  @Flag(name: .long, help: "Do not ask.")
  var yes = false

  func run() throws {
    let vault = try options.openVault(writing: true)
    let terminal = options.terminal()
    let index = try options.healingIndex(vault)
    let isTaskID = item.count == 6 && item.allSatisfy(\.isHexDigit)
    let isLine = item.lastIndex(of: ":").map { Int(item[item.index(after: $0)...]) != nil } ?? false
    var note: String?
    if !isTaskID && !isLine {
      // A note outside the vault (through a link) is refused, not taken for words of a task.
      do {
        note = try options.resolveNote(item, in: vault)
      } catch VaultError.outsideVault(let path) {
        throw VaultError.outsideVault(path)
      } catch {
        note = nil
      }
    }
    if let path = note {
      try confirm("Move \(path) to .trash/?", terminal)
      let target = try vault.trash(path)
      terminal.print(terminal.location(path) + "  moved to " + target)
      return
    }
    let task = try index.read { store throws(VaultError) in try vault.resolveTask(item, among: [], in: store) }
    // A task note is its note.
    if task.value.format == .note {
      try confirm("Move the task note \(task.path) to .trash/?", terminal)
      let target = try vault.trash(task.path)
      terminal.print(terminal.location(task.path) + "  moved to " + target)
      return
    }
    let subtree = vault.subtree(of: task)
    if subtree.count > 1 {
      try confirm(
        "Remove \(task.location) and the \(Counting.of(subtree.count - 1, "line")) nested under it?\n"
          + subtree.map { "  " + $0 }.joined(separator: "\n") + "\n", terminal)
    } else {
      try confirm("Remove \(task.location)  [\(task.value.status.symbol)] \(task.value.description)?", terminal)
    }
    let removed = try vault.removeLine(of: task).split(separator: "\n", omittingEmptySubsequences: false)
    let location = terminal.location(task.path + ":\(task.line)")
    if removed.count == 1 {
      terminal.print(location + "  removed: " + removed[0])
    } else {
      terminal.print(location + "  removed with the \(Counting.of(removed.count - 1, "line")) nested under it:")
      for line in removed { terminal.print("  " + line.trimmingCharacters(in: ["\r"])) }
    }
  }

  private func confirm(_ question: String, _ terminal: Terminal) throws {
    try Confirmation.ask(question, unless: yes, command: "vault rm", terminal)
  }
}

/// The question a removing command asks on a terminal; in a pipe it needs --yes.
enum Confirmation {
  static func ask(_ question: String, unless yes: Bool, command: String, _ terminal: Terminal) throws {
    if yes { return }
    guard terminal.isInteractive else {
      throw ValidationError("\(command) asks before it removes anything: add --yes to run it without a terminal")
    }
    terminal.prompt(question + " [y/N] ")
    guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
      throw ExitCode(1)
    }
  }
}

struct Edit: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edit",
    abstract: "Open a note or a task in $VISUAL or $EDITOR, at its line.",
    discussion: """
      ITEM is a note, or a task's id, path:line or words. The editor is started as \
      `$EDITOR +LINE FILE` (vi, vim, nano, emacs, micro, kak and helix read +LINE); the \
      default is vi.
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The note or task.")
  var item: String

  func run() throws {
    let vault = try options.openVault()
    let index = try options.healingIndex(vault)
    let (path, line): (String, Int)
    if let note = try? options.resolveNote(item, in: vault), !item.contains(":") {
      (path, line) = (note, 1)
    } else {
      let task = try index.read { store throws(VaultError) in try vault.resolveTask(item, among: [], in: store) }
      (path, line) = (task.path, task.line)
    }
    try EditorLauncher.open(vault.root + "/" + path, line: line, environment: options.environment)
  }
}

/// Starts `$VISUAL` or `$EDITOR` (default vi) on a file at a line, and waits for it.
enum EditorLauncher {
  static func open(_ file: String, line: Int, environment: [String: String]) throws {
    let chosen = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty }
    let editor = chosen ?? "vi"
    let program = String(editor.split(separator: " ").first ?? "vi")
    guard program.contains("/") ? FileManager.default.isExecutableFile(atPath: program) : onPath(program, environment)
    else {
      throw ValidationError(
        chosen == nil
          ? "no editor: $EDITOR is not set and vi is not installed; set it, for example `export EDITOR=nano`"
          : "the editor '\(program)' (from $VISUAL or $EDITOR) is not installed; set $EDITOR to one that is")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // Through the shell: $EDITOR may hold arguments ("code --wait").
    process.arguments = ["-c", "\(editor) \"+$1\" \"$2\"", "vault-edit", String(line), file]
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
  }

  /// Whether `program` is an executable file in a folder of `$PATH`.
  static func onPath(_ program: String, _ environment: [String: String]) -> Bool {
    (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
      FileManager.default.isExecutableFile(atPath: "\($0)/\(program)")
    }
  }
}
