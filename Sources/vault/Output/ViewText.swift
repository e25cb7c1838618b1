import VaultCore

/// The pieces of text the views share: dates, event and task lines, bars and sparklines.
enum ViewText {
  /// A task as the views list it: its text (without the Tasks plugin's global filter, when the
  /// plugin hides it), labels in their colours, then its attributes, dimmed: `Book dentist
  /// 15m · low energy`.
  static func task(_ item: TaskItem, _ settings: TasksPluginSettings, _ labels: [Label], _ terminal: Terminal) -> String
  {
    let text = terminal.labelled(settings.shown(item.text), labels)
    let facts = item.fields.isEmpty ? [] : item.attributes.facts
    return facts.isEmpty ? text : text + "  " + terminal.dim(facts.joined(separator: " · "))
  }

  /// The priority's emoji, or two spaces so columns stay aligned.
  static func priority(_ priority: TaskPriority) -> String { priority.emoji ?? "  " }

  /// `overdue 3 days`, `due today`, `scheduled today`, `scheduled 2 days ago`, `starts today`.
  static func reason(_ entry: Agenda.TaskEntry, today: LocalDate) -> String { ViewWords.reason(entry, today: today) }

  /// `████████░░░░░░░░  40%`; `   ?` without progress.
  static func bar(_ progress: Double?, width: Int = 16) -> String {
    guard let progress else { return String(repeating: "·", count: width) + "    ?" }
    let clamped = min(max(progress, 0), 1)
    let filled = Int((clamped * Double(width)).rounded())
    let percent = String(Int((clamped * 100).rounded()))
    return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + " "
      + String(repeating: " ", count: 4 - percent.count) + percent + "%"
  }

  /// `text` wrapped to the terminal's width (one line in a pipe), each line indented.
  static func indented(_ text: String, by indent: Int, terminal: Terminal) -> [String] {
    let pad = String(repeating: " ", count: indent)
    let lines = terminal.width.map { wrap(text, max($0 - indent, 20)) } ?? [text]
    return lines.map { pad + $0 }
  }

  /// `40%`, `12.5%`.
  static func percent(_ fraction: Double) -> String { Goal.percentText(fraction) + "%" }

  /// Moods 1-10 as block heights; a day without one is `·`.
  static func sparkline(_ moods: [Int?]) -> String {
    let blocks = Array("▁▂▃▄▅▆▇█")
    return String(
      moods.map { mood in
        guard let mood else { return "·" }
        return blocks[min(max((mood - 1) * blocks.count / 10, 0), blocks.count - 1)]
      })
  }

  /// `in 12 days`, `23 days left`, `3 days overdue` for a goal's target.
  static func daysLeft(_ days: Int?) -> String {
    guard let days else { return "no target date" }
    if days == 0 { return "due today" }
    return days > 0 ? Counting.of(days, "day") + " left" : Counting.of(-days, "day") + " past the target"
  }

