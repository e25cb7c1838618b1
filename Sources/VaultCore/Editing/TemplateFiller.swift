/// Obsidian's template variables, as the core Templates and Daily notes plugins fill them:
/// `{{title}}`, `{{date}}`, `{{time}}`, `{{date:FORMAT}}`, `{{time:FORMAT}}` (any moment.js
/// format, date and time tokens alike), the daily-notes-interface forms `{{date+1d:FORMAT}}`
/// (units y, q, w, d, h, m for minutes, s), `{{yesterday}}` and `{{tomorrow}}`; spaces inside
/// the braces and any letter case, as in the plugins' own pattern. Anything else, Templater's
/// `<% … %>` included, is left as written.
public enum TemplateFiller {
  /// `dateFormat` and `timeFormat` are those of `{{date}}` and `{{time}}` (templates.json, or
  /// the daily note's format); `utcOffset` (seconds east of UTC) is for `Z` and `X`.
  public static func fill(
    _ template: String, title: String, date: LocalDate, time: LocalTime, dateFormat: String = "YYYY-MM-DD",
    timeFormat: String = "HH:mm", utcOffset: Int = 0
  ) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstRange(of: "{{") {
      result += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
        rest = rest[open.lowerBound...]
        break
      }
      let inside = rest[open.upperBound..<close.lowerBound]
      let moment = Moment(date: date, time: time)
      result +=
        value(
          of: inside, title: title, at: moment, dateFormat: dateFormat, timeFormat: timeFormat, utcOffset: utcOffset)
        ?? "{{\(inside)}}"
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  /// A date and time of day that can be moved by moment's units.
  struct Moment {
    var date: LocalDate
    var time: LocalTime

    func adding(_ count: Int, _ unit: Character) -> Moment {
      switch unit {
      case "y", "q":
        let months = count * (unit == "y" ? 12 : 3)
        let total = date.year * 12 + date.month - 1 + months
        let (year, month) = (total / 12, total % 12 + 1)
        let day = min(date.day, LocalDate.daysIn(month: month, year: year))
        return Moment(date: LocalDate(year: year, month: month, day: day) ?? date, time: time)
      case "w": return Moment(date: date.adding(days: 7 * count), time: time)
      case "d": return Moment(date: date.adding(days: count), time: time)
      default:
        let moved = LocalDateTime(date: date, time: time).adding(
          seconds: count * (unit == "h" ? 3600 : unit == "m" ? 60 : 1))
        return Moment(date: moved.date, time: moved.time)
      }
    }
  }

  static func value(
    of inside: Substring, title: String, at moment: Moment, dateFormat: String, timeFormat: String, utcOffset: Int
  ) -> String? {
    let name = inside.trimmingSpaces()
    switch name.lowercased() {
    case "title": return title
    case "yesterday": return MomentFormat(dateFormat).format(moment.date.adding(days: -1))
    case "tomorrow": return MomentFormat(dateFormat).format(moment.date.adding(days: 1))
    default: break
    }
    // (date|time) [+-N unit] [:FORMAT]
    var rest = Substring(name)
    let word = rest.prefix(4).lowercased()
    guard word == "date" || word == "time" else { return nil }
    rest = rest.dropFirst(4).drop { $0 == " " }
    var shifted = moment
    if let sign = rest.first, sign == "+" || sign == "-" {
      let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
      guard let count = Int(digits), let unit = rest.dropFirst(1 + digits.count).first?.lowercased().first,
        "yqmwdhs".contains(unit)
      else { return nil }
      shifted = moment.adding(sign == "-" ? -count : count, unit)
      rest = rest.dropFirst(2 + digits.count).drop { $0 == " " }
    }
    let format: String
    if rest.isEmpty {
      format = word == "date" ? dateFormat : timeFormat
    } else if rest.first == ":" {
      format = rest.dropFirst().trimmingSpaces()
    } else {
      return nil
    }
    return MomentFormat(format).format(shifted.date, time: shifted.time, utcOffset: utcOffset)
  }
}
