import VaultCore

/// Counts in summaries: "1 file", "3 errors", "10 events, 1 task, ...".
enum Counting {
  static func of(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    ViewWords.count(count, noun, plural: plural)
  }

  /// `20,000`: thousands grouped with commas, the same in every locale.
  static func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (count < 0 ? "-" : "") + result
  }

  /// Every kind in order, zeros included.
  static func items(_ counts: [ItemKind: Int]) -> String {
    ItemKind.allCases.map { kind in
      let count = counts[kind] ?? 0
      return "\(count) \(count == 1 ? kind.singular : kind.plural)"
    }.joined(separator: ", ")
  }

  /// "0 errors, 1 warning".
  static func problems(errors: Int, warnings: Int) -> String {
    of(errors, "error") + ", " + of(warnings, "warning")
  }
}
