/// Strict parsers for the date and time forms that notes use. They never guess: anything
/// that is not exactly one of the documented forms is `nil`, and a well-formed but impossible
/// date is reported apart so that diagnostics can say which.
public enum DateParsing {
  /// The outcome of reading something that looks like a date.
  public enum Result<Value: Sendable>: Sendable {
    case value(Value)
    /// Shaped like a date, but no such day exists (`2026-02-30`).
    case impossible
    /// Not a date at all.
    case notADate
  }

  /// `YYYY-MM-DD`, exactly.
  public static func date(_ text: Substring) -> Result<LocalDate> {
    var text = text
    return text.withUTF8 { date(utf8: $0) }
  }

  /// `date` of text given as its UTF-8 bytes.
  public static func date(utf8 s: UnsafeBufferPointer<UInt8>) -> Result<LocalDate> {
    guard s.count == 10, s[4] == UInt8(ascii: "-"), s[7] == UInt8(ascii: "-"),
      let y = number(s[0..<4]), let m = number(s[5..<7]), let d = number(s[8..<10])
    else { return .notADate }
    guard let date = LocalDate(year: y, month: m, day: d) else { return .impossible }
    return .value(date)
  }

  public static func date(_ text: String) -> Result<LocalDate> { date(Substring(text)) }

  /// A valid `YYYY-MM-DD`, or nil.
  public static func validDate(_ text: some StringProtocol) -> LocalDate? {
    if case .value(let date) = date(Substring(text)) { return date }
    return nil
  }

  /// `YYYY-MM-DD` followed by `T` or a space and `HH:mm[:ss[.fff]]`, then an optional `Z` or
  /// `±HH:mm` / `±HHmm`.
  public static func dateTime(_ text: Substring) -> Result<LocalDateTime> {
    let s = Array(text.utf8)
    guard s.count >= 16, s[10] == UInt8(ascii: "T") || s[10] == UInt8(ascii: " ") else {
      return .notADate
    }
    let datePart: Result<LocalDate> = date(Substring(decoding: s[0..<10], as: UTF8.self))
    var index = 11
    guard let hour = number(s[index..<index + 2]), s[index + 2] == UInt8(ascii: ":"),
      let minute = number(s[index + 3..<index + 5])
    else { return .notADate }
    index += 5
    var second = 0
    if index < s.count, s[index] == UInt8(ascii: ":") {
      guard index + 3 <= s.count, let value = number(s[index + 1..<index + 3]) else {
        return .notADate
      }
      second = value
      index += 3
      if index < s.count, s[index] == UInt8(ascii: ".") {
        index += 1
        let start = index
        while index < s.count, isDigit(s[index]) { index += 1 }
        if index == start { return .notADate }
      }
    }
    var offset: Int?
    if index < s.count {
      if s[index] == UInt8(ascii: "Z") && index + 1 == s.count {
        offset = 0
      } else if s[index] == UInt8(ascii: "+") || s[index] == UInt8(ascii: "-") {
        let sign = s[index] == UInt8(ascii: "-") ? -1 : 1
        let rest = Array(s[(index + 1)...])
        let digits = rest.filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 4, rest.count == 4 || (rest.count == 5 && rest[2] == UInt8(ascii: ":")),
          let hh = number(digits[0..<2]), let mm = number(digits[2..<4]), hh < 24, mm < 60
        else { return .notADate }
        offset = sign * (hh * 3600 + mm * 60)
      } else {
        return .notADate
      }
    }
    guard case .value(let day) = datePart else {
      if case .impossible = datePart { return .impossible }
      return .notADate
    }
    guard let time = LocalTime(hour: hour, minute: minute, second: second) else {
      return .impossible
    }
    return .value(LocalDateTime(date: day, time: time, utcOffset: offset))
  }

  public static func dateTime(_ text: String) -> Result<LocalDateTime> { dateTime(Substring(text)) }

  /// A time of day: `HH:mm`, `H:mm`, `HH:mm:ss`, or the 12-hour `h:mm a` forms (`7:30 pm`,
  /// `7:30PM`, `7pm`), as Full Calendar reads them.
  public static func time(_ text: some StringProtocol) -> LocalTime? {
    var s = Array(text.lowercased().utf8.filter { $0 != UInt8(ascii: " ") })
    var meridiem: Int?  // 0 am, 12 pm
    if s.count > 2, s.last == UInt8(ascii: "m") {
      let marker = s[s.count - 2]
      if marker == UInt8(ascii: "a") {
        meridiem = 0
      } else if marker == UInt8(ascii: "p") {
        meridiem = 12
      } else {
        return nil
      }
      s.removeLast(2)
    }
    let parts = s.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 }),
      let hour = number(parts[0])
    else { return nil }
    guard parts.count > 1 || meridiem != nil else { return nil }
    let minute = parts.count > 1 ? number(parts[1]) : 0
    let second = parts.count > 2 ? number(parts[2]) : 0
    guard let minute, let second, parts.dropFirst().allSatisfy({ $0.count == 2 }) else {
      return nil
    }
    var h = hour
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      h = hour % 12 + meridiem
    }
    return LocalTime(hour: h, minute: minute, second: second)
  }

  static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

  static func number<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8 {
    guard !bytes.isEmpty else { return nil }
    var value = 0
    for byte in bytes {
      guard isDigit(byte) else { return nil }
      value = value * 10 + Int(byte - 48)
    }
    return value
  }
}
