import Testing
import VaultCore

@Suite struct QueryTests {
  @Test(arguments: [
    ("garden", [Query.Term.word("garden")]),
    ("plan*", [.prefix("plan")]),
    ("\"half  marathon\" run", [.phrase("half marathon"), .word("run")]),
    ("café naïve", [.word("café"), .word("naïve")]),
    ("-- ... garden", [.word("garden")]),
  ])
  func terms(text: String, terms: [Query.Term]) throws {
    #expect(try Query.parse(text).terms == terms)
  }

  @Test func filters() throws {
    let query = try Query.parse("tag:#Health/Running type:events path:Journal/ kind:goal run")
    #expect(query.tags == ["health/running"])
    #expect(query.kinds == [.event, .goal])
    #expect(query.paths == ["Journal/"])
    #expect(query.terms == [.word("run")])
  }

  @Test(arguments: [
    ("category=music", Query.Condition(key: "category", op: .equal, value: .text("music"))),
    ("Mood>=7", .init(key: "mood", op: .greaterOrEqual, value: .number(7))),
    ("due<2026-12-01", .init(key: "due", op: .less, value: .date(LocalDate(year: 2026, month: 12, day: 1)!))),
    ("status!=done", .init(key: "status", op: .notEqual, value: .text("done"))),
    ("archived=true", .init(key: "archived", op: .equal, value: .number(1))),
    ("rating<=2.5", .init(key: "rating", op: .lessOrEqual, value: .number(2.5))),
    ("location=\"Lisbon Airport\"", .init(key: "location", op: .equal, value: .text("Lisbon Airport"))),
  ])
  func conditions(text: String, condition: Query.Condition) throws {
    #expect(try Query.parse(text).conditions == [condition])
  }

  @Test(arguments: [
    ("mood>", "'mood>' has no value after >: write it as mood>value"),
    ("\"open", "a phrase is missing its closing double quote"),
    ("type:bogus", "unknown type 'bogus': use one of event, task, goal, insight, principle, journal, note"),
    ("tag:", "tag: needs a tag name, as in tag:health"),
  ])
  func problems(text: String, message: String) {
    #expect(throws: Query.Problem(description: message)) { try Query.parse(text) }
  }
}
