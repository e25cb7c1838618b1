/// iCalendar (RFC 5545) at the level of its syntax: components of content lines, written with
/// CRLF, folded at 75 octets and escaped; read back with line numbers for diagnostics. What the
/// lines mean (events, tasks, alarms, time zones) is `ICalendarExport` and `ICalendarImport`.
public enum ICalendar {
  /// One content line: `DTSTART;TZID=Europe/Berlin:20261128T093000`.
  public struct Property: Hashable, Sendable {
    public var name: String
    public var parameters: [Parameter]
    /// The value as written, escapes kept (`text` undoes them).
    public var value: String
    /// Where it starts in the file (1-based), for diagnostics; 0 when made in memory.
    public var line: Int

    public init(_ name: String, _ value: String, parameters: [Parameter] = [], line: Int = 0) {
      self.name = name
      self.value = value
      self.parameters = parameters
      self.line = line
    }

    /// A TEXT property: the value escaped (`\\`, `;`, `,`, newlines).
    public static func text(_ name: String, _ text: String, parameters: [Parameter] = []) -> Property {
      Property(name, ICalendar.escape(text), parameters: parameters)
    }

    /// The first value of a parameter: `TZID`, `VALUE`.
    public func parameter(_ name: String) -> String? {
      parameters.first { $0.name == name }?.values.first
    }

    /// The value as TEXT, escapes undone.
    public var text: String { ICalendar.unescape(value) }

    /// A TEXT list (`CATEGORIES:a,b`): split at unescaped commas.
    public var texts: [String] { ICalendar.splitList(value).map(ICalendar.unescape).filter { !$0.isEmpty } }
  }

  public struct Parameter: Hashable, Sendable {
    public var name: String
    public var values: [String]

    public init(_ name: String, _ values: String...) {
      self.name = name
      self.values = values
    }

    public init(_ name: String, values: [String]) {
      self.name = name
      self.values = values
    }
  }

  /// `BEGIN:VEVENT` … `END:VEVENT`, with its properties and inner components.
  public struct Component: Hashable, Sendable {
    public var name: String
    public var properties: [Property]
    public var components: [Component]
    public var line: Int

    public init(_ name: String, properties: [Property] = [], components: [Component] = [], line: Int = 0) {
      self.name = name
      self.properties = properties
      self.components = components
      self.line = line
    }

    public func first(_ name: String) -> Property? { properties.first { $0.name == name } }
    public func all(_ name: String) -> [Property] { properties.filter { $0.name == name } }

    /// The component as content lines, each ending in CRLF and folded at 75 octets.
    public var text: String {
      var result = ""
      write(into: &result)
      return result
    }

    func write(into result: inout String) {
      result += "BEGIN:\(name)\r\n"
      for property in properties { result += ICalendar.fold(ICalendar.line(property)) }
      for component in components { component.write(into: &result) }
      result += "END:\(name)\r\n"
    }
  }

  // MARK: - Writing

