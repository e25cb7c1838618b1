/// Words of a hint made ready to paste into a POSIX shell: as they are when the shell would
/// keep them so, else in single quotes (a `'` inside as `'\''`), so every hint runs as shown.
public enum ShellQuote {
  static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./-:=@%+,")

  public static func quoted(_ word: String) -> String {
    if !word.isEmpty && word.allSatisfy({ plain.contains($0) }) { return word }
    var quoted = "'"
    for character in word { quoted += character == "'" ? "'\\''" : String(character) }
    return quoted + "'"
  }
}
