import VaultCore
import VaultIndex

/// A label with how often it is used.
public struct LabelUsage: Sendable, Encodable {
  public var label: Label
  /// Open and closed task lines carrying `#label`.
  public var tasks: Int
  /// Notes carrying the tag or one nested under it, each once (as `vault tags` counts them).
  public var notes: Int
}

extension Vault {
  /// The labels of `.vault/config.yml` with their use, from the index.
  public func labelUsage(in store: IndexStore) throws(VaultError) -> [LabelUsage] {
    let tree = TagTree(try tagCounts(in: store))
    return try settings.labels.map { label throws(VaultError) in
      var selection = TaskSelection()
      selection.tag = label.name
      let tasks = try self.tasks(in: store, selection).filter { task in
        task.value.tags.contains { tag in
          let name = (tag.hasPrefix("#") ? String(tag.dropFirst()) : tag).lowercased()
          return name == label.name.lowercased() || name.hasPrefix(label.name.lowercased() + "/")
        }
      }.count
      let notes = tree.node(label.name)?.total ?? 0
      return LabelUsage(label: label, tasks: tasks, notes: notes)
    }
  }

  /// Sets a label's line in `.vault/config.yml` (made when missing); only that line changes.
  public func setLabel(_ label: Label) throws(VaultError) {
    try editLabels { text in LabelConfigEditor.set(label, in: text).map { $0 } }
  }

  /// Removes a label's line; false when there was none.
  @discardableResult
  public func removeLabel(_ name: String) throws(VaultError) -> Bool {
    var removed = false
    try editLabels { text in
      LabelConfigEditor.remove(name, in: text).map { result in
        removed = result != nil
        return result ?? text
      }
    }
    return removed
  }

  private func editLabels(
    _ change: (String) -> Result<String, ConfigBlockEditor.Failure>
  ) throws(VaultError) {
    try editConfigBlock(LabelConfigEditor.editor, entry: "label", change)
  }
}
