import VaultCore
import VaultIndex

/// What `vault remind --watch` keeps between rounds, so that a round in which nothing changed
/// costs a no-change refresh of the index and nothing more: the index stays open, the schedule
/// of the next day is kept and computed again only when the refresh changed a note, a settings
/// file changed (the vault is then opened again, so a new `reminders:` takes effect), or the
/// day it covers runs out. Each round reads the wall clock afresh, so after a suspend or a
/// clock change the next round catches up (`deliverReminders`).
public final class ReminderWatch {
  public private(set) var vault: Vault
  private let index: String?
  private let environment: [String: String]
  private var store: IndexStore?
  private var settingsStamp: [Int64]
  private var kept: (from: Int, through: Int, reminders: [Reminder])?
  /// The index's write token when `kept` was computed (`IndexStore.writeToken`).
  private var keptFrom: String?
  /// When the index was last brought up to date: a round that wakes for a reminder sooner
  /// than `every` after it delivers from the kept schedule without looking at the vault.
  private var refreshedAt: Int?
  /// Makes the next round look at the index, whenever it comes: a watcher (`WatcherThread`)
  /// applied a change to it.
  public func indexChanged() {
    refreshedAt = nil
  }

  /// How many times the schedule was computed (the first round included).
  public private(set) var schedulings = 0

  /// How far ahead a computed schedule reaches.
  static let horizon = 86_400

  public init(vault: Vault, index: String?, environment: [String: String]) {
    self.vault = vault
    self.index = index
    self.environment = environment
    settingsStamp = SettingsLoader.stamp(vault.root)
  }

  /// One round at `now` (an instant): delivers what fell due and says when to look again —
  /// at the next reminder, and at least every `every` seconds (a minute), so an edit takes
  /// effect within that. Under a watcher (`WatcherThread`), the caller also wakes for each
  /// change it applied and says so (`indexChanged`).
  public func round(
    now: Int, every: Int = 60, notice: (String) -> Void, notify: (Reminder) -> String?
  ) throws(VaultError) -> (report: DeliveryReport, wake: Int) {
    let stamp = SettingsLoader.stamp(vault.root)
    if stamp != settingsStamp {
      settingsStamp = stamp
      vault = try Vault(path: vault.root)
      store?.close()
      store = nil
      kept = nil
      refreshedAt = nil
    }
    let store: IndexStore
    if let open = self.store, let refreshedAt, now >= refreshedAt, now - refreshedAt < every {
      store = open
    } else {
      store = try refreshedStore(notice: notice)
      refreshedAt = now
    }
    if kept == nil || (kept?.through ?? 0) < now + 60 || (kept?.from ?? .max) > now - vault.settings.reminders.catchUp {
      let from = now - vault.settings.reminders.catchUp
      kept = (from, now + Self.horizon, try vault.reminders(in: store, from: from, through: now + Self.horizon))
      schedulings += 1
    }
    let report = try vault.deliverReminders(
      now: now, environment: environment,
      schedule: { (from, through) throws(VaultError) in
        // Within the kept schedule (the usual case), from it; a long sleep reaches further back.
        if let kept, kept.from <= from, through <= kept.through {
          return kept.reminders.filter { from <= $0.instant && $0.instant <= through }
        }
        return try vault.reminders(in: store, from: from, through: through)
      }, notify: notify)
    let next = kept?.reminders.first { $0.instant > now }?.instant ?? (now + every)
    return (report, min(next, now + every))
  }

  /// The index, open across rounds and brought up to date (with no walk when a watcher
  /// vouches for it); a round after a write to it drops the kept schedule.
  private func refreshedStore(notice: (String) -> Void) throws(VaultError) -> IndexStore {
    if let store {
      do {
        if !vault.watcherVouches(explicit: index, environment: environment) { try vault.refresh(store) }
        let token = try? store.writeToken()
        if token != keptFrom {
          kept = nil
          keptFrom = token
        }
        return store
      } catch {
        // A damaged index is mended by the full path below.
        store.close()
        self.store = nil
      }
    }
    let answer = try vault.withIndex(explicit: index, environment: environment, notice: notice) { _ in }
    // Open for as long as the watch runs: through the page cache, not a map that stays resident.
    answer.store.stopMapping()
    store = answer.store
    kept = nil
    keptFrom = try? answer.store.writeToken()
    return answer.store
  }
}
