import ArgumentParser

/// A view's command line parsed by the view's own command type instead of `vault`'s whole tree
/// of commands: `VaultCommand.parseAsRoot` has argument-parser also make the root's definitions
/// by reflection and look for a completion-script request among them. Parsing `vault today`
/// took 2.8 ms, 2.4 this way (docs/PERFORMANCE.md), in a command and in the watcher answering
/// one. A line this does not parse goes the usual way, which gives the usual message and usage.
enum ViewParsing {
  /// The views by name: `ViewForwarding.commands`.
  static let views: [String: any WatchedView.Type] = [
    "today": Today.self, "agenda": AgendaCommand.self, "calendar": CalendarCommand.self,
    "countdown": CountdownCommand.self, "goals": Goals.self, "tasks": Tasks.self,
  ]

  /// The view `arguments` ask for (normalized by `ArgumentOrder`: the command's name first, and
  /// nothing at all for the dashboard), parsed and validated; nil for any other command line, or
  /// one that asks for help or the version, or one that does not parse.
  static func parsed(_ arguments: [String]) -> (any WatchedView)? {
    guard !arguments.contains(where: ViewForwarding.ownWords.contains) else { return nil }
    guard let name = arguments.first else { return try? Today.parseAsRoot([]) as? Today }
    guard let view = views[name] else { return nil }
    return try? view.parseAsRoot(Array(arguments.dropFirst())) as? any WatchedView
  }
}
