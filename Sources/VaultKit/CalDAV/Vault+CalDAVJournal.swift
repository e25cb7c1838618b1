import Foundation
import VaultCore
import VaultIndex
import VaultMarkdown

/// The journal as a CalDAV calendar of VJOURNAL objects (jtx Board, and the apps that keep a
/// diary in a calendar): each journal entry, its day's note, is one object; a VJOURNAL a client
/// sends becomes its day's entry. The object's DTSTART is the day (a date), SUMMARY the note's
/// first heading when it starts with one (`# …`), DESCRIPTION the rest of the note's text, as it
/// is in the note (Markdown); what a note does not say (CATEGORIES, ATTACH, `X-` properties…) is
/// kept beside it as for events (`CalDAVKept`). docs/CALDAV.md, "The journal".
extension Vault {
  /// The UID of a day's entry whose note names none (`uid:`).
  public static func calDAVJournalUID(_ day: LocalDate) -> String { "vault-journal-\(day)" }

  /// Every journal entry as an object, by name, with its day; from the index, without reading
  /// the notes (their stamps make the ETags).
  public func calDAVJournalEntries(in store: IndexStore) throws(VaultError) -> [(CalDAVResource, LocalDate)] {
    let facts: [String: (date: LocalDate, uid: String?, stamp: FileStamp)]
    do {
      facts = try store.journalNoteStamps()
    } catch {
      throw VaultError(error)
    }
    let kept = calDAVKeptStamps(.journal)
    let hrefs = calDAVHrefs(.journal)
    let settingsStamp = calDAVSettingsStamp
    // One object a day: a second note of the same day (two daily-note formats) is left out.
    var byDay: [LocalDate: String] = [:]
    for (path, fact) in facts where byDay[fact.date].map({ path < $0 }) ?? true { byDay[fact.date] = path }
    return byDay.sorted { $0.key < $1.key }.compactMap { day, path in
      guard let fact = facts[path] else { return nil }
      let uid = fact.uid.flatMap { $0.isEmpty ? nil : $0 } ?? Self.calDAVJournalUID(day)
      let name = calDAVObjectName(uid: uid, hrefs: hrefs)
      var resource = CalDAVResource(
        name: name, uid: uid,
        etag: Self.calDAVTag(stamps: [Self.calDAVStamp(path, fact.stamp)], settings: settingsStamp, kept: kept[name]),
        paths: [path])
      resource.modifiedTimes[path] = Int(fact.stamp.modified / 1_000_000_000)
      return (resource, day)
    }
  }

  /// A journal entry's object as vault makes it from its note now; with `kept`, with what its
  /// client sent that the note does not say.
  public func calDAVJournalBody(_ resource: CalDAVResource, day: LocalDate, kept: Bool = true) -> String? {
    guard let path = resource.paths.first,
      let status = FileSystem.status(root + "/" + path, followLinks: true)
    else { return nil }
    let (summary, description) = Self.journalParts(body(of: path))
    var properties: [ICalendar.Property] = [
      .text("UID", resource.uid),
      ICalendar.Property(
        "DTSTAMP", ICalendarExport.utc(ZoneClock.fixed(0).local(Int(status.modified / 1_000_000_000)))),
      ICalendar.Property("DTSTART", ICalendarExport.date(day), parameters: [ICalendar.Parameter("VALUE", "DATE")]),
    ]
    if let summary { properties.append(.text("SUMMARY", summary)) }
    if !description.isEmpty { properties.append(.text("DESCRIPTION", description)) }
    let made = ICalendar.calendar(name: nil, components: [ICalendar.Component("VJOURNAL", properties: properties)])
    return kept ? calDAVWithKept(made, .journal, name: resource.name, paths: resource.paths) : made
  }

