/// One Markdown file of the vault, parsed and interpreted: its properties, what it links to and
/// holds, what kind of item it is, and the problems found in it.
public struct Note: Sendable {
  /// Vault-relative path with `/` separators: `Events/2026-12-05 Concert.md`.
  public var path: String
  /// The `title` property, else the file name without `.md` (and without a leading
  /// `YYYY-MM-DD ` for event files named the Full Calendar way).
  public var title: String
  public var kind: ItemKind
  /// Why the note has its kind, for `vault show`: "type property", "folder Events/", ...
  public var kindReason: String
  public var encoding: TextEncoding
  public var frontMatter: FrontMatterLayout?
  public var properties: [Property]
  /// Tags of the `tags` property (at the property's line) and of the body.
  public var tags: [TagOccurrence]
  public var links: [Link]
  public var headings: [Heading]
  public var tasks: [TaskItem]
  /// Dataview fields outside tasks.
  public var fields: [InlineField]
  /// Every list item that is not a task, with its depth.
  public var listEntries: [ListEntry]
  /// The first paragraph's text, at most 280 characters.
  public var summary: String
  /// The day the note belongs on the calendar: a daily note's day, an event's first day, a
  /// `date` property.
  public var date: LocalDate?
  public var event: Event?
  public var goal: Goal?
  public var journal: JournalEntry?
  public var insight: Insight?
  /// The principles of the personal code note, or the one principle a principle note holds.
  public var principles: [Principle]
  public var diagnostics: [Diagnostic]
  /// Not read: binary, too large or unreadable. It counts as a file but holds no item.
  public var isSkipped: Bool

  public init(path: String) {
    self.path = path
    title = Note.defaultTitle(for: path)
    kind = .note
    kindReason = "default"
    encoding = TextEncoding()
    properties = []
    tags = []
    links = []
    headings = []
    tasks = []
    fields = []
    listEntries = []
    summary = ""
    principles = []
    diagnostics = []
    isSkipped = false
  }

  /// The file name without folder and `.md`.
  public static func defaultTitle(for path: String) -> String {
    var name = Substring(path)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    if name.lowercased().hasSuffix(".md") { name = name.dropLast(3) }
    return String(name)
  }

  /// Tag names without duplicates (compared case-insensitively, first spelling kept).
  public var uniqueTags: [String] {
    var seen = Set<String>()
    return tags.map(\.name).filter { seen.insert(TagSyntax.normalized($0)).inserted }
  }

  /// The number of items this note adds to each kind: itself (unless it only holds
  /// principles), its tasks, and its principles.
  public var itemCounts: [ItemKind: Int] {
    var counts: [ItemKind: Int] = [:]
    if isSkipped { return counts }
    if kind == .principle {
      counts[.principle, default: 0] += principles.count
    } else if kind != .task {
      // A task note's task is the first of `tasks`.
      counts[kind, default: 0] += 1
    }
    counts[.task, default: 0] += tasks.count
    return counts
  }
}

extension String {
  /// Ends in `.md`, in any case, without building a lower-cased copy (the walk asks it of every
  /// file name, the interpreter of every note's path). On `String`, not `StringProtocol`: a
  /// generic method of another module is not specialised where it is called.
  public var hasMarkdownExtension: Bool {
    // A native or small string's bytes are at hand: its last three are read directly.
    if let answer = utf8.withContiguousStorageIfAvailable(Self.endsInMD) { return answer }
    return Self.endsInMD(Array(utf8.suffix(3))[...])
  }

  private static func endsInMD<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool
  where Bytes.Index == Int {
    let end = bytes.endIndex
    guard bytes.count >= 3 else { return false }
    return bytes[end - 3] == UInt8(ascii: ".") && bytes[end - 2] | 0x20 == UInt8(ascii: "m")
      && bytes[end - 1] | 0x20 == UInt8(ascii: "d")
  }
}
