import Foundation
import VaultCore
import VaultIndex

extension Vault {
  /// The vault's time zone as `ReminderSchedule` wants it: wall-clock times to instants and
  /// back, by Foundation's time zone database (so across daylight-saving changes too).
  public var reminderZone: ReminderSchedule.Zone { viewerClock }

  /// A time zone as wall-clock times to instants (seconds since 1970) and back, a wall-clock
  /// time a change of offset skips or repeats read as RFC 5545 says (`ZoneClock`).
  public static func scheduleZone(_ zone: TimeZone) -> ReminderSchedule.Zone {
    zoneClock(zone)
  }

  /// The instant of a wall-clock moment in the vault's zone.
  public func instant(of moment: LocalDateTime) -> Int { reminderZone.instant(moment) }

  /// Every reminder firing from `from` through `through` (instants), from the index.
  public func reminders(in store: IndexStore, from: Int, through: Int) throws(VaultError) -> [Reminder] {
    guard from <= through else { return [] }
    var selection = TaskSelection()
    selection.statuses = [.todo, .inProgress, .onHold]
    let zone = reminderZone
    selection.reminding = (zone.local(from).date...zone.local(through).date, settings.reminders.dueTasks)
    let tasks = try self.tasks(in: store, selection)
    let nudges: [ReminderSchedule.NudgeText] =
      settings.reminders.nudges == nil
      ? []
      : try principles(in: store).map { .init(text: $0.value.text, path: $0.path, line: $0.line) }
        + insights(in: store).map { .init(text: $0.value.text, path: $0.path, line: $0.line) }
    var result = ReminderSchedule.reminders(
      events: try events(in: store), tasks: tasks, nudges: nudges, settings: settings.reminders, from: from,
      through: through, zone: reminderZone)
    // The morning digest's text is that day's dashboard in short.
    for index in result.indices where result[index].kind == .digest {
      let digest = try dashboard(in: store, today: result[index].about.date, limit: 5).digest
      result[index].title = digest.title
      result[index].body = digest.body
    }
    return result
  }

  /// `obsidian://open?vault=NAME&file=PATH`: the note in Obsidian, for notifiers that show links.
  public func obsidianLink(_ path: String) -> String {
    let vaultName = (FileSystem.absolute(root) as NSString).lastPathComponent
    let file = path.hasSuffix(".md") ? String(path.dropLast(3)) : path
    return "obsidian://open?vault=\(Self.linkEncoded(vaultName))&file=\(Self.linkEncoded(file))"
  }

  /// Letters and digits (of any script) and `-._~` as they are: made once, not for each of the
  /// links an export or a CalDAV listing makes (one per event).
  private static let linkAllowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))

  /// A part of an Obsidian link, the rest percent-encoded.
  private static func linkEncoded(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: linkAllowed) ?? text
  }
}
