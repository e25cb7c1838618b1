import Foundation
import VaultCore

/// What a calendar client sent that the notes cannot say (its alarms at a fixed time, attendees,
/// a to-do's COUNT, `X-` properties, a zone by its Windows name…), kept beside the vault so that
/// nothing it sent is dropped: `.vault/caldav/<events|tasks>/<object name>.json`, in the vault so
/// that it travels with it under git. It holds the object as the client sent it and as vault
/// made it from the notes right after writing them; a client's GET merges the two with what the
/// notes say now (`ICalendarKeeping`), so an edit of the note later wins where it changed
/// something. It is used only while the object is made of the same notes, and removed when a
/// client deletes the object (docs/CALDAV.md, "What vault keeps").
public struct CalDAVKept: Codable, Sendable, Equatable {
  /// The notes the object was made of when it was kept.
  public var paths: [String]
  /// The object as the client sent it.
  public var sent: String
  /// The object as vault made it from the notes right after writing them.
  public var served: String
}

extension Vault {
  /// The folder of what clients sent to a kind of calendar.
  func calDAVKeptFolder(_ kind: CalDAVCalendar.Kind) -> String { root + "/.vault/caldav/" + kind.rawValue }

  /// The file of an object's kept part, nil for a name that could leave the folder.
  func calDAVKeptPath(_ kind: CalDAVCalendar.Kind, name: String) -> String? {
    guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\0") else { return nil }
    return calDAVKeptFolder(kind) + "/" + name + ".json"
  }

  /// The stamps of the kept parts of a kind of calendar, by object name: one read of the folder
  /// for a listing (an ETag changes when its object's kept part does).
  public func calDAVKeptStamps(_ kind: CalDAVCalendar.Kind) -> [String: String] {
    guard let directory = try? FileSystem.Directory(calDAVKeptFolder(kind)) else { return [:] }
    var stamps: [String: String] = [:]
    for (file, _) in directory.entries() where file.hasSuffix(".json") && !file.hasPrefix(".") {
      let name = String(file.dropLast(5))
      if let stamp = calDAVKeptStamp(kind, name: name) { stamps[name] = stamp }
    }
    return stamps
  }

  /// The stamp of one object's kept part (size, modification time, inode), nil when none.
  public func calDAVKeptStamp(_ kind: CalDAVCalendar.Kind, name: String) -> String? {
    guard let path = calDAVKeptPath(kind, name: name),
      let status = FileSystem.status(path, followLinks: false), status.isRegular
    else { return nil }
    return "kept|\(status.size)|\(status.modified)|\(status.inode)"
  }

  /// An object's kept part, when it was kept for the same notes.
  func calDAVKept(_ kind: CalDAVCalendar.Kind, name: String, paths: [String]) -> CalDAVKept? {
    guard let path = calDAVKeptPath(kind, name: name), case .success(let bytes) = FileSystem.readFile(path),
      let kept = try? JSONDecoder().decode(CalDAVKept.self, from: Data(bytes)), kept.paths == paths
    else { return nil }
    return kept
  }

  /// `body`, vault's object made from the notes now, with what its client sent that the notes
  /// do not say: while the notes say what they said when it was sent, the very bytes the client
  /// sent (so a PUT can answer with the ETag of what a GET gives, RFC 4791 5.3.4), else the
  /// merge of the three versions (`ICalendarKeeping`).
  func calDAVWithKept(_ body: String, _ kind: CalDAVCalendar.Kind, name: String, paths: [String]) -> String {
    guard let kept = calDAVKept(kind, name: name, paths: paths) else { return body }
    if body == kept.served { return kept.sent }
    return ICalendarKeeping.merge(sent: kept.sent, servedThen: kept.served, servedNow: body)
  }

  /// Keeps what a client sent beside the object vault made of it, or removes what was kept
  /// when vault's object is the very bytes it sent. Returns whether a GET now gives those bytes.
  @discardableResult
  public func calDAVKeep(
    _ kind: CalDAVCalendar.Kind, name: String, paths: [String], sent given: String, served: String
  ) throws(VaultError) -> Bool {
    // Vault's own link to a note, sent back after the note moved, names it where it is now.
    let sent = ICalendarKeeping.withOwnLinks(given, servedNow: served, prefix: obsidianLink(""))
    guard let path = calDAVKeptPath(kind, name: name) else { return sent == served && sent == given }
    guard sent != served else {
      calDAVForget(kind, name: name)
      return sent == given
    }
    try calDAVWrite(CalDAVKept(paths: paths, sent: sent, served: served), to: path, kind)
    return sent == given
  }

  /// Writes one of the files of `.vault/caldav/` as JSON: whole to a temporary file beside it,
  /// renamed over it, under the vault's write lock (as every write of the vault).
  func calDAVWrite<Value: Encodable>(
    _ value: Value, to path: String, _ kind: CalDAVCalendar.Kind
  ) throws(VaultError) {
    try WriteLock.withLock(writeLockPlaces) { () throws(VaultError) in
      try calDAVWriteHoldingTheLock(value, to: path, kind)
    }
  }

  /// `calDAVWrite` for a caller that holds the vault's write lock already (a read, change and
  /// write of one file under one lock).
  func calDAVWriteHoldingTheLock<Value: Encodable>(
    _ value: Value, to path: String, _ kind: CalDAVCalendar.Kind
  ) throws(VaultError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    do {
      try FileManager.default.createDirectory(atPath: calDAVKeptFolder(kind), withIntermediateDirectories: true)
      try (try encoder.encode(value) + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw .cannotWrite(path, reason: VaultError.systemReason(error))
    }
  }

  /// Removes an object's kept part (its client deleted it).
  public func calDAVForget(_ kind: CalDAVCalendar.Kind, name: String) {
    guard let path = calDAVKeptPath(kind, name: name) else { return }
    unlink(path)
  }
}
