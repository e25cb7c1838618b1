import Foundation
import VaultCore

/// Where "today" comes from: `--today`, else `$VAULT_TODAY`, else the local date. Views take
/// it as a value, so tests and examples are deterministic.
public enum Today {
  public static func resolve(option: String?, environment: [String: String]) throws(VaultError) -> LocalDate {
    for text in [option, environment["VAULT_TODAY"]] {
      guard let text, !text.isEmpty else { continue }
      guard let date = DateParsing.validDate(text) else { throw .invalidDate(text) }
      return date
    }
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
    return LocalDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
      ?? LocalDate(dayNumber: 0)
  }
}
