/// Edits the `labels:` block of `.vault/config.yml` line by line (`vault label add|set|rm`):
/// a label is one line (or its block) under `labels:`; every other byte stays as it is.
public enum LabelConfigEditor {
  public typealias Failure = ConfigBlockEditor.Failure

  public static let editor = ConfigBlockEditor(key: "labels")

  /// The text with `label` set: its line replaced, or added at the end of the block (the
  /// block made at the end of the file when missing).
  public static func set(_ label: Label, in text: String) -> Result<String, Failure> {
    editor.set(label.name, line: label.configLine, in: text)
  }

  /// The text without the label's line (or block); nil when there is no such label.
  public static func remove(_ name: String, in text: String) -> Result<String?, Failure> {
    editor.remove(name, in: text)
  }
}
