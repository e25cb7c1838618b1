import Foundation

/// The inputs that once made a scanner super-linear, and the shapes found since by
/// the mutation loop, each as a recipe that grows to any size: `vault-fuzz fixtures` parses
/// every one at 1 MB and fails when one takes longer than a second.
struct Pathological {
  let name: String
  /// Bytes before the repeated part, the repeated part, and bytes after it.
  let head: String
  let unit: String
  let tail: String

  /// The largest size the recipe grows to: front matter is refused whole past 512 KB
  /// (`YAMLReader.maxBytes`), so the YAML recipes stop just under it.
  let limit: Int

  init(_ name: String, head: String = "", _ unit: String, tail: String = "\n", limit: Int = .max) {
    self.name = name
    self.head = head
    self.unit = unit
    self.tail = tail
    self.limit = limit
  }

  /// The recipe grown to about `size` bytes (at most `limit`); `{n}` in the unit counts up.
  func bytes(size: Int) -> [UInt8] {
    let size = min(size, limit)
    var result = Array(head.utf8)
    result.reserveCapacity(size + 64)
    let tailBytes = Array(tail.utf8)
    let numbered = unit.contains("{n}")
    let plain = Array(unit.utf8)
    var n = 0
    while true {
      let next = numbered ? Array(unit.replacingOccurrences(of: "{n}", with: String(n)).utf8) : plain
      guard result.count + next.count + tailBytes.count <= size || n == 0 else { break }
      result += next
      n += 1
    }
    result += tailBytes
    return result
  }

