import Foundation
import GRDB
import GRDBSQLite

/// The stamps of every indexed file as one value, so that a refresh reads them without a row
/// per file: the `StampTable` as it was at some write (`stamp_snapshot`, one blob) and the
/// stamps that writes changed since (`stamp_changes`, a row per path, none for a path
/// removed). Reading the 10,000 rows of `files` into a table was 4 of the 26 ms of a `vault
/// today` that walked 10,000 notes, on the thread that also reads the dashboard
/// (docs/PERFORMANCE.md).
///
/// Every change to `files` goes through `IndexWriter`, which records its stamps here in the
/// same transaction (`IndexWriter.recordStamps`); past `changesLimit` changes, or after the
/// index was filled anew, the snapshot is made again from `files`. Both tables are part of the
/// index, erased and rebuilt with it. A blob that does not decode (`decode` checks every
/// length and index) is read as no snapshot: the stamps are then read from `files`.
enum StampSnapshot {
  /// Changed stamps kept beside the snapshot before it is made again: a few hundred rows read
  /// per refresh, against a snapshot written once per that many changed notes; in a big vault,
  /// whose snapshot takes longer to make (every row of `files` read, 7.6 MB written at 100,000
  /// notes), one change per 64 files.
  static let changesLimit = 256

  static func changesLimit(files: Int) -> Int { max(changesLimit, files / 64) }

  /// The stamps `files` holds, from the snapshot and the changes since; nil without a
  /// snapshot (or one that does not decode).
  static func read(_ db: Database) throws -> StampTable? {
    var table: StampTable?
    try RowReader.forEach(db, sql: "SELECT data FROM main.stamp_snapshot WHERE id = 1") { row in
      let length = Int(sqlite3_column_bytes(row.handle, 0))
      guard let data = sqlite3_column_blob(row.handle, 0) else { return }
      table = decode(UnsafeRawBufferPointer(start: data, count: length))
    }
    guard var table else { return nil }
    try RowReader.forEach(db, sql: "SELECT path, size, mtime, inode FROM main.stamp_changes") { row in
      table.set(
        row.bytes(0),
        row.isNull(1)
          ? nil : FileStamp(size: row.int(1), modified: Int64(row.int(2)), inode: UInt64(bitPattern: Int64(row.int(3))))
      )
    }
    return table
  }

  /// Records the stamps a transaction changed (nil: the path was removed), or makes the
  /// snapshot again from `files` when they are many, or when `remake` (the index was filled
  /// anew).
  static func write(_ changes: [String: FileStamp?], remake: Bool, _ db: Database) throws {
    guard remake || !changes.isEmpty else { return }
    var (files, kept) = (0, 0)
    if !remake {
      try RowReader.forEach(
        db,
        sql: "SELECT (SELECT files FROM main.stamp_snapshot WHERE id = 1), (SELECT COUNT(*) FROM main.stamp_changes)"
      ) { row in (files, kept) = (row.int(0), row.int(1)) }
    }
    if remake || kept + changes.count > changesLimit(files: files) {
      let table = try IndexStore.rowStamps(db)
      try db.execute(sql: "DELETE FROM main.stamp_changes")
      try db.execute(
        sql: "INSERT OR REPLACE INTO main.stamp_snapshot(id, files, data) VALUES (1, ?, ?)",
        arguments: [table.count, Data(encode(table))])
      return
    }
    let statement = try db.cachedStatement(
      sql: "INSERT OR REPLACE INTO main.stamp_changes(path, size, mtime, inode) VALUES (?, ?, ?, ?)")
    for (path, stamp) in changes {
      try statement.execute(arguments: [
        path, stamp?.size, stamp?.modified, stamp.map { Int64(bitPattern: $0.inode) },
      ])
    }
  }

  // The blob: a header of four little-endian UInt32 (`magic`, entries, slots, path bytes),
  // the paths' bytes, each entry's start and length (UInt32), hash, size, modification time
  // and inode (64 bits each), then the slots (Int32). Entries removed are not written.

  static let magic: UInt32 = 0x5653_5431  // "VST1"
  static let headerSize = 16
  static let entrySize = 40

  static func encode(_ table: StampTable) -> [UInt8] {
    // A table read from `files` has no removed entries; one that has is made again without them.
    let table = table.count == table.entries.count ? table : compacted(table)
    var out: [UInt8] = []
    out.reserveCapacity(
      headerSize + table.bytes.count + table.entries.count * entrySize + table.slots.count * 4)
    func put<Value: FixedWidthInteger>(_ value: Value) {
      withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }
    put(magic)
    put(UInt32(table.entries.count))
    put(UInt32(table.slots.count))
    put(UInt32(table.bytes.count))
    out.append(contentsOf: table.bytes)
    for entry in table.entries {
      guard let stamp = entry.stamp else { continue }
      put(UInt32(entry.start))
      put(UInt32(entry.length))
      put(entry.hash)
      put(Int64(stamp.size))
      put(stamp.modified)
      put(stamp.inode)
    }
    for slot in table.slots { put(slot) }
    return out
  }

  /// The table of a blob `encode` made; nil when any length or index in it does not fit.
  static func decode(_ data: UnsafeRawBufferPointer) -> StampTable? {
    guard data.count >= headerSize else { return nil }
    func word<Value: FixedWidthInteger>(_ offset: Int, as type: Value.Type) -> Value {
      Value(littleEndian: data.loadUnaligned(fromByteOffset: offset, as: Value.self))
    }
    guard word(0, as: UInt32.self) == magic else { return nil }
    let entryCount = Int(word(4, as: UInt32.self))
    let slotCount = Int(word(8, as: UInt32.self))
    let byteCount = Int(word(12, as: UInt32.self))
    let entriesStart = headerSize + byteCount
    let slotsStart = entriesStart + entryCount * entrySize
    guard slotCount >= 16, slotCount & (slotCount - 1) == 0, slotCount >= entryCount * 2,
      data.count == slotsStart + slotCount * 4
    else { return nil }
    let bytes = Array(data[headerSize..<entriesStart])
    var entries: [StampTable.Entry] = []
    entries.reserveCapacity(entryCount)
    for index in 0..<entryCount {
      let at = entriesStart + index * entrySize
      let start = Int(word(at, as: UInt32.self))
      let length = Int(word(at + 4, as: UInt32.self))
      guard start + length <= byteCount else { return nil }
      entries.append(
        StampTable.Entry(
          start: start, length: length, hash: word(at + 8, as: UInt64.self),
          stamp: FileStamp(
            size: Int(word(at + 16, as: Int64.self)), modified: word(at + 24, as: Int64.self),
            inode: word(at + 32, as: UInt64.self))))
    }
    var slots = [Int32](repeating: -1, count: slotCount)
    var used = 0
    for index in 0..<slotCount {
      let slot = word(slotsStart + index * 4, as: Int32.self)
      guard slot >= -1, Int(slot) < entryCount else { return nil }
      slots[index] = slot
      if slot >= 0 { used += 1 }
    }
    guard used == entryCount else { return nil }
    return StampTable(bytes: bytes, entries: entries, slots: slots)
  }

  /// `table` without its removed entries.
  private static func compacted(_ table: StampTable) -> StampTable {
    var fresh = StampTable(capacity: table.count)
    table.bytes.withUnsafeBufferPointer { bytes in
      for entry in table.entries {
        guard let stamp = entry.stamp else { continue }
        fresh.add(UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.start + entry.length]), stamp)
      }
    }
    return fresh
  }
}
