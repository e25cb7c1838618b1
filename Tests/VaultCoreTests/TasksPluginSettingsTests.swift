import Testing

@testable import VaultCore

@Suite struct TasksPluginSettingsTests {
  func settings(filter: String?, remove: Bool) -> TasksPluginSettings {
    var settings = TasksPluginSettings()
    settings.globalFilter = filter
    settings.removeGlobalFilter = remove
    return settings
  }

  @Test(arguments: [
    ("#task Renew passport", "Renew passport"),
    ("Pay the #task bill", "Pay the bill"),
    ("Pay the bill #task", "Pay the bill"),
    ("#task", ""),
    // Only a whole word goes.
    ("#tasks to sort", "#tasks to sort"),
    ("Sort#task", "Sort#task"),
    // As in the plugin: a match takes the space after it, so a second one right after stays.
    ("#task #task twice", "#task twice"),
    ("Call Mum", "Call Mum"),
  ])
  func theGlobalFilterIsShownWithoutItWhenAsked(description: String, shown: String) {
    #expect(settings(filter: "#task", remove: true).shown(description) == shown)
  }

  @Test func descriptionsAreShownAsWrittenOtherwise() {
    #expect(settings(filter: "#task", remove: false).shown("#task Renew passport") == "#task Renew passport")
    #expect(settings(filter: nil, remove: true).shown("#task Renew passport") == "#task Renew passport")
  }
}
