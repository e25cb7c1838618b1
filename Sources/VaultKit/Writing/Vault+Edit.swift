import Foundation
import VaultCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What an edit makes of a file: new bytes to write, or nothing to change; with what the
/// command reports either way.
enum FileEdit<Value> {
  case write([UInt8], Value)
  case keep(Value)
}

extension Vault {
  /// How many times an edit is computed again when another program changed the file meanwhile,
  /// before vault gives up and says so. Between tries it waits 1, 2, 4 … up to 64 ms (about
  /// 2.2 s in all), so that a program writing in a burst (a sync client, a script appending
  /// every few milliseconds) gets its writes done.
  static let editAttempts = 40

  /// The one door for every change vault makes to a file of the vault.
  ///
  /// The path is resolved to the real file (through links, which are written through) and
  /// refused when that is outside the vault; then, holding the vault's write lock
  /// (`WriteLock`): the file is read (`compute` gets nil when it does not exist), refused when
  /// read-only or binary, the edit computed from those bytes, the result written to a
  /// temporary file and put in place only if the file still holds what was read
  /// (`FileWriter`). When another program changed it meanwhile, it is read again and the edit
  /// computed again, so its change and vault's both land. A file with CR-only line endings is
  /// handed to `compute` with LF (the same length, so the same offsets and lines) and written
  /// back with CR.
  func edit<Value>(
    _ path: String, _ compute: (_ current: [UInt8]?) throws(VaultError) -> FileEdit<Value>
  ) throws(VaultError) -> Value {
    let display = path
    let target = try writeTarget(path)
    return try WriteLock.withLock(writeLockPlaces) { () throws(VaultError) -> Value in
      let folder = TemporaryFiles.folder(of: target)
      TemporaryFiles.removeStaleOnce(in: folder)
      // When another program wrote into the old file at the moment vault replaced it, vault's
      // edit has landed (`landed`) and that program's change is still to be merged: the bytes
      // it appended (`tail`, the usual case), or its whole version (`rebase`), which vault's
      // edit is computed again from, if the file still holds just what vault wrote.
      var landed: Value?
      var tail: [UInt8]?
      var rebase: (late: [UInt8], written: [UInt8])?
      for attempt in 0..<Self.editAttempts {
        if attempt > 0 && landed == nil { usleep(UInt32(1000 << min(attempt - 1, 6))) }
        let original: FileWriter.Original?
        switch FileWriter.Original.read(target) {
        case .success(let read): original = read
        case .failure(let reason): throw .unreadable(display, reason: reason.description)
        }
        guard let original else {
          if let landed { return landed }  // removed by the other program since
          switch try compute(nil) {
          case .keep(let value): return value
          case .write(let bytes, let value):
            try makeFolder(folder, display: display)
            if case .written = try FileWriter.create(target, with: bytes, display: display) { return value }
            continue
          }
        }
        try refuseToEdit(original, at: target, display: display)
        var bytes: [UInt8]
        let value: Value
        if let tail, let landed {
          (bytes, value) = (original.bytes + tail, landed)
        } else {
          if let rebase, original.bytes != rebase.written {
            throw .cannotWrite(
              display,
              reason: "another program rewrote it at the moment vault replaced it, and again since; "
                + "vault's change is in the file, but check that program's change")
          }
          let current = rebase?.late ?? original.bytes
          let crOnly = LineEndings.isCROnly(current)
          switch try compute(crOnly ? LineEndings.crToLF(current) : current) {
          case .keep(let kept):
            guard rebase != nil else { return kept }
            (bytes, value) = (current, kept)
          case .write(let new, let result):
            (bytes, value) = (crOnly ? LineEndings.lfToCR(new) : new, result)
          }
        }
        switch try FileWriter.replace(target, original: original, with: bytes, display: display) {
        case .written: return value
        case .changed: continue
        case .raced(let late):
          landed = value
          (tail, rebase) =
            late.starts(with: original.bytes) ? (Array(late[original.bytes.count...]), nil) : (nil, (late, bytes))
        }
      }
      if landed != nil {
        throw .cannotWrite(
          display,
          reason: "vault's change is in the file, but what another program wrote at the same moment "
            + "could not be added back (it kept writing): check the end of the file")
      }
      throw .changedOnDisk(display)
    }
  }

