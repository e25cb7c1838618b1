import Foundation
import VaultCore
import VaultIndex

/// Failures of the tool itself, as opposed to problems in the vault's content (those are
/// `Diagnostic`s). The command line turns these into a message and exit code in one place.
public enum VaultError: Error, Equatable, CustomStringConvertible {
  case vaultNotFound(String)
  case notADirectory(String)
  /// The vault's folder is not there any more, or is another folder (`Vault.folderProblem`).
  case vaultFolderGone(String)
  case noteNotFound(String)
  /// A command that writes, run outside any vault (the folder it would have written in).
  case notAVault(String)
  /// The user said no to indexing a folder that does not look like a vault.
  case notIndexed(String)
  /// No note of that name; names close to it.
  case noteNotFoundNear(String, suggestions: [String])
  case ambiguousNote(String, candidates: [String])
  case outsideVault(String)
  case unreadable(String, reason: String)
  case invalidDate(String)
  /// A search or filter that cannot be read, said so the user can fix it.
  case invalidQuery(String)
  case index(String)
  /// The index is damaged: `Vault.withIndex` builds a new one and runs the command again.
  case indexDamaged(String)
  /// Another program holds the index's lock: asking again later works (`IndexError.busy`).
  case indexBusy(String)
  case taskNotFound(String)
  /// The words name only a task that is done or cancelled already (its location, its state).
  case taskClosed(String, location: String, state: String)
  case ambiguousTask(String, candidates: [String])
  case changedOnDisk(String)
  case cannotWrite(String, reason: String)
  case cannotChange(String, reason: String)
  /// The vault cannot be watched (`vault watch`): another watcher, a file system without
  /// notifications, a system without support.
  case cannotWatch(String)
  /// `vault sync` cannot start or finish: the reason and what to do, in git's terms.
  case cannotSync(String)
  /// `vault serve` cannot start its server program (`ServeRequest`): why, and what to do.
  case cannotServe(String)
  /// `--workspace` names none of the workspaces listed (their names).
  case noWorkspace(String, known: [String])

  public var description: String {
    switch self {
    case .vaultNotFound(let path): return "no vault at '\(path)': the folder does not exist"
    case .notADirectory(let path): return "'\(path)' is not a folder"
    case .vaultFolderGone(let problem): return problem
    case .noteNotFound(let name): return "no note '\(name)' in the vault"
    case .notIndexed(let folder):
      return "\(folder) was not indexed: " + VaultLocation.howToChoose
    case .notAVault(let folder):
      return "\(folder) is not a vault (no .obsidian/ or .vault/ here or above), so nothing was written: "
        + VaultLocation.howToChoose
    case .noteNotFoundNear(let name, let suggestions):
      guard !suggestions.isEmpty else { return "no note '\(name)' in the vault" }
      return "no note '\(name)' in the vault; did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ")
        + "?"
    case .ambiguousNote(let name, let candidates):
      return "'\(name)' matches several notes:\n" + candidates.map { "  " + $0 }.joined(separator: "\n")
    case .outsideVault(let path): return "'\(path)' is outside the vault"
    case .unreadable(let path, let reason): return "cannot read '\(path)': \(reason)"
    case .index(let reason): return reason
    case .invalidQuery(let reason): return reason
    case .indexDamaged(let reason): return reason
    case .indexBusy(let reason): return reason
    case .taskClosed(let text, let location, let state):
      return "'\(text)' is already \(state) (\(location)): `vault undo \(ShellQuote.quoted(location))` reopens it"
    case .taskNotFound(let text):
      return "no task matches '\(text)': give its id or path:line from `vault tasks`, or words of its text"
    case .ambiguousTask(let text, let candidates):
      return "'\(text)' matches \(candidates.count) tasks; nothing was changed. Name one by its id or path:line:\n"
        + candidates.map { "  " + $0 }.joined(separator: "\n")
    case .changedOnDisk(let path):
      return "'\(path)' changed on disk while vault was editing it; nothing was written. Run the command again"
    case .cannotWrite(let path, let reason): return "cannot write '\(path)': \(reason)"
    case .cannotChange(let what, let reason): return "cannot change \(what): \(reason)"
    case .cannotWatch(let reason): return "cannot watch: \(reason)"
    case .cannotSync(let reason): return "cannot sync: \(reason)"
    case .cannotServe(let reason): return "cannot serve: \(reason)"
    case .noWorkspace(let name, let known):
      return "no workspace '\(name)'"
        + (known.isEmpty
          ? ": add one with vault workspace add NAME PATH"
          : "; there are \(known.joined(separator: ", ")) (vault workspace list)")
    case .invalidDate(let text):
      return "'\(text)' is not a date: use the form YYYY-MM-DD, such as 2026-11-22"
    }
  }
}

extension VaultError {
  /// The error of the index, as the command line reports it; damage stays damage, so that it
  /// can be mended.
  init(_ error: IndexError) {
    if case .damaged = error {
      self = .indexDamaged(error.description)
    } else if case .busy = error {
      self = .indexBusy(error.description)
    } else {
      self = .index(error.description)
    }
  }

  /// The error for anything the index threw.
  public init(indexFailure error: any Error) {
    self = (error as? VaultError) ?? VaultError(IndexError(error))
  }
}

extension VaultError {
  /// What the system says went wrong (`Read-only file system`, `No space left on device`),
  /// rather than Foundation's paraphrase of it.
  public static func systemReason(_ error: any Error) -> String {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(error.code)) {
      return String(cString: strerror(code.rawValue))
    }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError { return systemReason(underlying) }
    // Foundation's file errors that carry no POSIX error, by the one they stand for.
    let posix: [Int: Int32] = [
      CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC, CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS,
      CocoaError.fileWriteNoPermission.rawValue: EACCES, CocoaError.fileReadNoPermission.rawValue: EACCES,
      CocoaError.fileWriteFileExists.rawValue: EEXIST, CocoaError.fileNoSuchFile.rawValue: ENOENT,
    ]
    if error.domain == NSCocoaErrorDomain, let code = posix[error.code] { return String(cString: strerror(code)) }
    return error.localizedDescription
  }
}
