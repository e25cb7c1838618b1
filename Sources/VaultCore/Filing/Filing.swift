/// Where a new item of a kind goes, following the vault's own convention: in the folder the
/// settings name for the kind (`folders:`), or — in a vault that files items by
/// `categories:` (the kepano style: `categories: ["[[Events]]"]`, notes under References/) —
/// with the same `categories` value, in the folder where most items of that kind live, so
/// that the vault's Bases and Dataview queries list the new one too.
public struct Filing: Sendable, Equatable, Encodable {
  public var kind: ItemKind
  /// The folder, vault-relative ("" for the root).
  public var folder: String
  /// The `categories` entry to write (`[[Events]]`), when the vault files by categories.
  public var category: String?
  /// How it was decided, for `vault config`: "folder Events/ (settings)" or
  /// "categories: [[Events]] in References/ (3 of 3 events)".
  public var reason: String

  /// An item of the vault, as the detection reads it: its path and its `categories` entries.
  public struct Item: Sendable {
    public var path: String
    public var categories: [String]

    public init(path: String, categories: [String]) {
      self.path = path
      self.categories = categories
    }
  }

  /// The convention for `kind` from the vault's items of that kind: by categories when at
  /// least half of them (and at least one) carry a `categories` entry naming the kind, else
  /// the settings' folder.
  public static func detect(_ kind: ItemKind, items: [Item], settings: VaultSettings) -> Filing {
    let configured = settings.folders[kind] ?? (kind.plural.prefix(1).uppercased() + kind.plural.dropFirst())
    let byCategory = items.compactMap { item -> (folder: String, category: String)? in
      guard let category = item.categories.first(where: { ItemKind(naming: $0) == kind }) else { return nil }
      let folder = item.path.split(separator: "/").dropLast().joined(separator: "/")
      return (folder, category)
    }
    guard !byCategory.isEmpty, byCategory.count * 2 >= items.count else {
      return Filing(kind: kind, folder: configured, category: nil, reason: "folder \(configured)/ (settings)")
    }
    let folder = mostCommon(byCategory.map(\.folder))
    let category = mostCommon(byCategory.map(\.category))
    let place = folder.isEmpty ? "the vault's root" : folder + "/"
    return Filing(
      kind: kind, folder: folder, category: category,
      reason: "categories: \(category) in \(place) (\(byCategory.count) of \(items.count) \(kind.plural))")
  }

  /// The `categories` property a new item gets, as a block list as kepano's templates write
  /// it; none when the vault files by folder.
  public var property: (String, String)? {
    category.map { ("categories", "\n  - " + PropertyWriter.scalar($0)) }
  }

  /// The most frequent value, the first in sorted order among equals.
  static func mostCommon(_ values: [String]) -> String {
    let counts = Dictionary(values.map { ($0, 1) }, uniquingKeysWith: +)
    return counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.first?.key ?? ""
  }
}
