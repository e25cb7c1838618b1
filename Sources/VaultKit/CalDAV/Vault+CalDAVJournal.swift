import Foundation
import VaultCore
import VaultIndex
import VaultMarkdown

/// Where a journal object lives: a day's entry (its daily note), or a note of its own in the
/// journal's notes folder, with its date (`date:`) when it has one: jtx Board's notes (a
/// VJOURNAL without DTSTART), and a second entry of a day that has one.
public enum CalDAVJournalPlace: Hashable, Sendable {
  case day(LocalDate)
  case note(LocalDate?)

  /// The day it is on (its DTSTART): the entry's day, or the note's date.
  public var day: LocalDate? {
    switch self {
    case .day(let day): day
    case .note(let date): date
    }
  }

  public var isNote: Bool {
    if case .note = self { return true }
    return false
  }
}

/// The journal as a CalDAV calendar of VJOURNAL objects (jtx Board, and the apps that keep a
/// diary in a calendar): each journal entry, its day's note, is one object; a VJOURNAL a client
/// sends becomes its day's entry. The object's DTSTART is the day (a date), SUMMARY the note's
/// first heading when it starts with one (`# …`), DESCRIPTION the rest of the note's text, as it
/// is in the note (Markdown); what a note does not say (CATEGORIES, ATTACH, `X-` properties…) is
/// kept beside it as for events (`CalDAVKept`). A VJOURNAL without a day is a note of its own in
/// the notes folder (`journal.notes`), its SUMMARY the note's name unless a heading says
/// otherwise; the notes there with a `uid` are listed. docs/CALDAV.md, "The journal".
extension Vault {
  /// The UID of a day's entry whose note names none (`uid:`).
  public static func calDAVJournalUID(_ day: LocalDate) -> String { "vault-journal-\(day)" }

  /// Every journal entry as an object, by name, with its day, then the notes without a day; from
  /// the index, without reading the notes (their stamps make the ETags).
  public func calDAVJournalEntries(in store: IndexStore) throws(VaultError) -> [(CalDAVResource, CalDAVJournalPlace)] {
    let facts: [String: (date: LocalDate, uid: String?, stamp: FileStamp)]
    let notes: [String: (uid: String, date: LocalDate?, stamp: FileStamp)]
    do {
      facts = try store.journalNoteStamps()
      notes = try store.noteStampsWithUID(under: settings.journalNotesFolder)
    } catch {
      throw VaultError(error)
    }
    let kept = calDAVKeptStamps(.journal)
    let hrefs = calDAVHrefs(.journal)
    let settingsStamp = calDAVSettingsStamp
    func resource(_ path: String, uid: String, stamp: FileStamp) -> CalDAVResource {
      let name = calDAVObjectName(uid: uid, hrefs: hrefs)
      var resource = CalDAVResource(
        name: name, uid: uid,
        etag: Self.calDAVTag(stamps: [Self.calDAVStamp(path, stamp)], settings: settingsStamp, kept: kept[name]),
        paths: [path])
      resource.modifiedTimes[path] = Int(stamp.modified / 1_000_000_000)
      return resource
    }
    // One object a day: a second note of the same day (two daily-note formats) is left out.
    var byDay: [LocalDate: String] = [:]
    for (path, fact) in facts where byDay[fact.date].map({ path < $0 }) ?? true { byDay[fact.date] = path }
    // A day's UID is its `uid`, else made of its day; a made one that a note's `uid` has (an
    // entry moved from that day keeps its UID) gets a number.
    let named = Set(facts.values.compactMap(\.uid) + notes.values.map(\.uid))
    var entries: [(CalDAVResource, CalDAVJournalPlace)] = byDay.sorted { $0.key < $1.key }.compactMap { day, path in
      guard let fact = facts[path] else { return nil }
      if let uid = fact.uid, !uid.isEmpty { return (resource(path, uid: uid, stamp: fact.stamp), .day(day)) }
      var uid = Self.calDAVJournalUID(day)
      var number = 2
      while named.contains(uid) {
        uid = "\(Self.calDAVJournalUID(day))-\(number)"
        number += 1
      }
      return (resource(path, uid: uid, stamp: fact.stamp), .day(day))
    }
    // A note whose UID a day's entry has already is left out: a UID is one object.
    var uids = Set(entries.map(\.0.uid))
    for (path, note) in notes.sorted(by: { $0.key < $1.key }) where uids.insert(note.uid).inserted {
      entries.append((resource(path, uid: note.uid, stamp: note.stamp), .note(note.date)))
    }
    return entries
  }