  /// The text broken into lines of at most `width` cells at spaces (a longer word is cut).
  static func wrap(_ text: String, _ width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if DisplayWidth.of(candidate) <= width || line.isEmpty {
        line = DisplayWidth.of(candidate) <= width ? candidate : fit(candidate, width)
      } else {
        lines.append(line)
        line = DisplayWidth.of(String(word)) <= width ? String(word) : fit(String(word), width)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// Prose on lines of at most `width` cells (any width in a pipe), broken at spaces, never
  /// inside a word (a path, a command); the lines after the first indented by `indent`. Each
  /// line of `text` is wrapped on its own, keeping its own leading spaces.
  static func wrapped(_ text: String, width: Int?, indent: Int = 0) -> [String] {
    guard let width else { return text.components(separatedBy: "\n") }
    let margin = String(repeating: " ", count: indent)
    return text.components(separatedBy: "\n").flatMap { paragraph -> [String] in
      guard DisplayWidth.of(paragraph) > width else { return [paragraph] }
      let lead = String(paragraph.prefix { $0 == " " })
      var lines: [String] = []
      var line = lead
      for word in paragraph.dropFirst(lead.count).split(separator: " ", omittingEmptySubsequences: false) {
        let start = line == lead || line == margin
        let candidate = start ? line + word : line + " " + word
        if start || DisplayWidth.of(candidate) <= width {
          line = candidate
        } else {
          lines.append(line)
          line = margin + word
        }
      }
      lines.append(line)
      return lines
    }
  }

  /// Parts joined by `separator` on lines of at most `width` cells (any width in a pipe),
  /// each line indented; a part is never broken.
  static func joined(_ parts: [String], by separator: String, indent: Int, width: Int?) -> [String] {
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    for part in parts {
      if let last = lines.last, DisplayWidth.of(last + separator + part) <= width ?? .max {
        lines[lines.count - 1] = last + separator + part
      } else {
        lines.append(margin + part)
      }
    }
    return lines
  }

  /// The text cut to `width` terminal cells, with `…` where it was cut.
  static func fit(_ text: String, _ width: Int) -> String {
    guard width > 0, DisplayWidth.of(text) > width else { return text }
    var result = ""
    var used = 0
    for character in text {
      let cell = DisplayWidth.of(character)
      if used + cell > width - 1 { break }
      result.append(character)
      used += cell
    }
    return result + "…"
  }
}

extension Terminal {
  /// Rows as aligned columns that fit the terminal (`tableRows`), one line after another.
  func table(_ rows: [[String]], indent: Int = 2, flexible: Int, trailing: Int = 0) -> [String] {
    tableRows(rows, indent: indent, flexible: flexible, trailing: trailing).flatMap { $0 }
  }

  /// Rows as aligned columns that fit the terminal, the item's own text (column `flexible`)
  /// getting the width first, each row's lines apart:
  /// 1. the whole row on one line, when every row fits;
  /// 2. else the last `trailing` columns (where the item is: its id, `path:line`) on a second,
  ///    dimmer line under the text, when the rest fits;
  /// 3. else the text on its own line, wrapped, and what follows it on the next line.
  /// In a pipe (no width) rows are never cut or broken.
  func tableRows(_ rows: [[String]], indent: Int = 2, flexible: Int, trailing: Int = 0) -> [[String]] {
    let single = TextTable.render(rows, indent: indent)
    guard let width, !rows.isEmpty, single.contains(where: { DisplayWidth.of($0) > width }) else {
      return single.map { [$0] }
    }
    // Where the text starts: after the aligned columns before it.
    var leadWidths = [Int](repeating: 0, count: flexible)
    for row in rows {
      for index in 0..<min(flexible, row.count) {
        leadWidths[index] = max(leadWidths[index], DisplayWidth.of(row[index]))
      }
    }
    let textColumn = indent + leadWidths.reduce(0, +) + 2 * flexible
    // A row's further lines start a little right of its text, so each item stands out.
    let under = String(repeating: " ", count: textColumn + 4)
    if trailing > 0 {
      let main = rows.map { Array($0.dropLast(trailing)) }
      let lines = TextTable.render(main, indent: indent)
      if !lines.contains(where: { DisplayWidth.of($0) > width }) {
        return zip(lines, rows).map { line, row in
          let rest = row.suffix(trailing).filter { !$0.isEmpty }.joined(separator: "  ")
          return rest.isEmpty ? [line] : [line, fitting(under + rest, width)]
        }
      }
    }
    let room = max(width - textColumn - 4, 16)
    return rows.map { row in
      var lead = String(repeating: " ", count: indent)
      for index in 0..<min(flexible, row.count) {
        lead += row[index] + String(repeating: " ", count: leadWidths[index] - DisplayWidth.of(row[index]) + 2)
      }
      let text = row.count > flexible ? row[flexible] : ""
      let wrapped = ViewText.wrap(text, room)
      var lines = wrapped.enumerated().map { $0.offset == 0 ? lead + $0.element : under + $0.element }
      if lines.isEmpty { lines = [lead] }
      // What follows the text on one line, else its details and where it is on one line each.
      let after = Array(row.dropFirst(flexible + 1))
      let rest = after.filter { !$0.isEmpty }.joined(separator: "  ")
      if DisplayWidth.of(under + rest) <= width || trailing == 0 || after.count <= trailing {
        if !rest.isEmpty { lines.append(fitting(under + rest, width)) }
      } else {
        let details = after.dropLast(trailing).filter { !$0.isEmpty }.joined(separator: "  ")
        let place = after.suffix(trailing).filter { !$0.isEmpty }.joined(separator: "  ")
        for part in [details, place] where !part.isEmpty { lines.append(fitting(under + part, width)) }
      }
      return lines.map { $0.trimmingTrailingSpaces() }
    }
  }

  /// A line cut to `width` cells, colour codes kept whole and reset after the cut.
  func fitting(_ line: String, _ width: Int) -> String {
    guard DisplayWidth.of(line) > width else { return line }
    var result = ""
    var used = 0
    var inEscape = false
    for character in line {
      if character == "\u{1B}" || inEscape {
        inEscape = character == "\u{1B}" || !character.isLetter
        result.append(character)
        continue
      }
      let cell = DisplayWidth.of(character)
      if used + cell > width - 1 { break }
      result.append(character)
      used += cell
    }
    return result + "…" + (colored ? "\u{1B}[0m" : "")
  }
}
