import Foundation
import VaultCore

/// Sends a reminder the way `reminders.notify` says. Programs run without a shell: the note's
/// text is only ever one whole argument (`$(rm -rf ~)` in a title is text, never code).
public struct ReminderNotifier: Sendable {
  public enum Way: Sendable, Equatable {
    case terminal
    /// A program and its arguments, placeholders filled.
    case command([String])
  }

  public let way: Way
  let vault: Vault

  /// The notifier of `settings`: `desktop` is notify-send on Linux and osascript on macOS;
  /// `automatic` is that when found on `PATH`, else the terminal.
  public init(_ vault: Vault, environment: [String: String]) {
    self.vault = vault
    let desktop = Self.desktopCommand(environment: environment)
    switch vault.settings.reminders.notify {
    case .terminal: way = .terminal
    case .command(let words): way = .command(words)
    case .desktop: way = .command(desktop ?? Self.platformDesktop)
    case .automatic: way = desktop.map(Way.command) ?? .terminal
    }
  }

  #if os(macOS)
  /// AppleScript reads the texts from its arguments (`argv`), never from its own source.
  static let platformDesktop = [
    "osascript", "-e", "on run argv", "-e",
    "display notification (item 2 of argv) with title (item 1 of argv) subtitle (item 3 of argv)", "-e",
    "end run", "{title}", "{body}", "{why}",
  ]
  static let desktopProgram = "osascript"
  #else
  static let platformDesktop = ["notify-send", "--app-name=vault", "{title}", "{why} · {body}"]
  static let desktopProgram = "notify-send"
  #endif

  static func desktopCommand(environment: [String: String]) -> [String]? {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: "\(folder)/\(desktopProgram)") {
      return platformDesktop
    }
    return nil
  }

  /// The line `terminal` prints: when, what, why, where.
  public func line(_ reminder: Reminder) -> String {
    "\(reminder.at.date) \(reminder.at.time.hourMinute)  \(reminder.title)  — \(reminder.why)"
      + (reminder.path.map { " · \($0)" + (reminder.line.map { ":\($0)" } ?? "") } ?? "")
      // The digest is its body: the day in a few lines.
      + (reminder.kind == .digest && !reminder.body.isEmpty
        ? "\n" + reminder.body.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n") : "")
  }

  /// The arguments of `command` with the reminder's texts in place of `{title}`, `{body}`,
  /// `{when}`, `{why}`, `{path}` and `{link}`.
  public func arguments(_ command: [String], for reminder: Reminder) -> [String] {
    let values = [
      "{title}": reminder.title, "{body}": reminder.body,
      "{when}": "\(reminder.about.date) \(reminder.about.time.hourMinute)",
      "{why}": reminder.why, "{path}": reminder.path ?? "", "{link}": reminder.path.map(vault.obsidianLink) ?? "",
    ]
    return command.map { argument in
      var result = ""
      var rest = Substring(argument)
      // One pass, so a title holding `{body}` stays as written.
      while let open = rest.firstIndex(of: "{") {
        result += rest[..<open]
        if let close = rest[open...].firstIndex(of: "}"), let value = values[String(rest[open...close])] {
          result += value
          rest = rest[rest.index(after: close)...]
        } else {
          result.append("{")
          rest = rest[rest.index(after: open)...]
        }
      }
      return result + rest
    }
  }

  /// Sends `reminder`; nil when it went out, else why not.
  public func send(_ reminder: Reminder, print: (String) -> Void) -> String? {
    switch way {
    case .terminal:
      print(line(reminder))
      return nil
    case .command(let command):
      let arguments = arguments(command, for: reminder)
      guard let program = arguments.first else { return "reminders.notify is an empty command" }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["--"] + arguments
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      let errors = Pipe()
      process.standardError = errors
      do {
        try process.run()
      } catch {
        return "\(program) could not be started: \(VaultError.systemReason(error))"
      }
      let said = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        let text = String(decoding: said, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        return process.terminationStatus == 127
          ? "\(program) is not installed"
          : "\(program) failed (exit \(process.terminationStatus))\(text.isEmpty ? "" : ": \(text)")"
      }
      return nil
    }
  }
}
