import Foundation
import VaultCore
import VaultKit

/// `--workspace NAME` on any command, read before the command is parsed: one workspace is that
/// vault (`--vault` its folder); several, for a view, run the view once in each, as this same
/// binary, and show each one's output under its name in its colour — or, with `--json`,
/// `{"workspaces": [{"name", "color", "path", "view"}]}`, each `view` what the view alone gives.
/// A write goes to one workspace only.
enum WorkspaceDispatch {
  enum Plan {
    /// Run these arguments here, as usual.
    case run([String])
    /// Done: exit with this status.
    case exit(Int32)
  }

  /// The commands that read and show, which run over several workspaces at once.
  static let views: Set<String> = [
    "today", "countdown", "agenda", "calendar", "tasks", "goals", "tags", "mood", "insights", "align", "search",
    "list", "check", "show", "labels",
  ]

  /// Whether the command line runs a view: a view command, `journal show|list`, `remind --list`.
  static func isView(_ arguments: [String], command at: Int?) -> Bool {
    guard let at else { return true }  // `vault` alone is `today`
    let command = arguments[at]
    let next = at + 1 < arguments.count ? arguments[at + 1] : ""
    return views.contains(command) || (command == "journal" && ["show", "list"].contains(next))
      || (command == "remind" && arguments.contains("--list"))
  }

  static func plan(_ arguments: [String], environment: [String: String]) -> Plan {
    // `vault account add NAME --workspace W`: the workspaces an account sees, not where it runs.
    if let first = ArgumentOrder.firstWord(in: arguments), arguments[first] == "account" { return .run(arguments) }
    var rest: [String] = []
    var names: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" {
        rest += arguments[index...]
        break
      }
      if argument == "--workspace", index + 1 < arguments.count {
        names.append(arguments[index + 1])
        index += 2
        continue
      }
      if argument.hasPrefix("--workspace=") {
        names.append(String(argument.dropFirst("--workspace=".count)))
      } else {
        rest.append(argument)
      }
      index += 1
    }
    guard !names.isEmpty else { return .run(arguments) }
    if rest.contains("--vault") || rest.contains(where: { $0.hasPrefix("--vault=") }) {
      return fail("give --workspace or --vault, not both", status: 64)
    }
    let chosen: [Workspace]
    do {
      chosen = try UserSettings.chooseWorkspaces(names, environment: environment) { problem in
        Terminal.emit(to: .standardError, Data("vault: warning: \(problem)\n".utf8))
      }
    } catch {
      return fail("\(error)")
    }
    guard !chosen.isEmpty else { return fail("no workspace to show: add one with vault workspace add NAME PATH") }
    if chosen.count == 1 { return .run(rest + ["--vault", chosen[0].path]) }
    let position = ArgumentOrder.firstWord(in: rest)
    let command = position.map { rest[$0] } ?? "today"
    guard isView(rest, command: position) else {
      return fail(
        "'vault \(command)' works on one workspace: give one --workspace (\(chosen.map(\.name).joined(separator: ", ")))"
      )
    }
    if rest.contains("--index") { return fail("--index names one index; it does not go with several workspaces") }
    return .exit(runEach(rest, in: chosen, environment: environment))
  }

  private static func fail(_ message: String, status: Int32 = 1) -> Plan {
    Terminal.emit(to: .standardError, Data("vault: error: \(message)\n".utf8))
    return .exit(status)
  }

  /// Runs the view in each workspace, one after the other, and shows what each printed.
  private static func runEach(_ arguments: [String], in workspaces: [Workspace], environment: [String: String]) -> Int32
  {
    let json = arguments.contains("--json")
    var colorChoice = ColorChoice.auto
    if let at = arguments.firstIndex(of: "--color"), at + 1 < arguments.count {
      colorChoice = ColorChoice(rawValue: arguments[at + 1]) ?? .auto
    }
    let terminal = Terminal(color: colorChoice, environment: environment)
    var childEnvironment = environment
    // The views inside decide as this process would: colour and width are this terminal's.
    // In colour, each line of a workspace's view is marked with a bar in its colour (its events
    // and tasks among the others' at a glance), and the view is laid out two columns narrower.
    let barWidth = terminal.colored ? 2 : 0
    if let width = terminal.width {
      childEnvironment["COLUMNS"] = String(max(20, width - barWidth))
    }
    let colorArguments = arguments.contains("--color") ? [] : ["--color", terminal.colored ? "always" : "never"]
    var status: Int32 = 0
    var views: [[String: Any]] = []
    for (position, workspace) in workspaces.enumerated() {
      let (code, output) = run(arguments + colorArguments + ["--vault", workspace.path], environment: childEnvironment)
      status = max(status, code)
      if json {
        let view = (try? JSONSerialization.jsonObject(with: output, options: [.fragmentsAllowed])) ?? NSNull()
        views.append(["name": workspace.name, "color": workspace.color, "path": workspace.path, "view": view])
        continue
      }
      if position > 0 { terminal.print("") }
      let hex = TerminalColor.parse(workspace.color)?.hex
      terminal.print(
        terminal.bold(terminal.colored("● \(workspace.name)", hex: hex)) + terminal.dim("  \(workspace.path)"))
      guard barWidth > 0 else {
        Terminal.emit(to: .standardOutput, output)
        continue
      }
      let bar = terminal.colored("▌", hex: hex) + " "
      let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
      let marked = lines.enumerated().map { index, line in
        line.isEmpty || index == lines.count - 1 ? String(line) : bar + line
      }
      Terminal.emit(to: .standardOutput, Data(marked.joined(separator: "\n").utf8))
    }
    if json {
      let object: [String: Any] = ["workspaces": views]
      if let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      {
        Terminal.emit(to: .standardOutput, data + Data("\n".utf8))
      }
    }
    return status
  }

  /// This binary with `arguments`; its standard output, its standard error passed through.
  private static func run(_ arguments: [String], environment: [String: String]) -> (Int32, Data) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Sync.executable)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    do { try process.run() } catch {
      Terminal.emit(to: .standardError, Data("vault: error: cannot run \(Sync.executable): \(error)\n".utf8))
      return (1, Data())
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    exited.wait()
    // Closed here: Foundation keeps a Process with a termination handler, and its pipe, alive.
    try? output.fileHandleForReading.close()
    return (process.terminationStatus, data)
  }
}
