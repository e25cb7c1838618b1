import Foundation
import VaultCore
import VaultMarkdown

/// What `vault set`, `unset` and `mood` changed.
public struct PropertyChange: Sendable, Encodable {
  public var path: String
  public var key: String
  /// The YAML written, or nil when the key was removed.
  public var value: String?
  public var type: String
  /// The note was made for it (a daily note from its template).
  public var created: Bool
}

extension Vault {
  /// Sets (or with a nil value removes) one property of the note at `path`, typed as
  /// `.obsidian/types.json` declares the key, else as a list when the note has a list there,
  /// else as the value reads (a number, a checkbox, a date, text). Only that key's line changes.
  /// `preferred` is the type when neither the vault nor the note declares one. With
  /// `addingToList`, `value` (comma-separated) is added to the list the note has under `key`, in
  /// order and without repeats (any case), read under the write lock so that a concurrent change
  /// to the list is kept. With `today`, a date-typed key (declared, a date in the note, or a
  /// well-known date key such as `due`) takes natural dates (`fri`, `in 2 weeks`, `dec 5`) and
  /// refuses a value that is no date.
  public func setProperty(
    _ key: String, to value: String?, in path: String, preferred: PropertyType? = nil, created: Bool = false,
    addingToList: Bool = false, today: LocalDate? = nil
  ) throws(VaultError) -> PropertyChange {
    let display = path
    return try edit(path) { current throws(VaultError) in
      guard let bytes = current else { throw .noteNotFound(display) }
      var value = value
      if addingToList, let new = value {
        let existing =
          NoteParser.parse(bytes, path: path).properties.first { $0.key == key }?.value.elements.map(\.text) ?? []
        let added = new.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        var seen = Set<String>()
        value = (existing + added).filter { seen.insert($0.lowercased()).inserted }.joined(separator: ", ")
      }
      let (result, change) = try propertyEdit(
        key, to: value, in: bytes, path: path, preferred: preferred, created: created, today: today)
      return result == bytes ? .keep(change) : .write(result, change)
    }
  }

  /// Sets (or removes, for nil values) several properties of one note in one write, each as
  /// `setProperty` sets it; the changes in order.
  public func setProperties(
    _ values: [(key: String, value: String?)], in path: String
  ) throws(VaultError)
    -> [PropertyChange]
  {
    let display = path
    return try edit(path) { current throws(VaultError) in
      guard var bytes = current else { throw .noteNotFound(display) }
      let original = bytes
      var changes: [PropertyChange] = []
      for (key, value) in values {
        let (result, change) = try propertyEdit(
          key, to: value, in: bytes, path: path, preferred: nil, created: false, today: nil)
        bytes = result
        changes.append(change)
      }
      return bytes == original ? .keep(changes) : .write(bytes, changes)
    }
  }

  /// Sets properties to values already written as YAML (nil removes one), in one write, each
  /// checked to change only its key: for writers that make the YAML themselves (`vault import
  /// ics`). True when the note changed.
  public func setYAMLProperties(_ values: [(key: String, yaml: String?)], in path: String) throws(VaultError) -> Bool {
    let display = path
    return try edit(path) { current throws(VaultError) in
      guard var bytes = current else { throw .noteNotFound(display) }
      let original = bytes
      for (key, yaml) in values {
        let note = NoteParser.parse(bytes, path: path)
        guard note.frontMatter != nil else {
          throw .cannotChange(
            "\(display)", reason: "its front matter cannot be read (`vault check` shows why); fix it first")
        }
        let result =
          yaml.map { FrontMatterEditor.set(key, to: $0, in: bytes, layout: note.frontMatter, encoding: note.encoding) }
          ?? FrontMatterEditor.remove(key, in: bytes, layout: note.frontMatter)
        if result != bytes { try checkFrontMatterEdit(of: key, to: yaml, from: note, giving: result, path: path) }
        bytes = result
      }
      return bytes == original ? .keep(false) : .write(bytes, true)
    }
  }

