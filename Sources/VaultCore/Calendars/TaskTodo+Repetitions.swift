extension TaskTodo {
  /// Whether a task's to-do meets a span of days (RFC 4791 9.9): its dates (start, scheduled,
  /// due) or, for a repeating one, the dates of one of its repetitions, as its RRULE gives them
  /// from DTSTART (else DUE) with the same distance between them. A task with no date meets any.
  public static func meets(_ task: TaskItem, _ span: ClosedRange<LocalDate>) -> Bool {
    let dates = [task.start, task.scheduledIsInferred ? nil : task.scheduled, task.due].compactMap { $0 }
    guard let earliest = dates.min(), let latest = dates.max() else { return true }
    if earliest <= span.upperBound && latest >= span.lowerBound { return true }
    // The rule its to-do carries (`TaskTodo`), repeating from the date its RRULE does.
    guard sendsRule(task), let recurrence = task.recurrence,
      let rule = RecurrenceRule.parse(tasksRule: recurrence), let anchor = task.start ?? task.due,
      anchor <= span.upperBound
    else { return false }
    // A repetition on day `d` spans its dates moved by `d - anchor`: it meets the span when it
    // begins no later than its end and ends no sooner than its start.
    let before = anchor.days(until: earliest)
    let after = anchor.days(until: latest)
    let from = max(anchor, span.lowerBound.adding(days: -after))
    let through = span.upperBound.adding(days: -before)
    guard from <= through else { return false }
    return !rule.occurrences(start: anchor, in: from...through).isEmpty
  }

  /// A repeating to-do's object with its repetitions that meet a span expanded (RFC 4791 9.6.5,
  /// `<expand>`): one VTODO for each, its DTSTART and DUE moved to the repetition's day (at the
  /// same time of day, in the same form), with RECURRENCE-ID and no rule. A repetition meets the
  /// span as RFC 4791 9.9 says of a to-do's DTSTART and DUE. `instant` gives a value's moment in
  /// seconds (a date at midnight, floating times in the vault's zone). An object whose to-do does
  /// not repeat comes back as it is.
  public static func expanded(
    _ body: String, from: Int, to: Int, instant: (ICalendar.Property) -> Int?
  ) -> String {
    guard var calendar = ICalendar.parse(body).components.first,
      let index = calendar.components.firstIndex(where: { $0.name == "VTODO" && $0.first("RECURRENCE-ID") == nil }),
      let ruleText = calendar.components[index].first("RRULE")?.value,
      case .success(let rule) = RecurrenceRule.parse(rrule: ruleText)
    else { return body }
    let master = calendar.components[index]
    let start = master.first("DTSTART")
    let due = master.first("DUE")
    guard let anchor = start ?? due, let anchorMoment = ICalendarImport.moment(anchor.value) else { return body }
    let anchorDay = anchorMoment.date
    // Days as far as the span reaches, a little wider: the instants decide.
    let length = (start.flatMap(instant)).flatMap { first in due.flatMap(instant).map { max(0, $0 - first) } } ?? 0
    func day(_ seconds: Int) -> Int { Int((Double(seconds) / 86_400).rounded(.down)) }
    let firstDay = LocalDate(dayNumber: day(from - length) - 2)
    let lastDay = LocalDate(dayNumber: day(to) + 2)
    guard firstDay <= lastDay else { return body }
    let dropped: Set = ["RRULE", "RDATE", "EXDATE", "DTSTART", "DUE", "RECURRENCE-ID"]
    var instances: [ICalendar.Component] = []
    for day in rule.occurrences(start: anchorDay, in: max(anchorDay, firstDay)...max(anchorDay, lastDay)) {
      let shift = anchorDay.days(until: day)
      func moved(_ property: ICalendar.Property?) -> ICalendar.Property? {
        guard var property, let moment = ICalendarImport.moment(property.value) else { return property }
        let value = property.value
        let date = ICalendarExport.date(moment.date.adding(days: shift))
        property.value = date + value.dropFirst(8)
        return property
      }
      let movedStart = moved(start)
      let movedDue = moved(due)
      let startAt = movedStart.flatMap(instant)
      let dueAt = movedDue.flatMap(instant)
      let meets: Bool
      switch (startAt, dueAt) {
      case (let s?, let d?): meets = (from < d || from <= s) && (to > s || to >= d)
      case (let s?, nil): meets = from <= s && s < to
      case (nil, let d?): meets = from < d && to >= d
      case (nil, nil): meets = false
      }
      guard meets else { continue }
      var instance = ICalendar.Component("VTODO", properties: [], components: master.components)
      for property in master.properties where !dropped.contains(property.name) {
        instance.properties.append(property)
        if property.name == "UID" {
          if var recurrence = moved(anchor) {
            recurrence.name = "RECURRENCE-ID"
            instance.properties.append(recurrence)
          }
          if let movedStart { instance.properties.append(movedStart) }
          if let movedDue { instance.properties.append(movedDue) }
        }
      }
      instances.append(instance)
    }
    calendar.components.remove(at: index)
    calendar.components.insert(contentsOf: instances, at: index)
    return calendar.text
  }
}
