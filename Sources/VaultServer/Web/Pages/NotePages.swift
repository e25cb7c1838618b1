import Foundation
import Hummingbird
import VaultCore
import VaultKit
import VaultMarkdown

/// `/note?path=…` (a note's path, or a name as a wikilink gives it): the note rendered by
/// cmark's safe renderer, its wikilinks leading to their notes, its properties, and a link that
/// opens it in Obsidian. `/search?q=…`: the full-text search of `vault search`.
extension WebSite {
  func note(_ request: Request) async throws -> Response {
    let argument = String(request.uri.queryParameters.get("path") ?? "")
    let path = try await notePath(argument)
    let note = vault.note(at: path)
    let vault = vault
    let (body, firstLine) = vault.bodyAndLine(of: path)
    // Each task line as the task pages show a task: its box ticks it through the one write
    // door, its fields are chips; its subtasks stay nested under it.
    let today = await session.today
    var rows: [Int: String] = [:]
    for task in note.tasks where task.line >= firstLine {
      let located = Located(path: path, title: note.title, line: task.line, value: task)
      let (when, overdue) = Self.when(task, today: today)
      // A row is dragged to its place in its list (`/tasks/move`).
      var row = taskRow(located, when: when, overdue: overdue, back: Self.noteAddress(path))
      row["movable"] = true
      rows[task.line - firstLine + 1] = renderer.fragment("taskRow", row)
    }
    let embedded = await embeds(in: body)
    let html = MarkdownHTML.replacingListItems(
      in: Self.html(body, sourcePositions: true, embeds: embedded), rows: rows)
    // The title once: a note that starts with its title as a heading shows that heading.
    let startsWithTitle =
      html.hasPrefix("<h1")
      && html.firstIndex(of: ">").map { html[html.index(after: $0)...] }?
        .hasPrefix(MarkdownHTML.escapeAttribute(note.title) + "</h1>") == true
    let values: [String: Any] = [
      "title": note.title, "path": path, "html": html, "obsidian": vault.obsidianLink(path),
      "showTitle": !startsWithTitle,
      "properties": note.properties.map { ["key": $0.key, "value": $0.value.text] },
      "tags": note.uniqueTags.map { ["tag": $0, "href": "/search?q=" + Self.queryValue("#" + $0)] },
      "kind": note.kind.rawValue,
      // A task list's expected finish, as `vault show` gives it.
      "finish": GoalForecast.finishText(note.tasks, today: today) ?? "",
    ]
    return renderer.page("note", title: note.title, section: nil, values: values)
  }

  /// Markdown as the pages show it, a note's body or a journal entry alike: cmark's safe
  /// renderer, with each wikilink leading to its note.
  static func html(_ markdown: String, sourcePositions: Bool = false, embeds: [String: String] = [:]) -> String {
    MarkdownHTML.render(
      markdown, sourcePositions: sourcePositions,
      link: { target in
        // `[[Note#Heading|shown]]`, `[[Note^block]]`: the note.
        let name = target.split(separator: "#", maxSplits: 1).first.map(String.init) ?? target
        let bare = name.split(separator: "^", maxSplits: 1).first.map(String.init) ?? name
        return bare.isEmpty ? nil : "/note?path=" + Self.queryValue(bare)
      }, embed: { embeds[$0] })
  }

  /// The notes a body embeds (`![[Note]]`, `![[Note#Heading]]` alone on a line), each as a
  /// section of the page: its body (or that heading's part of it) rendered, its own embeds left
  /// as links, with a link to it. A target that names no note stays a link.
  func embeds(in markdown: String) async -> [String: String] {
    var found: [String: String] = [:]
    for line in markdown.split(separator: "\n") {
      let text = line.trimmingCharacters(in: .whitespaces)
      guard text.hasPrefix("![["), text.hasSuffix("]]"), found.count < 20 else { continue }
      let inner = String(text.dropFirst(3).dropLast(2))
      let target = inner.split(separator: "|", maxSplits: 1).first.map(String.init) ?? inner
      let parts = target.split(separator: "#", maxSplits: 1).map(String.init)
      guard let name = parts.first, found[target] == nil, let path = try? await notePath(name) else { continue }
      var body = vault.body(of: path)
      if parts.count == 2 { body = Self.section(parts[1], of: body) ?? "" }
      let title = (path as NSString).deletingPathExtension.split(separator: "/").last.map(String.init) ?? path
      let shown = parts.count == 2 ? title + " › " + parts[1] : title
      found[target] =
        "<section class=\"embed\" aria-label=\"\(MarkdownHTML.escapeAttribute(shown))\">"
        + "<p class=\"embed-title\"><a href=\"\(MarkdownHTML.escapeAttribute(Self.noteAddress(path)))\">"
        + "\(MarkdownHTML.escapeAttribute(shown))</a></p>\(Self.html(body))</section>"
    }
    return found
  }

