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
  public static func render(
    _ markdown: String, sourcePositions: Bool = false, link: (_ target: String) -> String?
  ) -> String {
    let options = CMARK_OPT_DEFAULT | (sourcePositions ? CMARK_OPT_SOURCEPOS : 0)
    let html = markdown.withCString { pointer -> String in
      // CMARK_OPT_DEFAULT is safe in cmark 0.30 (CMARK_OPT_UNSAFE would let raw HTML through).
      guard let rendered = cmark_markdown_to_html(pointer, strlen(pointer), options) else { return "" }
      defer { free(rendered) }
      return String(cString: rendered)
    }
    return wikilinks(in: html, link: link)
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
