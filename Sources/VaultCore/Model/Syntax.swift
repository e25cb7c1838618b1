/// A `#tag` written in a note, or a value of the `tags` property.
public struct TagOccurrence: Hashable, Sendable, Codable {
  /// As written, without `#`: `Health/Running`.
  public var name: String
  public var line: Int
  public var column: Int

  public init(name: String, line: Int, column: Int) {
    self.name = name
    self.line = line
    self.column = column
  }
}

/// A link to another note: a wikilink, an embed, or a Markdown link to a `.md` file.
public struct Link: Hashable, Sendable, Encodable {
  public enum Style: String, Sendable, Codable {
    case wikilink, embed, markdown
  }

  /// The note named, as written: `Projects/Garden` (no `.md` for wikilinks).
  public var target: String
  /// `Heading` for `[[Note#Heading]]`, `^block` for `[[Note#^block]]`.
  public var subpath: String?
  /// The shown text: `alias` in `[[Note|alias]]`, the link text of a Markdown link.
  public var alias: String?
  public var style: Style
  public var line: Int
  public var column: Int

  public init(
    target: String, subpath: String? = nil, alias: String? = nil, style: Style,
    line: Int, column: Int
  ) {
    self.target = target
    self.subpath = subpath
    self.alias = alias
    self.style = style
    self.line = line
    self.column = column
  }

  /// `[[#Heading]]`, `[[#^block]]`: a link to a place in the note it is in.
  public var isSelf: Bool { target.isEmpty }

  enum CodingKeys: String, CodingKey { case target, subpath, alias, style, line, column, isSelf = "self" }

  /// A link to the note itself has `"target": null` and `"self": true` (docs/JSON.md).
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(isSelf ? nil : target, forKey: .target)
    try c.encode(subpath, forKey: .subpath)
    try c.encode(alias, forKey: .alias)
    try c.encode(style, forKey: .style)
    try c.encode(line, forKey: .line)
    try c.encode(column, forKey: .column)
    try c.encode(isSelf, forKey: .isSelf)
  }
}

/// A Markdown heading.
public struct Heading: Hashable, Sendable, Codable {
  public var level: Int
  public var text: String
  public var line: Int

  public init(level: Int, text: String, line: Int) {
    self.level = level
    self.text = text
    self.line = line
  }
}

/// A Dataview field: a whole line `key:: value`, or `[key:: value]` / `(key:: value)` inline.
public struct InlineField: Hashable, Sendable, Codable {
  public var key: String
  public var value: String
  public var line: Int
  public var column: Int

  public init(key: String, value: String, line: Int, column: Int) {
    self.key = key
    self.value = value
    self.line = line
    self.column = column
  }
}

/// One item of a list, with its text, as the personal code's principles are written.
public struct ListEntry: Hashable, Sendable, Codable {
  public var text: String
  public var line: Int
  /// 0 for a top-level item, 1 for an item nested in it, and so on.
  public var depth: Int

  public init(text: String, line: Int, depth: Int) {
    self.text = text
    self.line = line
    self.depth = depth
  }
}