  static let all: [Pathological] = [
    // Wikilinks and embeds.
    Pathological("unclosed-wikilinks", head: "x\n", "[["),
    Pathological("unclosed-wikilinks-spaced", head: "x\n", "[[a "),
    Pathological("unclosed-wikilinks-lines", "[[a\n"),
    Pathological("wikilinks-one-line", "[[a]] "),
    Pathological("embeds-one-line", "![[a]] "),
    Pathological("wikilinks-lines", "[[a]]\n"),
    Pathological("wikilink-aliases", "[[a#b|c]] "),
    Pathological("unclosed-wikilink-then-close", head: "[[", "a ", tail: "]]\n"),
    Pathological("closing-brackets", "]]"),
    Pathological("open-brackets", "["),
    Pathological("nested-brackets", head: "[", "[a", tail: "]\n"),
    // Tags.
    Pathological("tags-one-line", "#tag "),
    Pathological("tags-lines", "#tag\n"),
    Pathological("hashes", "#"),
    Pathological("digit-tags", "#1 "),
    Pathological("nested-tags", head: "#", "a/", tail: " \n"),
    Pathological("cjk-tags", "#日本語 "),
    // Dataview fields.
    Pathological("fields-one-line", "[k:: v] "),
    Pathological("paren-fields-one-line", "(k:: v) "),
    Pathological("unclosed-fields", "[k:: "),
    Pathological("unclosed-paren-fields", "(k:: "),
    Pathological("field-separators", "::"),
    Pathological("whole-line-fields", "k:: v\n"),
    Pathological("field-nested-open", head: "[k:: ", "[", tail: "\n"),
    Pathological(
      "nested-fields", head: String(repeating: "(k:: ", count: 100_000), "✅ ",
      tail: String(repeating: ")", count: 100_000) + "\n"),
    Pathological(
      "nested-square-fields", head: String(repeating: "[k:: ", count: 100_000), "a ",
      tail: String(repeating: "]", count: 100_000) + "\n"),
    Pathological(
      "masked-nested-fields", head: String(repeating: "[k:: `c` ", count: 50_000), "a ",
      tail: String(repeating: "]", count: 50_000) + "\n"),
    Pathological(
      "alternating-fields", head: String(repeating: "[k:: (k:: ", count: 50_000), "a ",
      tail: String(repeating: ")]", count: 50_000) + "\n"),
    Pathological(
      "task-nested-fields", head: "- [ ] a " + String(repeating: "[due:: ", count: 100_000), "a ",
      tail: String(repeating: "]", count: 100_000) + "\n"),
    // Code, emphasis, HTML, links: cmark's masked spans and links.
    Pathological("code-spans-one-line", "`a` "),
    Pathological("code-spans-lines", "`a`\n"),
    Pathological("code-spans-and-tags", "`a` #t "),
    Pathological("code-spans-and-tags-lines", "`a` #t\n"),
    Pathological("backticks", "`"),
    Pathological("backtick-runs", "`` ` "),
    Pathological("stars", "*"),
    Pathological("star-words", "*a "),
    Pathological("underscores", "_a "),
    Pathological("html-inline", "<b>"),
    Pathological("html-and-tags", "<b> #t "),
    Pathological("markdown-links-one-line", "[a](b.md) "),
    Pathological("markdown-links-lines", "[a](b.md)\n"),
    Pathological("markdown-links-unicode", "é[a](b.md) "),
    Pathological("autolinks", "<https://a.b> "),
    Pathological("images", "![a](b.png) "),
    Pathological("link-openers", "[a]("),
    // Blocks.
    Pathological("block-quotes", ">"),
    Pathological("deep-lists-inline-nodes", head: String(repeating: "- ", count: 100_000), "a *b* "),
    Pathological("deep-quotes-inline-nodes", head: String(repeating: "> ", count: 100_000), "a *b* "),
    Pathological("deep-tab-lists-inline-nodes", head: String(repeating: "-\t", count: 100_000), "`a` [[b]] "),
    Pathological("deep-quotes-lines", head: String(repeating: ">", count: 2_000) + " a\n", "b *c*\n"),
    Pathological(
      "nested-emphasis", head: String(repeating: "*_", count: 100_000), "a",
      tail: String(repeating: "_*", count: 100_000) + "\n"),
    Pathological("nested-lists", "- "),
    Pathological("indented-lists", head: "", "  - a\n"),
    Pathological("list-items", "- a\n"),
    Pathological("tasks", "- [ ] a\n"),
    Pathological("nested-tasks", head: "- [ ] a\n", "  - [ ] a\n"),
    Pathological("headings", "# a\n"),
    Pathological("heading-marks", "#"),
    Pathological("setext", "a\n=\n"),
    Pathological("tables", head: "|a|b|\n|-|-|\n", "|a|b|\n"),
    Pathological("table-columns", head: "", "|a", tail: "\n"),
    Pathological("pipes", "|"),
    Pathological("fences", "```\n"),
    Pathological("blank-lines", "\n"),
    Pathological("long-line", "a"),
    Pathological("spaces", " "),
    Pathological("tabs", "\t"),
    Pathological("carriage-returns", "a\r"),
    // Task lines.
    Pathological("task-dates", head: "- [ ] a ", "📅 2026-01-01 "),
    Pathological("task-recurrences", head: "- [ ] a ", "🔁 every day "),
    Pathological("task-priorities", head: "- [ ] a ", "⏫ "),
    Pathological("task-fields", head: "- [ ] a ", "[due:: 2026-01-01] "),
    Pathological("task-ids", head: "- [ ] a ", "🆔 abc ⛔ abc,"),
    Pathological("task-emoji", head: "- [ ] ", "📅"),
    Pathological("task-variation-selectors", head: "- [ ] a ", "⏳\u{FE0F}"),
    Pathological("task-tags", head: "- [ ] a ", "#t "),
    // Unicode.
    Pathological("emoji", "😀"),
    Pathological("combining-marks", head: "#a", "\u{0301}", tail: "\n"),
    Pathological("combining-text", "e\u{0301}"),
    Pathological("zero-width-joiners", "👩\u{200D}"),
    Pathological("cjk", "日本語"),
    Pathological("invalid-utf8", "\u{FFFD}a"),
    // Front matter: the cap is 512 KB, so these stay under it and the body fills the rest.
    Pathological("yaml-block-list", head: "---\ntags:\n", "  - a\n", tail: "---\n", limit: 500_000),
    Pathological("yaml-block-list-unindented", head: "---\ntags:\n", "- a\n", tail: "---\n", limit: 500_000),
    Pathological("yaml-flow-list", head: "---\ntags: [", "a, ", tail: "a]\n---\n", limit: 500_000),
    Pathological("yaml-duplicate-keys", head: "---\n", "k: v\n", tail: "---\n", limit: 500_000),
    Pathological("yaml-keys", head: "---\n", "k{n}: v\n", tail: "---\n", limit: 500_000),
    Pathological("yaml-nested-flow", head: "---\na: ", "[", tail: "\n---\n", limit: 500_000),
    Pathological("yaml-nested-maps", head: "---\na: ", "{b: ", tail: "\n---\n", limit: 500_000),
    Pathological(
      "yaml-anchors", head: "---\na: &a [x, y]\n", "b{n}: [*a, *a, *a, *a]\n", tail: "---\n", limit: 500_000),
    Pathological("yaml-comments", head: "---\n", "# c\n", tail: "---\n", limit: 500_000),
    Pathological("yaml-block-scalar", head: "---\na: |\n", "  line\n", tail: "---\n", limit: 500_000),
    Pathological("yaml-quoted", head: "---\na: \"", "\\u00e9", tail: "\"\n---\n", limit: 500_000),
    Pathological("yaml-fences", "---\n", limit: 500_000),
  ]
}
