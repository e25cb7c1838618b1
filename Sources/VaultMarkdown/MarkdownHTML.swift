import CCMark
import Foundation

/// A note's body as HTML for the web view, by cmark's safe renderer: raw HTML in the note comes
/// out as a comment (`<!-- raw HTML omitted -->`) and `javascript:`, `vbscript:`, `file:` and
/// most `data:` link destinations as empty ones, so nothing a note holds ever runs in a browser.
///
/// cmark knows no wikilinks: `[[Target|shown]]` stays text, escaped, and `wikilinks` hands each
/// one outside code to `link`, which returns the anchor's address (or nil to leave the text).
public enum MarkdownHTML {
  /// `sourcePositions`: each block carries `data-sourcepos="LINE:COLUMN-LINE:COLUMN"` (of
  /// `markdown`), so that a page can find the block of a line (a task's).
  ///
  /// Callouts (`> [!note] Title`, foldable with `+` or `-`) become Obsidian's boxes, and a
  /// paragraph that is only an embed (`![[Note]]`, `![[Note#Heading]]`) becomes what `embed`
  /// returns for its target (HTML, rendered by the caller; nil leaves it a link).
  public static func render(
    _ markdown: String, sourcePositions: Bool = false, link: (_ target: String) -> String?,
    embed: (_ target: String) -> String? = { _ in nil }
  ) -> String {
    let options = CMARK_OPT_DEFAULT | (sourcePositions ? CMARK_OPT_SOURCEPOS : 0)
    let html = markdown.withCString { pointer -> String in
      // CMARK_OPT_DEFAULT is safe in cmark 0.30 (CMARK_OPT_UNSAFE would let raw HTML through).
      guard let rendered = cmark_markdown_to_html(pointer, strlen(pointer), options) else { return "" }
      defer { free(rendered) }
      return String(cString: rendered)
    }
    // Embeds are put in after the wikilinks are made, so that their HTML is not read again.
    let (marked, embedded) = embeds(in: callouts(in: html), embed: embed)
    var result = wikilinks(in: marked, link: link)
    for (token, html) in embedded { result = result.replacingOccurrences(of: token, with: html) }
    return result
  }

  /// The kinds of callout Obsidian knows, with their aliases (its callouts documentation).
  static let calloutKinds: [String: String] = [
    "note": "note", "abstract": "abstract", "summary": "abstract", "tldr": "abstract", "info": "info",
    "todo": "todo", "tip": "tip", "hint": "tip", "important": "tip", "success": "success", "check": "success",
    "done": "success", "question": "question", "help": "question", "faq": "question", "warning": "warning",
    "caution": "warning", "attention": "warning", "failure": "failure", "fail": "failure", "missing": "failure",
    "danger": "danger", "error": "danger", "bug": "bug", "example": "example", "quote": "quote", "cite": "quote",
  ]

