import Testing

@testable import VaultCore

/// The lines `vault track` writes in a day's note read back as they were written, and nothing
/// else reads as one.
@Suite struct TimeLogTests {
  let day = LocalDate(dayNumber: LocalDate(year: 2026, month: 11, day: 23)?.dayNumber ?? 0)

  func at(_ hour: Int, _ minute: Int, on date: LocalDate? = nil) -> LocalDateTime {
    LocalDateTime(date: date ?? day, time: LocalTime(hour: hour, minute: minute) ?? .midnight)
  }

  @Test func aRunningAndAStoppedLineReadBackAsWritten() {
    let running = TimeLogEntry(task: "Renew passport", note: "Tasks", start: at(9, 15))
    #expect(running.line == "- 09:15 ⏱ Renew passport ([[Tasks]]) [started:: 2026-11-23T09:15]")
    #expect(TimeLogEntry.parse(running.line, day: day) == running)
    var stopped = running
    stopped.end = at(10, 40)
    stopped.minutes = 85
    #expect(stopped.line == "- 09:15-10:40 Renew passport ([[Tasks]]) [tracked:: 1h25m]")
    #expect(TimeLogEntry.parse(stopped.line, day: day) == stopped)
    // Past midnight: it ended the next day.
    let late = TimeLogEntry(
      task: "Write (the) report [[draft]]", note: "Projects/Work", start: at(23, 30),
      end: at(0, 45, on: day.adding(days: 1)),
      minutes: 75)
    #expect(TimeLogEntry.parse(late.line, day: day) == late)
  }

  @Test(arguments: [
    "- 09:15 Standup notes", "- [ ] 09:15-10:00 Renew passport ([[Tasks]]) [tracked:: 45m]",
    "- 09:15-10:00 Renew passport [tracked:: 45m]", "- 09:15-10:00 Renew passport ([[Tasks]]) [tracked:: soon]",
    "- 9:15 ⏱ Renew passport ([[Tasks]]) [started:: tomorrow]", "- 25:00-26:00 x ([[Tasks]]) [tracked:: 1h]", "",
  ])
  func otherLinesAreNotTimeLogLines(line: String) {
    #expect(TimeLogEntry.parse(line, day: day) == nil)
  }

  @Test func durationsAsTheFieldHoldsThem() {
    for minutes in [0, 1, 59, 60, 61, 125, 600, 1_439] {
      #expect(TimeLogEntry.minutes(TimeLogEntry.duration(minutes)) == minutes)
    }
    #expect(TimeLogEntry.minutes("90") == 90)
    #expect(TimeLogEntry.minutes("1h 5m") == 65, "read as a task's duration is")
    #expect(TimeLogEntry.shown(85) == "1h 25m" && TimeLogEntry.shown(60) == "1h" && TimeLogEntry.shown(0) == "0m")
    #expect(TimeLogEntry.minutes("h") == nil)
    #expect(TimeLogEntry.minutes("5") == 5)
  }
}
