import Foundation
import TestSupport
import Testing
import VaultKit

/// The `obsidian://open` links of exports and reminders: the vault's folder name and the note's
/// path without `.md`, letters, digits and `-._~` as they are and the rest percent-encoded.
@Suite struct ObsidianLinkTests {
  @Test func aNoteLinkNamesTheVaultAndTheNoteWithoutMd() throws {
    let root = try ScratchFolder.make("link").path + "/My Vault"
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    let vault = try Vault(path: root)
    #expect(
      vault.obsidianLink("Events/Tea & cake.md") == "obsidian://open?vault=My%20Vault&file=Events%2FTea%20%26%20cake")
    #expect(vault.obsidianLink("Notes/a.b~c-d_e") == "obsidian://open?vault=My%20Vault&file=Notes%2Fa.b~c-d_e")
    #expect(vault.obsidianLink("Notes/50%?#=+.md") == "obsidian://open?vault=My%20Vault&file=Notes%2F50%25%3F%23%3D%2B")
  }
}
