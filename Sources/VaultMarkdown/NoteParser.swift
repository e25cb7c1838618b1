import VaultCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses the bytes of one Markdown file into a `Note`'s syntax: front matter (with Yams),
/// body structure (with cmark), and tags, links, headings, fields and tasks (with vault's own
/// scanners over the prose that cmark reports). Never throws: problems become diagnostics.
public enum NoteParser {
  /// The largest front matter read (a larger one is an error, and the note's properties are
  /// not read): what a writer checks before it makes a note.
  public static let maxFrontMatterBytes = YAMLReader.maxBytes

  /// Bump whenever parsing or interpretation changes what a note yields: the index is then
  /// erased and rebuilt.
  public static let version = 5

  /// Parses `bytes` of the file at vault-relative `path`. The note's kind is not decided
  /// here; `NoteInterpreter` does that.
  public static func parse(_ bytes: [UInt8], path: String) -> Note {
    var note = Note(path: path)
    // `memchr` looks at many bytes per step: `contains` was 1% of a cold index.
    let hasNUL = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.map { memchr($0, 0, buffer.count) != nil } ?? false
    }
    if hasNUL {
      note.diagnostics.append(
        .warning("binary file (it holds NUL bytes); skipped", at: .start, in: path))
      note.isSkipped = true
      return note
    }
    let source = SourceText(bytes: bytes)
    note.encoding = source.encoding
    let invalidOffset = firstInvalidUTF8(bytes[...])
    if let offset = invalidOffset {
      note.diagnostics.append(
        .warning(
          "not valid UTF-8; invalid bytes are read as U+FFFD", at: source.location(ofByte: offset),
          in: path))
    }
    let callouts = conflictCallouts(bytes, source: source, path: path)
    var bodyLine = 1
    switch FrontMatterSplitter.split(source) {
    case .none:
      break
    case .unclosed:
      note.diagnostics.append(
        .error("front matter is not closed: add a line '---' after the properties", at: .start, in: path))
    case .found(let layout, let yaml, let firstLine):
      note.frontMatter = layout
      var reader = YAMLReader(path: path, firstLine: firstLine)
      note.properties = reader.properties(of: yaml)
      note.diagnostics += reader.diagnostics
      bodyLine = layout.bodyLine
    }
    if bodyLine <= source.lineCount {
      let bodyStart = source.lineStarts[bodyLine - 1]
      let (body, deepLines) = NestingCap.capped(bytes[bodyStart...])
      for line in deepLines {
        note.diagnostics.append(
          .warning(
            "lists and quotes nest past \(NestingCap.maxColumns) columns here; deeper markers are read as spaces",
            at: SourceLocation(line: line + bodyLine - 1, column: 1), in: path))
      }
      let document = CMarkDocument(body: body, lines: source.lineCount - bodyLine + 1)
      BodyReader(
        source: source, lineOffset: bodyLine - 1, path: path, isValidUTF8: invalidOffset == nil,
        calloutLines: callouts.lines
      ).read(document, into: &note)
    }
    note.diagnostics += callouts.diagnostics
    note.diagnostics += conflictMarkers(bytes, source: source, path: path)
    return note
  }

  /// A warning at each `<<<<<<<` line: git's conflict markers, from a merge without vault's
  /// driver (a plain `git pull`).
  static func conflictMarkers(_ bytes: [UInt8], source: SourceText, path: String) -> [Diagnostic] {
    let marker = Array("<<<<<<<".utf8)
    return offsets(of: marker, in: bytes).compactMap { position in
      let end = position + marker.count
      let atLineStart = position == 0 || bytes[position - 1] == UInt8(ascii: "\n")
      let after = end < bytes.count ? bytes[end] : UInt8(ascii: "\n")
      guard atLineStart, [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(after) else { return nil }
      return .warning(
        "git's conflict markers are here: vault sync turns them into a callout (or keep the version you want "
          + "and delete the markers)", at: source.location(ofByte: position), in: path)
    }
  }

  /// Where `marker` starts in `bytes`, each occurrence after the end of the one before. `memchr`
  /// skips most of a note in few steps: few bytes are its first one (`[`, `<`).
  static func offsets(of marker: [UInt8], in bytes: [UInt8]) -> [Int] {
    bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, let first = marker.first else { return [] }
      var found: [Int] = []
      var offset = 0
      while offset < buffer.count, let hit = memchr(base + offset, Int32(first), buffer.count - offset) {
        let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        offset = position + 1
        guard position + marker.count <= buffer.count, buffer[position..<position + marker.count].elementsEqual(marker)
        else { continue }
        offset = position + marker.count
        found.append(position)
      }
      return found
    }
  }

  /// A warning for each `> [!conflict]` callout, where `vault sync` kept the other side of a change
  /// both sides made, until someone picks a version; and the lines of those callouts, whose copy
  /// of a task is no task of its own (in no view, count, calendar or export).
  static func conflictCallouts(
    _ bytes: [UInt8], source: SourceText, path: String
  ) -> (diagnostics: [Diagnostic], lines: Set<Int>) {
    let marker = Array("[!conflict]".utf8)
    var found: [Diagnostic] = []
    var lines = Set<Int>()
    let isQuoted = { (line: Int) -> Bool in
      let range = source.lineRange(line)
      let lead = bytes[range].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
      return range.lowerBound + lead.count < range.upperBound
        && bytes[range.lowerBound + lead.count] == UInt8(ascii: ">")
    }
    for position in offsets(of: marker, in: bytes) {
      var lineStart = position
      while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
      let lead = bytes[lineStart..<position]
      guard lead.contains(UInt8(ascii: ">")), lead.allSatisfy({ $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: " ") })
      else { continue }
      let location = source.location(ofByte: lineStart)
      found.append(
        .warning(
          "a sync conflict is kept here: keep the version you want and delete the callout", at: location, in: path))
      var line = location.line
      while line <= source.lineCount, isQuoted(line) {
        lines.insert(line)
        line += 1
      }
    }
    return (found, lines)
  }

  /// The offset from the start of `bytes` of the first byte that breaks UTF-8 (also overlong forms and
  /// surrogates), if any: the well-formed sequences of the Unicode Standard, Table 3-7. Written
  /// out because the standard library's generic `UTF8.ForwardParser` cost 5% of a cold parse.
  public static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
    bytes.withUnsafeBufferPointer { b in
      guard let base = b.baseAddress else { return nil }
      var i = 0
      let count = b.count
      while i < count {
        // Eight ASCII bytes at a time (no byte with its high bit set): most text is ASCII.
        if i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
          i += 8
          continue
        }
        let lead = b[i]
        if lead < 0x80 {
          i += 1
          continue
        }
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return i
        }
        guard i + length <= count, second.contains(b[i + 1]) else { return i }
        for k in 2..<length where b[i + k] & 0xC0 != 0x80 { return i }
        i += length
      }
      return nil
    }
  }

}

