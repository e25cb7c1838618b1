/// What a note can be called by: its vault-relative path, its title and its aliases.
public struct NoteName: Sendable, Hashable {
  public var path: String
  public var title: String
  public var aliases: [String]

  public init(path: String, title: String, aliases: [String] = []) {
    self.path = path
    self.title = title
    self.aliases = aliases
  }

  /// The names a user may give it, lower-cased: the file name (without `.md`), the file name
  /// without a Full Calendar `YYYY-MM-DD ` prefix, the title and the aliases.
  var names: [String] {
    let file = Note.defaultTitle(for: path)
    var names = [file, title] + aliases
    if file.count > 11, DateParsing.validDate(file.prefix(10)) != nil, file.dropFirst(10).first == " " {
      names.append(String(file.dropFirst(11)))
    }
    return names.map { $0.lowercased() }
  }
}

/// Naming a note by what the views print (`show "Dinner with Mei"`), as Obsidian's quick
/// switcher finds it: by file name, by the name without its date prefix, by title, by alias.
public enum NoteNaming {
  /// The paths of the notes `argument` names (any case), best kind of match first: the file
  /// name, else the other names. Several paths mean the name is ambiguous.
  public static func matches(_ argument: String, in notes: [NoteName]) -> [String] {
    let wanted = (argument.lowercased().hasSuffix(".md") ? String(argument.dropLast(3)) : argument).lowercased()
    let byFile = notes.filter { Note.defaultTitle(for: $0.path).lowercased() == wanted }
    if !byFile.isEmpty { return byFile.map(\.path) }
    return notes.filter { $0.names.contains(wanted) }.map(\.path)
  }

  /// Up to three names close to `argument` (a few letters off, or holding it), for "did you
  /// mean": one per note, the name of it nearest to `argument`, nearest notes first.
  public static func suggestions(_ argument: String, in notes: [NoteName]) -> [String] {
    let wanted = argument.lowercased()
    guard !wanted.isEmpty else { return [] }
    let limit = max(1, min(3, wanted.count / 3))
    var scored: [(score: Int, name: String)] = []
    for note in notes {
      var best: (score: Int, name: String)?
      for name in [note.title, Note.defaultTitle(for: note.path)] + note.aliases {
        let lowered = name.lowercased()
        var score = EditDistance.levenshtein(wanted, lowered, limit: limit)
        if score > limit {
          guard wanted.count >= 3, lowered.contains(wanted) else { continue }
          score = limit + 1
        }
        if best.map({ score < $0.score }) ?? true { best = (score, name) }
      }
      if let best { scored.append(best) }
    }
    return Array(scored.sorted { ($0.score, $0.name) < ($1.score, $1.name) }.prefix(3).map(\.name))
  }
}

/// Edit distances for "did you mean".
public enum EditDistance {
  /// Levenshtein distance between two texts, by characters; past `limit` it returns
  /// `limit + 1` without finishing (names far apart cost little).
  public static func levenshtein(_ a: String, _ b: String, limit: Int = .max) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard abs(a.count - b.count) <= limit else { return limit == .max ? max(a.count, b.count) : limit + 1 }
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      if limit != .max, current.min() ?? 0 > limit { return limit + 1 }
      previous = current
    }
    return previous[b.count]
  }
}