  /// The part of a body under a heading (its text, any case), to the next heading of its
  /// level or above; nil when it has none.
  static func section(_ heading: String, of body: String) -> String? {
    let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
    func level(_ line: Substring) -> Int? {
      let hashes = line.prefix { $0 == "#" }.count
      guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
      return hashes
    }
    guard
      let start = lines.firstIndex(where: { line in
        level(line) != nil
          && line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            == heading.trimmingCharacters(in: .whitespaces).lowercased()
      }), let own = level(lines[start])
    else { return nil }
    let end = lines[(start + 1)...].firstIndex { level($0).map { $0 <= own } ?? false } ?? lines.endIndex
    return lines[(start + 1)..<end].joined(separator: "\n")
  }

  /// A line of Markdown inside a row (a search snippet, a journal day's first line): the same
  /// renderer, its block markup (`# `, `- `, a paragraph) left out, its emphasis, code and
  /// wikilinks kept.
  static func inlineHTML(_ markdown: String) -> String {
    let html = Self.html(markdown)
    return html.replacingOccurrences(
      of: #"</?(p|h[1-6]|ul|ol|li|blockquote|hr)( [^>]*)?/?>"#, with: " ", options: .regularExpression
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The vault's note that `argument` names, as `vault show` resolves it, inside the vault and
  /// a Markdown note only: never a file of another kind, a hidden folder's, or one outside
  /// (by its path, or through a link that leads out).
  func notePath(_ argument: String) async throws -> String {
    let notFound = WebFailure(
      status: .notFound, title: "No such note", advice: "No note of this vault is called '\(argument)'; try Search.")
    guard !argument.isEmpty, !argument.hasPrefix("/"), !argument.contains("\0") else { throw notFound }
    let vault = vault
    let path: String
    do {
      path = try await session.read { store, _ in
        try vault.resolveNote(argument, currentDirectory: vault.root) { () throws(VaultError) in
          do { return try store.noteNames() } catch { throw VaultError(indexFailure: error) }
        }
      }
    } catch let error as VaultError {
      if case .ambiguousNote(_, let candidates) = error {
        throw WebFailure(
          status: .notFound, title: "Several notes have this name",
          advice: "'\(argument)' names \(candidates.joined(separator: ", ")); search for the one you mean.")
      }
      throw notFound
    }
    let hidden = path.split(separator: "/").contains { $0.hasPrefix(".") }
    guard path.lowercased().hasSuffix(".md"), !hidden, vault.leadsInside(path) else { throw notFound }
    return path
  }

  func search(_ request: Request) async throws -> Response {
    let text = String(request.uri.queryParameters.get("q") ?? "").trimmingCharacters(in: .whitespaces)
    var values: [String: Any] = ["q": text, "asked": !text.isEmpty]
    if !text.isEmpty {
      let query: Query
      do {
        query = try Query.parse(text)
      } catch {
        throw WebFailure(status: .badRequest, title: "That search cannot be read", advice: "\(error)")
      }
      let today = await session.today
      let vault = vault
      let (hits, total) = try await session.read { store, _ in
        try vault.search(vault.resolvingDates(query, in: store, today: today), in: store, limit: 50)
      }
      values["hits"] = hits.map { hit in
        [
          "title": hit.title, "path": hit.path, "href": Self.noteAddress(hit.path),
          "snippet": Self.inlineHTML(hit.snippet),
          "kind": hit.kind,
        ]
      }
      values["total"] = ViewWords.count(total, "note")
      values["none"] = hits.isEmpty
    }
    return renderer.page("search", title: text.isEmpty ? "Search" : text, section: "/search", values: values)
  }
}