  /// The bytes of the note with one property set (or removed), checked to change only that.
  private func propertyEdit(
    _ key: String, to value: String?, in bytes: [UInt8], path: String, preferred: PropertyType?, created: Bool,
    today: LocalDate?
  ) throws(VaultError) -> ([UInt8], PropertyChange) {
    let display = path
    let note = NoteParser.parse(bytes, path: path)
    if note.frontMatter == nil && note.diagnostics.contains(where: { $0.severity == .error && $0.line <= 2 }) {
      throw .cannotChange(
        "\(display)", reason: "its front matter cannot be read (`vault check` shows why); fix it first")
    }
    guard var value else {
      let result = FrontMatterEditor.remove(key, in: bytes, layout: note.frontMatter)
      let change = PropertyChange(path: path, key: key, value: nil, type: "none", created: created)
      guard result != bytes else { return (bytes, change) }
      try checkFrontMatterEdit(of: key, to: nil, from: note, giving: result, path: path)
      return (result, change)
    }
    // A list stays a list; otherwise an undeclared type is what the new value reads as (a
    // `progress: 15/24` text set to 70 becomes the number 70, not the text "70").
    let existing = note.properties.first { $0.key == key }?.type
    let list = existing.flatMap { [.multitext, .tags, .aliases].contains($0) ? $0 : nil }
    let declared = settings.propertyTypes[key.lowercased()]
    if let today {
      // One date language: a date key takes what `add` takes, and nothing that is no date.
      // A key declared or written as a date must get one; a key that usually holds dates
      // (`due`, `date`) gets one when the value reads as one.
      let isDate: (PropertyType?) -> Bool = { $0 == .date || $0 == .datetime }
      let holdsDates = isDate(declared) || (declared == nil && isDate(existing))
      let usuallyDates = declared == nil && Query.knownDateKeys.contains(key.lowercased())
      if holdsDates || usuallyDates, case .notADate = DateParsing.dateTime(value.trimmingSpaces()) {
        switch NaturalDate.date(value.trimmingSpaces(), today: today) {
        case .success(let date): value = date.description
        case .failure(let problem) where holdsDates:
          throw .cannotChange("\(key) of \(display)", reason: "\(problem) (\(key) holds a date)")
        case .failure: break
        }
      }
    }
    let type = declared ?? list ?? preferred ?? PropertyWriter.inferredType(of: value)
    let yaml: String
    switch PropertyWriter.yaml(value, as: type) {
    case .success(let written): yaml = written
    case .failure(let problem):
      throw .cannotChange("\(key) of \(display)", reason: "\(problem) (its type is \(type.rawValue))")
    }
    let items = [PropertyType.multitext, .tags, .aliases].contains(type) ? PropertyWriter.items(value, as: type) : nil
    let result = FrontMatterEditor.set(
      key, to: yaml, items: items, in: bytes, layout: note.frontMatter, encoding: note.encoding)
    try checkFrontMatterEdit(of: key, to: yaml, from: note, giving: result, path: path)
    return (result, PropertyChange(path: path, key: key, value: yaml, type: type.rawValue, created: created))
  }

  /// Sets a goal's `progress` to `fraction` (0...1): as a number of percent (`40`) where the
  /// note or `.obsidian/types.json` types `progress` as a number, else as text (`40%`). A note
  /// that is not a goal is refused. With `day`, that day's point is kept in its Progress
  /// section too (`logGoalProgress`), from which its forecast is made.
  public func setGoalProgress(
    _ fraction: Double, in path: String, on day: LocalDate? = nil
  ) throws(VaultError) -> PropertyChange {
    let display = path
    guard (0...1).contains(fraction) else {
      throw .cannotChange("the progress of \(display)", reason: "progress goes from 0% to 100%")
    }
    let note = note(at: path)
    guard note.kind == .goal else {
      throw .cannotChange(
        "the progress of \(display)",
        reason:
          "it is a \(note.kind.singular), not a goal (goals live in \(settings.folders[.goal] ?? "Goals")/ or have type: goal)"
      )
    }
    let number = Goal.percentText(fraction)
    let declared = settings.propertyTypes["progress"] ?? note.properties.first { $0.key == "progress" }?.type
    let change =
      declared == .number
      ? try setProperty("progress", to: number, in: path, preferred: .number)
      : try setProperty("progress", to: number + "%", in: path, preferred: .text)
    // The day's point, for the goal's forecast.
    if let day { try logGoalProgress(fraction, on: day, in: path) }
    return change
  }

  /// Refuses a front-matter edit unless the new bytes read back with exactly `key` changed (to
  /// what `yaml` reads as, or gone when nil) and every other property as it was: the editor
  /// changes bytes, and some YAML (anchors and aliases, multi-line flow collections, `? key`,
  /// JSON-style front matter) does not survive that.
  private func checkFrontMatterEdit(
    of key: String, to yaml: String?, from before: Note, giving bytes: [UInt8], path: String
  ) throws(VaultError) {
    let after = NoteParser.parse(bytes, path: path)
    var expected = Self.comparable(before.properties)
    expected.removeAll { $0.key == key }
    if let yaml {
      let alone = NoteParser.parse(Array("---\n\(key): \(yaml)\n---\n".utf8), path: path)
      expected += Self.comparable(alone.properties)
    }
    var actual = Self.comparable(after.properties)
    let newErrors =
      after.diagnostics.filter { $0.severity == .error }.count
      > before.diagnostics.filter { $0.severity == .error }.count
    expected.sort { $0.key < $1.key }
    actual.sort { $0.key < $1.key }
    guard newErrors || actual != expected else { return }
    let what = yaml == nil ? "remove \(key) from" : "set \(key) in"
    let construct = before.frontMatter.flatMap {
      FrontMatterEditor.unsafeConstruct(in: Array(bytes[$0.contentRange.clamped(to: 0..<bytes.count)]))
    }
    throw .cannotChange(
      path,
      reason: "vault cannot \(what) this front matter safely"
        + (construct.map { " (it uses \($0))" } ?? "")
        + "; nothing was written. Change it in Obsidian or a text editor")
  }