  /// `\`, `;`, `,` and newlines escaped as RFC 5545 wants in TEXT.
  public static func escape(_ text: String) -> String {
    // Most text (a summary, a place) needs nothing and is returned as it is. The characters
    // escaped are ASCII, so the bytes are enough.
    let special = { (byte: UInt8) in byte == 0x5C || byte == 0x3B || byte == 0x2C || byte == 0x0D || byte == 0x0A }
    guard text.utf8.contains(where: special) else { return text }
    var result: [UInt8] = []
    result.reserveCapacity(text.utf8.count + 16)
    var previousCR = false
    for byte in text.utf8 {
      switch byte {
      case 0x5C, 0x3B, 0x2C:  // \ ; ,
        result.append(0x5C)
        result.append(byte)
      case 0x0D:  // CR, and CRLF, are one line break
        result.append(0x5C)
        result.append(UInt8(ascii: "n"))
      case 0x0A:
        if !previousCR {
          result.append(0x5C)
          result.append(UInt8(ascii: "n"))
        }
      default: result.append(byte)
      }
      previousCR = byte == 0x0D
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// A parameter value, in quotes when it holds `:`, `;` or `,`; quotes and control
  /// characters, which a parameter cannot hold, are dropped.
  static func parameterValue(_ value: String) -> String {
    let clean = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\"" && $0.value >= 0x20 }))
    return clean.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(clean)\"" : clean
  }

  static func line(_ property: Property) -> String {
    var text = property.name
    for parameter in property.parameters {
      text += ";\(parameter.name)=" + parameter.values.map(parameterValue).joined(separator: ",")
    }
    return text + ":" + property.value
  }

  /// Folds a line at 75 octets (a CRLF and a space before each continuation), never inside a
  /// UTF-8 sequence; the result ends in CRLF.
  public static func fold(_ line: String) -> String {
    guard line.utf8.count > 75 else { return line + "\r\n" }
    var line = line
    return line.withUTF8 { bytes in
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count + bytes.count / 74 * 3 + 2)
      var octets = 0
      var at = 0
      while at < bytes.count {
        // A character's bytes stay on one line: its size from its first byte.
        let lead = bytes[at]
        let size = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        if octets + size > 75 {
          result.append(contentsOf: [0x0D, 0x0A, 0x20])
          octets = 1
        }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[at..<min(at + size, bytes.count)]))
        octets += size
        at += size
      }
      result.append(0x0D)
      result.append(0x0A)
      return String(decoding: result, as: UTF8.self)
    }
  }

  /// A whole calendar: VCALENDAR with its version and product, then the components.
  public static func calendar(name: String?, components: [Component]) -> String {
    var properties = [
      Property("VERSION", "2.0"), Property("PRODID", "-//vault//vault plain-text planner//EN"),
      Property("CALSCALE", "GREGORIAN"),
    ]
    if let name { properties.append(.text("X-WR-CALNAME", name)) }
    return Component("VCALENDAR", properties: properties, components: components).text
  }

  // MARK: - Reading

  /// A problem found while reading, at a line of the file.
  public struct Problem: Hashable, Sendable {
    public var line: Int
    public var message: String
    public var isError: Bool
  }

  /// The components of a file (usually one VCALENDAR), with what was wrong in it. A broken
  /// line is reported and skipped; a component left open at the end is reported and dropped,
  /// so nothing half-read is used.
  public static func parse(_ text: String) -> (components: [Component], problems: [Problem]) {
    var problems: [Problem] = []
    var stack: [Component] = []
    var finished: [Component] = []
    for (number, line) in unfold(text) {
      guard let property = parseLine(line, number: number) else {
        if !line.allSatisfy({ $0 == " " || $0 == "\t" }) {
          problems.append(Problem(line: number, message: "not a content line: '\(line.prefix(40))'", isError: true))
        }
        continue
      }
      switch property.name {
      case "BEGIN":
        stack.append(Component(String(property.value.uppercased().prefix(40)), line: number))
      case "END":
        let name = String(property.value.uppercased().prefix(40))
        guard let depth = stack.lastIndex(where: { $0.name == name }) else {
          problems.append(Problem(line: number, message: "END:\(name) without BEGIN", isError: true))
          continue
        }
        // Components opened inside and never closed are left out; the complete components
        // inside them are kept (a VTODO whose END is misspelt does not take the events after it).
        while stack.count > depth + 1 {
          let unclosed = stack.removeLast()
          stack[stack.count - 1].components += unclosed.components
          problems.append(
            Problem(
              line: unclosed.line,
              message: "BEGIN:\(unclosed.name) is never closed (END:\(name) at line \(number)); left out",
              isError: true))
        }
        let open = stack.removeLast()
        if stack.isEmpty {
          finished.append(open)
        } else {
          stack[stack.count - 1].components.append(open)
        }
      default:
        guard !stack.isEmpty else {
          problems.append(Problem(line: number, message: "\(property.name) outside any component", isError: true))
          continue
        }
        stack[stack.count - 1].properties.append(property)
      }
    }
    // A truncated file: the calendar keeps what was complete in it; anything else open is left out.
    while let open = stack.popLast() {
      if open.name == "VCALENDAR" {
        problems.append(
          Problem(
            line: open.line,
            message: "BEGIN:VCALENDAR is never closed (a truncated file?); its complete parts are read",
            isError: true))
        if stack.isEmpty { finished.append(open) } else { stack[stack.count - 1].components.append(open) }
      } else {
        problems.append(
          Problem(
            line: open.line, message: "BEGIN:\(open.name) is never closed (a truncated file?); left out", isError: true)
        )
      }
    }
    return (finished, problems)
  }

  /// The logical lines of a file, with the number of the line each starts on: a line that
  /// starts with a space or a tab continues the one before (CRLF, LF or a lone CR alike).
  /// Folding is of octets (RFC 5545 3.1), so this works on bytes: split as `Character`s, a
  /// file with a 37 MB attachment took 4 of its 5 seconds of import here.
  static func unfold(_ text: String) -> [(Int, String)] {
    var result: [(Int, String)] = []
    var text = text
    text.withUTF8 { bytes in
      var logical: [UInt8] = []
      var logicalNumber = 0
      func finish() {
        if logicalNumber > 0 { result.append((logicalNumber, String(decoding: logical, as: UTF8.self))) }
      }
      var number = 0
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        number += 1
        if end > start {
          let first = bytes[start]
          if (first == 0x20 || first == 0x09), logicalNumber > 0 {
            logical.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]))
          } else {
            finish()
            logical.removeAll(keepingCapacity: true)
            logical.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            logicalNumber = number
          }
        }
        // CRLF is one line break.
        let crlf = end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A
        start = end + (crlf ? 2 : 1)
      }
      finish()
    }
    return result
  }

  /// `NAME;PARAM=a,"b:c":value`; nil when there is no name or no colon.
  static func parseLine(_ line: String, number: Int) -> Property? {
    var index = line.startIndex
    func readName() -> String {
      let start = index
      while index < line.endIndex, line[index].isLetter || line[index].isNumber || line[index] == "-" {
        index = line.index(after: index)
      }
      return line[start..<index].uppercased()
    }
    let name = readName()
    guard !name.isEmpty else { return nil }
    var parameters: [Parameter] = []
    while index < line.endIndex, line[index] == ";" {
      index = line.index(after: index)
      let parameterName = readName()
      guard !parameterName.isEmpty, index < line.endIndex, line[index] == "=" else { return nil }
      index = line.index(after: index)
      var values: [String] = []
      while true {
        var value = ""
        if index < line.endIndex, line[index] == "\"" {
          index = line.index(after: index)
          while index < line.endIndex, line[index] != "\"" {
            value.append(line[index])
            index = line.index(after: index)
          }
          guard index < line.endIndex else { return nil }
          index = line.index(after: index)
        } else {
          while index < line.endIndex, !";:,".contains(line[index]) {
            value.append(line[index])
            index = line.index(after: index)
          }
        }
        values.append(value)
        guard index < line.endIndex, line[index] == "," else { break }
        index = line.index(after: index)
      }
      parameters.append(Parameter(parameterName, values: values))
    }
    guard index < line.endIndex, line[index] == ":" else { return nil }
    return Property(name, String(line[line.index(after: index)...]), parameters: parameters, line: number)
  }

  /// TEXT with its escapes undone: `\n` a newline, `\,` `\;` `\\` themselves.
  public static func unescape(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var result = ""
    var escaped = false
    for character in text {
      if escaped {
        result.append(character == "n" || character == "N" ? "\n" : character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// A list value split at commas that are not escaped.
  static func splitList(_ value: String) -> [String] {
    var parts: [String] = []
    var current = ""
    var escaped = false
    for character in value {
      if escaped {
        current.append(character)
        escaped = false
      } else if character == "\\" {
        current.append(character)
        escaped = true
      } else if character == "," {
        parts.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current)
    return parts
  }
}
