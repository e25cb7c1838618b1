import VaultCore

/// Calendars a CalDAV client makes, renames, colours, orders and deletes (MKCALENDAR, PROPPATCH,
/// DELETE): each is a line under `calendars:` in `.vault/config.yml`, changed as `vault label`
/// changes a label's line — that line only, under the file's lock, refused when the block is
/// written on one line. The notes are never touched: a calendar is a view of them.
extension Vault {
  static let calendarBlock = ConfigBlockEditor(key: "calendars")

  /// What a client asks of a calendar's settings.
  public struct CalDAVCalendarChange: Sendable {
    public var name: String?
    /// `#rrggbb`; `.some(nil)` takes the colour off.
    public var color: String??
    /// `.some(nil)` takes the order off.
    public var order: Int??
    public init(name: String? = nil, color: String?? = nil, order: Int?? = nil) {
      self.name = name
      self.color = color
      self.order = order
    }
  }

  /// A new calendar at `/dav/calendars/ID/` (MKCALENDAR) of what it is to hold: the events of
  /// the category of its name, the to-dos of the tag made from its name, or both. Its line is
  /// added to `calendars:`; its name is made unique among them.
  public func calDAVMakeCalendar(
    id: String, change: CalDAVCalendarChange, kinds: [CalDAVCalendar.Kind] = [.events, .tasks]
  ) throws(VaultError) -> CalendarSetting {
    guard CalendarSetting.isValidID(id) else {
      throw .cannotChange(
        "a calendar at '\(id)'", reason: "its address may hold letters, digits and - _ . @ only, at most 100")
    }
    let taken = Set(settings.calendars.map { $0.name.lowercased() })
    let wanted = (change.name ?? id).trimmingSpaces()
    var name = wanted.isEmpty ? id : wanted
    var number = 2
    while taken.contains(name.lowercased()) {
      name = "\(wanted.isEmpty ? id : wanted) \(number)"
      number += 1
    }
    var setting = CalendarSetting(name: name)
    if kinds.contains(.events) || kinds.isEmpty { setting.category = name }
    if kinds.contains(.tasks) { setting.tag = TagSyntax.tag(fromWords: name) }
    setting.color = change.color ?? nil
    setting.order = change.order ?? nil
    // The address is kept when the name would not make it.
    if Self.calendarSlug(name) != id { setting.id = id }
    try editCalendars { text in Self.calendarBlock.set(name, line: setting.configLine, in: text) }
    return setting
  }

  /// The calendar's line with its name, colour or order changed (PROPPATCH). A new name keeps
  /// the calendar's address (its `id`), its category and its tag.
  public func calDAVChangeCalendar(
    _ calendar: CalDAVCalendar, _ change: CalDAVCalendarChange
  ) throws(VaultError) {
    guard var setting = calendar.setting else {
      throw .cannotChange(
        "the calendar \(calendar.name)", reason: "it is one of vault's own; add calendars: to .vault/config.yml")
    }
    let old = setting.name
    if let name = change.name?.trimmingSpaces(), !name.isEmpty, name != old {
      if settings.calendars.contains(where: { $0.name.lowercased() == name.lowercased() && $0 != setting }) {
        throw .cannotChange("the calendar \(old)", reason: "another calendar is named \(name)")
      }
      setting.name = name
      setting.id = calendar.slug
      if Self.calendarSlug(name) == calendar.slug { setting.id = nil }
    }
    if let color = change.color { setting.color = color }
    if let order = change.order { setting.order = order }
    guard setting != calendar.setting else { return }
    try editCalendars { text in Self.calendarBlock.set(old, line: setting.configLine, in: text) }
  }

  /// Takes the calendar's line out of `calendars:` (DELETE); its notes stay.
  public func calDAVRemoveCalendar(_ calendar: CalDAVCalendar) throws(VaultError) {
    guard let setting = calendar.setting else {
      throw .cannotChange(
        "the calendar \(calendar.name)", reason: "it is one of vault's own, made from the notes, not from the settings")
    }
    try editCalendars { text in Self.calendarBlock.remove(setting.name, in: text).map { $0 ?? text } }
  }

  /// The last segment of the address of a calendar of this name, when no `id` says it.
  static func calendarSlug(_ name: String) -> String {
    let slug = String(
      name.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "-" }.prefix(60))
    return slug.allSatisfy { $0 == "-" } ? "calendar" : slug
  }

  private func editCalendars(
    _ change: (String) -> Result<String, ConfigBlockEditor.Failure>
  ) throws(VaultError) {
    try editConfigBlock(Self.calendarBlock, entry: "calendar", change)
  }
}
