import ArgumentParser
import Foundation
import VaultCore
import VaultCrypto
import VaultKit

/// `vault encrypt` and `vault decrypt`: private notes, in Obsidian's Meld Encrypt format.
enum EncryptionOptions {
  /// The password: the first line of a file (`-`: standard input), never an argument (which
  /// the shell's history and `ps` would keep).
  static func password(_ file: String) throws -> String {
    let text: String
    if file == "-" {
      text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    } else {
      guard let data = FileManager.default.contents(atPath: file) else {
        throw ValidationError("--password-file: cannot read \(file)")
      }
      text = String(decoding: data, as: UTF8.self)
    }
    let line =
      text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map {
        $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
      } ?? ""
    guard !line.isEmpty else { throw ValidationError("--password-file: \(file) holds no password on its first line") }
    return line
  }
}

struct Encrypt: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Encrypt a note, or some of its lines, as Obsidian's Meld Encrypt plugin does.",
    discussion: """
      The whole note becomes NOTE.mdenc (the plugin's file: Obsidian with Meld Encrypt opens \
      it), and the plain note is removed (not moved to .trash/, where it would stay readable; \
      git history keeps what was committed). With --lines, those lines become one \
      `%%🔐β …🔐%%` in place, as the plugin's in-place encryption writes it. PBKDF2-SHA-512 \
      (210,000 rounds) and AES-256-GCM. vault never writes what it decrypts, to the vault or \
      its index. The password is the first line of --password-file (- for standard input).
        vault encrypt Notes/Diary.md --password-file ~/.vault-password --hint "the usual"
        vault encrypt Notes/Accounts.md --lines 5-8 --password-file -
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The note: its path or name.") var note: String
  @Option(name: .long, help: ArgumentHelp("A file whose first line is the password (- for stdin).", valueName: "file"))
  var passwordFile: String
  @Option(name: .long, help: "A hint to the password, kept in clear beside what is encrypted.") var hint: String = ""
  @Option(name: .long, help: ArgumentHelp("Only these lines, in place: 5 or 5-8.", valueName: "range"))
  var lines: String?

  func run() throws {
    let vault = try options.openVault(writing: true)
    let password = try EncryptionOptions.password(passwordFile)
    let path = try options.resolveNote(note, in: vault)
    guard let data = FileManager.default.contents(atPath: vault.root + "/" + path) else {
      throw VaultError.noteNotFound(path)
    }
    let bytes = Array(data)
    let text = String(decoding: bytes, as: UTF8.self)
    let terminal = options.terminal()
    if let lines {
      let range = try Self.range(lines)
      let all = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
      }
      guard range.upperBound <= all.count else {
        throw ValidationError("--lines: \(path) has \(all.count) lines")
      }
      let chosen = all[(range.lowerBound - 1)...(range.upperBound - 1)].joined(separator: "\n")
      guard MeldEncrypt.parts(in: chosen).isEmpty else {
        throw ValidationError("--lines: lines \(lines) hold an encrypted part already")
      }
      let sealed = try MeldEncrypt.inline(chosen, password: password, hint: hint)
      guard
        case .success(chosen) = MeldEncrypt.decrypt(
          MeldEncrypt.parts(in: sealed).first?.base64 ?? "", password: password)
      else { throw VaultError.cannotChange(path, reason: "the encrypted text did not open again: nothing written") }
      try vault.replaceLines(path, range, expected: chosen, by: sealed)
      terminal.print("\(terminal.location("\(path):\(range.lowerBound)"))  🔐 lines \(lines) encrypted in place")
      return
    }
    guard !path.hasSuffix("." + MeldEncrypt.fileExtension) else {
      throw ValidationError("\(path) is encrypted already")
    }
    let newPath = (path.hasSuffix(".md") ? String(path.dropLast(3)) : path) + "." + MeldEncrypt.fileExtension
    let file = try MeldEncrypt.fileText(text, password: password, hint: hint)
    // What is written opens again to the very text, before the plain note goes.
    guard case .success(text) = MeldEncrypt.decryptFile(file, password: password) else {
      throw VaultError.cannotChange(path, reason: "the encrypted file did not open again: nothing written")
    }
    try vault.replaceNote(path, holding: bytes, by: newPath, encrypted: Array(file.utf8))
    terminal.print("\(terminal.location(newPath))  🔐 encrypted; \(path) removed")
    terminal.print(terminal.dim("  `vault decrypt \(ShellQuote.quoted(newPath)) --password-file FILE` shows it"))
  }

  static func range(_ text: String) throws -> ClosedRange<Int> {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false).map {
      Int($0.trimmingCharacters(in: .whitespaces))
    }
    guard (1...2).contains(parts.count), let first = parts.first ?? nil, let last = parts.last ?? nil, first >= 1,
      last >= first
    else { throw ValidationError("--lines: '\(text)' is not a line or a range of lines such as 5 or 5-8") }
    return first...last
  }
}

struct Decrypt: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show an encrypted note (a .mdenc file, or a note's 🔐 parts) without writing it anywhere.",
    discussion: """
      Prints the note decrypted: a Meld Encrypt file whole, or a note with each of its encrypted \
      parts opened in place. Nothing decrypted is written to the vault or the index; redirect \
      the output yourself if you want it elsewhere. --list lists the encrypted notes instead.
        vault decrypt Notes/Diary.mdenc --password-file ~/.vault-password
        vault decrypt --list
      """)

  @OptionGroup var options: GlobalOptions

  @Argument(help: "The encrypted note: its path.") var note: String?
  @Option(name: .long, help: ArgumentHelp("A file whose first line is the password (- for stdin).", valueName: "file"))
  var passwordFile: String?
  @Flag(name: .long, help: "List the encrypted notes (.mdenc files) and the notes with encrypted parts.")
  var list = false

  func validate() throws {
    if list { return }
    guard note != nil else { throw ValidationError("give the encrypted note, or --list") }
    guard passwordFile != nil else {
      throw ValidationError("give --password-file FILE (its first line is the password)")
    }
  }

  func run() throws {
    let vault = try options.openVault()
    let terminal = options.terminal()
    if list {
      let found = Self.encryptedNotes(in: vault)
      if options.json { return try terminal.json(found.map { ["path": $0.path, "form": $0.form] }) }
      guard !found.isEmpty else {
        terminal.print("no encrypted notes: `vault encrypt NOTE --password-file FILE` encrypts one")
        return
      }
      terminal.print(lines: terminal.table(found.map { [$0.path, terminal.dim($0.form)] }, indent: 0, flexible: 0))
      return
    }
    let password = try EncryptionOptions.password(passwordFile ?? "")
    let given = note ?? ""
    let path =
      FileManager.default.fileExists(atPath: vault.root + "/" + given)
      ? given : try options.resolveNote(given, in: vault)
    guard let data = FileManager.default.contents(atPath: vault.root + "/" + path) else {
      throw VaultError.noteNotFound(path)
    }
    let bytes = Array(data)
    let text = String(decoding: bytes, as: UTF8.self)
    if path.hasSuffix("." + MeldEncrypt.fileExtension) {
      switch MeldEncrypt.decryptFile(text, password: password) {
      case .success(let plain): FileHandle.standardOutput.write(Data(plain.utf8))
      case .failure(let failure):
        let hint = MeldEncrypt.fileData(text)?.hint.flatMap { $0.isEmpty ? nil : " (its hint: \($0))" } ?? ""
        throw VaultError.unreadable(path, reason: failure.description + hint)
      }
      return
    }
    let (plain, opened, failures) = MeldEncrypt.decryptParts(in: text, password: password)
    guard opened > 0 || !failures.isEmpty else {
      throw VaultError.cannotChange(path, reason: "it holds nothing encrypted (no .mdenc file, no 🔐 part)")
    }
    FileHandle.standardOutput.write(Data(plain.utf8))
    for (part, failure) in failures {
      let line = text[..<part.range.lowerBound].count(where: { $0 == "\n" }) + 1
      terminal.printError("\(path):\(line):1: error: an encrypted part stays closed: \(failure)")
    }
    if !failures.isEmpty { throw ExitCode(1) }
  }

  /// The `.mdenc` files and the notes with a `🔐` part, by path; dot folders left out.
  static func encryptedNotes(in vault: Vault) -> [(path: String, form: String)] {
    var found: [(String, String)] = []
    let root = URL(fileURLWithPath: vault.root)
    guard
      let files = FileManager.default.enumerator(
        at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    else { return [] }
    for case let file as URL in files {
      let path = String(file.path.dropFirst(root.path.count + 1))
      if path.hasSuffix("." + MeldEncrypt.fileExtension) {
        found.append((path, "encrypted note (Meld Encrypt)"))
      } else if path.hasSuffix(".md"), let data = FileManager.default.contents(atPath: file.path) {
        let count = MeldEncrypt.parts(in: String(decoding: data, as: UTF8.self)).count
        if count > 0 { found.append((path, ViewWords.count(count, "encrypted part"))) }
      }
    }
    return found.sorted { $0.0 < $1.0 }
  }
}
