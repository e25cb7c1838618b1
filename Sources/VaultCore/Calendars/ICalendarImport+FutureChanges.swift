extension ICalendarImport {
  /// A change of an occurrence and every later one (RECURRENCE-ID;RANGE=THISANDFUTURE, RFC 5545
  /// 3.8.4.4), read as what it is: the series ends before that occurrence, and a series of its
  /// own begins there, with the change's properties, the master's rule, and the master's added
  /// and taken-out days from there on, moved as the change moves the occurrence. Its UID is
  /// `UID+DAY` (the day of the occurrence changed), so that an export writes it as a series of
  /// its own. A change of one occurrence (no RANGE) that falls in such a part belongs to that
  /// part: its RECURRENCE-ID moves with it.
  ///
  /// Read as a change of its day alone (with a warning) when the split cannot be exact: a rule
  /// with COUNT (the parts would count anew), a move to other days of a rule that names its days
  /// (BYDAY, BYMONTHDAY...: the days would not move with it), a RECURRENCE-ID and a DTSTART in
  /// different frames (a zone and UTC), or no master event.
  static func splitAtFutureChanges(
    _ events: [ICalendar.Component], problems: inout [Problem]
  ) -> [ICalendar.Component] {
    func isFuture(_ event: ICalendar.Component) -> Bool {
      event.first("RECURRENCE-ID")?.parameter("RANGE")?.uppercased() == "THISANDFUTURE"
    }
    guard events.contains(where: isFuture) else { return events }
    var result = events
    var masters: [String: Int] = [:]
    var futures: [String: [Int]] = [:]
    var singles: [String: [Int]] = [:]
    for (index, event) in events.enumerated() {
      guard let uid = event.first("UID")?.text else { continue }
      if event.first("RECURRENCE-ID") == nil {
        masters[uid] = index
      } else if isFuture(event) {
        futures[uid, default: []].append(index)
      } else {
        singles[uid, default: []].append(index)
      }
    }
    // In the file's order, so that the warnings come in it.
    for (uid, indices) in futures.sorted(by: { $0.value[0] < $1.value[0] }) {
      func asOneDay(_ index: Int, _ why: String) {
        problems.append(
          Problem(
            line: events[index].line,
            message:
              "a change of this and later occurrences (RANGE=THISANDFUTURE) \(why): read as a change of that day only",
            isError: false))
      }
      guard let masterIndex = masters[uid], let rrule = events[masterIndex].first("RRULE"),
        case .success(let rule) = RecurrenceRule.parse(rrule: rrule.value)
      else {
        for index in indices { asOneDay(index, "of an event with no recurring master") }
        continue
      }
      guard rule.count == nil else {
        for index in indices { asOneDay(index, "of a series with COUNT") }
        continue
      }
      let namesDays =
        !rule.byDay.isEmpty || !rule.byMonthDay.isEmpty || !rule.byMonth.isEmpty || !rule.bySetPos.isEmpty
        || rrule.value.uppercased().contains("BYYEARDAY") || rrule.value.uppercased().contains("BYWEEKNO")
      // Each change: where it cuts (its RECURRENCE-ID) and how far it moves the occurrences.
      var cuts: [(index: Int, from: LocalDateTime, shift: Int, days: Int)] = []
      for index in indices {
        let event = events[index]
        guard let recurrence = event.first("RECURRENCE-ID"), let from = moment(recurrence.value),
          let start = event.first("DTSTART"), let to = moment(start.value)
        else { continue }
        guard recurrence.value.hasSuffix("Z") == start.value.hasSuffix("Z"),
          recurrence.parameter("TZID") == start.parameter("TZID")
        else {
          asOneDay(index, "whose RECURRENCE-ID and DTSTART are in different zones")
          continue
        }
        let days = to.date.dayNumber - from.date.dayNumber
        guard days == 0 || !namesDays else {
          asOneDay(index, "that moves the occurrences to other days of a rule naming its days")
          continue
        }
        cuts.append((index, from, to.secondsSinceEpoch - from.secondsSinceEpoch, days))
      }
      guard !cuts.isEmpty else { continue }
      cuts.sort { $0.from < $1.from }
      let master = events[masterIndex]
      // The master ends before the first cut; each part before the next.
      result[masterIndex] = part(of: master, base: master, from: nil, until: cuts[0].from, shift: 0, days: 0, uid: nil)
      for (number, cut) in cuts.enumerated() {
        let next = number + 1 < cuts.count ? cuts[number + 1].from : nil
        let partUID = uid + "+" + ICalendarExport.date(cut.from.date)
        var base = events[cut.index]
        base.properties.removeAll { $0.name == "RECURRENCE-ID" }
        result[cut.index] = part(
          of: master, base: base, from: cut.from, until: next, shift: cut.shift, days: cut.days, uid: partUID)
      }
      // A change of one occurrence in a part: of that part, at the day the part moved it to.
      for index in singles[uid] ?? [] {
        guard let recurrence = events[index].first("RECURRENCE-ID"), let day = moment(recurrence.value),
          let cut = cuts.last(where: { $0.from <= day })
        else { continue }
        var event = events[index]
        for (position, property) in event.properties.enumerated() {
          if property.name == "UID" {
            event.properties[position].value = ICalendar.escape(uid + "+" + ICalendarExport.date(cut.from.date))
          } else if property.name == "RECURRENCE-ID" {
            event.properties[position].value = moved(property.value, by: cut.shift, days: cut.days)
          }
        }
        result[index] = event
      }
    }
    return result
  }

  /// A part of `master`'s series: `base`'s properties (the master's own, or a change's), the
  /// master's rule ending before `until`, and its added and taken-out days from `from` on
  /// (before `until`), moved by `shift` seconds (`days` for dates).
  private static func part(
    of master: ICalendar.Component, base: ICalendar.Component, from: LocalDateTime?, until: LocalDateTime?,
    shift: Int, days: Int, uid: String?
  ) -> ICalendar.Component {
    var part = base
    part.properties.removeAll { ["RRULE", "RDATE", "EXDATE", "EXRULE"].contains($0.name) }
    if let uid, let position = part.properties.firstIndex(where: { $0.name == "UID" }) {
      part.properties[position].value = ICalendar.escape(uid)
    }
    for property in master.properties {
      switch property.name {
      case "RRULE":
        var parts = property.value.split(separator: ";").map(String.init)
        if let position = parts.firstIndex(where: { $0.uppercased().hasPrefix("UNTIL=") }) {
          parts[position] = "UNTIL=" + moved(String(parts[position].dropFirst(6)), by: shift, days: days)
        }
        if let until {
          // The last moment before the next part, in this part's own frame.
          let end = LocalDateTime(secondsSinceEpoch: until.secondsSinceEpoch + shift - 1)
          let dated = (master.first("DTSTART")?.value.contains("T") ?? true) == false
          let zulu = master.first("DTSTART")?.value.hasSuffix("Z") == true
          let text = dated ? ICalendarExport.date(end.date) : ICalendarExport.local(end) + (zulu ? "Z" : "")
          if let position = parts.firstIndex(where: { $0.uppercased().hasPrefix("UNTIL=") }),
            let written = moment(String(parts[position].dropFirst(6))), written < end
          {
            // An earlier UNTIL of the master's stands.
          } else {
            parts.removeAll { $0.uppercased().hasPrefix("UNTIL=") }
            parts.append("UNTIL=" + text)
          }
        }
        var rule = property
        rule.value = parts.joined(separator: ";")
        part.properties.append(rule)
      case "RDATE", "EXDATE":
        let kept = ICalendar.splitList(property.value).filter { item in
          guard let day = moment(String(item.prefix { $0 != "/" })) else { return false }
          return (from.map { day >= $0 } ?? true) && (until.map { day < $0 } ?? true)
        }.map { moved($0, by: shift, days: days) }
        guard !kept.isEmpty else { continue }
        var list = property
        list.value = kept.joined(separator: ",")
        part.properties.append(list)
      default:
        continue
      }
    }
    return part
  }

  /// An iCalendar date, date-time or period (`start/end`, `start/duration`) moved by `shift`
  /// seconds (a date by `days`), written as it was (`Z` kept).
  static func moved(_ value: String, by shift: Int, days: Int) -> String {
    guard shift != 0 || days != 0 else { return value }
    let pieces = value.split(separator: "/", maxSplits: 1).map(String.init)
    func one(_ text: String) -> String {
      guard let moment = moment(text) else { return text }
      guard text.contains("T") else { return ICalendarExport.date(moment.date.adding(days: days)) }
      return ICalendarExport.local(LocalDateTime(secondsSinceEpoch: moment.secondsSinceEpoch + shift))
        + (text.hasSuffix("Z") ? "Z" : "")
    }
    guard pieces.count == 2 else { return one(value) }
    return one(pieces[0]) + "/" + (pieces[1].hasPrefix("P") || pieces[1].hasPrefix("-") ? pieces[1] : one(pieces[1]))
  }
}
