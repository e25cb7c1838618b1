import Foundation

/// What an editor does to a note in the tests: Obsidian saves in place, so a line is appended to
/// the file itself (same inode), not written through a temporary file and a rename.
public enum Editor {
  public static func append(_ text: String, to file: URL) throws {
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(text.utf8))
  }
}
