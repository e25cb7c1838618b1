import Foundation
import TestSupport
import Testing

@testable import VaultKit

/// The `obsidian://open` links of exports and reminders: ASCII encoded byte by byte, exactly
/// as Foundation encodes it with Unicode's letters and digits and `-._~` left as they are.
@Suite struct ObsidianLinkTests {
  @Test func linkPartsAreEncodedAsFoundationEncodesThem() {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    var random = SeededRandom(seed: 3)
    let ascii = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
    let other: [Character] = ["é", "日", "🙂", "ß", "\u{301}"]
    for round in 0..<400 {
      let pool = round % 4 == 0 ? ascii + other : ascii
      let text = String((0..<random.below(30)).map { _ in pool[random.below(pool.count)] })
      #expect(
        Vault.linkEncoded(text) == text.addingPercentEncoding(withAllowedCharacters: allowed),
        "\(text.debugDescription)")
    }
  }

  @Test func aNoteLinkNamesTheVaultAndTheNoteWithoutMd() throws {
    let root = try ScratchFolder.make("link").path + "/My Vault"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let vault = try Vault(path: root)
    #expect(
      vault.obsidianLink("Events/Tea & cake.md") == "obsidian://open?vault=My%20Vault&file=Events%2FTea%20%26%20cake")
    #expect(vault.obsidianLink("Notes/a.b~c-d_e") == "obsidian://open?vault=My%20Vault&file=Notes%2Fa.b~c-d_e")
  }
}
