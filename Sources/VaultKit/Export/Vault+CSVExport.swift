import VaultCore
import VaultIndex

extension Vault {
  /// One kind of item as a CSV table (`vault export csv`), from the index. `span` keeps events
  /// with an occurrence in it, tasks with a date (due, scheduled, start, done or cancelled) in
  /// it, goals whose target is in it, journal days and moods in it.
  public func csvExport(
    _ kind: CSVExport.Kind, in store: IndexStore, span: ClosedRange<LocalDate>?
  ) throws(VaultError) -> CSVTable {
    switch kind {
    case .tasks:
      let tasks = try self.tasks(in: store, TaskSelection()).filter { task in
        guard let span else { return true }
        let item = task.value
        return [item.due, item.scheduled, item.start, item.done, item.cancelled].contains {
          $0.map(span.contains) ?? false
        }
      }
      return CSVExport.tasks(tasks)
    case .events:
      let events: [Located<Event>]
      do {
        events = try store.events()
      } catch {
        throw VaultError(error)
      }
      return CSVExport.events(events.filter { span.map($0.occurrences(in:))?.isEmpty != true })
    case .goals:
      return CSVExport.goals(
        try goals(in: store).filter { goal in span.map { goal.value.target.map($0.contains) ?? false } ?? true })
    case .journal, .mood:
      let first = span?.lowerBound ?? LocalDate(dayNumber: -800_000)
      let last = span?.upperBound ?? LocalDate(dayNumber: 2_900_000)
      let days = try journalDays(in: store, from: first, through: last)
      return kind == .journal ? CSVExport.journal(days) : CSVExport.mood(days)
    }
  }
}