  /// A journal entry's object as vault makes it from its note now; with `kept`, with what its
  /// client sent that the note does not say.
  public func calDAVJournalBody(_ resource: CalDAVResource, place: CalDAVJournalPlace, kept: Bool = true) -> String? {
    guard let path = resource.paths.first,
      let status = FileSystem.status(root + "/" + path, followLinks: true)
    else { return nil }
    let (heading, description) = Self.journalParts(body(of: path))
    var properties: [ICalendar.Property] = [
      .text("UID", resource.uid),
      ICalendar.Property(
        "DTSTAMP", ICalendarExport.utc(ZoneClock.fixed(0).local(Int(status.modified / 1_000_000_000)))),
    ]
    if let day = place.day {
      properties.append(
        ICalendar.Property("DTSTART", ICalendarExport.date(day), parameters: [ICalendar.Parameter("VALUE", "DATE")]))
    }
    // A note is named by its title, unless a heading says otherwise.
    if let summary = heading ?? (place.isNote ? Note.defaultTitle(for: path) : nil) {
      properties.append(.text("SUMMARY", summary))
    }
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

  /// The note's text for a SUMMARY and a DESCRIPTION; a SUMMARY that is the note's `title` (a
  /// note without a day, named by it) needs no heading. A DESCRIPTION that starts with a heading
  /// of its own (`# Big plans`) gets one before it all the same, `named` (the note's title, the
  /// entry's day), so that it is read back as the DESCRIPTION's first line, not as the SUMMARY:
  /// its line would be lost on the next change from the phone.
  static func journalText(summary: String?, description: String, title: String? = nil, named: String) -> String {
    let body = cleaned(description)
    var heading = summary.map { SingleLine.joined($0).trimmingCharacters(in: .whitespaces) }.flatMap {
      $0.isEmpty || $0 == title ? nil : "# " + $0
    }
    if heading == nil, journalParts(body).summary != nil { heading = "# " + (title ?? named) }
    return [heading, body.isEmpty ? nil : body].compactMap { $0 }.joined(separator: "\n\n") + "\n"
  }

  /// Keeps a client's VJOURNAL: a new one becomes its day's journal entry (the daily note of that
  /// day, when there is none yet), else a note of its own in the notes folder, named by its
  /// SUMMARY, with its day as `date` (a second journal of a day, or a note without a day); a
  /// changed one changes the note's text after its front matter when SUMMARY or DESCRIPTION
  /// differ from what the note says (its properties, the mood among them, stay). An entry stays
  /// on its day; a note stays where it is, under its name, its date following its DTSTART.
  ///
  /// The text is replaced whole, so it is replaced only over what the client had read: with
  /// `checked` (its If-Match named the note as it is), or when the note still says what the
  /// client was last `given`; a line written meanwhile in Obsidian or by `vault journal` is
  /// never overwritten by a client that had not seen it (412, read it again). Without either,
  /// only a text that keeps all the note says now is written.
  public func calDAVPutJournal(
    _ body: String, given: String? = nil, checked: Bool = false,
    existing: (resource: CalDAVResource, place: CalDAVJournalPlace)?
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
    // A day, or none: a note of its own. A note given a day on the phone stays a note (the
    // day is kept beside it and given back).
    var day: LocalDate?
    if let start = entry.first("DTSTART") {
      guard let parsed = journalDay(start) else {
        throw .notAcceptable("the entry's day (DTSTART) is not a date: \(start.value)")
      }
      day = parsed
    }
    let summary = entry.first("SUMMARY")?.text
    let description = entry.all("DESCRIPTION").map(\.text).joined(separator: "\n\n")
    if let existing {
      let path = existing.resource.paths[0]
      if case .day(let was) = existing.place, was != day {
        return try calDAVMoveJournalEntry(
          path, from: was, to: day, uid: uid, summary: summary, description: description, given: given,
          checked: checked)
      }
      let title = existing.place.isNote ? Note.defaultTitle(for: path) : nil
      try calDAVChangeJournalText(
        path, summary: summary, description: description, given: given, checked: checked, title: title,
        named: title ?? day.map(\.description) ?? "", date: existing.place.isNote ? .some(day) : nil)
      return CalDAVPutResult(created: false, etag: nil, paths: existing.resource.paths)
    }
    let path = day.map(settings.dailyNotes.path(for:))
    // Without a day, or on a day that has its entry already (a second journal of a day, as jtx
    // Board keeps several): a note of its own, with its date.
    guard let day, let path, FileSystem.status(root + "/" + path, followLinks: true) == nil else {
      return try calDAVNewJournalNote(uid: uid, summary: summary, description: description, day: day)
    }
    let occupied = { () throws(CalDAVRefusal) in
      throw .changedMeanwhile("\(day) has had its journal entry written meanwhile (\(path)): send it again")
    }
    var text = Self.journalText(summary: summary, description: description, named: day.description)
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

  /// A journal app's note, as a note of its own in the notes folder: named by its SUMMARY (else
  /// its text's first line), with its UID as `uid` and its day as `date`, and its SUMMARY as a
  /// heading only when the name cannot say it (a character a file name cannot hold, a name taken).
  func calDAVNewJournalNote(
    uid: String, summary: String?, description: String, day: LocalDate?
  ) throws(CalDAVRefusal) -> CalDAVPutResult {
    let name = Self.journalNoteName(summary: summary, description: description)
    let folder = settings.journalNotesFolder
    let taken = FileSystem.status(root + "/" + (folder.isEmpty ? "" : folder + "/") + name + ".md", followLinks: false)
    let text = Self.journalText(
      summary: summary, description: description, title: taken == nil ? name : nil, named: name)
    do {
      let path = try createNote(
        named: name, in: folder,
        text: NewNote.text(
          properties: [("uid", PropertyWriter.scalar(uid))] + (day.map { [("date", $0.description)] } ?? []),
          body: String(text.dropLast())))
      return CalDAVPutResult(created: true, etag: nil, paths: [path])
    } catch {
      throw .cannotWrite("'\(name)' cannot be written in \(folder.isEmpty ? "the vault" : folder): \(error)")
    }
  }

  /// The file name of a journal app's note: its SUMMARY, else its text's first line.
  static func journalNoteName(summary: String?, description: String) -> String {
    let said = summary.map { SingleLine.joined($0).trimmingCharacters(in: .whitespaces) } ?? ""
    let firstLine = cleaned(description).split(separator: "\n").first.map {
      String($0.drop { $0 == "#" || $0 == " " }.prefix(60)).trimmingCharacters(in: .whitespaces)
    }
    return NewNote.fileName(said.isEmpty ? firstLine ?? "" : said)
  }

  /// A day's entry its client moved to another day, or whose day (DTSTART) it took away: its
  /// text changes as for any change (over what the client had read), then its note goes with
  /// it, whole (its other lines, tasks and properties too) and never over another note: to the
  /// daily note of the new day when that day has none, else into the notes folder as a note of
  /// its own, named by its SUMMARY, with the new day as `date` (or none). Its UID goes into
  /// `uid`, so that the client's object stays the one it moved.
  func calDAVMoveJournalEntry(
    _ path: String, from was: LocalDate, to day: LocalDate?, uid: String, summary: String?, description: String,
    given: String?, checked: Bool
  ) throws(CalDAVRefusal) -> CalDAVPutResult {
    let dailyPath = day.map(settings.dailyNotes.path(for:))
    let toDaily = dailyPath.map { FileSystem.status(root + "/" + $0, followLinks: false) == nil } ?? false
    // A note's `date` is its day; a daily note's is its name, and a `date` it has follows it.
    let hasDate: Bool
    if case .success(let bytes) = FileSystem.readFile(root + "/" + path) {
      hasDate = NoteParser.parse(bytes, path: path).properties.contains { $0.key.lowercased() == "date" }
    } else {
      throw .notFound
    }
    let name = Self.journalNoteName(summary: summary, description: description)
    try calDAVChangeJournalText(
      path, summary: summary, description: description, given: given, checked: checked, title: nil,
      named: day?.description ?? name, date: toDaily && !hasDate ? nil : .some(day), uid: uid)
    do {
      if toDaily, let dailyPath, try moveNote(path, to: dailyPath) {
        return CalDAVPutResult(created: false, etag: nil, paths: [dailyPath])
      }
      let moved = try moveNote(path, into: settings.journalNotesFolder, named: name)
      // The new day's note was written meanwhile: a note of its own there says its day as `date`.
      if toDaily, !hasDate, let day { _ = try setYAMLProperties([("date", day.description)], in: moved) }
      return CalDAVPutResult(created: false, etag: nil, paths: [moved])
    } catch {
      throw .cannotWrite("\(path) cannot be moved to \(day.map { "\($0)" } ?? "the notes"): \(error)")
    }
  }

  /// Changes a journal entry's or a note's text after its front matter to a client's SUMMARY and
  /// DESCRIPTION, over only what the client had read (above); a note's `title` stands for a
  /// heading it does not have; `named` is the heading a DESCRIPTION with one of its own needs.
  /// With `date`, a note's `date:` follows its DTSTART (set, changed, or removed for none), in
  /// the same write; with `uid`, a note without a `uid` gets it.
  func calDAVChangeJournalText(
    _ path: String, summary: String?, description: String, given: String?, checked: Bool, title: String?,
    named: String, date: LocalDate?? = nil, uid: String? = nil
  ) throws(CalDAVRefusal) {
    func said(_ parts: (String?, String)) -> (String?, String) { (parts.0 ?? title, parts.1) }
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
        let parts = Self.journalParts(String(decoding: bytes[start...], as: UTF8.self))
        let (nowSummary, nowDescription) = said(parts)
        var written = bytes
        if nowSummary != sentSummary || nowDescription != sentDescription {
          // Written over only what the client had read.
          let read =
            checked
            || givenParts.map { $0.0 == nowSummary && $0.1 == nowDescription }
              ?? sentDescription.contains(nowDescription)
          guard read else { throw .changedOnDisk(path) }
          // A note named by its title keeps having no heading while the title is what is sent.
          let text = Self.journalText(
            summary: summary, description: description, title: parts.0 == nil ? title : nil, named: named)
          written = Array(bytes[..<start]) + Array(text.utf8)
        }
        // The date as the index reads it (its DTSTART), compared: a `date:` that says it already
        // stays as it is written.
        var interpreted = note
        if date != nil { NoteInterpreter(settings: settings).interpret(&interpreted) }
        if let date, interpreted.date != date {
          let layout = NoteParser.parse(written, path: path).frontMatter
          written =
            date.map {
              FrontMatterEditor.set("date", to: $0.description, in: written, layout: layout, encoding: note.encoding)
            } ?? FrontMatterEditor.remove("date", in: written, layout: layout)
        }
        if let uid, !note.properties.contains(where: { $0.key.lowercased() == "uid" }) {
          let layout = NoteParser.parse(written, path: path).frontMatter
          written = FrontMatterEditor.set(
            "uid", to: PropertyWriter.scalar(uid), in: written, layout: layout, encoding: note.encoding)
        }
        return written == bytes ? .keep(()) : .write(written, ())
      }
    } catch .changedOnDisk {
      throw .changedMeanwhile(
        "\(path) changed since the entry was read (a line written in the vault meanwhile): read it again")
    } catch {
      throw .cannotWrite("\(path) cannot be written: \(error)")
    }
  }

  /// The day of a DTSTART: its date, or a UTC time's date in the vault's zone.
  func journalDay(_ start: ICalendar.Property) -> LocalDate? {
    guard let moment = ICalendarExport.parseMoment(start.value) else { return nil }
    guard start.value.hasSuffix("Z") else { return moment.date }
    return viewerClock.local(moment.secondsSinceEpoch).date
  }
}
