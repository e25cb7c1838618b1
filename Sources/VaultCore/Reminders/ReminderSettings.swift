/// `reminders:` and `nudges:` in `.vault/config.yml` (docs/FORMAT.md, "Reminders").
public struct ReminderSettings: Hashable, Sendable {
  /// Offsets for events without `remind`: `events` for all, else a category's own
  /// (`birthday: [7d, 1d]`), keys lower-cased. Empty: only `remind` keys remind.
  public var defaults: [String: [String]] = [:]
  /// The moment all-day events count their offsets from, on their day.
  public var allDayAt = LocalTime(hour: 9, minute: 0) ?? .midnight
  /// The time of a task reminder written with a date only, and of due-day reminders.
  public var taskAt = LocalTime(hour: 9, minute: 0) ?? .midnight
  /// Open tasks remind on their due day at `taskAt`.
  public var dueTasks = false
  /// How far back missed reminders are still delivered one by one (seconds); older ones are
  /// summed up in one notification.
  public var catchUp = 12 * 3600
  public var notify: Notifier = .automatic
  /// The morning digest, a short form of `vault today`, at this time each day; nil: off.
  public var digestAt: LocalTime?
  public var nudges: Nudges?

  public init() {}

  /// How a reminder reaches the person.
  public enum Notifier: Hashable, Sendable {
    /// `desktop` when a desktop notifier is found, else `terminal`.
    case automatic
    /// notify-send on Linux, osascript on macOS.
    case desktop
    /// A line on standard output.
    case terminal
    /// A program and its arguments, run without a shell; `{title}`, `{body}`, `{when}`,
    /// `{why}`, `{path}` and `{link}` in an argument are replaced by the reminder's text.
    case command([String])
  }

  /// `nudges: {count: 3, from: "09:00", to: "21:00"}`.
  public struct Nudges: Hashable, Sendable {
    public var count: Int
    public var from: LocalTime
    public var to: LocalTime

    public init(count: Int, from: LocalTime, to: LocalTime) {
      self.count = count
      self.from = from
      self.to = to
    }

    /// The moments, spaced evenly from `from` to `to` (3 from 09:00 to 21:00: 09:00, 15:00,
    /// 21:00; one: `from`), to the minute.
    public var times: [LocalTime] {
      guard count > 1 else { return count == 1 ? [from] : [] }
      let start = from.secondsSinceMidnight / 60
      let span = to.secondsSinceMidnight / 60 - start
      return (0..<count).compactMap { slot in
        let minute = start + span * slot / (count - 1)
        return LocalTime(hour: minute / 60, minute: minute % 60)
      }
    }
  }
}
