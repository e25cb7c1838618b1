/// A task line as a calendar client's to-do (VTODO), both ways: what a CalDAV task list serves
/// and what a phone's change of one does to the line. The to-do's UID is the task's `🆔` (the
/// Tasks plugin's id), so it survives edits of the text in an editor and a rebuilt index.
/// docs/CALDAV.md has the table.
///
/// | VTODO | task line |
/// | --- | --- |
/// | UID | `🆔` |
/// | SUMMARY | the text, tags included |
/// | DUE, DTSTART | `📅` due, `🛫` start (dates) |
/// | X-VAULT-SCHEDULED | `⏳` scheduled |
/// | PRIORITY 1 / 2-4 / 5 / 6-8 / 9 | `🔺` `⏫` `🔼` `🔽` `⏬` |
/// | STATUS, COMPLETED | `[ ]` `[/]` `[x] ✅` `[-] ❌` |
/// | RRULE | `🔁` |
public enum TaskTodo {
  /// The UID of a task with this id: the id itself, or the UID an id was made from (`u_…`).
  public static func uid(forID id: String) -> String {
    guard id.hasPrefix("u_"), let decoded = unescape(id.dropFirst(2)) else { return id }
    return decoded
  }

  /// The id a to-do with this UID gets: the UID itself when the Tasks plugin reads it as an id
  /// (letters, digits, `-`), else `u_` and the UID with every other byte as `_XX`.
  public static func id(forUID uid: String) -> String {
    if !uid.isEmpty, !uid.hasPrefix("u_"), uid.utf8.allSatisfy(isPlain) { return uid }
    var text = "u_"
    for byte in uid.utf8 {
      if isPlain(byte) {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text += "_" + String(byte, radix: 16, uppercase: true).leftPadded(2)
      }
    }
    return text
  }

  static func isPlain(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D
  }

