import VaultCore
import VaultMarkdown

extension Vault {
  /// Goals with their forecast (`GoalForecast`), each from the points in its note.
  public func withForecasts(_ goals: [GoalProgress], today: LocalDate) -> [GoalProgress] {
    goals.map { progress in
      var progress = progress
      guard !progress.goal.value.isDone,
        case .success(let bytes) = FileSystem.readFile(root + "/" + progress.goal.path)
      else { return progress }
      let points = GoalForecast.points(in: String(decoding: bytes, as: UTF8.self))
      progress.forecast = GoalForecast.forecast(points, today: today)
      return progress
    }
  }

  /// Keeps the day's point of a goal's progress in its note: the day's line of its Progress
  /// section changed, or a new one added at its end (the section made when missing).
  @discardableResult
  public func logGoalProgress(_ fraction: Double, on day: LocalDate, in path: String) throws(VaultError) -> AddedLine {
    let line = GoalForecast.line(day, fraction)
    let display = path
    let replaced = try edit(path) { current throws(VaultError) -> FileEdit<AddedLine?> in
      guard let bytes = current else { throw .noteNotFound(display) }
      var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
      var inSection = false
      for index in lines.indices {
        let text = String(decoding: lines[index], as: UTF8.self).trimmingSpaces()
        if text.hasPrefix("#") {
          inSection = text.drop { $0 == "#" }.trimmingSpaces().lowercased() == GoalForecast.heading.lowercased()
          continue
        }
        guard inSection, text.hasPrefix("- "), let point = GoalForecast.point(text), point.day == day else { continue }
        let ending: [UInt8] = lines[index].last == 13 ? [13] : []
        lines[index] = Array(line.utf8) + ending
        let result = Array(lines.joined(separator: [10]))
        let added = AddedLine(path: display, line: index + 1, text: line, created: false)
        return result == bytes ? .keep(added) : .write(result, added)
      }
      return .keep(nil)
    }
    if let replaced { return replaced }
    return try append(line, under: GoalForecast.heading, in: path)
  }
}
