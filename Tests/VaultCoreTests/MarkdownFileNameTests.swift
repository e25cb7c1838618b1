import Testing
import VaultCore

/// Which file names the walk takes for notes: `.md` in any case, and nothing else.
@Suite struct MarkdownFileNameTests {
  @Test(arguments: [
    "a.md", "Note.MD", "x.Md", "日本語のメモ.md", ".md", "a long name with spaces and more than fifteen bytes.mD",
  ])
  func namesEndingInMDAreNotes(name: String) {
    #expect(name.hasMarkdownExtension)
  }

  @Test(arguments: ["", "md", ".m", "a.mdx", "a.markdown", "a.txt", "amd", "a.m d", "note.md.bak", "メモ.ｍｄ"])
  func otherNamesAreNot(name: String) {
    #expect(!name.hasMarkdownExtension)
  }

  @Test func aNameBuiltFromPiecesIsReadTheSame() {
    var name = String(repeating: "x", count: 40)
    name += ".M"
    name.append("d")
    #expect(name.hasMarkdownExtension)
    #expect(!String(name.dropLast()).hasMarkdownExtension)
  }
}
