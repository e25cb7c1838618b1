/// A colour as notes and settings write it (`#3b82f6`, `#38f`, `red`), as 8-bit RGB.
public struct TerminalColor: Hashable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

  /// `#rrggbb`.
  public var hex: String {
    "#"
      + [red, green, blue].map { value in
        let digits = String(value, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
  }

  /// The CSS names people use for calendars, as CSS defines them.
  static let names: [String: (UInt8, UInt8, UInt8)] = [
    "black": (0, 0, 0), "white": (255, 255, 255), "red": (255, 0, 0), "green": (0, 128, 0),
    "blue": (0, 0, 255), "yellow": (255, 255, 0), "orange": (255, 165, 0), "purple": (128, 0, 128),
    "pink": (255, 192, 203), "brown": (165, 42, 42), "gray": (128, 128, 128), "grey": (128, 128, 128),
    "cyan": (0, 255, 255), "magenta": (255, 0, 255), "teal": (0, 128, 128), "navy": (0, 0, 128),
    "lime": (0, 255, 0), "olive": (128, 128, 0), "maroon": (128, 0, 0), "gold": (255, 215, 0),
  ]

  /// `#rrggbb`, `#rgb` or a CSS colour name; nil for anything else.
  public static func parse(_ text: String) -> TerminalColor? {
    let trimmed = text.trimmingSpaces().lowercased()
    if let (red, green, blue) = names[trimmed] { return TerminalColor(red: red, green: green, blue: blue) }
    guard trimmed.hasPrefix("#") else { return nil }
    var digits = Array(trimmed.dropFirst())
    guard digits.allSatisfy(\.isHexDigit) else { return nil }
    if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
    guard digits.count == 6 else { return nil }
    let values = stride(from: 0, to: 6, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    return TerminalColor(red: values[0], green: values[1], blue: values[2])
  }
}
