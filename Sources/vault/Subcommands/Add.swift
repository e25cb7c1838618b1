import ArgumentParser

/// `vault add KIND ...`: new items written into the vault.
struct Add: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add an item to the vault.",
    subcommands: [AddTask.self, AddEvent.self, AddGoal.self, AddNote.self, AddInsight.self])
}
