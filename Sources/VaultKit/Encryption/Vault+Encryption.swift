import Foundation
import VaultCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The writes of `vault encrypt` (the sealing itself is VaultCrypto's, Meld Encrypt's format):
/// a note replaced by its encrypted file, or some of its lines by their encrypted form. The
/// plain note is removed, not moved to `.trash/`: a copy there would keep what was encrypted.
extension Vault {
  /// Writes `encrypted` as the new file `newPath` (refused when it exists), then removes the
  /// note at `path` if it still holds `original` (under the write lock); when it changed
  /// meanwhile, the encrypted file goes again and nothing is lost.
  public func replaceNote(
    _ path: String, holding original: [UInt8], by newPath: String, encrypted: [UInt8]
  ) throws(VaultError) {
    let made = try edit(newPath) { current throws(VaultError) -> FileEdit<Bool> in
      guard current == nil else {
        throw .cannotChange(newPath, reason: "it exists already: move it away, or decrypt it, first")
      }
      return .write(encrypted, true)
    }
    guard made else { return }
    let target = try writeTarget(path, followingLink: false)
    let newTarget = try writeTarget(newPath, followingLink: false)
    try WriteLock.withLock(writeLockPlaces) { () throws(VaultError) in
      guard case .success(let now) = FileSystem.readFile(target), now == original else {
        unlink(newTarget)
        throw .changedOnDisk(path)
      }
      guard unlink(target) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(newTarget)
        throw .cannotWrite(path, reason: reason)
      }
    }
  }

  /// Replaces lines `lines` (1-based) of the note at `path`, which must read `expected`, by
  /// `replacement` (one line).
  public func replaceLines(
    _ path: String, _ lines: ClosedRange<Int>, expected: String, by replacement: String
  ) throws(VaultError) {
    let display = path
    try edit(path) { current throws(VaultError) -> FileEdit<Void> in
      guard let bytes = current else { throw .noteNotFound(display) }
      var all = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
      guard lines.upperBound <= all.count else { throw .changedOnDisk(display) }
      let ending: [UInt8] = all[lines.upperBound - 1].last == 13 ? [13] : []
      let now = all[(lines.lowerBound - 1)...(lines.upperBound - 1)].map {
        String(decoding: $0.last == 13 ? Array($0.dropLast()) : $0, as: UTF8.self)
      }.joined(separator: "\n")
      guard now == expected else { throw .changedOnDisk(display) }
      all.replaceSubrange((lines.lowerBound - 1)...(lines.upperBound - 1), with: [Array(replacement.utf8) + ending])
      return .write(Array(all.joined(separator: [10])), ())
    }
  }
}
