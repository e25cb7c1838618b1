import Testing

@testable import VaultCore

@Suite struct UTF8LineTests {
  /// `isSpace` is Unicode's White_Space written out (the table's lookup was a cost of
  /// parsing task lines); it must answer as the table does for every scalar.
  @Test func isSpaceIsWhiteSpaceForEveryScalar() {
    var differing: [UInt32] = []
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      if UTF8Line.isSpace(scalar) != scalar.properties.isWhitespace { differing.append(value) }
    }
    #expect(differing.isEmpty)
  }
}
