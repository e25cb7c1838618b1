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

/// One date language: a date key's value is any natural date, compared as a date.
@Suite struct QueryDateTests {
  static let today = DateParsing.validDate("2026-11-24") ?? LocalDate(dayNumber: 0)

  func resolved(_ text: String, dateKeys: Set<String> = []) throws -> [Query.Condition.Value] {
    try Query.parse(text).resolvingDates(today: Self.today) { dateKeys.contains($0) }.conditions.map(\.value)
  }

  @Test func naturalDatesOnDateKeys() throws {
    let day = { (text: String) in Query.Condition.Value.date(DateParsing.validDate(text)!) }
    #expect(try resolved("due<tomorrow") == [day("2026-11-25")])
    #expect(try resolved("due<\"dec 1\"") == [day("2026-12-01")])
    #expect(try resolved("scheduled>=-1w") == [day("2026-11-17")])
    #expect(try resolved("deadline=fri") == [day("2026-11-27")])
    #expect(try resolved("review<\"next friday\"", dateKeys: ["review"]) == [day("2026-11-27")])
    // A comparison reads a natural date on any key; equality on a text key stays text.
    #expect(try resolved("when<tomorrow") == [day("2026-11-25")])
    #expect(try resolved("mood=today") == [.text("today")])
    #expect(try resolved("due<7") == [.number(7)])
  }

  @Test func aValueThatIsNoDateOnADateKeyIsAnError() throws {
    #expect(throws: Query.Problem.self) { try resolved("due<soon") }
    #expect(throws: Query.Problem.self) { try resolved("review=someday", dateKeys: ["review"]) }
    #expect(try resolved("status=soon") == [.text("soon")])
  }
}