  /// A note's text as SUMMARY and DESCRIPTION: its first line when that is a first-level
  /// heading, and the rest without the blank lines around it.
  static func journalParts(_ text: String) -> (summary: String?, description: String) {
    var lines = text.components(separatedBy: "\n")
    while let first = lines.first, first.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeFirst() }
    var summary: String?
    if let first = lines.first, first.hasPrefix("# ") {
      summary = String(first.dropFirst(2)).trimmingCharacters(in: .whitespaces)
      lines.removeFirst()
    }
    let description = lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    return (summary.flatMap { $0.isEmpty ? nil : $0 }, description)
  }

  /// A DESCRIPTION as the note holds it: line breaks as `\n`, no blank lines around it.
  static func cleaned(_ description: String) -> String {
    description.replacingOccurrences(of: "\r\n", with: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The note's text for a SUMMARY and a DESCRIPTION.
  static func journalText(summary: String?, description: String) -> String {
    let body = cleaned(description)
    let heading = summary.map { SingleLine.joined($0).trimmingCharacters(in: .whitespaces) }.flatMap {
      $0.isEmpty ? nil : "# " + $0
    }
    return [heading, body.isEmpty ? nil : body].compactMap { $0 }.joined(separator: "\n\n") + "\n"
  }

  /// Keeps a client's VJOURNAL: a new one becomes its day's journal entry (the daily note of that
  /// day, which must not exist yet); a changed one changes the note's text after its front matter
  /// when SUMMARY or DESCRIPTION differ from what the note says (its properties, the mood among
  /// them, stay). An entry stays on its day.
  ///
  /// The text is replaced whole, so it is replaced only over what the client had read: with
  /// `checked` (its If-Match named the note as it is), or when the note still says what the
  /// client was last `given`; a line written meanwhile in Obsidian or by `vault journal` is
  /// never overwritten by a client that had not seen it (412, read it again). Without either,
  /// only a text that keeps all the note says now is written.
  public func calDAVPutJournal(
    _ body: String, given: String? = nil, checked: Bool = false,
    existing: (resource: CalDAVResource, day: LocalDate)?
  ) throws(CalDAVRefusal) -> CalDAVPutResult {
    let object = try Self.calDAVObject(body, holding: "VJOURNAL", "this calendar takes journal entries (VJOURNAL) only")
    let entries = object.components.filter { $0.name == "VJOURNAL" }
    guard entries.count == 1, let entry = entries.first, let uid = entry.first("UID")?.text, !uid.isEmpty else {
      throw .notAcceptable("a journal object holds one VJOURNAL, with a UID")
    }
    if let existing, existing.resource.uid != uid {
      throw .notAcceptable("the UID of an object cannot change (it is \(existing.resource.uid))")
    }
    guard entry.first("RRULE") == nil, entry.first("RDATE") == nil, entry.first("RECURRENCE-ID") == nil else {
      throw .notAcceptable("a journal entry is one day's note: it does not repeat")
    }
    guard let start = entry.first("DTSTART"), let day = journalDay(start) else {
      throw .notAcceptable("a journal entry needs its day (DTSTART): vault keeps one note a day")
    }
    let summary = entry.first("SUMMARY")?.text
    let description = entry.all("DESCRIPTION").map(\.text).joined(separator: "\n\n")
    if let existing {
      guard existing.day == day else {
        throw .notAcceptable(
          "a journal entry stays on its day (\(existing.day)): write the entry of \(day) as a new one")
      }
      let path = existing.resource.paths[0]
      let givenParts = given.flatMap {
        ICalendar.parse($0).components.first?.components.first { $0.name == "VJOURNAL" }
      }
      .map { ($0.first("SUMMARY")?.text, Self.cleaned($0.all("DESCRIPTION").map(\.text).joined(separator: "\n\n"))) }
      let sentSummary = summary?.trimmingCharacters(in: .whitespaces)
      let sentDescription = Self.cleaned(description)
      do {
        try edit(path) { current throws(VaultError) -> FileEdit<Void> in
          guard let bytes = current else { throw .noteNotFound(path) }
          let note = NoteParser.parse(bytes, path: path)
          let start = min(note.frontMatter?.range.upperBound ?? 0, bytes.count)
          let (nowSummary, nowDescription) = Self.journalParts(String(decoding: bytes[start...], as: UTF8.self))
          if nowSummary == sentSummary, nowDescription == sentDescription { return .keep(()) }
          // Written over only what the client had read.
          let read =
            checked
            || givenParts.map { $0.0 == nowSummary && $0.1 == nowDescription }
              ?? sentDescription.contains(nowDescription)
          guard read else { throw .changedOnDisk(path) }
          let text = Self.journalText(summary: summary, description: description)
          return .write(Array(bytes[..<start]) + Array(text.utf8), ())
        }
      } catch .changedOnDisk {
        throw .changedMeanwhile(
          "\(path) changed since the entry was read (a line written in the vault meanwhile): read it again")
      } catch {
        throw .cannotWrite("\(path) cannot be written: \(error)")
      }
      return CalDAVPutResult(created: false, etag: nil, paths: [path])
    }
    let path = settings.dailyNotes.path(for: day)
    let occupied = { () throws(CalDAVRefusal) in
      throw .notAcceptable(
        "\(day) has a journal entry already (\(path)): change that one; vault keeps one note a day")
    }
    if FileSystem.status(root + "/" + path, followLinks: true) != nil { try occupied() }
    var text = Self.journalText(summary: summary, description: description)
    if uid != Self.calDAVJournalUID(day) {
      text = NewNote.text(properties: [("uid", PropertyWriter.scalar(uid))], body: String(text.dropLast()))
    }
    let added: AddedLine
    do {
      added = try append(text, to: try newNotePath(path), creatingOnly: true)
    } catch {
      throw .cannotWrite("\(path) cannot be written: \(error)")
    }
    if !added.created { try occupied() }
    return CalDAVPutResult(created: true, etag: nil, paths: [path])
  }

  /// The day of a DTSTART: its date, or a UTC time's date in the vault's zone.
  func journalDay(_ start: ICalendar.Property) -> LocalDate? {
    guard let moment = ICalendarExport.parseMoment(start.value) else { return nil }
    guard start.value.hasSuffix("Z") else { return moment.date }
    return viewerClock.local(moment.secondsSinceEpoch).date
  }
}
