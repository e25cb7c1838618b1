import Foundation
import Testing

@testable import VaultKit

/// `FileSystem.readFile` reads a file into an array of its `stat` size, and reads on when the
/// file holds more than that.
@Suite struct FileReadTests {
  @Test(arguments: [0, 1, 4095, 4096, 65_536, 200_001])
  func aFileIsReadWhole(size: Int) throws {
    let folder = try TemporaryVault([:])
    let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    let url = folder.root.appendingPathComponent("file.bin")
    try Data(bytes).write(to: url)
    #expect(try FileSystem.readFile(url.path).get() == bytes)
  }

  #if os(Linux)
  /// `/proc` files report a size of 0 and hold more: the read goes on past the size.
  @Test func aFileLongerThanItsSizeIsReadWhole() throws {
    let bytes = try FileSystem.readFile("/proc/self/maps").get()
    #expect(bytes.count > 100)
    #expect(String(decoding: bytes, as: UTF8.self).hasSuffix("\n"))
  }
  #endif

  @Test func aMissingFileSaysWhy() {
    guard case .failure(let reason) = FileSystem.readFile("/nonexistent/file.md") else {
      Issue.record("a missing file was read")
      return
    }
    #expect(reason.description == "No such file or directory")
  }
}