/// Turns cmark's blocks into the note's headings, tags, links, fields, tasks and list entries.
private struct BodyReader {
  let source: SourceText
  /// File line = body line + lineOffset.
  let lineOffset: Int
  let path: String
  /// Whether the file is valid UTF-8: its lines are then read as they are, else repaired.
  let isValidUTF8: Bool
  /// The lines of `> [!conflict]` callouts (file lines): their tasks are copies, not tasks.
  let calloutLines: Set<Int>

  func read(_ document: CMarkDocument, into note: inout Note) {
    var taskLines = Set<Int>()
    var taskIndexByItem: [Int: Int] = [:]
    for (itemIndex, item) in document.items.enumerated() {
      guard let blockIndex = item.firstParagraph else { continue }
      let block = document.blocks[blockIndex]
      let line = block.span.startLine + lineOffset
      if calloutLines.contains(line) { continue }
      if block.span.startLine == item.span.startLine,
        var task = task(line: line, note: &note)
      {
        task.parentLine = parentTaskLine(item, document, taskIndexByItem, note.tasks)
        taskIndexByItem[itemIndex] = note.tasks.count
        note.tasks.append(task)
        taskLines.insert(line)
      } else {
        note.listEntries.append(ListEntry(text: block.text.trimmingTrailingSpaces(), line: line, depth: item.depth))
      }
    }

    for block in document.blocks {
      let firstLine = block.span.startLine + lineOffset
      if case .heading(let level) = block.kind {
        note.headings.append(Heading(level: level, text: block.text.trimmingTrailingSpaces(), line: firstLine))
      }
      if note.summary.isEmpty, block.kind == .paragraph, !block.inListItem {
        note.summary = Self.summary(block.text)
      }
      scan(block, taskLines: taskLines, into: &note)
    }
    if note.summary.isEmpty, let block = document.blocks.first(where: { $0.kind == .paragraph }) {
      note.summary = Self.summary(block.text)
    }
  }

