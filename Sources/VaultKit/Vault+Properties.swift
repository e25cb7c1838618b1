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
  /// `preferred` is the type when neither the vault nor the note declares one.
  public func setProperty(
    _ key: String, to value: String?, in path: String, preferred: PropertyType? = nil, created: Bool = false
  ) throws(VaultError) -> PropertyChange {
    let absolute = root + "/" + path
    let display = displayPath(path)
    let bytes = try bytes(of: path)
    let note = NoteParser.parse(bytes, path: path)
    if note.frontMatter == nil && note.diagnostics.contains(where: { $0.severity == .error && $0.line <= 2 }) {
      throw .cannotChange("\(display)", reason: "its front matter cannot be read (vault check shows why); fix it first")
    }
    guard let value else {
      let result = FrontMatterEditor.remove(key, in: bytes, layout: note.frontMatter)
      if result != bytes { try FileWriter.replace(absolute, with: result, expecting: bytes, display: display) }
      return PropertyChange(path: path, key: key, value: nil, type: "none", created: created)
    }
    // A list stays a list; otherwise an undeclared type is what the new value reads as (a
    // `progress: 15/24` text set to 70 becomes the number 70, not the text "70").
    let existing = note.properties.first { $0.key == key }?.type
    let list = existing.flatMap { [.multitext, .tags, .aliases].contains($0) ? $0 : nil }
    let type =
      settings.propertyTypes[key.lowercased()] ?? list ?? preferred ?? PropertyWriter.inferredType(of: value)
    let yaml: String
    switch PropertyWriter.yaml(value, as: type) {
    case .success(let written): yaml = written
    case .failure(let problem):
      throw .cannotChange("\(key) of \(display)", reason: "\(problem) (its type is \(type.rawValue))")
    }
    let result = FrontMatterEditor.set(key, to: yaml, in: bytes, layout: note.frontMatter, encoding: note.encoding)
    try FileWriter.replace(absolute, with: result, expecting: bytes, display: display)
    return PropertyChange(path: path, key: key, value: yaml, type: type.rawValue, created: created)
  }

  /// Today's (or `date`'s) daily note, at the path and in the format of the daily notes settings;
  /// made from the template (`{{date}}`, `{{time}}`, `{{title}}`, `{{date:FORMAT}}`) when missing.
  public func dailyNote(for date: LocalDate, time: LocalTime) throws(VaultError) -> (path: String, created: Bool) {
    let path = settings.dailyNotes.path(for: date)
    if FileManager.default.fileExists(atPath: root + "/" + path) { return (path, false) }
    var text = ""
    if let template = settings.dailyNotes.template {
      let templatePath = template.hasSuffix(".md") ? template : template + ".md"
      if case .success(let bytes) = FileSystem.readFile(root + "/" + templatePath) {
        let title = (path as NSString).deletingPathExtension.split(separator: "/").last.map(String.init) ?? path
        text = TemplateFiller.fill(String(decoding: bytes, as: UTF8.self), title: title, date: date, time: time)
      }
    }
    _ = try append(text.isEmpty ? "" : text, to: try newNotePath(path), creatingOnly: true)
    return (path, true)
  }
}

extension Vault {
  /// Adds `- HH:MM TEXT` as the last line under the journal heading (`journal.heading` in
  /// .vault/config.yml, default Journal) of the note at `path`; the heading is added at the
  /// end when the note has none.
  public func appendJournal(_ text: String, at time: LocalTime, in path: String) throws(VaultError) -> AddedLine {
    let line = "- \(time.hourMinute) " + text.split(whereSeparator: \.isNewline).joined(separator: " ")
    return try append(line, under: settings.journalHeading, in: path)
  }

  /// Adds `line` as the last line of the section under `heading` in the note at `path`; the
  /// heading is added at the end when the note has none.
  public func append(_ line: String, under heading: String, in path: String) throws(VaultError) -> AddedLine {
    let absolute = root + "/" + path
    let display = displayPath(path)
    let bytes = try bytes(of: path)
    let note = NoteParser.parse(bytes, path: path)
    let result = SectionEditor.append(line, under: heading, in: bytes, headings: note.headings, encoding: note.encoding)
    try FileWriter.replace(absolute, with: result, expecting: bytes, display: display)
    // Where the line went: the first line that differs from the old bytes.
    let prefix = zip(bytes, result).prefix { $0 == $1 }.count
    let number = result[..<prefix].count(where: { $0 == 10 }) + (result[prefix] == 10 || result[prefix] == 13 ? 2 : 1)
    return AddedLine(path: path, line: number, text: line, created: false)
  }
}
