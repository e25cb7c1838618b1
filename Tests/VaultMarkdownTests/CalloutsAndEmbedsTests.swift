import Testing

@testable import VaultMarkdown

/// A note's callouts and embeds in the web view as Obsidian shows them: a `> [!kind]` block is
/// a titled box (a `<details>` when it folds), a paragraph that is only `![[Note]]` is that
/// note's part of the page; everything else stays as cmark's safe renderer makes it.
@Suite struct CalloutsAndEmbedsTests {
  func html(_ markdown: String, embeds: [String: String] = [:]) -> String {
    MarkdownHTML.render(markdown, link: { "/note?path=" + $0 }, embed: { embeds[$0] })
  }

  @Test func aCalloutIsATitledBox() {
    #expect(
      html("> [!tip] Water in the morning\n> The soil stays damp.\n")
        == "<div class=\"callout\" data-callout=\"tip\" role=\"note\"><p class=\"callout-title\">Water in the morning</p>"
        + "<p>The soil stays damp.</p>\n</div>\n")
    // No title: the kind's name; an alias is its kind.
    #expect(
      html("> [!FAQ]\n> Why?\n").contains(
        "data-callout=\"question\" role=\"note\"><p class=\"callout-title\">Question</p><p>Why?</p>"))
    // Folding: + open, - closed.
    #expect(
      html("> [!note]- Hidden\n> inside\n").hasPrefix(
        "<details class=\"callout\" data-callout=\"note\"><summary class=\"callout-title\">Hidden</summary><p>inside</p>\n</details>"
      ))
    #expect(html("> [!note]+ Shown\n> inside\n").hasPrefix("<details class=\"callout\" data-callout=\"note\" open>"))
    // A title only, then more blocks; a nested plain quote stays a quote.
    let nested = html("> [!warning] Frost\n>\n> - cover the pots\n>\n> > a quote\n")
    #expect(
      nested.hasPrefix(
        "<div class=\"callout\" data-callout=\"warning\" role=\"note\"><p class=\"callout-title\">Frost</p>\n<ul>"))
    #expect(nested.contains("<blockquote>\n<p>a quote</p>\n</blockquote>\n</div>"), "\(nested)")
    // A plain quote, and a kind with markup in it, stay safe.
    #expect(html("> just a quote\n") == "<blockquote>\n<p>just a quote</p>\n</blockquote>\n")
    let hostile = html("> [!x\" onmouseover=\"alert(1)] <script>alert(1)</script>\n")
    #expect(!hostile.contains("onmouseover=\"") && !hostile.contains("<script>"), "\(hostile)")
  }

  @Test func aParagraphThatIsOnlyAnEmbedIsTheEmbeddedNote() {
    let embedded = "<section class=\"embed\"><p>The plan</p></section>"
    #expect(
      html("Before\n\n![[Plan]]\n\nAfter [[Plan]]\n", embeds: ["Plan": embedded])
        == "<p>Before</p>\n\(embedded)\n<p>After <a class=\"wikilink\" href=\"/note?path=Plan\">Plan</a></p>\n")
    // With a heading and a shown text; inside a sentence, or unknown: a link.
    #expect(html("![[Plan#Spring|the spring]]\n", embeds: ["Plan#Spring": embedded]) == embedded + "\n")
    #expect(html("See ![[Plan]] here\n", embeds: ["Plan": embedded]).contains("<a class=\"wikilink\""))
    #expect(
      html("![[Other]]\n", embeds: ["Plan": embedded]).contains(
        "<a class=\"wikilink\" href=\"/note?path=Other\">Other</a>"))
    // In code, never.
    #expect(html("```\n![[Plan]]\n```\n", embeds: ["Plan": embedded]).contains("![[Plan]]"))
  }
}
