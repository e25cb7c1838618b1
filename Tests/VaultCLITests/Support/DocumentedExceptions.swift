import Foundation
import TestSupport

/// The first column of the table under a `## ` heading of a document: the checks and tests the
/// documentation says vault does not pass, each with its reason (docs/CALDAV.md).
enum DocumentedExceptions {
  static func listed(in document: String, under heading: String) throws -> Set<String> {
    let text = try String(contentsOf: Fixture.repository.appendingPathComponent(document), encoding: .utf8)
    guard let section = text.components(separatedBy: "## " + heading).dropFirst().first else { return [] }
    let table = section.components(separatedBy: "\n## ").first ?? section
    return Set(
      table.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("| `") else { return nil }
        return line.dropFirst(3).split(separator: "`").first.map(String.init)
      })
  }
}
