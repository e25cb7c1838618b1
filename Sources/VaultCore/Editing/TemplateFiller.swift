/// Obsidian's template variables, as the core Templates and Daily notes plugins fill them:
/// `{{title}}`, `{{date}}`, `{{time}}`, `{{date:FORMAT}}`, `{{time:FORMAT}}` (moment.js formats).
/// Anything else, Templater's `<% … %>` included, is left as written.
public enum TemplateFiller {
  public static func fill(
    _ template: String, title: String, date: LocalDate, time: LocalTime, dateFormat: String = "YYYY-MM-DD"
  ) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstRange(of: "{{") {
      result += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
        rest = rest[open.lowerBound...]
        break
      }
      let name = rest[open.upperBound..<close.lowerBound].trimmingSpaces()
      result += value(of: name, title: title, date: date, time: time, dateFormat: dateFormat) ?? "{{\(name)}}"
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  static func value(of name: String, title: String, date: LocalDate, time: LocalTime, dateFormat: String) -> String? {
    switch name.lowercased() {
    case "title": return title
    case "date": return MomentFormat(dateFormat).format(date)
    case "time": return time.hourMinute
    default: break
    }
    if name.lowercased().hasPrefix("date:") { return MomentFormat(String(name.dropFirst(5))).format(date) }
    if name.lowercased().hasPrefix("time:") {
      // Times in moment formats: HH, H, mm, A; a date-only formatter does not know them.
      var text = String(name.dropFirst(5))
      for (token, value) in [
        ("HH", pad(time.hour, 2)), ("mm", pad(time.minute, 2)),
      ] {
        text = text.replacing(token, with: value)
      }
      return text
    }
    return nil
  }
}
