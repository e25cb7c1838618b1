import Testing
import VaultCore

@testable import VaultMarkdown

/// Where lines start: files without a CR take a `memchr` path, the others a byte loop; both
/// must agree with the plain rule (a line ends at LF, CRLF or a lone CR).
@Suite struct SourceTextTests {
  /// The rule, written plainly.
  static func reference(_ bytes: [UInt8]) -> (starts: [Int], ending: TextEncoding.LineEnding) {
    let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
    var starts = [bom ? 3 : 0]
    var ending: TextEncoding.LineEnding?
    var index = starts[0]
    while index < bytes.count {
      switch bytes[index] {
      case 0x0A:
        ending = ending ?? .lf
        index += 1
      case 0x0D where index + 1 < bytes.count && bytes[index + 1] == 0x0A:
        ending = ending ?? .crlf
        index += 2
      case 0x0D:
        ending = ending ?? .lf
        index += 1
      default:
        index += 1
        continue
      }
      starts.append(index)
    }
    return (starts, ending ?? .lf)
  }

  static let examples: [String] = [
    "", "a", "\n", "\n\n", "a\nb", "a\nb\n", "\u{FEFF}", "\u{FEFF}\n", "\u{FEFF}a\nb\n", "a\r\nb\r\n", "a\rb\r",
    "a\nb\r\nc\rd", "a\r\n\nb", "\r", "\r\n", "héllo 🎸\nwörld\n", String(repeating: "x", count: 100) + "\n",
  ]

  @Test(arguments: examples)
  func linesStartWhereTheRuleSays(_ text: String) {
    let bytes = Array(text.utf8)
    let source = SourceText(bytes: bytes)
    let expected = Self.reference(bytes)
    #expect(source.lineStarts == expected.starts)
    #expect(source.encoding.lineEnding == expected.ending)
  }

  @Test func randomTextsAgreeWithTheRule() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [0x0A, 0x0A, 0x0D, 0x61, 0x62, 0x20, 0xC3, 0xA9]
    for round in 0..<2000 {
      // Half without any CR: the `memchr` path.
      let letters = round % 2 == 0 ? alphabet.filter { $0 != 0x0D } : alphabet
      let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
      let source = SourceText(bytes: bytes)
      let expected = Self.reference(bytes)
      #expect(source.lineStarts == expected.starts, "\(bytes)")
      #expect(source.encoding.lineEnding == expected.ending, "\(bytes)")
    }
  }

  @Test(arguments: [0, 1, 7, 8, 9, 63, 64, 4095])
  func aNULAnywhereMakesAFileBinary(at offset: Int) {
    var bytes = Array(repeating: UInt8(ascii: "a"), count: 4096)
    bytes[offset] = 0
    #expect(bytesNote(bytes).isSkipped)
    bytes[offset] = UInt8(ascii: "b")
    #expect(!bytesNote(bytes).isSkipped)
  }
}