  /// Each blockquote whose first paragraph starts with `[!kind]` made a callout: a `<div
  /// class="callout" data-callout="kind" role="note">` with its title (the rest of the first
  /// line, else the kind), or a `<details>` when foldable (`+` open, `-` closed).
  static func callouts(in html: String) -> String {
    guard html.contains("[!") else { return html }
    var output = ""
    output.reserveCapacity(html.utf8.count)
    var closers: [String] = []
    var rest = Substring(html)
    while true {
      // The nearer of an opening and a closing tag.
      let closing = rest.range(of: "</blockquote>")
      let opening = rest.range(of: "<blockquote")
      if let closing, opening.map({ closing.lowerBound < $0.lowerBound }) ?? true {
        output += rest[..<closing.lowerBound] + (closers.popLast() ?? "</blockquote>")
        rest = rest[closing.upperBound...]
        continue
      }
      guard let opening, let tagEnd = rest[opening.upperBound...].firstIndex(of: ">") else { break }
      output += rest[..<opening.lowerBound]
      let afterTag = rest[rest.index(after: tagEnd)...]
      let body = afterTag.drop { $0 == "\n" }
      // `<p …>[!kind]± Title` as the first thing inside.
      guard body.hasPrefix("<p"), let pEnd = body.firstIndex(of: ">"),
        body[body.index(after: pEnd)...].hasPrefix("[!"),
        let kindEnd = body[body.index(after: pEnd)...].firstIndex(of: "]")
      else {
        output += rest[opening.lowerBound...tagEnd]
        closers.append("</blockquote>")
        rest = afterTag
        continue
      }
      let kindStart = body.index(body.index(after: pEnd), offsetBy: 2)
      let written = body[kindStart..<kindEnd].lowercased()
      let kind =
        calloutKinds[written] ?? String(written.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
      var afterKind = body[body.index(after: kindEnd)...]
      var fold: Character?
      if let first = afterKind.first, first == "+" || first == "-" {
        fold = first
        afterKind = afterKind.dropFirst()
      }
      // The title: to the end of the first line of the paragraph.
      let lineEnd = afterKind.firstIndex { $0 == "\n" } ?? afterKind.endIndex
      let paragraphEnd = afterKind.range(of: "</p>")?.lowerBound ?? afterKind.endIndex
      let titleEnd = min(lineEnd, paragraphEnd)
      var title = afterKind[..<titleEnd].trimmingCharacters(in: .whitespaces)
      if title.isEmpty { title = kind.prefix(1).uppercased() + kind.dropFirst() }
      let kindAttribute = escapeAttribute(kind.isEmpty ? "note" : kind)
      if let fold {
        output +=
          "<details class=\"callout\" data-callout=\"\(kindAttribute)\"\(fold == "+" ? " open" : "")>"
          + "<summary class=\"callout-title\">\(title)</summary>"
        closers.append("</details>")
      } else {
        output +=
          "<div class=\"callout\" data-callout=\"\(kindAttribute)\" role=\"note\">"
          + "<p class=\"callout-title\">\(title)</p>"
        closers.append("</div>")
      }
      // The rest of the first paragraph, when its first line was not all of it.
      if titleEnd == paragraphEnd {
        rest = afterKind[paragraphEnd...].dropFirst(4)
      } else {
        output += String(body[...pEnd])
        rest = afterKind[afterKind.index(after: lineEnd)...]
      }
    }
    return output + rest
  }

  /// Each paragraph that is only `![[target]]`, with the HTML `embed` gives for it, as a token
  /// to put the HTML in for after the wikilinks are made.
  static func embeds(
    in html: String, embed: (String) -> String?
  ) -> (html: String, embedded: [(token: String, html: String)]) {
    guard html.contains("![[") else { return (html, []) }
    var output = ""
    var embedded: [(String, String)] = []
    var rest = Substring(html)
    while let start = rest.range(of: "<p") {
      guard let tagEnd = rest[start.upperBound...].firstIndex(of: ">"),
        rest[start.upperBound...].first == ">" || rest[start.upperBound...].first == " "
      else {
        output += rest[..<start.upperBound]
        rest = rest[start.upperBound...]
        continue
      }
      let content = rest[rest.index(after: tagEnd)...]
      guard content.hasPrefix("![["), let close = content.range(of: "]]</p>"),
        !content[..<close.lowerBound].contains("<"), !content[..<close.lowerBound].dropFirst(3).contains("[[")
      else {
        output += rest[..<content.startIndex]
        rest = content
        continue
      }
      let target = unescape(String(content[content.index(content.startIndex, offsetBy: 3)..<close.lowerBound]))
      let name = target.split(separator: "|", maxSplits: 1).first.map(String.init) ?? target
      guard let html = embed(name.trimmingCharacters(in: .whitespaces)) else {
        output += rest[..<content.startIndex]
        rest = content
        continue
      }
      let token = "\u{E000}vault-embed-\(embedded.count)-\(html.utf8.count)\u{E000}"
      embedded.append((token, html))
      output += rest[..<start.lowerBound] + token
      rest = content[close.upperBound...]
    }
    return (output + rest, embedded)
  }

  /// `[[…]]` in text outside `<code>` and `<pre>` made anchors, and each `<pre>` (which may
  /// scroll sideways) reachable by the keyboard. The text is cmark's output, so every `<` starts
  /// a tag of its own making; a target is read back from its escaped form.
  static func wikilinks(in html: String, link: (String) -> String?) -> String {
    var output = ""
    output.reserveCapacity(html.utf8.count)
    var codeDepth = 0
    var rest = Substring(html)
    while !rest.isEmpty {
      if rest.hasPrefix("<") {
        let end = rest.firstIndex(of: ">").map { rest.index(after: $0) } ?? rest.endIndex
        let tag = rest[..<end]
        if tag.hasPrefix("<code") || tag.hasPrefix("<pre") { codeDepth += 1 }
        if tag.hasPrefix("</code") || tag.hasPrefix("</pre") { codeDepth = max(0, codeDepth - 1) }
        if tag.hasPrefix("<pre") {
          // A code block scrolls sideways on a phone: the keyboard reaches it too (tabindex).
          output += "<pre tabindex=\"0\"" + tag.dropFirst(4)
        } else {
          output += tag
        }
        rest = rest[end...]
        continue
      }
      let textEnd = rest.firstIndex(of: "<") ?? rest.endIndex
      let text = rest[..<textEnd]
      output += codeDepth > 0 ? String(text) : linked(text, link: link)
      rest = rest[textEnd...]
    }
    return output
  }

  /// The list items that start on the lines of `rows` (cmark's `data-sourcepos`, 1-based lines
  /// of the Markdown) with their own content, up to a nested list, replaced by the row (an `<li>`
  /// of the page's own, whose `</li>` is left to cmark's): a task line of a note becomes the
  /// page's task, with its box and its fields as chips, its subtasks still nested under it.
  public static func replacingListItems(in html: String, rows: [Int: String]) -> String {
    guard !rows.isEmpty else { return html }
    var output = ""
    output.reserveCapacity(html.utf8.count)
    var rest = Substring(html)
    let marker = "<li data-sourcepos=\""
    while let found = rest.range(of: marker) {
      output += rest[..<found.lowerBound]
      let digits = rest[found.upperBound...].prefix { $0.isNumber }
      guard let line = Int(digits), let row = rows[line], let open = rest[found.upperBound...].firstIndex(of: ">")
      else {
        output += rest[found.lowerBound..<found.upperBound]
        rest = rest[found.upperBound...]
        continue
      }
      let content = rest[rest.index(after: open)...]
      let end = ["<ul", "<ol", "</li>"].compactMap { content.range(of: $0)?.lowerBound }.min() ?? content.endIndex
      var replacement = Substring(row.trimmingCharacters(in: .whitespacesAndNewlines))
      if replacement.hasSuffix("</li>") { replacement = replacement.dropLast(5) }
      output += replacement
      rest = content[end...]
    }
    return output + rest
  }

  private static func linked(_ text: Substring, link: (String) -> String?) -> String {
    var output = ""
    var rest = text
    while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
      let inner = rest[open.upperBound..<close.lowerBound]
      guard !inner.isEmpty, !inner.contains("[") else {
        output += rest[..<open.upperBound]
        rest = rest[open.upperBound...]
        continue
      }
      // An embed (`![[…]]`) is shown as a link to what it embeds.
      var before = rest[..<open.lowerBound]
      if before.hasSuffix("!") { before = before.dropLast() }
      output += before
      let parts = inner.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
      let target = unescape(String(parts[0])).trimmingCharacters(in: .whitespaces)
      let shown = parts.count > 1 ? String(parts[1]) : String(parts[0])
      if let address = link(target) {
        output += "<a class=\"wikilink\" href=\"\(escapeAttribute(address))\">\(shown)</a>"
      } else {
        output += "<span class=\"wikilink missing\">\(shown)</span>"
      }
      rest = rest[close.upperBound...]
    }
    return output + rest
  }

  private static func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  /// Text made safe inside a double-quoted attribute or as element content.
  public static func escapeAttribute(_ text: String) -> String {
    var output = ""
    output.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.append(character)
      }
    }
    return output
  }
}
