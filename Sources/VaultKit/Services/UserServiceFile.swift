import Foundation
import VaultCore

/// A user service that keeps one `vault` command running for one vault (`vault remind --watch`,
/// `vault watch`, `vault serve`): a systemd user unit on Linux (`~/.config/systemd/user/`), a launchd agent
/// on macOS (`~/Library/LaunchAgents/`). Only the user's own files are written; nothing
/// system-wide.
public struct UserServiceFile: Sendable {
  /// What a service runs: its name (`remind`, `watch`), its arguments before `--vault`, and
  /// what it is for.
  public struct Purpose: Sendable {
    public var name: String
    public var arguments: [String]
    public var description: String

    public static let reminders = Purpose(
      name: "remind", arguments: ["remind", "--watch"], description: "vault reminders")
    public static let watcher = Purpose(name: "watch", arguments: ["watch"], description: "vault index watcher")
    /// `vault watch --sync`: the same service, syncing over git too.
    public static let syncingWatcher = Purpose(
      name: "watch", arguments: ["watch", "--sync"], description: "vault index watcher and git sync")

    /// `vault serve` with the options it was installed with (`serve --port 8765 …`).
    public static func server(arguments: [String]) -> Purpose {
      Purpose(
        name: "serve", arguments: ["serve"] + arguments, description: "vault server (web view, feeds, CalDAV)")
    }
  }

  public var path: String
  public var text: String
  /// Commands that start it and show that it runs.
  public var howToStart: [String]
  public var howToStop: [String]

  public static func make(
    _ purpose: Purpose, vault: Vault, binary: String, environment: [String: String]
  ) -> UserServiceFile {
    let home = environment["HOME"] ?? NSHomeDirectory()
    let root = FileSystem.absolute(vault.root)
    let name = "vault-\(purpose.name)-" + String(Vault.fingerprint(root).prefix(8))
    #if os(macOS)
    let label = "org.vault.\(purpose.name)." + String(Vault.fingerprint(root).prefix(8))
    let escape = { (text: String) in
      text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;")
    }
    let arguments = [binary] + purpose.arguments + ["--vault", root].map { "    <string>\(escape($0))</string>" }
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
        <key>Label</key>
        <string>\(label)</string>
        <key>ProgramArguments</key>
        <array>
      \(arguments.joined(separator: "\n"))
        </array>
        <key>RunAtLoad</key>
        <true/>
        <key>KeepAlive</key>
        <true/>
      </dict>
      </plist>

      """
    let path = "\(home)/Library/LaunchAgents/\(label).plist"
    return UserServiceFile(
      path: path, text: text, howToStart: ["launchctl load -w \(ShellQuote.quoted(path))", "launchctl list \(label)"],
      howToStop: ["launchctl unload -w \(ShellQuote.quoted(path))"])
    #else
    // systemd's own quoting: double quotes, with \ and " escaped.
    let quote = { (text: String) in
      "\""
        + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        .replacingOccurrences(of: "%", with: "%%") + "\""
    }
    let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
    let text = """
      [Unit]
      Description=\(purpose.description) for \(root.replacingOccurrences(of: "%", with: "%%"))

      [Service]
      ExecStart=\(([binary] + purpose.arguments + ["--vault", root]).map(quote).joined(separator: " "))
      Restart=on-failure
      RestartSec=30

      [Install]
      WantedBy=default.target

      """
    return UserServiceFile(
      path: "\(config)/systemd/user/\(name).service", text: text,
      howToStart: [
        "systemctl --user daemon-reload", "systemctl --user enable --now \(name)", "systemctl --user status \(name)",
      ],
      howToStop: ["systemctl --user disable --now \(name)"])
    #endif
  }
}
