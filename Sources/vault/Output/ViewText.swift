import VaultCore

/// The pieces of text the views share: dates, event and task lines, bars and sparklines.
enum ViewText {
  static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
    "December",
  ]

  /// `Sunday 22 November 2026`.
  static func longDate(_ date: LocalDate) -> String {
    "\(date.weekday.name.capitalized) \(date.day) \(monthNames[date.month - 1]) \(date.year)"
  }

  /// `Sun 22 Nov`.
  static func shortDate(_ date: LocalDate) -> String {
    "\(date.weekday.name.prefix(3).capitalized) \(date.day) \(monthNames[date.month - 1].prefix(3))"
  }

  /// `09:00-09:15`, `18:30`, or `all day`.
  static func time(_ event: Event, on day: LocalDate, occurrence: EventOccurrence) -> String {
    guard !event.allDay, let start = event.startTime else { return "all day" }
    // A timed multi-day event: its start time on the first day, its end time on the last.
    if occurrence.dayCount > 1 {
      if day == occurrence.start { return "from " + start.hourMinute }
      if day == occurrence.end, let end = event.endTime { return "until " + end.hourMinute }
      return "all day"
    }
    return event.endTime.map { start.hourMinute + "-" + $0.hourMinute } ?? start.hourMinute
  }

  /// `🎸 Radiohead Concert`.
  static func title(_ event: Event) -> String {
    (event.emoji.map { $0 + " " } ?? "") + event.title
  }

  /// What follows an event's title on a day: `day 2 of 5`, the location.
  static func details(_ occurrence: EventOccurrence, on day: LocalDate) -> String {
    var parts: [String] = []
    if occurrence.dayCount > 1 { parts.append("day \(occurrence.dayNumber(of: day)) of \(occurrence.dayCount)") }
    if let location = occurrence.event.value.location { parts.append(location) }
    return parts.joined(separator: " · ")
  }

  /// The priority's emoji, or two spaces so columns stay aligned.
  static func priority(_ priority: TaskPriority) -> String { priority.emoji ?? "  " }

  /// `overdue 3 days`, `due today`, `scheduled today`, `scheduled 2 days ago`, `starts today`.
  static func reason(_ entry: Agenda.TaskEntry, today: LocalDate) -> String {
    let days = entry.daysBefore(today)
    switch entry.reason {
    case .overdue: return "overdue " + Counting.of(days, "day")
    case .due: return days == 0 ? "due today" : "due " + entry.date.description
    case .scheduled: return days == 0 ? "scheduled today" : "scheduled " + Counting.of(days, "day") + " ago"
    case .starts: return days == 0 ? "starts today" : "starts " + entry.date.description
    }
  }

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
  /// Rows as aligned columns, the `flexible` column cut so each line fits the terminal.
  func table(_ rows: [[String]], indent: Int = 2, flexible: Int) -> [String] {
    guard let width, !rows.isEmpty else { return TextTable.render(rows, indent: indent) }
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], DisplayWidth.of(cell)) }
    }
    let others = widths.enumerated().filter { $0.offset != flexible }.map(\.element).reduce(0, +)
    let room = width - indent - others - 2 * (columns - 1)
    guard widths.indices.contains(flexible), room < widths[flexible] else {
      return TextTable.render(rows, indent: indent)
    }
    let cut = rows.map { row in
      row.enumerated().map { $0.offset == flexible ? ViewText.fit($0.element, max(room, 12)) : $0.element }
    }
    // Still too wide (a narrow terminal): the line's end goes.
    return TextTable.render(cut, indent: indent).map { fitting($0, width) }
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
