import VaultCore

extension Vault {
  /// Changes one block of `.vault/config.yml` (`labels:`, `calendars:`) through the one locked
  /// write path: the file read, `change` made to its text, written back only when it differs.
  /// A block written on one line (`labels: {…}`) is refused with the reason; `entry` names
  /// what a line of it holds, for that message.
  func editConfigBlock(
    _ editor: ConfigBlockEditor, entry: String, _ change: (String) -> Result<String, ConfigBlockEditor.Failure>
  ) throws(VaultError) {
    let path = ConfigReader.path
    try edit(path) { current throws(VaultError) -> FileEdit<Void> in
      let text = current.map { String(decoding: $0, as: UTF8.self) } ?? ""
      switch change(text) {
      case .failure(.flowStyle(let line)):
        throw .cannotChange(
          "the \(editor.key) of \(path)",
          reason:
            "line \(line) writes them on one line (\(editor.key): {…}); write one \(entry) a line under \(editor.key): first"
        )
      case .success(let result):
        return result == text ? .keep(()) : .write(Array(result.utf8), ())
      }
    }
  }
}