  /// The task on `line`, when the line is a checkbox item; its field problems go to `note`.
  func task(line: Int, note: inout Note) -> TaskItem? {
    let range = source.lineRange(line)
    let found: (TaskItem, [TaskLineParser.Problem])?
    if isValidUTF8 {
      found = source.bytes.withUnsafeBufferPointer {
        TaskLineParser.task(utf8: UnsafeBufferPointer(rebasing: $0[range]), lineNumber: line, byteRange: range)
      }
    } else {
      // The line as its text reads it: invalid bytes as U+FFFD.
      var text = source.string(range)
      found = text.withUTF8 { TaskLineParser.task(utf8: $0, lineNumber: line, byteRange: range) }
    }
    guard let (found, problems) = found else { return nil }
    var task = found
    task.notes = notes(after: line, indentation: task.indentation)
    for problem in problems {
      note.diagnostics.append(
        Diagnostic(
          path: path, line: line, column: problem.column, severity: problem.severity,
          message: problem.message))
    }
    return task
  }

  /// A task's notes: the lines right under it indented deeper than its marker that are not
  /// list items, up to a blank line or one that is not; nil without.
  func notes(after line: Int, indentation: String) -> String? {
    let own = TaskNotesSyntax.width(indentation)
    var lines: [String] = []
    var next = line + 1
    while next <= source.lineCount {
      let text = source.string(source.lineRange(next))
      guard TaskNotesSyntax.continuesNotes(text, under: own) else { break }
      lines.append(String(text.drop { $0 == " " || $0 == "\t" }).trimmingTrailingSpaces())
      next += 1
    }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  func parentTaskLine(
    _ item: CMarkDocument.ListItem, _ document: CMarkDocument, _ taskIndexByItem: [Int: Int],
    _ tasks: [TaskItem]
  ) -> Int? {
    var parent = item.parent
    while let index = parent {
      if let taskIndex = taskIndexByItem[index] { return tasks[taskIndex].line }
      parent = document.items[index].parent
    }
    return nil
  }

  /// Tags, links and fields of a block, line by line over the raw bytes, skipping masked spans.
  func scan(_ block: CMarkDocument.Block, taskLines: Set<Int>, into note: inout Note) {
    let span = block.span
    guard span.startLine >= 1, span.endLine >= span.startLine else { return }
    // The masks of each line, sorted out once: asking every mask of the block on every line was
    // quadratic in a paragraph of many lines with code in each.
    var masksByLine = [[CMarkDocument.Span]](repeating: [], count: span.endLine - span.startLine + 1)
    for mask in block.masked where mask.startLine > 0 {
      let first = max(mask.startLine, span.startLine)
      let last = min(mask.endLine, span.endLine)
      guard first <= last else { continue }
      for bodyLine in first...last { masksByLine[bodyLine - span.startLine].append(mask) }
    }
    source.bytes.withUnsafeBufferPointer { file in
      for bodyLine in span.startLine...span.endLine {
        let line = bodyLine + lineOffset
        // The line where it is in the file's bytes: copying every line was 2% of the parse.
        let bytes = UnsafeBufferPointer(rebasing: file[source.lineRange(line)])
        let start = bodyLine == span.startLine ? span.startColumn - 1 : 0
        let end = bodyLine == span.endLine ? min(span.endColumn, bytes.count) : bytes.count
        guard start < end else { continue }
        let masked = masksByLine[bodyLine - span.startLine].compactMap { mask -> Range<Int>? in
          let lower = mask.startLine == bodyLine ? mask.startColumn - 1 : 0
          let upper = mask.endLine == bodyLine ? mask.endColumn : bytes.count
          return lower < upper ? lower..<upper : nil
        }
        let found = InlineScanner.scan(line: bytes, lineNumber: line, scanRange: start..<end, masked: masked)
        note.tags += found.tags
        note.links += found.links
        let isTaskLine = taskLines.contains(line)
        if !isTaskLine {
          note.fields += found.fields
          if block.kind == .paragraph, masked.isEmpty,
            InlineScanner.hasFieldSeparator(UnsafeBufferPointer(rebasing: bytes[start..<end])),
            let field = InlineScanner.wholeLineField(
              Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
          {
            let column = source.location(ofByte: source.lineRange(line).lowerBound + start).column
            note.fields.append(InlineField(key: field.key, value: field.value, line: line, column: column))
          }
        }
      }
    }
    source.bytes.withUnsafeBufferPointer { file in
      // Columns counted on along each line: a line of many links is one pass.
      var columns: (line: Int, counter: ColumnCounter)?
      for link in block.links where Self.isNoteLink(link.destination) {
        let line = link.span.startLine + lineOffset
        let lineStart = source.lineRange(line).lowerBound
        var counter = ColumnCounter(file, lineStart: lineStart)
        if let (known, kept) = columns, known == line { counter = kept }
        let column = counter.column(at: lineStart + link.span.startColumn - 1)
        columns = (line, counter)
        let decoded = Self.percentDecoded(link.destination)
        var target = decoded
        var subpath: String?
        if let hash = decoded.firstIndex(of: "#") {
          target = String(decoded[..<hash])
          subpath = String(decoded[decoded.index(after: hash)...])
        }
        note.links.append(
          Link(
            target: target, subpath: subpath, alias: link.text.isEmpty ? nil : link.text,
            style: .markdown, line: line, column: column))
      }
    }
  }

  /// A relative link to a Markdown file: `Note.md`, `../Projects/Garden.md#Plan`.
  static func isNoteLink(_ destination: String) -> Bool {
    let lowered = destination.lowercased()
    if lowered.contains("://") || lowered.hasPrefix("mailto:") { return false }
    let withoutFragment = lowered.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
    return withoutFragment.hasSuffix(".md")
  }

  static func percentDecoded(_ text: String) -> String {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      if byte == UInt8(ascii: "%"), let high = iterator.next(), let low = iterator.next(),
        let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
      {
        bytes.append(value)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Plain text for a summary: `[[Note|alias]]` as `alias`, `[[Note]]` as `Note`, at most 280
  /// characters.
  static func summary(_ text: String) -> String {
    // On bytes: `[`, `]`, `|` and `#` are ASCII, so no character is cut.
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var i = 0
    // The next `]]` is looked for again only once `i` has passed it, so a paragraph of
    // unclosed `[[` is one pass, not one per `[[`.
    var nextClose: Int? = -1
    while i < bytes.count {
      if let known = nextClose, known < i + 2 { nextClose = Self.find(UInt8(ascii: "]"), twiceIn: bytes, from: i + 2) }
      guard bytes[i] == UInt8(ascii: "["), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "["),
        let close = nextClose
      else {
        result.append(bytes[i])
        i += 1
        continue
      }
      let inner = bytes[(i + 2)..<close]
      if let bar = inner.firstIndex(of: UInt8(ascii: "|")) {
        result += inner[(bar + 1)...]
      } else {
        result += inner.split(separator: UInt8(ascii: "#")).first ?? inner
      }
      i = close + 2
    }
    let trimmed = String(decoding: result, as: UTF8.self).trimmingTrailingSpaces()
    // Past 280 characters, whether there are more is asked without counting them all.
    guard let cut = trimmed.index(trimmed.startIndex, offsetBy: 280, limitedBy: trimmed.endIndex),
      cut < trimmed.endIndex
    else { return trimmed }
    return String(trimmed.prefix(279)) + "…"
  }

  /// The index of the first `byte byte` pair at or after `start`.
  static func find(_ byte: UInt8, twiceIn bytes: [UInt8], from start: Int) -> Int? {
    var i = start
    while i + 1 < bytes.count {
      if bytes[i] == byte && bytes[i + 1] == byte { return i }
      i += 1
    }
    return nil
  }

}
