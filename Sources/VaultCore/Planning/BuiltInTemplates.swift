/// The templates vault suggests from when the vault has none (`vault init --task-templates`
/// writes them out to edit): self-care, chores, learning, social, physical, creative.
extension TaskTemplate {
  public static let builtIn: [TaskTemplate] = [
    make("Drink a glass of water", "self-care", 1, 1, .low, .any, [1...10], ["quick"]),
    make("Take a ten-minute walk outside", "self-care", 1, 10, .low, .any, [1...6], ["outside"]),
    make("Make a cup of tea and sit without a screen", "self-care", 1, 15, .low, .afternoon, [1...5], ["rest"]),
    make("Write three things you are grateful for", "self-care", 1, 10, .low, .evening, [1...10], ["journal"]),
    make("Go to bed half an hour earlier", "self-care", 2, 30, .low, .evening, [1...5], ["rest"]),
    make("Stretch for ten minutes", "self-care", 1, 10, .low, .morning, [1...10], ["body"]),
    make("Meditate for ten minutes", "self-care", 2, 10, .low, .morning, [1...7], ["mind"]),
    make("Tidy one surface", "chores", 1, 15, .low, .any, [3...8], ["home"]),
    make("Do the dishes", "chores", 1, 20, .low, .evening, [3...9], ["home"]),
    make("Put on a load of laundry", "chores", 1, 10, .low, .morning, [2...9], ["home"]),
    make("Clear the inbox to zero", "chores", 3, 45, .medium, .morning, [5...9], ["desk"]),
    make("Plan the meals for the week", "chores", 2, 30, .medium, .afternoon, [5...10], ["home"]),
    make("Pay the bills that are due", "chores", 2, 20, .medium, .morning, [4...9], ["errand"]),
    make("Deep-clean the kitchen", "chores", 3, 60, .high, .afternoon, [6...10], ["home"]),
    make("Read twenty pages of a book", "learning", 2, 30, .low, .evening, [3...9], ["reading"]),
    make("Practise a language for fifteen minutes", "learning", 2, 15, .medium, .morning, [4...10], ["language"]),
    make("Watch a lecture and take notes", "learning", 3, 60, .medium, .afternoon, [5...10], ["study"]),
    make("Work through one chapter of a course", "learning", 4, 90, .high, .morning, [7...10], ["study", "deep-work"]),
    make("Write a note about something you learned", "learning", 2, 20, .medium, .evening, [5...10], ["writing"]),
    make("Call a friend you have not spoken to in a while", "social", 2, 30, .medium, .evening, [4...10], ["people"]),
    make("Send a kind message to someone", "social", 1, 5, .low, .any, [1...10], ["people", "quick"]),
    make("Plan a meal with family or friends", "social", 2, 20, .medium, .afternoon, [6...10], ["people"]),
    make("Write a letter or a card", "social", 2, 30, .low, .evening, [3...8], ["people", "writing"]),
    make("Go for a thirty-minute run", "physical", 3, 30, .high, .morning, [6...10], ["body", "outside"]),
    make("Do a bodyweight workout", "physical", 3, 25, .high, .afternoon, [6...10], ["body"]),
    make(
      "Cycle or walk an errand instead of driving", "physical", 2, 40, .medium, .afternoon, [5...10],
      ["outside", "errand"]),
    make("Do twenty minutes of yoga", "physical", 2, 20, .low, .morning, [2...8], ["body", "rest"]),
    make("Sketch something in front of you", "creative", 2, 20, .low, .any, [3...10], ["art"]),
    make("Write a page of free writing", "creative", 2, 15, .low, .morning, [1...10], ["writing"]),
    make("Play or practise an instrument", "creative", 2, 30, .medium, .evening, [4...10], ["music"]),
    make("Cook a new recipe", "creative", 3, 60, .medium, .evening, [6...10], ["home"]),
    make("Work on a personal project for an hour", "creative", 4, 60, .high, .any, [7...10], ["deep-work"]),
  ]

  static func make(
    _ title: String, _ category: String, _ difficulty: Int, _ minutes: Int, _ energy: TaskAttributes.Energy,
    _ time: TimeOfDay, _ moods: [ClosedRange<Int>], _ labels: [String]
  ) -> TaskTemplate {
    TaskTemplate(
      id: "builtin/" + slug(title), title: title, category: category,
      attributes: TaskAttributes(difficulty: difficulty, duration: minutes, energy: energy), timeOfDay: time,
      moodRanges: moods, labels: labels)
  }

  /// `Take a ten-minute walk outside` → `take-a-ten-minute-walk-outside`: the title lower-cased,
  /// its letters and digits in words joined by hyphens. An ASCII title (every built-in one) is
  /// read on its bytes: through Characters, Unicode's case and letter tables made the built-in
  /// set cost 0.35 ms of the first dashboard that suggests.
  static func slug(_ title: String) -> String {
    guard title.utf8.allSatisfy({ $0 < 0x80 }) else {
      return title.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }
    var slug: [UInt8] = []
    var between = false
    let letters = UInt8(ascii: "a")...UInt8(ascii: "z")
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    for byte in title.utf8 {
      let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
      guard letters.contains(lower) || digits.contains(lower) else {
        between = true
        continue
      }
      if between, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
      between = false
      slug.append(lower)
    }
    return String(decoding: slug, as: UTF8.self)
  }
}
