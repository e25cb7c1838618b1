@preconcurrency import Rainbow
import VaultCore

/// `vault calendar`'s grids as text: a month (or a week) is a block 38 cells wide — the week
/// number, then five cells a day — and several months stand side by side as `cal -3` prints
/// them, as many to a row as the terminal's width holds.
///
/// A week is a row of day numbers, a row of marks (only when a day has some: one place per
/// kind, so `!` always sits under `!`), and one row per lane of multi-day events drawn as bars.
struct CalendarText {
  let terminal: Terminal
  let today: LocalDate
  let weekStart: Weekday

  static let blockWidth = 38
  static let gap = 2
  /// The marks' glyphs, in `CalendarGrid.Mark` order.
  static let glyphs: [CalendarGrid.Mark: String] = [.event: "*", .task: "!", .note: "+", .journal: "✎"]

  /// The legend under the grids, in as many lines as the terminal's width needs.
  var legend: [String] {
    let items =
      ["* event", "━ multi-day event", "! task due", "+ dated note", "✎ journal"]
      + (terminal.colored ? [] : ["> today"])
    var lines: [String] = []
    for item in items {
      if let last = lines.last, DisplayWidth.of(last) + 2 + DisplayWidth.of(item) <= terminal.width ?? Int.max {
        lines[lines.count - 1] = last + "  " + item
      } else {
        lines.append(item)
      }
    }
    return lines.map(terminal.dim)
  }

  /// A month's (or a week's) lines: its title and weekdays, then each week's lines.
  struct Block {
    var header: [Line]
    var weeks: [[Line]]
  }

  /// Blocks side by side, `perRow` to a row, a blank line between rows of blocks. The i-th
  /// weeks of the blocks in a row start on the same line, as in `cal -3`.
  func sideBySide(_ blocks: [Block], perRow: Int) -> [String] {
    var lines: [String] = []
    let perRow = max(1, perRow)
    let rows = stride(from: 0, to: blocks.count, by: perRow).map { Array(blocks[$0..<min(blocks.count, $0 + perRow)]) }
    for (number, row) in rows.enumerated() {
      if number > 0 { lines.append("") }
      // Each block as a column of lines, its weeks padded to the tallest week beside them.
      var columns: [[Line]] = row.map(\.header)
      for index in 0..<(row.map(\.weeks.count).max() ?? 0) {
        let height = row.map { index < $0.weeks.count ? $0.weeks[index].count : 0 }.max() ?? 0
        for (column, block) in row.enumerated() {
          let week = index < block.weeks.count ? block.weeks[index] : []
          columns[column] += week + Array(repeating: Line(), count: height - week.count)
        }
      }
      for index in 0..<(columns.map(\.count).max() ?? 0) {
        var line = Line()
        for (column, block) in columns.enumerated() {
          if column > 0 { line.pad(to: column * (Self.blockWidth + Self.gap)) }
          if index < block.count { line.append(block[index]) }
        }
        lines.append(line.text.trimmingTrailingSpaces())
      }
    }
    return lines
  }

  /// How many blocks go side by side in `width` columns (three in a pipe, as `cal -3`).
  static func perRow(width: Int?) -> Int {
    guard let width else { return 3 }
    return max(1, (width + gap) / (blockWidth + gap))
  }

  /// One block: the title centred over the days, the weekdays, then each week.
  func block(title: String, grid: CalendarGrid) -> Block {
    var lines: [Line] = []
    var heading = Line()
    heading.pad(to: 3 + max(0, (35 - DisplayWidth.of(title)) / 2))
    heading.append(title, styled: terminal.heading(title))
    lines.append(heading)
    var names = Line()
    names.pad(to: 3)
    for offset in 0..<7 {
      let name = Weekday(rawValue: (weekStart.rawValue + offset) % 7)?.name ?? ""
      names.append("  " + name.prefix(2).capitalized + " ")
    }
    lines.append(names)
    return Block(header: lines, weeks: grid.weeks.map(week))
  }

  private func week(_ week: CalendarGrid.Week) -> [Line] {
    var numbers = Line()
    let label = (week.number < 10 ? " " : "") + String(week.number)
    numbers.append(label, styled: terminal.dim(label))
    numbers.append(" ")
    for cell in week.days {
      guard let cell else {
        numbers.append("     ")
        continue
      }
      let digits = (cell.date.day < 10 ? " " : "") + String(cell.date.day)
      let isToday = cell.date == today
      numbers.append(isToday && !terminal.colored ? " >" : "  ")
      numbers.append(digits, styled: isToday ? terminal.inverse(digits) : digits)
      numbers.append(" ")
    }
    var lines = [numbers]
    if week.days.contains(where: { !($0?.marks.isEmpty ?? true) }) {
      var marks = Line()
      marks.pad(to: 3)
      for cell in week.days {
        marks.append(" ")
        for mark in CalendarGrid.Mark.allCases {
          guard let cell, cell.marks.contains(mark), let glyph = Self.glyphs[mark] else {
            marks.append(" ")
            continue
          }
          marks.append(glyph, styled: styled(glyph, mark, cell))
        }
      }
      lines.append(marks)
    }
    for lane in week.lanes {
      var row = Line()
      for bar in lane {
        // From the cell's second place to its fourth, or to the cell's edge when it goes on.
        let start = 3 + bar.first * 5 + (bar.continuesBefore ? 0 : 1)
        let end = 3 + bar.last * 5 + (bar.continuesAfter ? 5 : 4)
        row.pad(to: start)
        let text = barText(bar.occurrence.event.value, width: end - start)
        row.append(text, styled: terminal.colored ? text.hex(bar.color ?? "#22d3ee") : text)
      }
      lines.append(row)
    }
    return lines
  }

  /// The event's title at the start of its bar, cut to fit, the rest of the bar drawn.
  private func barText(_ event: Event, width: Int) -> String {
    let title = ViewWords.title(event)
    let used = DisplayWidth.of(title)
    return used >= width ? ViewText.fit(title, width) : title + String(repeating: "━", count: width - used)
  }

  private func styled(_ glyph: String, _ mark: CalendarGrid.Mark, _ cell: CalendarGrid.Cell) -> String {
    guard terminal.colored else { return glyph }
    switch mark {
    case .event: return glyph.hex(cell.eventColor ?? "#22d3ee").bold
    case .task: return glyph.red.bold
    case .note: return glyph.green
    case .journal: return glyph.magenta
    }
  }

  /// A line being built, with its width in cells tracked apart from its styling.
  struct Line {
    private(set) var text = ""
    private(set) var width = 0

    mutating func append(_ plain: String, styled: String? = nil) {
      text += styled ?? plain
      width += DisplayWidth.of(plain)
    }

    mutating func append(_ other: Line) {
      text += other.text
      width += other.width
    }

    mutating func pad(to column: Int) {
      if column > width { append(String(repeating: " ", count: column - width)) }
    }
  }
}
