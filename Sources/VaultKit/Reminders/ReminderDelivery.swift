import Foundation
import VaultCore
import VaultIndex

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `vault remind` delivered, missed or could not deliver.
public struct DeliveryReport: Sendable, Encodable {
  public var delivered: [String] = []
  /// Older than the catch-up window: summed up in one notification.
  public var missed = 0
  /// Notifier failures, retried on the next run.
  public var failed: [String] = []
}

/// Delivery state outside the vault (`$XDG_STATE_HOME/vault/<vault>/reminders.json`): the
/// last moment delivered up to, and the ids delivered since the catch-up window began. Runs
/// hold an exclusive `flock` on `reminders.lock` beside it, so two concurrent `vault remind`
/// deliver each reminder once. Losing the state re-delivers nothing older than the window.
public struct ReminderState: Codable, Sendable {
  public var last: Int?
  public var delivered: [String: Int] = [:]

  public init() {}
}

extension Vault {
  /// `$XDG_STATE_HOME/vault/<name>-<id>` (`~/.local/state` without XDG).
  public func stateFolder(environment: [String: String]) -> String {
    let state =
      environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
    let name = String(
      (root as NSString).lastPathComponent.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(40))
    return "\(state)/vault/\(name)-\(Self.fingerprint(root))"
  }

  /// Delivers every reminder that fell due since the last delivery, up to `now` (an instant):
  /// one by one within the catch-up window, older ones as one summary. `notify` returns nil
  /// when the reminder reached the person, else why not; a failed one is retried next time.
  public func deliverReminders(
    in store: IndexStore, now: Int, environment: [String: String],
    notify: (Reminder) -> String?
  ) throws(VaultError) -> DeliveryReport {
    try deliverReminders(
      now: now, environment: environment,
      schedule: { (from, through) throws(VaultError) in try reminders(in: store, from: from, through: through) },
      notify: notify)
  }

  /// The same, with the schedule from `schedule(from, through)`: `ReminderWatch` answers it
  /// from the schedule it keeps between rounds.
  public func deliverReminders(
    now: Int, environment: [String: String], schedule: (Int, Int) throws(VaultError) -> [Reminder],
    notify: (Reminder) -> String?
  ) throws(VaultError) -> DeliveryReport {
    let folder = stateFolder(environment: environment)
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw .cannotWrite(folder, reason: VaultError.systemReason(error))
    }
    let lock = open(folder + "/reminders.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard lock >= 0 else { throw .cannotWrite(folder + "/reminders.lock", reason: String(cString: strerror(errno))) }
    defer { close(lock) }
    while flock(lock, LOCK_EX) != 0 && errno == EINTR {}

    let path = folder + "/reminders.json"
    var state =
      (try? JSONDecoder().decode(ReminderState.self, from: Data(contentsOf: URL(fileURLWithPath: path))))
      ?? ReminderState()
    let window = settings.reminders.catchUp
    // After the clock was set back, the last delivery lies ahead: look back a minute and let
    // the ids delivered tell what was sent, rather than wait for the clock to catch up.
    let since = state.last.map { $0 > now ? now - 60 : $0 } ?? (now - window)
    var report = DeliveryReport()
    let due = try schedule(since + 1, now).filter { state.delivered[$0.id] == nil }
    let old = due.filter { $0.instant < now - window }
    var retryFrom: Int?
    if !old.isEmpty {
      let local = reminderZone.local(now)
      let summary = Reminder(
        id: "summary|\(now)", kind: .summary, instant: now, at: local, about: local,
        title: "\(old.count) reminder\(old.count == 1 ? "" : "s") missed while away",
        why: "missed: " + old.prefix(3).map(\.title).joined(separator: ", ") + (old.count > 3 ? ", …" : ""),
        body: "the oldest from \(old[0].at)", path: nil, line: nil)
      if let failure = notify(summary) {
        report.failed.append("\(summary.title): \(failure)")
        retryFrom = old[0].instant
      } else {
        report.missed = old.count
        for reminder in old { state.delivered[reminder.id] = now }
      }
    }
    for reminder in due where reminder.instant >= now - window {
      if let failure = notify(reminder) {
        report.failed.append("\(reminder.why): \(failure)")
        retryFrom = min(retryFrom ?? reminder.instant, reminder.instant)
      } else {
        report.delivered.append(reminder.id)
        state.delivered[reminder.id] = now
      }
    }
    // A failed reminder is due again next time; delivered ones are remembered, so never twice.
    state.last = retryFrom.map { $0 - 1 } ?? now
    let keepFrom = min(state.last ?? now, now - window) - 86_400
    state.delivered = state.delivered.filter { $0.value >= keepFrom }
    do {
      let data = try JSONEncoder().encode(state)
      let temporary = path + ".\(getpid()).tmp"
      try data.write(to: URL(fileURLWithPath: temporary))
      guard rename(temporary, path) == 0 else {
        throw VaultError.cannotWrite(path, reason: String(cString: strerror(errno)))
      }
    } catch let error as VaultError {
      throw error
    } catch {
      throw .cannotWrite(path, reason: VaultError.systemReason(error))
    }
    return report
  }
}
