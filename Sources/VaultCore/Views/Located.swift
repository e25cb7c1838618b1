/// An item of the vault with the note it was found in: what every view shows and links to.
public struct Located<Value: Sendable>: Sendable {
  /// Vault-relative path of the note.
  public var path: String
  /// The note's title.
  public var title: String
  /// 1-based line of the item (1 for an item that is the whole note).
  public var line: Int
  /// The note's tags, without `#`, as written.
  public var tags: [String]
  public var value: Value

  public init(path: String, title: String, line: Int = 1, tags: [String] = [], value: Value) {
    self.path = path
    self.title = title
    self.line = line
    self.tags = tags
    self.value = value
  }

  /// `path:line`, as editors and terminals recognise it.
  public var location: String { "\(path):\(line)" }
}

extension Located: Equatable where Value: Equatable {}
