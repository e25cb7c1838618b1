import Foundation
import GRDBSQLite

/// The stamp of every file the index holds, by path: what a refresh compares a walk with.
///
/// A no-change refresh reads every row of `files`. As a `[String: FileStamp]` that made a String
/// per path (an allocation and a copy each) and hashed it with SipHash, and comparing the walk
/// with it then waited on the other core's memory for each string's bytes: 6 of the 32
/// core-milliseconds of a no-change `vault today` at 10,000 notes. Here the paths' bytes lie in
/// one buffer, found through an open-addressed table of their FNV-1a hashes, and a lookup
/// compares the bytes themselves, so it is exact (docs/PERFORMANCE.md).
///
/// The index keeps a copy of the table as it was at some write (`StampSnapshot`) and the
/// stamps changed since; reading those is a tenth of reading every row of `files`.
public struct StampTable: Sendable {
  struct Entry: Sendable {
    var start: Int
    var length: Int
    var hash: UInt64
    /// Nil for a path removed since it was added (`set`): its entry stays, so that the
    /// searches that pass over its slot still reach the paths placed after it.
    var stamp: FileStamp?
  }

  private(set) var bytes: [UInt8] = []
  private(set) var entries: [Entry] = []
  /// Indexes into `entries`, -1 for an empty slot; a power of two at least twice the entries.
  private(set) var slots: [Int32]
  /// The entries with a stamp.
  public private(set) var count = 0

  public init(capacity: Int = 0) {
    var size = 16
    while size < capacity * 2 { size *= 2 }
    slots = Array(repeating: -1, count: size)
    entries.reserveCapacity(capacity)
    bytes.reserveCapacity(capacity * 32)
  }

  /// A table of these arrays, as `StampSnapshot` decoded them (it checks that they fit).
  init(bytes: [UInt8], entries: [Entry], slots: [Int32]) {
    self.bytes = bytes
    self.entries = entries
    self.slots = slots
    count = entries.count(where: { $0.stamp != nil })
  }

  /// Every path, as text: for the rare refresh that finds files gone.
  public var paths: [String] {
    entries.compactMap {
      $0.stamp == nil ? nil : String(decoding: bytes[$0.start..<$0.start + $0.length], as: UTF8.self)
    }
  }

  public subscript(path: String) -> FileStamp? {
    var path = path
    return path.withUTF8 { find($0).flatMap { entries[$0].stamp } }
  }

  /// Adds the stamp of a row `SELECT path, size, mtime, inode`.
  mutating func add(stampOf row: RowReader) {
    add(
      row.bytes(0),
      FileStamp(size: row.int(1), modified: Int64(row.int(2)), inode: UInt64(bitPattern: Int64(row.int(3)))))
  }

  /// Adds a path (its UTF-8 bytes) with its stamp; a path added twice keeps its first stamp.
  mutating func add(_ path: UnsafeBufferPointer<UInt8>, _ stamp: FileStamp) {
    if (entries.count + 1) * 2 > slots.count { grow() }
    // One hash and one probe: the empty slot where the search for `path` ends is where it goes.
    let hash = Self.hash(path)
    let (slot, found) = probe(path, hash: hash)
    guard found == nil else { return }
    slots[slot] = Int32(entries.count)
    entries.append(Entry(start: bytes.count, length: path.count, hash: hash, stamp: stamp))
    bytes.append(contentsOf: path)
    count += 1
  }

  /// Gives `path` the stamp `stamp`, or removes it (nil), whether it was there or not.
  mutating func set(_ path: UnsafeBufferPointer<UInt8>, _ stamp: FileStamp?) {
    guard let index = find(path) else {
      if let stamp { add(path, stamp) }
      return
    }
    count += (stamp == nil ? 0 : 1) - (entries[index].stamp == nil ? 0 : 1)
    entries[index].stamp = stamp
  }

  private func find(_ path: UnsafeBufferPointer<UInt8>) -> Int? {
    probe(path, hash: Self.hash(path)).found
  }

  /// The entry of `path` and its slot, or the empty slot where the search for it ended.
  private func probe(_ path: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (slot: Int, found: Int?) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    return bytes.withUnsafeBufferPointer { stored in
      while true {
        let index = Int(slots[slot])
        if index < 0 { return (slot, nil) }
        let entry = entries[index]
        if entry.hash == hash, entry.length == path.count, Self.same(stored, from: entry.start, as: path) {
          return (slot, index)
        }
        slot = (slot + 1) & mask
      }
    }
  }

  /// Whether the `path.count` bytes of `stored` from `start` are `path`'s.
  private static func same(
    _ stored: UnsafeBufferPointer<UInt8>, from start: Int, as path: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard let base = stored.baseAddress, let other = path.baseAddress else { return path.isEmpty }
    return memcmp(base + start, other, path.count) == 0
  }

  private mutating func place(_ index: Int32, hash: UInt64) {
    let mask = slots.count - 1
    var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
    while slots[slot] >= 0 { slot = (slot + 1) & mask }
    slots[slot] = index
  }

  private mutating func grow() {
    slots = Array(repeating: -1, count: slots.count * 2)
    for index in entries.indices { place(Int32(index), hash: entries[index].hash) }
  }

  /// FNV-1a, 64 bits.
  static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    return hash
  }
}

extension RowReader {
  /// The bytes of a text column, valid until the next step.
  func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
    guard let text = sqlite3_column_text(handle, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(handle, column)))
  }
}