  /// The real absolute path of the vault file at `path` (vault-relative): links followed, and
  /// refused when the file, or the folder it would be made in, is outside the vault's real
  /// folder (a linked folder, a setting with `..`). Without `followingLink`, a file that is a
  /// link is the link itself (in its folder, resolved).
  func writeTarget(_ path: String, followingLink: Bool = true) throws(VaultError) -> String {
    let display = path
    let parts = path.split(separator: "/")
    guard !path.hasPrefix("/"), !parts.contains("..") else { throw .outsideVault(display) }
    if !followingLink, let name = parts.last {
      guard parts.count > 1 else { return root + "/" + name }
      do {
        return try writeTarget(parts.dropLast().joined(separator: "/")) + "/" + name
      } catch {
        throw .cannotWrite(
          display, reason: "it is outside the vault (through a link); vault writes only inside \(root)")
      }
    }
    // The deepest part of the path that exists, resolved; the rest is still to be made.
    var existing = root + "/" + path
    var missing: [String] = []
    while FileSystem.status(existing, followLinks: false) == nil {
      guard let slash = existing.lastIndex(of: "/"), existing.count > root.count else { break }
      missing.insert(String(existing[existing.index(after: slash)...]), at: 0)
      existing = String(existing[..<slash])
    }
    guard let real = FileSystem.realPath(existing) else {
      throw .cannotWrite(display, reason: "it is a link to a file that does not exist")
    }
    let resolved = ([real] + missing).joined(separator: "/")
    guard resolved.hasPrefix(root + "/") else {
      throw .cannotWrite(display, reason: "it is outside the vault (through a link); vault writes only inside \(root)")
    }
    return resolved
  }

  /// Refuses files vault must not rewrite: not a regular file, read-only, or binary.
  private func refuseToEdit(_ original: FileWriter.Original, at target: String, display: String) throws(VaultError) {
    guard original.status.isRegular else { throw .cannotWrite(display, reason: "it is not a regular file") }
    if Self.isReadOnly(target, original.status) {
      throw .cannotWrite(
        display, reason: "it is read-only; nothing was written (make it writable to let vault change it)")
    }
    let binary = original.bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { memchr($0, 0, buffer.count) != nil } ?? false
    }
    if binary {
      throw .cannotWrite(
        display, reason: "it holds NUL bytes, so vault reads it as a binary file and does not change it")
    }
  }

  /// Whether the file is read-only: by its mode, not only `access`, since root may write
  /// anything, but a read-only note is meant to stay as it is.
  static func isReadOnly(_ path: String, _ status: FileSystem.Status) -> Bool {
    status.mode & 0o222 == 0 || access(path, W_OK) != 0
  }

  private func makeFolder(_ folder: String, display: String) throws(VaultError) {
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(display, reason: "cannot make its folder: \(VaultError.systemReason(error))")
    }
  }

  /// Where the write lock of this vault is (`WriteLock`): its own folder, which every process
  /// writing the vault opens, whatever its environment (another `XDG_CACHE_HOME` or `HOME`, a
  /// user service, a container with the vault as a volume); then the lock file that builds
  /// before 0.12 took instead, so that one still running (a service not restarted after an
  /// upgrade) takes turns too: beside the vault's default index, else in the temporary folder.
  var writeLockPlaces: [[WriteLock.Place]] {
    // The three variables it needs, not `ProcessInfo.environment`, which copies the whole
    // environment into a dictionary at every call: a twentieth of a CalDAV PUT's CPU.
    let environment = ["TMPDIR", "XDG_CACHE_HOME", "HOME"].reduce(into: [String: String]()) { known, name in
      if let value = getenv(name) { known[name] = String(cString: value) }
    }
    let temporary = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    return [
      [.folder(root)],
      [
        .file(defaultIndexFolder(environment: environment) + "/write.lock"),
        .file("\(temporary)/vault-\(getuid())/\(Self.fingerprint(root)).lock"),
      ],
    ]
  }
}

/// Files whose lines end with CR alone (old Mac OS, some sync tools): vault's editors find lines
/// by LF, so such a file is edited as LF and written back as CR, byte for byte the same length.
enum LineEndings {
  static func isCROnly(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return memchr(base, 13, buffer.count) != nil && memchr(base, 10, buffer.count) == nil
    }
  }

  static func crToLF(_ bytes: [UInt8]) -> [UInt8] { bytes.map { $0 == 13 ? 10 : $0 } }
  static func lfToCR(_ bytes: [UInt8]) -> [UInt8] { bytes.map { $0 == 10 ? 13 : $0 } }
}
