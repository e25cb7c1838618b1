import Testing

@testable import VaultCore

/// Each component of a suggestion's score, the ranking, and the history log.
@Suite struct SuggestionTests {
  static func template(
    _ title: String, moods: [ClosedRange<Int>] = [], time: TaskTemplate.TimeOfDay = .any,
    energy: TaskAttributes.Energy? = nil
  ) -> TaskTemplate {
    TaskTemplate(
      id: "t/" + title, title: title, category: "test", attributes: TaskAttributes(energy: energy), timeOfDay: time,
      moodRanges: moods)
  }

  @Test func moodFitIsOneInsideAndFallsToZeroThreePointsOutside() {
    let calm = Self.template("calm", moods: [1...3, 7...10])
    #expect([1, 3, 7, 10].map { Suggestions.moodFit(calm, mood: $0) } == [1, 1, 1, 1])
    #expect(abs(Suggestions.moodFit(calm, mood: 5) - 1.0 / 3) < 1e-9)
    #expect(Suggestions.moodFit(Self.template("x", moods: [8...10]), mood: 5) == 0)
    #expect(Suggestions.moodFit(Self.template("any"), mood: 2) == 1)
    #expect(Suggestions.moodFit(calm, mood: nil) == 0.5)
  }

  @Test func timeOfDayAndEnergy() {
    let morning = Self.template("m", time: .morning)
    #expect(Suggestions.timeFit(morning, at: .morning) == 1)
    #expect(Suggestions.timeFit(morning, at: .afternoon) == 0.5)
    #expect(Suggestions.timeFit(morning, at: .evening) == 0)
    #expect(Suggestions.timeFit(Self.template("a"), at: .evening) == 1)
    #expect(TaskTemplate.TimeOfDay(LocalTime(hour: 11, minute: 59) ?? .midnight) == .morning)
    #expect(TaskTemplate.TimeOfDay(LocalTime(hour: 17, minute: 0) ?? .midnight) == .evening)
    let high = Self.template("h", energy: .high)
    #expect(Suggestions.energyFit(high, mood: 9) == 1)
    #expect(Suggestions.energyFit(high, mood: 5) == 0.5)
    #expect(Suggestions.energyFit(high, mood: 2) == 0)
    #expect(Suggestions.energyFit(Self.template("none"), mood: 2) == 0.5)
  }

