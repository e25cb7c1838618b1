import VaultCore
import VaultMarkdown

/// Parses and interprets `text` as the file at `path` of a vault with `settings`.
func note(_ text: String, path: String = "Note.md", settings: VaultSettings = VaultSettings()) -> Note {
  bytesNote(Array(text.utf8), path: path, settings: settings)
}

func bytesNote(_ bytes: [UInt8], path: String = "Note.md", settings: VaultSettings = VaultSettings()) -> Note {
  var parsed = NoteParser.parse(bytes, path: path)
  NoteInterpreter(settings: settings).interpret(&parsed)
  return parsed
}

func messages(_ note: Note) -> [String] { note.diagnostics.map(\.description) }