  /// Properties with their source locations left out, nested ones too.
  private static func comparable(_ properties: [Property]) -> [Property] {
    properties.map(\.withoutLocation)
  }

  /// Today's (or `date`'s) daily note, at the path and in the format of the daily notes settings;
  /// made from the template (`{{date}}`, `{{time}}`, `{{title}}`, `{{date:FORMAT}}`) when missing.
  public func dailyNote(for date: LocalDate, time: LocalTime) throws(VaultError) -> (path: String, created: Bool) {
    let path = settings.dailyNotes.path(for: date)
    var text = ""
    if let template = settings.dailyNotes.template {
      let templatePath = template.hasSuffix(".md") ? template : template + ".md"
      if case .success(let bytes) = FileSystem.readFile(root + "/" + templatePath) {
        let title = (path as NSString).deletingPathExtension.split(separator: "/").last.map(String.init) ?? path
        // `{{date}}` in the daily note's format, as the daily notes plugin fills it.
        let midday = Calendar(identifier: .gregorian).date(
          from: DateComponents(timeZone: zone, year: date.year, month: date.month, day: date.day, hour: 12))
        text = TemplateFiller.fill(
          String(decoding: bytes, as: UTF8.self), title: title, date: date, time: time,
          dateFormat: settings.dailyNotes.format, utcOffset: midday.map { zone.secondsFromGMT(for: $0) } ?? 0)
      }
    }
    // Made only when missing, under the write lock: two commands on a new day make it once.
    let added = try append(text, to: try newNotePath(path), creatingOnly: true)
    return (path, added.created)
  }
}

extension Vault {
  /// Adds `- HH:MM TEXT` as the last line under the journal heading (`journal.heading` in
  /// .vault/config.yml, default Journal) of the note at `path`; the heading is added at the
  /// end when the note has none.
  public func appendJournal(_ text: String, at time: LocalTime, in path: String) throws(VaultError) -> AddedLine {
    try append("- \(time.hourMinute) " + text, under: settings.journalHeading, in: path)
  }

  /// Adds a task line to the inbox at `path` where its structure says: under `inbox_heading`
  /// when the config names one (added when missing), else after the inbox's first list of
  /// tasks (so not below a `## Someday` at its end), else at its end. The inbox is made when
  /// missing.
  public func appendToInbox(_ line: String, at path: String) throws(VaultError) -> AddedLine {
    let line = SingleLine.joined(line)
    if FileSystem.status(root + "/" + path, followLinks: true) == nil {
      let made = try append(
        settings.inboxHeading.map { "## \($0)\n\n\(line)\n" } ?? line + "\n", to: path, creatingOnly: true)
      if made.created {
        return AddedLine(path: path, line: settings.inboxHeading == nil ? 1 : 3, text: line, created: true)
      }
    }
    if let heading = settings.inboxHeading { return try append(line, under: heading, in: path) }
    return try edit(path) { current throws(VaultError) in
      guard let bytes = current else { throw .noteNotFound(path) }
      let note = NoteParser.parse(bytes, path: path)
      let result = SectionEditor.appendToFirstTaskList(
        line, firstTask: note.tasks.map(\.line).min(), in: bytes, headings: note.headings, encoding: note.encoding)
      return .write(
        result, AddedLine(path: path, line: Self.addedLine(line, bytes, result), text: line, created: false))
    }
  }

  /// The 1-based line `text` went in at: the first line that is `text` from where `after`
  /// first differs from `before` (a heading added above it comes first), else that line.
  static func addedLine(_ text: String, _ before: [UInt8], _ after: [UInt8]) -> Int {
    let first = firstChangedLine(before, after)
    let lines = after.split(separator: 10, omittingEmptySubsequences: false)
    let wanted = Array(text.utf8)
    for number in first...max(first, lines.count) where number - 1 < lines.count {
      var candidate = lines[number - 1]
      if candidate.last == 13 { candidate = candidate.dropLast() }
      if candidate.elementsEqual(wanted) { return number }
    }
    return first
  }

  /// The 1-based line where `after` first differs from `before`: where a line went in.
  static func firstChangedLine(_ before: [UInt8], _ after: [UInt8]) -> Int {
    let prefix = zip(before, after).prefix { $0 == $1 }.count
    guard prefix < after.count else { return after.count(where: { $0 == 10 }) }
    return after[..<prefix].count(where: { $0 == 10 }) + (after[prefix] == 10 || after[prefix] == 13 ? 2 : 1)
  }

  /// Adds `line` as the last line of the section under `heading` in the note at `path`; the
  /// heading is added at the end when the note has none.
  public func append(_ line: String, under heading: String, in path: String) throws(VaultError) -> AddedLine {
    let line = SingleLine.joined(line)
    return try edit(path) { current throws(VaultError) in
      guard let bytes = current else { throw .noteNotFound(path) }
      let note = NoteParser.parse(bytes, path: path)
      let result = SectionEditor.append(
        line, under: heading, in: bytes, headings: note.headings, encoding: note.encoding)
      return .write(
        result, AddedLine(path: path, line: Self.addedLine(line, bytes, result), text: line, created: false))
    }
  }
}