  @Test func historyIsAcceptedPlusOneOverShownPlusTwoInTheMoodsBand() {
    let log = """
      2026-11-20T09:00 shown 1 t/walk mood=2
      2026-11-20T09:00 shown 2 t/run mood=2
      2026-11-20T09:05 accepted t/walk mood=2
      2026-11-21T09:00 shown 1 t/walk mood=9
      not a line
      2026-11-21T09:02 dismissed t/walk mood=9
      """
    let history = Suggestions.History(log: log)
    let walk = Self.template("walk")
    #expect(Suggestions.historyFit(walk, band: .low, history: history) == 2.0 / 3)
    #expect(Suggestions.historyFit(walk, band: .high, history: history) == 1.0 / 3)
    #expect(Suggestions.historyFit(walk, band: .middle, history: history) == 0.5)
    #expect(
      history.lastShown[DateParsing.validDate("2026-11-20") ?? LocalDate(dayNumber: 0)]?.map(\.id) == [
        "t/walk", "t/run",
      ])
    #expect(history.dismissed[DateParsing.validDate("2026-11-21") ?? LocalDate(dayNumber: 0)] == ["t/walk"])
  }

  /// A log written on Windows (CRLF), with blank lines and ids in other scripts, reads as the
  /// same log with plain line breaks: the reader splits bytes, and must not keep a `\r` in the
  /// last word (the mood) or split inside a character.
  @Test func aLogWithWindowsLineBreaksReadsTheSame() {
    let lines = [
      "2026-11-20T09:00 shown 1 t/散歩 mood=2", "", "2026-11-20T09:00 shown 2 t/café%20run mood=2",
      "2026-11-20T09:05 accepted t/散歩 mood=2", "2026-11-21T09:02 dismissed t/café%20run mood=9",
    ]
    let plain = Suggestions.History(log: lines.joined(separator: "\n"))
    let windows = Suggestions.History(log: lines.joined(separator: "\r\n") + "\r\n")
    let day = DateParsing.validDate("2026-11-20") ?? LocalDate(dayNumber: 0)
    for history in [plain, windows] {
      #expect(history.lastShown[day]?.map(\.id) == ["t/散歩", "t/café run"])
      #expect(history.lastShown[day]?.map(\.mood) == [2, 2])
      #expect(history.counts[Suggestions.HistoryKey(template: "t/散歩", band: .low)]?.accepted == 1)
      #expect(
        history.dismissed[DateParsing.validDate("2026-11-21") ?? LocalDate(dayNumber: 0)] == ["t/café run"])
    }
  }

  /// The weights order the components as docs/FORMAT.md's table says: mood outweighs history,
  /// history outweighs the time of day, the time of day outweighs energy.
  @Test func theWeightsRankAsDocumented() {
    let fitsMood = Self.template("a fits the mood", moods: [1...3], time: .evening)
    let fitsTime = Self.template("b fits the time", moods: [8...10], time: .morning)
    var ranked = Suggestions.ranked(
      [fitsTime, fitsMood], mood: 2, at: .morning, history: Suggestions.History(), dismissedToday: [])
    #expect(ranked.map(\.template.title) == ["a fits the mood", "b fits the time"])
    // A template always accepted beats one never accepted that fits the time of day better,
    // once each was shown often (history's swing, 0.25 × 0.9, exceeds time's, 0.20 × 1).
    let log = (0..<18).map {
      "2026-11-20T09:\(10 + $0) shown 1 t/liked mood=5\n2026-11-20T09:\(10 + $0) accepted t/liked mood=5\n"
        + "2026-11-20T09:\(10 + $0) shown 2 t/ignored mood=5"
    }.joined(separator: "\n")
    let liked = Self.template("liked", time: .evening)
    let ignored = Self.template("ignored", time: .morning)
    ranked = Suggestions.ranked(
      [ignored, liked], mood: 5, at: .morning, history: Suggestions.History(log: log), dismissedToday: [])
    #expect(ranked.map(\.template.title) == ["liked", "ignored"])
    // Ties break by title, then id; dismissed ones drop.
    ranked = Suggestions.ranked(
      [Self.template("b"), Self.template("a"), Self.template("c")], mood: 5, at: .morning,
      history: Suggestions.History(), dismissedToday: ["t/c"])
    #expect(ranked.map(\.template.title) == ["a", "b"])
    #expect(abs(ranked[0].score - (0.40 + 0.20 + 0.25 * 0.5 + 0.15 * 0.5)) < 1e-9)
  }

  @Test func theBuiltInSetIsLargeAndSound() {
    #expect(TaskTemplate.builtIn.count >= 30)
    #expect(Set(TaskTemplate.builtIn.map(\.id)).count == TaskTemplate.builtIn.count)
    #expect(
      Set(TaskTemplate.builtIn.map(\.category)) == [
        "self-care", "chores", "learning", "social", "physical", "creative",
      ])
    #expect(TaskTemplate.moodRanges("1-3, 7-10") == [1...3, 7...10])
    #expect(TaskTemplate.moodRanges("5") == [5...5])
    #expect(TaskTemplate.moodRanges("0-3") == nil && TaskTemplate.moodRanges("calm") == nil)
  }

  /// A built-in template's id is in every suggestion log that showed it, so it never changes:
  /// the slug read on bytes is the one read on Characters, for every built-in title and for
  /// titles with punctuation at either end, digits, runs of separators and letters beyond ASCII.
  @Test func aTemplatesIdIsItsTitleInLowerCaseWordsJoinedByHyphens() {
    func characterSlug(_ title: String) -> String {
      title.lowercased().split { !$0.isLetter && !$0.isNumber }.joined(separator: "-")
    }
    let titles =
      TaskTemplate.builtIn.map(\.title) + [
        "  Walk -- the DOG!  ", "Read 20 pages (of 300)", "-x-", "", "...", "Café au lait", "Lernen: Übung 3",
        "Tidy\tthe desk\n",
      ]
    for title in titles {
      #expect(TaskTemplate.slug(title) == characterSlug(title), "\(title)")
    }
    #expect(TaskTemplate.builtIn.first?.id == "builtin/drink-a-glass-of-water")
    #expect(TaskTemplate.slug("Walk -- the DOG!") == "walk-the-dog")
  }
}
