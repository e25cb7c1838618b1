import Foundation
import Testing

/// Every view's `--json` output validated against docs/schemas/views.schema.json,
/// the schema docs/JSON.md documents.
@Suite struct JSONSchemaTests {
  nonisolated(unsafe) static let schema: [String: Any] = {
    let url = Fixture.repository.appendingPathComponent("docs/schemas/views.schema.json")
    let data = (try? Data(contentsOf: url)) ?? Data()
    return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
  }()

  @Test(arguments: [
    ("today", ["today"], "ExampleVault", "2026-11-23"),
    ("today", ["today"], "FixedDates", "2027-01-28"),
    ("countdown", ["countdown", "--all"], "ExampleVault", "2026-11-23"),
    ("countdown", ["countdown", "--past"], "FixedDates", "2027-01-28"),
    ("agenda", ["agenda", "--days", "14"], "ExampleVault", "2026-11-23"),
    ("agenda", ["agenda", "--days", "10"], "FixedDates", "2027-01-28"),
    ("calendar", ["calendar"], "ExampleVault", "2026-11-23"),
    ("tasks", ["tasks", "--status", "all"], "ExampleVault", "2026-11-23"),
    ("goals", ["goals", "--all"], "FixedDates", "2027-01-28"),
    ("tags", ["tags"], "ExampleVault", "2026-11-23"),
    ("tagged", ["tags", "health"], "ExampleVault", "2026-11-23"),
    ("mood", ["mood", "--weeks", "6"], "ExampleVault", "2026-11-23"),
    ("insights", ["insights"], "ExampleVault", "2026-11-23"),
    ("align", ["align"], "ExampleVault", "2026-11-23"),
  ])
  func outputMatchesTheDocumentedSchema(view: String, arguments: [String], fixture: String, today: String) throws {
    let folder = try Fixture.copy(fixture)
    let result = try CLI.run(
      arguments + ["--json"], in: folder,
      environment: ["VAULT_TODAY": today, "VAULT_INDEX": folder.path + "-index.sqlite"])
    #expect(result.status == 0)
    let value = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    let problems = SchemaValidator(root: Self.schema).problems(value, against: ["$ref": "#/$defs/\(view)"], at: "$")
    #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
  }

  @Test func theValidatorFindsProblems() {
    let validator = SchemaValidator(root: Self.schema)
    let wrong: [String: Any] = ["today": "22 Nov", "week": 60]
    let problems = validator.problems(wrong, against: ["$ref": "#/$defs/today"], at: "$")
    #expect(problems.contains("$: missing key 'events'"))
    #expect(problems.contains("$.today: '22 Nov' does not match ^[0-9]{4}-[0-9]{2}-[0-9]{2}$"))
    #expect(problems.contains("$.week: 60 is above 53"))
  }
}

/// The part of JSON Schema (2020-12) the views' schema uses: type, enum, pattern, required,
/// properties, items, minimum, maximum, $ref into $defs, allOf, anyOf.
struct SchemaValidator {
  let root: [String: Any]

  func problems(_ value: Any, against schema: [String: Any], at path: String) -> [String] {
    var found: [String] = []
    if let reference = schema["$ref"] as? String {
      let name = reference.replacingOccurrences(of: "#/$defs/", with: "")
      guard let target = (root["$defs"] as? [String: Any])?[name] as? [String: Any] else {
        return ["\(path): unknown $ref \(reference)"]
      }
      found += problems(value, against: target, at: path)
    }
    for part in schema["allOf"] as? [[String: Any]] ?? [] { found += problems(value, against: part, at: path) }
    if let options = schema["anyOf"] as? [[String: Any]],
      !options.contains(where: { problems(value, against: $0, at: path).isEmpty })
    {
      found.append("\(path): matches none of anyOf")
    }
    if let type = schema["type"] {
      let types = (type as? [String]) ?? [(type as? String) ?? ""]
      if !types.contains(where: { Self.value(value, is: $0) }) {
        return found + ["\(path): \(Self.describe(value)) is not \(types.joined(separator: " or "))"]
      }
    }
    if let options = schema["enum"] as? [String] {
      if !(value is String) || !options.contains(value as? String ?? "") {
        found.append("\(path): \(Self.describe(value)) is not one of \(options.joined(separator: ", "))")
      }
    }
    if let pattern = schema["pattern"] as? String, let text = value as? String,
      text.range(of: pattern, options: .regularExpression) == nil
    {
      found.append("\(path): '\(text)' does not match \(pattern)")
    }
    if let number = value as? NSNumber, !(value is Bool) {
      if let minimum = schema["minimum"] as? Double, number.doubleValue < minimum {
        found.append("\(path): \(number) is below \(minimum)")
      }
      if let maximum = schema["maximum"] as? Double, number.doubleValue > maximum {
        found.append("\(path): \(number) is above \(Int(maximum))")
      }
    }
    if let object = value as? [String: Any] {
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        found.append("\(path): missing key '\(key)'")
      }
      for (key, child) in schema["properties"] as? [String: [String: Any]] ?? [:] {
        if let member = object[key] { found += problems(member, against: child, at: "\(path).\(key)") }
      }
    }
    if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
      for (index, element) in array.enumerated() { found += problems(element, against: items, at: "\(path)[\(index)]") }
    }
    return found
  }

  static func value(_ value: Any, is type: String) -> Bool {
    switch type {
    case "null": return value is NSNull
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "boolean":
      // JSONSerialization gives booleans as NSNumbers of type char.
      return value is Bool && (value as? NSNumber).map { String(cString: $0.objCType) == "c" } ?? true
    case "integer":
      guard let number = value as? NSNumber, !Self.value(value, is: "boolean") else { return false }
      return number.doubleValue.rounded() == number.doubleValue
    case "number": return value is NSNumber && !Self.value(value, is: "boolean")
    default: return false
    }
  }

  static func describe(_ value: Any) -> String {
    if value is NSNull { return "null" }
    if let text = value as? String { return "'\(text)'" }
    return "\(value)"
  }
}