  static func unescape(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var index = text.utf8.startIndex
    let utf8 = text.utf8
    while index < utf8.endIndex {
      let byte = utf8[index]
      if byte == UInt8(ascii: "_") {
        guard let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), high < utf8.endIndex,
          let low = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex), low < utf8.endIndex,
          let value = UInt8(String(decoding: [utf8[high], utf8[low]], as: UTF8.self), radix: 16)
        else { return nil }
        bytes.append(value)
        index = utf8.index(index, offsetBy: 3)
      } else {
        guard isPlain(byte) else { return nil }
        bytes.append(byte)
        index = utf8.index(after: index)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// A new id as the Tasks plugin makes them: six letters and digits.
  public static func newID<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    return String((0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
  }

  /// The to-do of a task with an id.
  /// `parent`: the id of the task this one is nested under (a subtask), when it has one.
  public static func todo(
    _ located: Located<TaskItem>, stamp: LocalDateTime, link: String, parent: String? = nil
  ) -> ICalendar.Component? {
    let task = located.value
    guard let id = task.id else { return nil }
    let date = [ICalendar.Parameter("VALUE", "DATE")]
    var properties: [ICalendar.Property] = [
      ICalendar.Property("UID", ICalendar.escape(uid(forID: id))),
      ICalendar.Property("DTSTAMP", ICalendarExport.utc(stamp)),
      // Its words: the Dataview fields after them stay on the line whatever the client sends.
      .text("SUMMARY", TaskFieldEditor.words(of: task)),
    ]
    // Its notes, the lines indented under it: what a phone shows as the to-do's description.
    if let notes = task.notes { properties.append(.text("DESCRIPTION", notes)) }
    if let start = task.start {
      properties.append(ICalendar.Property("DTSTART", ICalendarExport.date(start), parameters: date))
    }
    if let due = task.due { properties.append(ICalendar.Property("DUE", ICalendarExport.date(due), parameters: date)) }
    if let scheduled = task.scheduled, !task.scheduledIsInferred {
      properties.append(ICalendar.Property("X-VAULT-SCHEDULED", ICalendarExport.date(scheduled), parameters: date))
    }
    if let priority = ICalendarExport.priority(task.priority) {
      properties.append(ICalendar.Property("PRIORITY", String(priority)))
    }
    switch task.status.type {
    case .done:
      properties.append(ICalendar.Property("STATUS", "COMPLETED"))
      if let done = task.done {
        properties.append(
          ICalendar.Property("COMPLETED", ICalendarExport.utc(LocalDateTime(date: done, time: .midnight))))
      }
      properties.append(ICalendar.Property("PERCENT-COMPLETE", "100"))
    case .cancelled: properties.append(ICalendar.Property("STATUS", "CANCELLED"))
    case .inProgress: properties.append(ICalendar.Property("STATUS", "IN-PROCESS"))
    default: properties.append(ICalendar.Property("STATUS", "NEEDS-ACTION"))
    }
    if sendsRule(task), let recurrence = task.recurrence, var rule = RecurrenceRule.parse(tasksRule: recurrence) {
      rule.whenDone = false
      properties.append(ICalendar.Property("RRULE", rule.rruleText))
    }
    // Its tags and its category (`[category:: money]`), which a phone shows as its categories.
    var categories = task.tags.map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
    if let category = task.attributes.category, !categories.contains(where: { same($0, category) }) {
      categories.append(category)
    }
    if !categories.isEmpty {
      properties.append(ICalendar.Property("CATEGORIES", categories.map(ICalendar.escape).joined(separator: ",")))
    }
    // A subtask names its parent, a task its dependencies (RFC 5545 3.8.4.5, RFC 9253).
    if let parent {
      properties.append(
        ICalendar.Property(
          "RELATED-TO", ICalendar.escape(uid(forID: parent)), parameters: [ICalendar.Parameter("RELTYPE", "PARENT")]))
    }
    for dependency in task.dependsOn where !dependency.isEmpty {
      properties.append(
        ICalendar.Property(
          "RELATED-TO", ICalendar.escape(uid(forID: dependency)),
          parameters: [ICalendar.Parameter("RELTYPE", "DEPENDS-ON")]))
    }
    properties.append(ICalendar.Property("URL", link))
    return ICalendar.Component("VTODO", properties: properties)
  }

  /// Whether a task's to-do carries its rule: a rule repeats from DUE or DTSTART, so a task
  /// repeating from its scheduled day alone keeps its rule to itself (and a to-do sent back
  /// without RRULE leaves it).
  public static func sendsRule(_ task: TaskItem) -> Bool {
    guard let recurrence = task.recurrence, RecurrenceRule.parse(tasksRule: recurrence) != nil else { return false }
    return task.due != nil || task.start != nil
  }

  /// What a client's to-do says, read from its VTODO.
  public struct Fields: Equatable, Sendable {
    public var uid: String
    public var summary: String
    public var due: LocalDate?
    public var start: LocalDate?
    /// Nil when the to-do does not say (a client that does not know vault's property).
    public var scheduled: LocalDate??
    public var priority: TaskPriority
    public var status: TaskStatus.Kind
    public var completed: LocalDate?
    /// The rule in the Tasks plugin's words; nil without RRULE.
    public var recurrence: String?
    /// CATEGORIES, as sent; nil without the property.
    public var categories: [String]? = nil
    /// The UID of the to-do this one is a subtask of (RELATED-TO, RELTYPE PARENT or none).
    public var parent: String? = nil
    /// DESCRIPTION, its lines as a note's (`\n`, no spaces at their ends); nil without.
    public var notes: String? = nil
  }

  /// Why a to-do cannot be a task line.
  public struct Refusal: Error, Equatable, CustomStringConvertible {
    public var description: String
  }

  /// The to-do of a calendar object: its one VTODO (others with the same UID, RECURRENCE-ID
  /// instances, are refused: a task line has no separate instances).
  public static func fields(
    _ calendar: ICalendar.Component, local: (LocalDateTime) -> LocalDateTime
  ) -> Result<Fields, Refusal> {
    let todos = calendar.components.filter { $0.name == "VTODO" }
    guard let todo = todos.first else { return .failure(Refusal(description: "the body holds no VTODO")) }
    guard todos.count == 1 else {
      return .failure(Refusal(description: "a task line has no separate instances: send one VTODO"))
    }
    guard let uid = todo.first("UID")?.text, !uid.isEmpty else {
      return .failure(Refusal(description: "the VTODO has no UID"))
    }
    let summary = SingleLine.joined(todo.first("SUMMARY")?.text ?? "").trimmingSpaces()
    guard !summary.isEmpty else { return .failure(Refusal(description: "the VTODO has no SUMMARY")) }
    guard summary.utf8.count <= 4_000 else {
      return .failure(Refusal(description: "the SUMMARY is longer than 4,000 bytes: put long text in a note"))
    }
    func day(_ name: String) -> LocalDate? {
      guard let property = todo.first(name), let moment = ICalendarImport.moment(property.value) else { return nil }
      return property.value.hasSuffix("Z") ? local(moment).date : moment.date
    }
    var fields = Fields(
      uid: uid, summary: summary, due: day("DUE"), start: day("DTSTART"), scheduled: nil,
      priority: priority(Int(todo.first("PRIORITY")?.value ?? "") ?? 0), status: .todo, completed: day("COMPLETED"))
    let categories = todo.all("CATEGORIES").flatMap(\.texts).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    if todo.first("CATEGORIES") != nil { fields.categories = categories }
    if todo.first("X-VAULT-SCHEDULED") != nil { fields.scheduled = .some(day("X-VAULT-SCHEDULED")) }
    if let description = todo.first("DESCRIPTION")?.text {
      let lines = description.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
        $0.trimmingSpaces()
      }
      let text = lines.joined(separator: "\n").trimming("\n")
      fields.notes = text.isEmpty ? nil : text
    }
    fields.parent = parentUID(of: todo)
    switch todo.first("STATUS")?.value.uppercased() {
    case "COMPLETED": fields.status = .done
    case "CANCELLED": fields.status = .cancelled
    case "IN-PROCESS": fields.status = .inProgress
    default: fields.status = todo.first("COMPLETED") != nil ? .done : .todo
    }
    if let sent = todo.first("RRULE")?.value {
      // A task line has days, no times: a single BYHOUR, BYMINUTE or BYSECOND only says the
      // time of day again (Apple's and python caldav's weekly to-dos at 06:55).
      let rrule = sent.split(separator: ";").filter { part in
        let pair = part.split(separator: "=", maxSplits: 1)
        let key = pair.first.map { $0.uppercased() } ?? ""
        return !(["BYHOUR", "BYMINUTE", "BYSECOND"].contains(key) && pair.count == 2 && !pair[1].contains(","))
      }.joined(separator: ";")
      guard case .success(var rule) = RecurrenceRule.parse(rrule: rrule) else {
        return .failure(Refusal(description: "the RRULE '\(rrule)' is not one vault reads"))
      }
      guard let reference = fields.due ?? fields.start ?? (fields.scheduled ?? nil) else {
        return .failure(Refusal(description: "a repeating to-do needs DUE or DTSTART to repeat from"))
      }
      // The Tasks plugin's rules have no count, only an end day (`until January 5, 2027`): a
      // to-do that repeats a number of times repeats until the day of its last time, counted
      // from the day the plugin repeats it from, so that vault and the plugin both stop there.
      if rule.count != nil {
        let days = rule.occurrences(start: reference, in: reference...reference.adding(days: 366 * 100))
        rule.count = nil
        rule.until = days.last ?? reference
      }
      let text = rule.tasksText
      guard let read = RecurrenceRule.parse(tasksRule: text), read.until == rule.until else {
        return .failure(Refusal(description: "the RRULE '\(rrule)' has no words in the Tasks plugin"))
      }
      fields.recurrence = text
    }
    return .success(fields)
  }

  /// The UID of the to-do a VTODO is a subtask of: its RELATED-TO with RELTYPE PARENT, or with
  /// no RELTYPE (PARENT is RFC 5545's default).
  public static func parentUID(of todo: ICalendar.Component) -> String? {
    todo.all("RELATED-TO").first { ($0.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT" }
      .map(\.text).flatMap { $0.isEmpty ? nil : $0 }
  }

  /// RFC 5545's 1 (highest) to 9 (lowest) as the Tasks plugin's priorities; 0: none.
  public static func priority(_ value: Int) -> TaskPriority {
    switch value {
    case 1: .highest
    case 2...4: .high
    case 5: .medium
    case 6...8: .low
    case 9: .lowest
    default: .normal
    }
  }

  /// The changes of the line's fields that make `task` say what `fields` say (its status
  /// aside); nil when they say the same.
  ///
  /// `listTag`: the tag of the task list the to-do is in. The line keeps it whatever SUMMARY and
  /// CATEGORIES the client sends, so the to-do stays in that list. `leavingTag`: the tag of the
  /// list it leaves (moved to another list), which the text loses.
  public static func changes(
    from task: TaskItem, to fields: Fields, since given: Fields? = nil, listTag: String? = nil,
    leavingTag: String? = nil
  ) -> TaskFieldEditor.Changes? {
    // Only what the client changed from the to-do it was given (`given`) changes the line: a
    // field it sends back as it got it leaves the line's as it is now (also one changed on disk
    // meanwhile, as by `vault done` or an editor).
    func changed<Value: Equatable>(_ value: (Fields) -> Value) -> Bool {
      given.map { value($0) != value(fields) } ?? true
    }
    var changes = TaskFieldEditor.Changes()
    var any = false
    // The task's category is one of the CATEGORIES it was sent with: not a tag. Taken off by the
    // client since, it leaves the line.
    let category = task.attributes.category
    let notCategory = { (value: String) in category.map { !same(value, $0) } ?? true }
    if let category, given?.categories?.contains(where: { same($0, category) }) == true,
      let sent = fields.categories, !sent.contains(where: { same($0, category) })
    {
      changes.inlineFields["category"] = .some(nil)
      any = true
    }
    // The text: SUMMARY (tags included), with CATEGORIES as tags; a category the client took
    // off since it was given the to-do leaves the text, the list's tag never does.
    let words = TaskFieldEditor.words(of: task)
    let renamed = fields.summary != words && changed(\.summary)
    var text = renamed ? fields.summary : words
    var wanted = listTag.map { [$0] } ?? []
    // A new SUMMARY without the tags (a client that keeps them in CATEGORIES alone) keeps them.
    if let categories = fields.categories?.filter(notCategory), changed(\.categories) || renamed {
      wanted = categories.map(TagSyntax.tag(fromWords:)) + wanted
      let keep = Set(wanted.map(TagSyntax.normalized))
      for gone in (given?.categories ?? []).filter(notCategory).map(TagSyntax.tag(fromWords:))
      where !keep.contains(TagSyntax.normalized(gone)) {
        text = removing(tag: gone, from: text)
      }
    }
    // The list it leaves: its tag goes, also when the client sends it back among CATEGORIES
    // (vault gave it there).
    if let leavingTag, TagSyntax.normalized(leavingTag) != listTag.map(TagSyntax.normalized) {
      wanted.removeAll { TagSyntax.normalized($0) == TagSyntax.normalized(leavingTag) }
      text = removing(tag: leavingTag, from: text)
    }
    text = adding(tags: wanted, to: text)
    if text != words {
      changes.text = text
      any = true
    }
    if fields.due != task.due && changed(\.due) {
      changes.due = .some(fields.due)
      any = true
    }
    if fields.start != task.start && changed(\.start) {
      changes.start = .some(fields.start)
      any = true
    }
    if let scheduled = fields.scheduled, !task.scheduledIsInferred, scheduled != task.scheduled, changed(\.scheduled) {
      changes.scheduled = .some(scheduled)
      any = true
    }
    // A rule reads the same in other words (`every week` and `every 1 weeks`): compared as rules.
    let current = task.recurrence.flatMap { RecurrenceRule.parse(tasksRule: $0) }.map { rule -> String in
      var rule = rule
      rule.whenDone = false
      return rule.tasksText
    }
    if fields.recurrence != current && (sendsRule(task) || fields.recurrence != nil) && changed(\.recurrence) {
      // `when done` stays when the client sends the same rule without it.
      changes.recurrence = .some(fields.recurrence)
      any = true
    }
    if fields.priority != task.priority && changed(\.priority)
      && !(ICalendarExport.priority(task.priority) == nil && fields.priority == .normal)
    {
      changes.priority = fields.priority
      any = true
    }
    return any ? changes : nil
  }

  /// Whether two categories are the same one: spaces around and case aside.
  static func same(_ one: String, _ other: String) -> Bool {
    one.trimmingSpaces().lowercased() == other.trimmingSpaces().lowercased()
  }

  /// The tags written in a task's text, as written, without `#`.
  static func tags(in text: String) -> [String] {
    InlineScanner.scan(line: Array(text.utf8), lineNumber: 1).tags.map(\.name)
  }

  /// `text` with each of `tags` it does not hold yet at its end.
  static func adding(tags: [String], to text: String) -> String {
    var present = Set(Self.tags(in: text).map(TagSyntax.normalized))
    var text = text
    for tag in tags where TagSyntax.isValid(tag) && present.insert(TagSyntax.normalized(tag)).inserted {
      text += " #" + tag
    }
    return text
  }

  /// `text` without the words that are `#tag` (any case).
  static func removing(tag: String, from text: String) -> String {
    let key = TagSyntax.normalized(tag)
    let words = text.split(separator: " ", omittingEmptySubsequences: false)
    let kept = words.filter { !($0.hasPrefix("#") && TagSyntax.normalized($0) == key) }
    return kept.count == words.count ? text : kept.joined(separator: " ")
  }

  /// `fields` without the categories that would put its task in another list than the one of
  /// `listTag` (nil: Tasks, the list of the rest), of the lists whose tags `listTags` are, in
  /// the order `calendars:` gives them: a to-do stays in the list its client put it in. A client
  /// that moves a to-do with a DELETE in one list and a PUT into another (vdirsyncer, when a
  /// file moves between its folders) sends back the first list's tag, which vault gave it, in
  /// CATEGORIES and in SUMMARY. For a new to-do (`new`), such a tag leaves SUMMARY's text too;
  /// a changed one's text is merged with its line's, which knows its tags (`changes`).
  public static func keepingIn(listTag: String?, of listTags: [String], _ fields: Fields, new: Bool) -> Fields {
    func holder(_ tags: [String]) -> String? { listTags.first { TagSyntax.matches(tags, $0) } }
    var kept = fields
    var tags = listTag.map { [$0] } ?? []
    if new {
      for tag in Self.tags(in: fields.summary) {
        if holder(tags + [tag]) == listTag {
          tags.append(tag)
        } else {
          kept.summary = removing(tag: tag, from: kept.summary)
        }
      }
    }
    if let categories = fields.categories {
      kept.categories = categories.filter { category in
        guard holder(tags + [TagSyntax.tag(fromWords: category)]) == listTag else { return false }
        tags.append(TagSyntax.tag(fromWords: category))
        return true
      }
    }
    return kept
  }

  /// The line of a to-do made on a client, in the vault's notation, with its UID as its id, its
  /// CATEGORIES as tags and then `tags` (the list's).
  public static func newLine(
    _ fields: Fields, tags: [String] = [], format: TaskFormat, globalFilter: String?
  ) -> String {
    let written = Set(Self.tags(in: fields.summary).map(TagSyntax.normalized))
    var seen = Set<String>()
    var task = NewTask(description: fields.summary)
    task.tags = ((fields.categories ?? []).map(TagSyntax.tag(fromWords:)) + tags).filter { tag in
      let key = TagSyntax.normalized(tag)
      return TagSyntax.isValid(tag) && !written.contains(key) && seen.insert(key).inserted
    }
    task.id = id(forUID: fields.uid)
    task.priority = fields.priority
    task.recurrence = fields.recurrence
    task.due = fields.due
    task.start = fields.start
    task.scheduled = fields.scheduled ?? nil
    return task.line(format: format, globalFilter: globalFilter)
  }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
