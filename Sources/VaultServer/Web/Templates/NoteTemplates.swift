/// A note and the search.
extension Templates {
  static let notes: [(String, String)] = [("note", note), ("search", search)]

  /// `html` is cmark's safe rendering of the note (Markdown/MarkdownHTML), its task lines the
  /// task rows the other pages show (`taskRow`, escaped as they are): with the search's snippets
  /// (`inlineHTML`, the same renderer), the values a page writes unescaped. The title is left out when the note starts with it as its heading.
  static let note = """
    {{#showTitle}}<h1>{{title}}</h1>{{/showTitle}}
    <p class="muted">{{path}} · {{kind}} · <a href="{{obsidian}}">Open in Obsidian</a></p>
    {{#hasProperties}}<table class="properties" aria-label="Properties"><tbody>{{#properties}}<tr><th scope="row">{{key}}</th><td>{{value}}</td></tr>{{/properties}}</tbody></table>{{/hasProperties}}
    {{#hasTags}}<p>{{#tags}}<a href="{{href}}">#{{tag}}</a> {{/tags}}</p>{{/hasTags}}
    {{#finish}}<p class="muted">Its tasks: {{finish}}</p>{{/finish}}
    <article class="note-body">{{{html}}}</article>
    """

  static let search = """
    <h1>Search</h1>
    <form method="get" action="/search" role="search" class="filters">
    <label>Words, or filters such as <code>#tag</code>, <code>type:event</code><input type="search" name="q" value="{{q}}" size="30"></label>
    <button type="submit">Search</button></form>
    {{#asked}}<p class="muted">{{total}}</p>
    {{#none}}<p>No match. Try fewer words, or a prefix such as <code>plan*</code>.</p>{{/none}}
    <ul class="rows">{{#hits}}<li><a href="{{href}}">{{title}}</a> <span class="muted">{{path}}</span>
    <span class="text">{{{snippet}}}</span></li>{{/hits}}</ul>{{/asked}}
    """
}
