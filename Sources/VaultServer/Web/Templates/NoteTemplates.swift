/// A note and the search.
extension Templates {
  static let notes: [(String, String)] = [("note", note), ("search", search)]

  /// `html` is cmark's safe rendering of the note (Markdown/MarkdownHTML): the one value a page
  /// writes unescaped.
  static let note = """
    <h1>{{title}}</h1>
    <p class="muted">{{path}} · {{kind}} · <a href="{{obsidian}}">Open in Obsidian</a></p>
    {{#hasProperties}}<details><summary>Properties</summary><dl>{{#properties}}<dt>{{key}}</dt><dd>{{value}}</dd>{{/properties}}</dl></details>{{/hasProperties}}
    {{#hasTags}}<p>{{#tags}}<a href="{{href}}">#{{tag}}</a> {{/tags}}</p>{{/hasTags}}
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
    <span class="text">{{snippet}}</span></li>{{/hits}}</ul>{{/asked}}
    """
}
