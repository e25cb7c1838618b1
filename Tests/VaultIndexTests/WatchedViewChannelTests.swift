import Foundation
import Testing
import VaultCore

@testable import VaultIndex
@testable import VaultKit

/// A view sent to the watcher (`WatchedViewRequest`) arrives with every byte of its command
/// line and environment, and is answered only once the index holds every change made before
/// it was sent; a watcher that does not answer views, or a request from another binary, is
/// declined at once.
@Suite(.serialized) struct WatchedViewChannelTests {
  static let request = WatchedViewRequest(
    arguments: ["tasks", "--search", "a, b: c\n12:d,", "", "日本語のメモ", "--vault=/tmp/x y"],
    directory: "/home/someone/Notes, 2026", environment: ["COLUMNS": "80", "EMPTY": "", "LINES": "a\nb\u{0}c"],
    outputIsTerminal: true, errorIsTerminal: false, inputIsTerminal: true, columns: 132,
    program: WatchedViewRequest.thisProgram)

  @Test func aRequestAndAnAnswerComeThroughByteForByte() {
    #expect(WatchedViewRequest(encoded: Self.request.encoded()) == Self.request)
    var bare = Self.request
    bare.arguments = []
    bare.environment = [:]
    bare.columns = nil
    bare.outputIsTerminal = false
    #expect(WatchedViewRequest(encoded: bare.encoded()) == bare)
    let answer = WatchedViewAnswer(writes: [
      (.error, Array("vault: warning: x\n".utf8)), (.output, Array("a,b:\n".utf8) + [0, 255]), (.output, []),
    ])
    #expect(WatchedViewAnswer(encoded: answer.encoded()) == answer)
    #expect(WatchedViewAnswer(encoded: []) == WatchedViewAnswer())
  }

  @Test func bytesThatAreNotARequestAreRefused() {
    let encoded = Self.request.encoded()
    for broken in [
      Array(encoded.dropLast()), encoded + Array("1:x,".utf8), Array("2:1,".utf8), Array("x:1,".utf8),
      Array("99999999999:a,".utf8), Array("1:1,".utf8), [],
    ] {
      #expect(WatchedViewRequest(encoded: broken) == nil, "\(String(decoding: broken, as: UTF8.self))")
    }
    #expect(WatchedViewAnswer(encoded: Array("1:3,1:x,".utf8)) == nil)
    #expect(WatchedViewAnswer(encoded: Array("1:1,".utf8)) == nil)
  }

  /// A watcher on its own thread over a small vault, answering views with `answer`.
  func watching(
    answer: ((WatchedViewRequest, String, String) -> WatchedViewAnswer?)?,
    _ body: (TemporaryVault) throws -> Void
  ) throws {
    let folder = try TemporaryVault([".obsidian/app.json": "{}\n", "Tasks.md": "- [ ] First\n"])
    let watcher = try IndexWatcher(vault: try folder.vault(), index: folder.indexPath, environment: [:]) { _ in }
    watcher.answerView = answer
    try whileRunning(watcher) { try body(folder) }
  }

  @Test func aViewIsAnsweredWithEveryChangeMadeBeforeItWasSent() throws {
    let asked = Locked<[String]>([])
    try watching(answer: { request, root, index in
      // The view reads the index as a command does; the watcher vouches for it on this thread.
      guard let vault = try? Vault(path: root),
        let read = try? vault.withIndex(
          explicit: index, environment: [:], notice: { _ in },
          { store in
            (try? store.noteNames().map(\.path).sorted()) ?? []
          })
      else { return nil }
      asked.mutate { $0.append(request.arguments.joined(separator: " ")) }
      read.store.close()
      let text = (read.refresh.watched ? "watched: " : "walked: ") + read.value.joined(separator: ",")
      return WatchedViewAnswer(writes: [(.output, Array(text.utf8))])
    }) { folder in
      for number in 1...3 {
        try folder.write("New \(number).md", "- [ ] Task \(number)\n")
        let answer = WatchChannel.ask(view: Self.request, index: folder.indexPath, timeout: 20_000).answer
        let text = answer.map { String(decoding: $0.writes.flatMap(\.bytes), as: UTF8.self) }
        let expected =
          "watched: " + (["Tasks.md"] + (1...number).map { "New \($0).md" }).sorted().joined(separator: ",")
        #expect(text == expected)
      }
    }
    #expect(asked.value == Array(repeating: Self.request.arguments.joined(separator: " "), count: 3))
  }

  @Test func aViewIsDeclinedAtOnceWithoutAnAnswererOrFromAnotherBinary() throws {
    try watching(answer: nil) { folder in
      let started = Date()
      // Declined, not unheard: a command that walks early only when nobody listens must not
      // start walking here.
      #expect(isNotAnswered(WatchChannel.ask(view: Self.request, index: folder.indexPath, timeout: 20_000)))
      #expect(Date().timeIntervalSince(started) < 10)
      // A command still syncs as before.
      #expect(WatchChannel.sync(index: folder.indexPath, timeout: 20_000))
    }
    try watching(answer: { _, _, _ in WatchedViewAnswer(writes: [(.output, [1])]) }) { folder in
      var other = Self.request
      other.program = "0:0:0:0"
      let started = Date()
      #expect(isNotAnswered(WatchChannel.ask(view: other, index: folder.indexPath, timeout: 20_000)))
      #expect(Date().timeIntervalSince(started) < 10)
      #expect(WatchChannel.ask(view: Self.request, index: folder.indexPath, timeout: 20_000).answer != nil)
    }
  }

  @Test func nobodyListensWithoutAWatcherOrOnceItStopped() throws {
    var index = ""
    try watching(answer: nil) { folder in index = folder.indexPath }
    // The watcher stopped, in a process that goes on (its object may live on): a command is
    // told at once that nobody listens, and does not wait out its timeout.
    let started = Date()
    #expect(isNobodyListening(WatchChannel.ask(view: Self.request, index: index, timeout: 20_000)))
    #expect(!WatchChannel.sync(index: index, timeout: 20_000))
    #expect(Date().timeIntervalSince(started) < 5)
    #expect(isNobodyListening(WatchChannel.ask(view: Self.request, index: index + "-never", timeout: 20_000)))
  }

  func isNotAnswered(_ asked: WatchChannel.ViewAsked) -> Bool {
    if case .notAnswered = asked { true } else { false }
  }

  func isNobodyListening(_ asked: WatchChannel.ViewAsked) -> Bool {
    if case .nobodyListens = asked { true } else { false }
  }
}
