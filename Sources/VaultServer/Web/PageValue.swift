import Foundation

/// The values a page template reads: what `vault … --json` prints for the same view, as plain
/// dictionaries and arrays (a JSON null is left out, so a section on it renders nothing). A
/// page and its command agree because they are the same encoding.
enum PageValue {
  static func of(_ value: some Encodable) throws -> Any {
    let data = try JSONEncoder().encode(value)
    return try JSONDecoder().decode(JSONValue.self, from: data).plain ?? [:]
  }

  private enum JSONValue: Decodable {
    case null, bool(Bool), integer(Int), number(Double), string(String)
    case array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if container.decodeNil() {
        self = .null
      } else if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Int.self) {
        self = .integer(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else if let value = try? container.decode([JSONValue].self) {
        self = .array(value)
      } else {
        self = .object(try container.decode([String: JSONValue].self))
      }
    }

    var plain: Any? {
      switch self {
      case .null: nil
      case .bool(let value): value
      case .integer(let value): value
      case .number(let value): value
      case .string(let value): value
      case .array(let values): values.map { $0.plain ?? "" }
      case .object(let fields): fields.compactMapValues(\.plain)
      }
    }
  }
}
